//! The evaluator's stop flag (set by the reader's SIGTERM/SIGHUP handler). In its own
//! test binary: once set, it stays set for the whole process.

use std::sync::atomic::Ordering;

use attn_course::eval::{self, Env};

#[test]
fn an_interrupt_stops_every_evaluation_at_its_next_operation() {
    let mut env = Env::new();
    assert!(eval::run("sum(eye(10))", &mut env).is_ok());
    eval::interrupt_flag().store(true, Ordering::Relaxed);
    let err = eval::run("sum(eye(10))", &mut env).unwrap_err();
    assert!(err.message.contains("stopped"), "{err:?}");
}
