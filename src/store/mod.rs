//! The learner's progress on disk: the only module that touches the learner's files.
//! (The file store lands with the reader issue; this in-memory stand-in fixes the API.)

pub mod model;

use std::path::{Path, PathBuf};

pub use model::{Attempt, LessonRecord, Position, ProblemRecord, Progress, SCHEMA};

/// A save that did not reach the disk; the session goes on and the next save retries.
#[derive(Debug, thiserror::Error)]
#[error("could not save progress to {path}: {reason}")]
pub struct SaveError {
    pub path: String,
    pub reason: String,
}

/// The progress file of one learner.
#[derive(Debug)]
pub struct Store {
    path: Option<PathBuf>,
}

/// What opening the store found: the progress to start from and, when something was
/// wrong (corrupt file moved aside, home not writable), one line to tell the learner.
#[derive(Debug)]
pub struct Opened {
    pub store: Store,
    pub progress: Progress,
    pub warning: Option<String>,
}

impl Store {
    /// Opens (or starts) the progress kept under `home`. Never fails: every problem
    /// becomes a warning and the course opens anyway.
    pub fn open(home: Option<&Path>) -> Opened {
        Opened {
            store: Store {
                path: home.map(|h| h.join("progress.toml")),
            },
            progress: Progress::new(0),
            warning: None,
        }
    }

    /// Where the progress file is, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Writes `progress` (merging with what another instance saved meanwhile).
    pub fn save(&mut self, _progress: &Progress) -> Result<(), SaveError> {
        Ok(())
    }
}
