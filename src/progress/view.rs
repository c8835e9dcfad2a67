//! What the rest of the program may know of the learner's work on a problem, and the
//! one wording of it; and the one percentage of a lesson read (the reader, `list` and
//! `progress show` agree on it and on when a lesson is read to the end).
//!
//! The layout draws each problem box from a lesson's [`ProblemStates`] (its numbers
//! come from the variant, its state line from the [`Stage`]), never from the record
//! itself, so it depends on this small view only; the view is `Hash`, so the layout
//! cache can key on it and a changed record relays out what it changed, by itself.
//! Every place that says where a problem stands (the box, the problem panel's title,
//! the review, `attn-course problem ID`) says it through [`Stage`]'s `Display`.

use std::collections::BTreeMap;
use std::fmt;

use super::model::{LessonRecord, ProblemRecord};
use crate::content::Lesson;
use crate::problems::locate;

/// Where a problem stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Stage {
    #[default]
    Untouched,
    /// Answered this many times, never right.
    Attempted(usize),
    Solved,
}

impl Stage {
    pub fn of(record: &ProblemRecord) -> Stage {
        match (record.solved, record.attempts.len()) {
            (true, _) => Stage::Solved,
            (false, 0) => Stage::Untouched,
            (false, n) => Stage::Attempted(n),
        }
    }
}

/// "solved", "not attempted", "1 attempt", "3 attempts".
impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Solved => write!(f, "solved"),
            Stage::Untouched => write!(f, "not attempted"),
            Stage::Attempted(1) => write!(f, "1 attempt"),
            Stage::Attempted(n) => write!(f, "{n} attempts"),
        }
    }
}

/// One problem as the layout shows it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ProblemState {
    /// Which draw of the numbers is current.
    pub variant: u32,
    pub stage: Stage,
}

impl ProblemState {
    pub fn of(record: &ProblemRecord) -> ProblemState {
        ProblemState {
            variant: record.variant,
            stage: Stage::of(record),
        }
    }
}

/// The states of a lesson's problems, by id; a problem not listed is untouched.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ProblemStates(BTreeMap<String, ProblemState>);

impl ProblemStates {
    /// The view of one lesson's record (`None`: a lesson never opened).
    pub fn of(record: Option<&LessonRecord>) -> ProblemStates {
        ProblemStates(
            record
                .into_iter()
                .flat_map(|r| &r.problems)
                .map(|(id, p)| (id.clone(), ProblemState::of(p)))
                .collect(),
        )
    }

    /// No problem touched: for text laid out outside a lesson (a glossary entry, a
    /// problem's hints on the command line).
    pub fn none() -> &'static ProblemStates {
        static NONE: ProblemStates = ProblemStates(BTreeMap::new());
        &NONE
    }

    pub fn get(&self, id: &str) -> ProblemState {
        self.0.get(id).copied().unwrap_or_default()
    }
}

/// A view made by hand (the layout's tests).
impl FromIterator<(String, ProblemState)> for ProblemStates {
    fn from_iter<I: IntoIterator<Item = (String, ProblemState)>>(states: I) -> Self {
        ProblemStates(states.into_iter().collect())
    }
}

/// Problems solved and problems in `lesson` (the contents pane, `attn-course list` and
/// the course's standing count them alike).
pub fn solved_count(lesson: &Lesson, record: Option<&LessonRecord>) -> (usize, usize) {
    let list = locate::problems(lesson);
    let solved = list
        .iter()
        .filter_map(|(_, spec)| spec.ok())
        .filter(|spec| {
            record
                .and_then(|r| r.problems.get(&spec.id))
                .is_some_and(|p| p.solved)
        })
        .count();
    (solved, list.len())
}

/// The share of a lesson from which it counts as read to the end (a little under 1, so
/// that the sum of the parts read is not kept from it by rounding).
const FULL: f64 = 0.999;

/// True once `read` (the fraction of a lesson seen) counts as the whole lesson.
pub fn fully_read(read: f64) -> bool {
    read >= FULL
}

/// `read` as the percentage every place shows: floored, so that 100 means read to the
/// end ([`fully_read`]) and nothing less.
pub fn percent(read: f64) -> u32 {
    if fully_read(read) {
        100
    } else {
        // Below 1, so the product is below 100 and the cast cannot truncate.
        (read.clamp(0.0, 1.0) * 100.0).floor() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{Attempt, Progress};

    #[test]
    fn one_percentage_floored_and_whole_only_when_read_to_the_end() {
        assert_eq!(percent(0.0), 0);
        assert_eq!(percent(0.456), 45);
        assert_eq!(percent(0.996), 99, "not yet read to the end");
        assert!(!fully_read(0.996));
        assert_eq!(percent(0.9995), 100);
        assert!(fully_read(0.9995));
        assert_eq!(percent(7.0), 100, "a hand-edited record past the end");
    }

    #[test]
    fn one_wording_for_each_stage() {
        let mut p = Progress::new(1);
        let stage = |p: &Progress| Stage::of(&p.problem("l", "1").cloned().unwrap_or_default());
        assert_eq!(stage(&p).to_string(), "not attempted");
        p.record_attempt("l", "1", Attempt::new(1, "2", "2", false, 0));
        assert_eq!(stage(&p).to_string(), "1 attempt");
        p.record_attempt("l", "1", Attempt::new(2, "3", "3", false, 0));
        assert_eq!(stage(&p).to_string(), "2 attempts");
        p.record_attempt("l", "1", Attempt::new(3, "1", "1", true, 0));
        assert_eq!(stage(&p).to_string(), "solved");
        let states = ProblemStates::of(p.lessons.get("l"));
        assert_eq!(states.get("1").stage, Stage::Solved);
        assert_eq!(states.get("other"), ProblemState::default());
    }
}
