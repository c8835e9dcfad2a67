//! When the worked solution and "another one" are earned: one rule for the reader
//! (`s`, `A`) and the command line (`problem ID --solution`), so they never drift apart.

use super::model::ProblemRecord;

/// Attempts after which the solution (and "another one") comes free.
pub const FREE_AFTER: usize = 3;

/// The solution is earned by a right answer or [`FREE_AFTER`] attempts; before that,
/// seeing it needs an explicit confirmation.
pub fn solution_earned(record: &ProblemRecord) -> bool {
    record.solved || record.attempts.len() >= FREE_AFTER
}

/// Attempts still needed before the solution is earned (0 once it is).
pub fn attempts_left(record: &ProblemRecord) -> usize {
    if record.solved {
        0
    } else {
        FREE_AFTER.saturating_sub(record.attempts.len())
    }
}

/// Attempts still needed before "another one" (`A`) draws new numbers: it comes after
/// a right answer, [`FREE_AFTER`] wrong ones on the current numbers, or the worked
/// solution seen (the natural moment for fresh numbers: the method is known, the
/// learner's own use of it is not); `None` once it is earned.
pub fn another_left(record: &ProblemRecord) -> Option<usize> {
    let wrong = (record.attempts.iter())
        .filter(|a| a.variant == record.variant && !a.correct)
        .count();
    let earned = record.solved || record.solution_viewed || wrong >= FREE_AFTER;
    (!earned).then(|| FREE_AFTER - wrong)
}

/// What still earns the solution or "another one": "a right answer or 2 more attempts".
pub fn still_needed(left: usize) -> String {
    format!(
        "a right answer or {}",
        super::report::plural(left, "more attempt")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Attempt;

    fn tried(n: usize, solved: bool) -> ProblemRecord {
        let attempt = Attempt::new(0, "1", "1", false, 0);
        ProblemRecord {
            solved,
            attempts: vec![attempt; n],
            ..Default::default()
        }
    }

    #[test]
    fn earned_after_a_right_answer_or_three_attempts() {
        assert!(!solution_earned(&tried(0, false)));
        assert_eq!(attempts_left(&tried(0, false)), 3);
        assert!(!solution_earned(&tried(2, false)));
        assert_eq!(attempts_left(&tried(2, false)), 1);
        assert!(solution_earned(&tried(3, false)));
        assert_eq!(attempts_left(&tried(3, false)), 0);
        assert!(solution_earned(&tried(1, true)));
        assert_eq!(attempts_left(&tried(1, true)), 0);
    }

    #[test]
    fn another_one_comes_once_the_solution_was_seen() {
        let mut record = tried(1, false);
        assert_eq!(another_left(&record), Some(2));
        record.solution_viewed = true;
        assert_eq!(another_left(&record), None);
    }

    #[test]
    fn what_is_still_needed_counts_in_words() {
        assert_eq!(still_needed(1), "a right answer or 1 more attempt");
        assert_eq!(still_needed(2), "a right answer or 2 more attempts");
    }
}
