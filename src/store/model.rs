//! The progress record, field by field as documented in `progress/FORMAT.md`.
//!
//! Everything is keyed by stable names (lesson slug, problem id), never by displayed
//! numbers, so reordering a course loses nothing. Unknown fields are kept in `extra`
//! maps and written back, so a file from a newer release or edited by hand survives a
//! round trip through an older one.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The schema version this release writes.
pub const SCHEMA: u32 = 1;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Schema version of the file.
    pub schema: u32,
    /// The learner's own seed, made at first start: their problem numbers derive from it.
    pub learner_seed: u64,
    /// Where the learner was reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// Per lesson, by slug.
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonRecord>,
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
    /// Per problem, by id.
    #[serde(default)]
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
    #[serde(default)]
    pub attempts: Vec<Attempt>,
    #[serde(flatten)]
    pub extra: toml::Table,
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

impl Progress {
    /// A fresh record for a new learner.
    pub fn new(learner_seed: u64) -> Progress {
        Progress {
            schema: SCHEMA,
            learner_seed,
            position: None,
            lessons: BTreeMap::new(),
            extra: toml::Table::new(),
        }
    }
}
