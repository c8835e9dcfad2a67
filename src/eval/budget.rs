//! The step and size budget: no input can make the evaluator hang or exhaust memory.
//!
//! The language has no loops, so the work of a program is the sum of the work of its
//! operations. Every value produced is charged its size, every operation that costs more
//! than its output (matrix products, attention, inverses) is charged its arithmetic up
//! front, and no single value may exceed [`MAX_ELEMENTS`]. A refused operation is an
//! error with the position of the operation, never a partial result.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};

/// The most entries one value may hold (a 256 x 256 matrix fits): far more than a
/// worked example needs, small enough that any value prints in a blink.
pub const MAX_ELEMENTS: usize = 1 << 16;

/// The most operations one evaluation may perform: tens of milliseconds. Every entry of
/// every value is charged when it is made, so this also bounds the memory held at once
/// (8 bytes an entry).
pub const MAX_WORK: u64 = 20_000_000;

/// Multiply-adds of the model's forward pass per operation charged. The model's
/// kernel does a 64-character pass (7.7 million multiply-adds) in about 0.5 ms, while
/// the interpreter spends about a nanosecond per operation it charges: charged at this
/// rate, a pass costs what it takes, and one evaluation may run about forty distinct
/// 64-character texts (`loss(A) + loss(B) + loss(C)` is fine).
pub const MODEL_MACS_PER_OP: u64 = 16;

/// The most passes over the whole held-out text one evaluation may start (each about
/// 150 forward passes, under 100 ms). Their results are kept, so a statistic asked
/// again costs nothing, and a problem's draws share them.
pub const MAX_SWEEPS: u32 = 4;

/// Set once the process is asked to stop (SIGTERM, SIGHUP): every evaluation then
/// fails at its next charge, so a long computation never delays an exit. Never cleared:
/// the process is on its way out.
static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// The flag that stops every running and later evaluation at its next operation, for
/// `signal_hook::flag::register(SIGTERM, eval::interrupt_flag())`.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    Arc::clone(&INTERRUPTED)
}

/// What an evaluation may still spend. One is made per evaluation, or per problem draw
/// and shared by its `where` tries, answer and mistakes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    work_left: u64,
    sweeps_left: u32,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            work_left: MAX_WORK,
            sweeps_left: MAX_SWEEPS,
        }
    }
}

impl Budget {
    /// Charges a forward pass of `macs` multiply-adds (`MODEL_MACS_PER_OP`).
    pub fn model_pass(&mut self, macs: u64) -> Result<(), String> {
        self.work(macs.div_ceil(MODEL_MACS_PER_OP))
    }

    /// Charges one pass over the whole held-out text, refusing past [`MAX_SWEEPS`].
    pub fn sweep(&mut self) -> Result<(), String> {
        self.interrupted()?;
        match self.sweeps_left.checked_sub(1) {
            Some(left) => {
                self.sweeps_left = left;
                Ok(())
            }
            None => Err(format!(
                "too much computation: one evaluation runs at most {MAX_SWEEPS} new passes over the held-out text"
            )),
        }
    }

    /// An error once the process is asked to stop (checked between a sweep's windows).
    pub fn interrupted(&self) -> Result<(), String> {
        if INTERRUPTED.load(Ordering::Relaxed) {
            return Err("stopped: the program is exiting".to_string());
        }
        Ok(())
    }

    /// Charges `ops` operations, refusing when the budget would be exceeded.
    pub fn work(&mut self, ops: u64) -> Result<(), String> {
        self.interrupted()?;
        match self.work_left.checked_sub(ops) {
            Some(left) => {
                self.work_left = left;
                Ok(())
            }
            None => Err(format!(
                "too much computation: the evaluator stops at {MAX_WORK} operations"
            )),
        }
    }

    /// Checks that a value of `rows * cols` entries may be created, and charges for it.
    /// `what` names the result in the message (`eye(100000)`).
    pub fn alloc(&mut self, what: &str, rows: usize, cols: usize) -> Result<usize, String> {
        match rows.checked_mul(cols) {
            Some(n) if n <= MAX_ELEMENTS => {
                self.work(n as u64)?;
                Ok(n)
            }
            _ => Err(format!(
                "{what} would have {} entries; the limit is {MAX_ELEMENTS}",
                (rows as u128) * (cols as u128)
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_values_over_the_size_limit_before_allocating() {
        let mut budget = Budget::default();
        let err = budget.alloc("the result", 100_000, 100_000).unwrap_err();
        assert_eq!(
            err,
            "the result would have 10000000000 entries; the limit is 65536"
        );
        assert!(budget.alloc("m", usize::MAX, 2).is_err());
        assert_eq!(budget.alloc("m", 256, 256), Ok(1 << 16));
        assert!(budget.alloc("m", 257, 256).is_err());
    }

    #[test]
    fn sweeps_run_out_apart_from_the_work() {
        let mut budget = Budget::default();
        for _ in 0..MAX_SWEEPS {
            assert!(budget.sweep().is_ok());
        }
        assert!(budget.sweep().unwrap_err().contains("at most 4 new passes"));
        assert!(budget.work(MAX_WORK).is_ok(), "the work is untouched");
    }

    #[test]
    fn work_runs_out() {
        let mut budget = Budget::default();
        assert!(budget.work(MAX_WORK - 1).is_ok());
        assert!(budget.work(1).is_ok());
        assert!(
            budget
                .work(1)
                .unwrap_err()
                .starts_with("too much computation")
        );
    }
}
