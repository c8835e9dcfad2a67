//! The learner's progress on disk: the only module that touches the learner's files.
//!
//! One TOML file, `<home>/progress.toml` (format in `progress/FORMAT.md`). The promise
//! is that nothing recorded is ever lost:
//! - writes are atomic (`file::write_atomic`): a crash leaves the old or the new file;
//! - saves take an advisory lock, re-read the file and merge (`merge.rs`), so two
//!   instances on one home keep everything either recorded;
//! - a file that does not parse is set aside (`quarantine.rs`), never overwritten;
//! - a file from a newer release is read but never written;
//! - every problem at open becomes a one-line warning: the course always opens.
//!
//! The store never decides *when* to save: the caller saves on quit, on a lesson
//! change, after an answer, and at most every few seconds while reading — never on
//! every keypress (each save is a lock, a read, a merge and an fsync'd write).

pub mod clock;
mod file;
pub mod format;
mod merge;
pub mod model;
mod quarantine;
mod seed;

use std::fmt::Display;
use std::path::{Path, PathBuf};

pub use format::FormatError;
pub use model::{Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review, SCHEMA};
use seed::new_seed;

use quarantine::Aside;

/// The progress file's name inside the home folder.
pub const FILE_NAME: &str = "progress.toml";

const NO_HOME: &str = "no home directory found (set ATTN_COURSE_HOME or pass --home)";

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
    /// `<home>/progress.toml`; `None` when there is no home at all.
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

/// A record read from a file the learner named (`progress import FILE`) that cannot be
/// used; the message says what and where (`FILE:LINE:COLUMN: ...`).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(String);

impl Store {
    /// Opens (or starts) the progress kept under `home`. Never fails: every problem
    /// becomes a warning and the course opens anyway. On a first start the fresh record
    /// (with its new seed) is written at once, so a second instance started a moment
    /// later gets the same seed and the same problem numbers.
    pub fn open(home: Option<&Path>) -> Opened {
        // An empty path would silently mean the current directory.
        let Some(home) = home.filter(|h| !h.as_os_str().is_empty()) else {
            return Opened {
                store: Store { path: None },
                progress: fresh(),
                warning: Some(not_kept(NO_HOME)),
            };
        };
        let store = Store {
            path: Some(home.join(FILE_NAME)),
        };
        let (progress, warning) = store.load(home);
        Opened {
            store,
            progress,
            warning,
        }
    }

    /// Where the progress file is, if anywhere.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Writes `progress` (merging with what another instance saved meanwhile). The
    /// caller's record is left as it was; use [`Store::save_merged`] to see the merge.
    pub fn save(&mut self, progress: &Progress) -> Result<(), SaveError> {
        self.save_merged(&mut progress.clone()).map(drop)
    }

    /// Saves `progress` and replaces it with what was written: the merge of the file on
    /// disk (another instance's saves) and `progress`. Under the lock: re-read the file,
    /// merge, write atomically only if something changed. `Ok(Some(line))` means saved,
    /// but tell the learner `line` (the file on disk had become unreadable and was set
    /// aside). On `Err` nothing on disk changed and `progress` is untouched.
    pub fn save_merged(&mut self, progress: &mut Progress) -> Result<Option<String>, SaveError> {
        let path = self.file()?;
        let fail = |reason: &dyn Display| save_error(path, reason);
        if progress.is_newer() {
            return Err(fail(&newer_reason(progress.schema)));
        }
        let home = file::parent(path);
        // The home may have been removed since open; saving recreates it.
        std::fs::create_dir_all(home).map_err(|e| fail(&e))?;
        let _lock = file::Lock::acquire(home).map_err(|e| fail(&e))?;
        file::remove_stale_temps(home);
        let mut notice = None;
        let on_disk = match file::read_if_exists(path).map_err(|e| fail(&e))? {
            None => None,
            Some(bytes) => match format::parse(&bytes) {
                Ok(disk) if disk.is_newer() => return Err(fail(&newer_reason(disk.schema))),
                Ok(disk) => Some(disk),
                Err(FormatError::Newer { schema }) => return Err(fail(&newer_reason(schema))),
                Err(FormatError::Invalid { .. }) => {
                    let aside = quarantine::set_aside(path, Aside::Corrupt).map_err(|e| {
                        fail(&format!(
                            "the file is unreadable and could not be set aside: {e}"
                        ))
                    })?;
                    notice = Some(format!(
                        "progress file had become unreadable; moved to {}; your current progress was saved",
                        aside.display()
                    ));
                    None
                }
            },
        };
        let merged = match on_disk {
            Some(disk) => {
                let mut merged = disk.clone();
                merged.merge_from(progress);
                if merged == disk {
                    *progress = merged;
                    return Ok(notice);
                }
                merged
            }
            None => progress.clone(),
        };
        write_record(path, &merged).map_err(|e| fail(&e))?;
        *progress = merged;
        Ok(notice)
    }

