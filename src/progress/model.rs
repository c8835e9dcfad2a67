//! The progress record, field by field as documented in `progress/FORMAT.md`.
//!
//! Everything is keyed by stable names (lesson slug, problem id), never by displayed
//! numbers, so reordering a course loses nothing. Unknown fields are kept in `extra`
//! maps and written back, so a file from a newer release or edited by hand survives a
//! round trip through an older one. Nothing here is ever pruned: progress for a lesson
//! or problem the course no longer has stays in the record.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The schema version this release writes.
pub const SCHEMA: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Schema version of the file.
    pub schema: u32,
    /// The learner's own seed, made at first start: their problem numbers derive from it.
    /// At most `i64::MAX`, because TOML integers are signed 64-bit.
    pub learner_seed: u64,
    /// How many times the learner started over (`progress reset`). A save from an
    /// instance that read the record before the latest reset is not merged back, so a
    /// reader left open cannot undo the reset.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resets: u64,
    /// How many times a sync or an import gave this record another seed (see
    /// `apply_seed`): of two records bound to two seeds, the merge keeps the one set
    /// more often, so a reader left open with the old seed cannot undo the learner's
    /// choice.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seed_changes: u64,
    /// Where the learner was reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// Per lesson, by slug.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonRecord>,
    /// The learner's notes and questions on sentences of the course.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// Fields this release does not know, preserved.
    #[serde(flatten)]
    pub extra: toml::Table,
}

/// A place in the course that survives a change of terminal width: the lesson's slug
/// and the index of the source block (heading, paragraph, equation, problem...) at the
/// top of the screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Position {
    pub lesson: String,
    pub block: usize,
    /// Unix seconds when the position was recorded (the latest wins on merge).
    #[serde(default)]
    pub at: u64,
    #[serde(flatten)]
    pub extra: toml::Table,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LessonRecord {
    /// Furthest fraction of the lesson scrolled into view, 0.0 to 1.0.
    #[serde(default)]
    pub read: f64,
    /// Last place in this lesson (block index at the top of the screen).
    #[serde(default)]
    pub block: usize,
    /// Unix seconds when `block` was recorded: two instances reading the same lesson
    /// merge to the later place (0 = unknown, loses every tie).
    #[serde(default)]
    pub at: u64,
    /// Per problem, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub problems: BTreeMap<String, ProblemRecord>,
    #[serde(flatten)]
    pub extra: toml::Table,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ProblemRecord {
    #[serde(default)]
    pub solved: bool,
    /// Which draw of the parameters is current (0 = the learner's first; "another one"
    /// increments it).
    #[serde(default)]
    pub variant: u32,
    #[serde(default)]
    pub hints_shown: u32,
    #[serde(default)]
    pub solution_viewed: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attempts: Vec<Attempt>,
    /// The spaced-review schedule, once the problem has been reviewed (`R`); before that
    /// it is derived from `attempts` (see `progress::schedule`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Review>,
    #[serde(flatten)]
    pub extra: toml::Table,
}

/// Where a problem stands in the spaced review (FSRS, see `progress::schedule`; records
/// from before FSRS have only the SM-2 fields and are carried over on their next review).
/// Every field has a default so a hand-edited table with one missing still loads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// Unix seconds from which the problem is due again.
    #[serde(default)]
    pub due: u64,
    /// Days from `last` to `due` (0 after a lapse: due at once).
    #[serde(default)]
    pub interval_days: u32,
    /// SM-2 easiness factor, 1.3 or more: no longer changed, read once to carry an old
    /// schedule over to FSRS (and by older releases).
    #[serde(default = "initial_ease")]
    pub ease: f64,
    /// Right reviews in a row (0 after a lapse).
    #[serde(default)]
    pub reps: u32,
    /// Reviews that went wrong, in all.
    #[serde(default)]
    pub lapses: u32,
    /// Unix seconds of the last review: of two sessions' schedules the later one wins.
    #[serde(default)]
    pub last: u64,
    /// FSRS stability in days: the interval after which recall has fallen to 90 %.
    /// Absent in records from before FSRS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stability: Option<f64>,
    /// FSRS difficulty, 1 (easy) to 10 (hard). Absent in records from before FSRS.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<f64>,
    /// Unix seconds of the review that set `stability` and `difficulty`. Older than
    /// `last` when an older release (SM-2) graded the problem since: then they are stale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_at: Option<u64>,
    #[serde(flatten)]
    pub extra: toml::Table,
}

