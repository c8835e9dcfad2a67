//! One problem's review while it is worked on: its schedule before the review and how
//! the review has gone (wrong tries, help), which together give its grade.
//!
//! A review is the `R` session's current problem, or a problem answered, hinted or
//! solved anywhere (the reader, `attn-course answer`) while it is due again after its
//! lesson work: the lesson work itself counts as a problem's first review (it is graded
//! from the attempts, see `schedule::state`), so only a problem already solved or
//! reviewed once is reviewed this way.

use super::model::{ProblemRecord, Review};
use super::reveal::FREE_AFTER;
use super::schedule::{self, Grade};

/// How the current review of one problem is going.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Card {
    /// The lesson's slug and the problem's id.
    pub slug: String,
    pub id: String,
    /// Its schedule before this review (taken before any attempt of it is recorded).
    pub before: Option<Review>,
    pub wrong: usize,
    pub hinted: bool,
    pub solution: bool,
    /// Answered right: graded.
    pub right: bool,
}

impl Card {
    pub fn new(slug: &str, id: &str, before: Option<Review>) -> Card {
        Card {
            slug: slug.to_string(),
            id: id.to_string(),
            before,
            ..Card::default()
        }
    }

    pub fn is(&self, slug: &str, id: &str) -> bool {
        self.slug == slug && self.id == id
    }

    /// True when a problem is due again after its lesson work: solved or reviewed
    /// before, and its schedule says now.
    pub fn due_again(record: &ProblemRecord, now: u64) -> bool {
        (record.solved || record.review.is_some())
            && schedule::due_at(record).is_some_and(|due| due <= now)
    }

    /// An answer: a right one is graded (the grade returned), a wrong one counted.
    pub fn answered(&mut self, right: bool) -> Option<Grade> {
        if !right {
            self.wrong += 1;
            return None;
        }
        self.right = true;
        Some(Grade::of(true, self.wrong, self.hinted, self.solution))
    }

    /// A hint or the solution was shown: the grade can no longer be Good.
    pub fn helped(&mut self, solution: bool) {
        self.hinted = true;
        self.solution |= solution;
    }

    /// As for any problem, the solution is free after a right answer or [`FREE_AFTER`]
    /// wrong ones, but in this review.
    pub fn solution_earned(&self) -> bool {
        self.right || self.wrong >= FREE_AFTER
    }

    /// The grade for leaving the card: Again when it was tried and not solved, or its
    /// solution seen; none when it was left untouched (or already graded).
    pub fn left(&self) -> Option<Grade> {
        (!self.right && (self.wrong > 0 || self.solution)).then_some(Grade::Again)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Attempt;

    #[test]
    fn grades_follow_the_tries_and_the_help() {
        let mut card = Card::new("l", "p", None);
        assert_eq!(card.left(), None, "untouched");
        assert_eq!(card.answered(false), None);
        assert_eq!(card.left(), Some(Grade::Again));
        assert_eq!(card.answered(true), Some(Grade::Hard));
        assert_eq!(card.left(), None, "graded already");
        let mut clean = Card::new("l", "p", None);
        assert_eq!(clean.answered(true), Some(Grade::Good));
        let mut helped = Card::new("l", "p", None);
        helped.helped(true);
        assert_eq!(helped.left(), Some(Grade::Again));
        assert_eq!(helped.answered(true), Some(Grade::Again));
    }

    #[test]
    fn only_work_past_the_lesson_is_due_again() {
        let mut record = ProblemRecord::default();
        assert!(!Card::due_again(&record, u64::MAX), "never answered");
        record.attempts.push(Attempt::new(10, "1", "1", false, 0));
        assert!(
            !Card::due_again(&record, u64::MAX),
            "lesson work, not solved"
        );
        record.attempts.push(Attempt::new(20, "2", "2", true, 0));
        record.solved = true;
        assert!(!Card::due_again(&record, 21), "just solved");
        assert!(Card::due_again(&record, 20 + 30 * schedule::DAY));
    }
}