    /// Starts the learner over: the current file is kept as `progress.reset-<stamp>.toml`
    /// (returned, `None` when there was none) and a fresh record with a new seed
    /// replaces it.
    pub fn reset(&mut self) -> Result<(Progress, Option<PathBuf>), SaveError> {
        let path = self.file()?;
        let fail = |reason: &dyn Display| save_error(path, reason);
        let _lock = file::Lock::acquire(file::parent(path)).map_err(|e| fail(&e))?;
        let kept = match file::read_if_exists(path).map_err(|e| fail(&e))? {
            Some(_) => Some(quarantine::set_aside(path, Aside::Reset).map_err(|e| fail(&e))?),
            None => None,
        };
        let progress = fresh();
        write_record(path, &progress).map_err(|e| fail(&e))?;
        Ok((progress, kept))
    }

    /// The progress file, or the error every write gives when there is no home.
    fn file(&self) -> Result<&Path, SaveError> {
        self.path.as_deref().ok_or_else(|| SaveError {
            path: "(nowhere)".to_string(),
            reason: NO_HOME.to_string(),
        })
    }

    /// Reads the record at open, holding the lock where one can be taken (a read-only
    /// home has no lock file; reading without it is safe since writes are atomic).
    fn load(&self, home: &Path) -> (Progress, Option<String>) {
        let path = home.join(FILE_NAME);
        if let Err(e) = std::fs::create_dir_all(home) {
            return (
                fresh(),
                Some(not_kept(&format!("cannot create {}: {e}", home.display()))),
            );
        }
        let _lock = file::Lock::acquire(home).ok();
        let bytes = match file::read_if_exists(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return start_fresh(&path, None),
            Err(e) => {
                return (
                    fresh(),
                    Some(not_kept(&format!("cannot read {}: {e}", path.display()))),
                );
            }
        };
        match format::parse(&bytes) {
            Ok(progress) if progress.is_newer() => {
                let warning = newer_warning(progress.schema);
                (progress, Some(warning))
            }
            Ok(progress) => {
                let warning = file::probe_writable(home)
                    .err()
                    .map(|e| not_kept(&format!("cannot write in {}: {e}", home.display())));
                (progress, warning)
            }
            Err(FormatError::Newer { schema }) => (fresh(), Some(newer_warning(schema))),
            Err(FormatError::Invalid { .. }) => {
                match quarantine::set_aside(&path, Aside::Corrupt) {
                    Ok(aside) => start_fresh(
                        &path,
                        Some(format!(
                            "progress file was unreadable; moved to {}; starting fresh",
                            aside.display()
                        )),
                    ),
                    Err(e) => (
                        fresh(),
                        Some(not_kept(&format!(
                            "{} is unreadable and could not be moved aside ({e})",
                            path.display()
                        ))),
                    ),
                }
            }
        }
    }
}

/// Reads a record from a file the learner named. A record from a newer release is
/// refused: merging it would write its fields back under this release's schema.
pub fn read_record(path: &Path) -> Result<Progress, RecordError> {
    let shown = path.display();
    let bytes =
        std::fs::read(path).map_err(|e| RecordError(format!("cannot read {shown}: {e}")))?;
    match format::parse(&bytes) {
        Ok(progress) if progress.is_newer() => Err(RecordError(
            FormatError::Newer {
                schema: i64::from(progress.schema),
            }
            .located(&shown),
        )),
        Ok(progress) => Ok(progress),
        Err(e) => Err(RecordError(e.located(&shown))),
    }
}

/// Writes `progress` to `path` atomically (also for `progress export FILE`).
pub fn write_record(path: &Path, progress: &Progress) -> Result<(), String> {
    let text = format::to_toml(progress)?;
    file::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
}

fn fresh() -> Progress {
    Progress::new(new_seed())
}

/// A first start (or a start after a corrupt file was set aside): the fresh record is
/// written at once so its seed is the one every later instance reads.
fn start_fresh(path: &Path, warning: Option<String>) -> (Progress, Option<String>) {
    let progress = fresh();
    match write_record(path, &progress) {
        Ok(()) => (progress, warning),
        Err(e) => {
            let not_kept = not_kept(&format!("cannot write {}: {e}", path.display()));
            let warning = match warning {
                Some(w) => format!("{w}; {not_kept}"),
                None => not_kept,
            };
            (progress, Some(warning))
        }
    }
}

fn save_error(path: &Path, reason: &dyn Display) -> SaveError {
    SaveError {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn not_kept(reason: &str) -> String {
    format!("progress will not be kept: {reason}")
}

fn newer_reason(schema: impl Display) -> String {
    format!(
        "the file is from a newer attn-course (schema {schema}, this one writes {SCHEMA}); not overwriting it"
    )
}

fn newer_warning(schema: impl Display) -> String {
    not_kept(&format!(
        "the progress file is from a newer attn-course (schema {schema}); upgrade to keep progress"
    ))
}