/// SM-2's starting easiness factor (the schedule's constants live here, beside the
/// field they bound, so a record read with the field missing starts where SM-2 does).
pub const INITIAL_EASE: f64 = 2.5;
/// SM-2's floor on the ease: an SM-2 record's ease at or below it carries over to FSRS
/// as the hardest difficulty (see `progress::memory`).
pub const MIN_EASE: f64 = 1.3;

fn initial_ease() -> f64 {
    INITIAL_EASE
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// Unix seconds.
    pub at: u64,
    /// The input as typed.
    pub input: String,
    /// Its value as the evaluator printed it (empty when it did not evaluate).
    #[serde(default)]
    pub value: String,
    pub correct: bool,
    #[serde(default)]
    pub variant: u32,
    #[serde(flatten)]
    pub extra: toml::Table,
}

/// A note or question the learner wrote on a sentence. The anchor (lesson, section,
/// sentence) is the sentence's text, not a position, so an edited lesson still finds it.
/// Every field may be missing (a note written by hand or by another tool), and a missing
/// field is not written back, so such a note survives a save unchanged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Note {
    /// Made once when the note is written, never changed: merges match notes by it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    /// Slug of the lesson.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lesson: String,
    /// Number of the section (`"2.3"`), empty before the first section.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub section: String,
    /// The sentence as the lesson wrote it when the note was made.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sentence: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub answered: bool,
    /// Unix seconds of the last change (writing, editing, marking answered).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub at: u64,
    #[serde(flatten)]
    pub extra: toml::Table,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Note {
    /// A new note; its id comes from the time and the anchor, so two sessions writing
    /// notes at once do not collide.
    pub fn new(lesson: &str, section: &str, sentence: &str, text: &str, at: u64) -> Note {
        let mut hash: u32 = 0x811c_9dc5;
        for b in lesson.bytes().chain(sentence.bytes()).chain(text.bytes()) {
            hash = (hash ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
        Note {
            id: format!("{at:x}-{hash:08x}"),
            lesson: lesson.to_string(),
            section: section.to_string(),
            sentence: sentence.to_string(),
            text: text.to_string(),
            answered: false,
            at,
            extra: toml::Table::new(),
        }
    }

    /// True when `other` is the same note, perhaps changed since: the same id, or for
    /// notes without one, the same anchor and text.
    pub fn is_same(&self, other: &Note) -> bool {
        if self.id.is_empty() && other.id.is_empty() {
            (&self.lesson, &self.section, &self.sentence, &self.text)
                == (&other.lesson, &other.section, &other.sentence, &other.text)
        } else {
            self.id == other.id
        }
    }
}

impl Progress {
    /// A fresh record for a new learner.
    pub fn new(learner_seed: u64) -> Progress {
        Progress {
            schema: SCHEMA,
            learner_seed,
            resets: 0,
            seed_changes: 0,
            position: None,
            lessons: BTreeMap::new(),
            notes: Vec::new(),
            extra: toml::Table::new(),
        }
    }

    /// True for a record that holds no work yet (a first start).
    pub fn is_empty(&self) -> bool {
        self.position.is_none() && self.lessons.is_empty() && self.notes.is_empty()
    }

    /// True when some recorded work depends on `learner_seed`: a problem record (an
    /// attempt, a hint, a variant drawn) was made with the numbers the seed gives. A
    /// record without one may take another record's seed on merge (see `merge.rs`).
    pub fn binds_seed(&self) -> bool {
        self.lessons.values().any(|l| !l.problems.is_empty())
    }

    /// Moves every "latest wins" stamp that lies after `now` back to `now`. A record
    /// from a machine whose clock ran ahead would otherwise win every merge until that
    /// time came, pinning the learner's place. Attempts keep their times: they are part
    /// of an attempt's identity, not a tie-breaker.
    pub fn clamp_future(&mut self, now: u64) {
        if let Some(position) = &mut self.position {
            position.at = position.at.min(now);
        }
        for lesson in self.lessons.values_mut() {
            lesson.at = lesson.at.min(now);
            for review in lesson
                .problems
                .values_mut()
                .filter_map(|p| p.review.as_mut())
            {
                review.last = review.last.min(now);
            }
        }
        for note in &mut self.notes {
            note.at = note.at.min(now);
        }
    }

    /// True when the record comes from a release newer than this one; such a record is
    /// read but never written back (see `progress/FORMAT.md`).
    pub fn is_newer(&self) -> bool {
        self.schema > SCHEMA
    }

    /// Records where the learner is reading: the course-wide position and the lesson's
    /// own last place, both stamped with `at` (Unix seconds) so merges keep the latest.
    pub fn set_position(&mut self, lesson: &str, block: usize, at: u64) {
        match &mut self.position {
            Some(position) => {
                position.lesson = lesson.to_string();
                position.block = block;
                position.at = at;
            }
            None => {
                self.position = Some(Position {
                    lesson: lesson.to_string(),
                    block,
                    at,
                    extra: toml::Table::new(),
                })
            }
        }
        let record = self.lessons.entry(lesson.to_string()).or_default();
        record.block = block;
        record.at = at;
    }

    /// Appends an attempt at problem `id` of `lesson`; a correct one marks it solved
    /// (and nothing ever marks it unsolved).
    pub fn record_attempt(&mut self, lesson: &str, id: &str, attempt: Attempt) {
        let problem = self.problem_mut(lesson, id);
        problem.solved |= attempt.correct;
        problem.attempts.push(attempt);
    }

    /// The record of problem `id` of `lesson`, when the learner has touched it.
    pub fn problem(&self, lesson: &str, id: &str) -> Option<&ProblemRecord> {
        self.lessons.get(lesson).and_then(|l| l.problems.get(id))
    }

    /// The record of problem `id` of `lesson`, made empty on first use.
    pub fn problem_mut(&mut self, lesson: &str, id: &str) -> &mut ProblemRecord {
        self.lessons
            .entry(lesson.to_string())
            .or_default()
            .problems
            .entry(id.to_string())
            .or_default()
    }
}

impl Attempt {
    /// An attempt with no unknown fields.
    pub fn new(at: u64, input: &str, value: &str, correct: bool, variant: u32) -> Attempt {
        Attempt {
            at,
            input: input.to_string(),
            value: value.to_string(),
            correct,
            variant,
            extra: toml::Table::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_position_updates_course_and_lesson_place() {
        let mut p = Progress::new(1);
        p.set_position("softmax", 4, 100);
        p.set_position("softmax", 9, 120);
        let position = p
            .position
            .as_ref()
            .map(|q| (q.lesson.as_str(), q.block, q.at));
        assert_eq!(position, Some(("softmax", 9, 120)));
        assert_eq!(
            (p.lessons["softmax"].block, p.lessons["softmax"].at),
            (9, 120)
        );
        assert!(!p.is_empty());
    }

    #[test]
    fn a_wrong_attempt_never_unsolves() {
        let mut p = Progress::new(1);
        p.record_attempt("softmax", "2.1", Attempt::new(1, "0.5", "0.5", true, 0));
        p.record_attempt("softmax", "2.1", Attempt::new(2, "0.4", "0.4", false, 0));
        let problem = &p.lessons["softmax"].problems["2.1"];
        assert!(problem.solved);
        assert_eq!(problem.attempts.len(), 2);
    }

    #[test]
    fn notes_without_an_id_are_the_same_note_when_anchor_and_text_agree() {
        let a = Note {
            lesson: "heads".into(),
            text: "why?".into(),
            ..Note::default()
        };
        let mut b = a.clone();
        assert!(a.is_same(&b));
        b.text = "why not?".into();
        assert!(!a.is_same(&b));
        let with_id = Note::new("heads", "", "", "why?", 1);
        assert!(!a.is_same(&with_id));
        // Ids differ for notes written at another second or on another sentence.
        assert_ne!(with_id.id, Note::new("heads", "", "", "why?", 2).id);
        assert_ne!(with_id.id, Note::new("heads", "", "S.", "why?", 1).id);
    }
}
