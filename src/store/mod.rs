//! The learner's progress on disk: the only module that touches the learner's files.
//! File I/O only: what the record holds, how two copies merge and what a save changed
//! are the record's own (`crate::progress`), imported here, never the reverse.
//!
//! One TOML file, `<home>/progress.toml` (format in `progress/FORMAT.md`). The promise
//! is that nothing recorded is ever lost:
//! - writes are atomic (`file::write_atomic`): a crash leaves the old or the new file;
//! - saves take an advisory lock, re-read the file and merge (`progress::merge`), so two
//!   instances on one home keep everything either recorded;
//! - a file that does not parse is set aside (`quarantine.rs`), never overwritten;
//! - a file from a newer release is read but never written;
//! - every problem at open becomes a one-line warning: the course always opens.
//!
//! The store never decides *when* to save: the caller saves on quit, on a lesson
//! change, after an answer, and at most every few seconds while reading — never on
//! every keypress (each save is a lock, a read, a merge and an fsync'd write).

mod export;
mod file;
pub mod format;
pub mod limits;
mod open;
mod pending;
mod quarantine;
mod record;
pub mod scratchpad;
mod seed;
mod tokens;

use std::fmt::Display;
use std::io;
use std::path::{Path, PathBuf};

pub use export::{Exported, export};
pub use file::MAX_RECORD_BYTES;
pub use format::FormatError;
pub use record::{RecordError, decode_record, read_record, record_text, write_record};
use seed::new_seed;

use crate::progress::clock::Clock;
use crate::progress::{Changes, Progress, SCHEMA, Saver, SeedRule, absorb, adopted};
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

/// What a save did besides writing: see [`Store::save_merged`].
#[derive(Debug, Default)]
pub struct Saved {
    /// One line to tell the learner, when the save went an unusual way.
    pub notice: Option<String>,
    /// What the merge changed in the saved record.
    pub changes: Changes,
}

/// The progress file of one learner.
#[derive(Debug)]
pub struct Store {
    /// `<home>/progress.toml`; `None` when there is no home at all.
    path: Option<PathBuf>,
    /// The pending file this instance wrote last while the lock was busy (see
    /// `pending.rs`); replaced by the next one, removed by the next save.
    pending: Option<PathBuf>,
    /// The session's clock: times read after it are clamped to it
    /// (`Progress::clamp_future`), and files set aside are stamped with it.
    clock: Clock,
}

/// What is on disk, read under the lock: the file's record (`None`: no file, or it was
/// unreadable and set aside, which `notice` says), that record with the pending changes
/// beside it merged in, and the pending files (removed once the merge is written).
struct OnDisk {
    file: Option<Progress>,
    merged: Option<Progress>,
    pendings: Vec<PathBuf>,
    notice: Option<String>,
}

/// What opening the store found: the progress to start from and, when something was
/// wrong (corrupt file moved aside, home not writable), one line to tell the learner.
#[derive(Debug)]
pub struct Opened {
    pub store: Store,
    pub progress: Progress,
    pub warning: Option<String>,
    /// A first start opened with [`Store::open_deferred`]: the fresh record is not on
    /// disk yet, and the caller saves it as soon as it can.
    pub unwritten: bool,
}

impl Store {
    /// Stamps and clamps with `clock` instead of the wall clock (the session's clock, so
    /// that the times a save writes and the times it reads agree; tests pin it).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
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
    /// disk (another instance's saves), the pending changes beside it and `progress`.
    /// Under the lock: re-read, merge, write atomically only if something changed.
    /// [`Saved::changes`] says what the merge changed in `progress`, so a caller that
    /// draws from it redraws only that. [`Saved::notice`] `Some(line)` means kept, but
    /// tell the learner `line`: the file on disk had become unreadable and was set
    /// aside, the record was reset meanwhile, or the lock stayed busy and the change was
    /// kept in a pending file for the next save. On `Err` nothing on disk changed and
    /// `progress` is untouched.
    pub fn save_merged(&mut self, progress: &mut Progress) -> Result<Saved, SaveError> {
        self.save_inner(progress, None)
    }

    /// `progress import`: merges `imported` into `progress` and saves. The learner's
    /// numbers move with their record: while nothing in the merged record depends on a
    /// seed (no problem record), it takes the imported one, also when the import holds
    /// no problem work either; a record with problem work keeps its own.
    pub fn import(
        &mut self,
        progress: &mut Progress,
        imported: &Progress,
    ) -> Result<Option<String>, SaveError> {
        let seed = if progress.binds_seed() {
            SeedRule::Chosen(progress.learner_seed)
        } else {
            SeedRule::IfUnbound(imported.learner_seed)
        };
        self.merge_in(progress, &adopted(imported, progress.resets), seed)
    }

    /// Merges `incoming` (an import, the other side of a sync) into `progress` and
    /// saves, the merged record's seed chosen by `seed` (applied again under the lock,
    /// to the merge with the file on disk).
    pub fn merge_in(
        &mut self,
        progress: &mut Progress,
        incoming: &Progress,
        seed: SeedRule,
    ) -> Result<Option<String>, SaveError> {
        progress.merge_from(incoming);
        progress.apply_seed(seed);
        let seed = match seed {
            SeedRule::IfUnbound(_) => SeedRule::IfUnbound(progress.learner_seed),
            chosen => chosen,
        };
        self.save_inner(progress, Some(seed))
            .map(|saved| saved.notice)
    }

    /// [`Store::save_merged`]; with `seed`, the merged record's seed follows that rule.
    fn save_inner(
        &mut self,
        progress: &mut Progress,
        seed: Option<SeedRule>,
    ) -> Result<Saved, SaveError> {
        let path = self.file()?.to_path_buf();
        let fail = |reason: &dyn Display| save_error(&path, reason);
        if progress.is_newer() {
            return Err(fail(&newer_reason(progress.schema)));
        }
        let home = file::parent(&path);
        // The home may have been removed since open; saving recreates it.
        std::fs::create_dir_all(home).map_err(|e| fail(&e))?;
        let _lock = match file::Lock::acquire(home) {
            Ok(lock) => lock,
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                let notice = self.keep_pending(home, progress)?;
                return Ok(Saved {
                    notice: Some(notice),
                    changes: Changes::default(),
                });
            }
            Err(e) => return Err(fail(&e)),
        };
        file::remove_stale_temps(home);
        pending::remove_stale_parts(home);
        // Pending files whose union with the record goes over a bound would make every
        // save fail: the save then writes the file's and this session's work without
        // them, and keeps them aside as `progress.unmerged-<stamp>.toml` instead.
        let mut spilled = Vec::new();
        for merge_pendings in [true, false] {
            let OnDisk {
                file: on_disk,
                mut merged,
                pendings,
                mut notice,
            } = self
                .read_under_lock(&path, progress.resets, merge_pendings)
                .map_err(|e| fail(&e))?;
            if !absorb(&mut merged, progress) {
                notice = Some(
                    "your record was reset (attn-course progress reset) since this session read it; going on from the reset record"
                        .to_string(),
                );
            }
            let mut merged = merged.unwrap_or_else(|| progress.clone());
            if let Some(seed) = seed {
                merged.apply_seed(seed);
            } else {
                // While no problem work binds the record to a seed, the one already on
                // disk stays: readers started together on a fresh home settle on the
                // first saver's numbers at their first save (the join alone would keep
                // the greatest, and a reader that saved before it would show others).
                if let Some(disk) = on_disk.as_ref().filter(|d| d.resets == merged.resets) {
                    merged.apply_seed(SeedRule::IfUnbound(disk.learner_seed));
                }
                // A reading session past a thousand lessons: the oldest read marks go,
                // not the whole record at the next start. An import over a bound is
                // refused.
                limits::drop_oldest_read_marks(&mut merged);
            }
            if on_disk.as_ref() != Some(&merged) {
                let text = match record_text(&merged) {
                    Ok(text) => text,
                    Err(_) if !pendings.is_empty() => {
                        spilled = spill(&pendings, self.now()).map_err(|e| fail(&e))?;
                        continue;
                    }
                    Err(e) => return Err(fail(&e)),
                };
                if let Some(aside) = self.keep_superseded(&path, on_disk.as_ref(), &merged)? {
                    notice = Some(format!(
                        "the record was reset on another machine; the one here is kept as {}",
                        aside.display()
                    ));
                }
                file::write_atomic(&path, text.as_bytes()).map_err(|e| fail(&e))?;
            }
            // Everything merged is on disk: the pending files may go (a failed removal
            // is harmless, merging one again changes nothing).
            for pending in pendings {
                let _ = std::fs::remove_file(pending);
            }
            if let Some(kept) = spilled.first() {
                notice = Some(format!(
                    "{} pending change file(s) would take the record over its bounds; saved without them, kept as {}",
                    spilled.len(),
                    kept.display()
                ));
            }
            self.pending = None;
            let changes = Changes::between(progress, &merged);
            *progress = merged;
            return Ok(Saved { notice, changes });
        }
        // Not reached: the second pass merges no pending file, so it returns.
        Err(fail(&"the record is over its bounds"))
    }

    /// A save that replaces the file's record by one from a later reset (a sync with a
    /// machine where the learner started over) keeps the file's work aside first, as
    /// `progress reset` does; returns the copy's name.
    fn keep_superseded(
        &self,
        path: &Path,
        on_disk: Option<&Progress>,
        merged: &Progress,
    ) -> Result<Option<PathBuf>, SaveError> {
        match on_disk {
            Some(old) if old.resets < merged.resets && !old.is_empty() => {
                quarantine::set_aside(path, Aside::Reset, self.now())
                    .map(Some)
                    .map_err(|e| save_error(path, &e))
            }
            _ => Ok(None),
        }
    }

    /// The lock stayed busy: keep `progress` in a new pending file (and drop this
    /// instance's previous one, which the new one contains).
    fn keep_pending(&mut self, home: &Path, progress: &Progress) -> Result<String, SaveError> {
        let path = self.file()?;
        let fail = |reason: &dyn Display| save_error(path, reason);
        let text = record_text(progress).map_err(|e| fail(&e))?;
        let kept = pending::write(home, text.as_bytes()).map_err(|e| {
            fail(&format!(
                "another attn-course holds the lock, and the change could not be kept aside either: {e}"
            ))
        })?;
        if let Some(previous) = self.pending.replace(kept.clone()) {
            let _ = std::fs::remove_file(previous);
        }
        Ok(format!(
            "another attn-course is holding the progress lock; your work is kept in {} and the next save merges it",
            kept.display()
        ))
    }

    /// Starts the learner over: the current file is kept as `progress.reset-<stamp>.toml`
    /// (returned, `None` when there was none) and a fresh record with a new seed and one
    /// more reset replaces it. Pending changes go into the kept file first. A record
    /// from a newer release is not reset (that would write this release's schema over
    /// it).
    pub fn reset(&mut self) -> Result<(Progress, Option<PathBuf>), SaveError> {
        let path = self.file()?.to_path_buf();
        let fail = |reason: &dyn Display| save_error(&path, reason);
        let home = file::parent(&path);
        let _lock = file::Lock::acquire(home).map_err(|e| fail(&e))?;
        let OnDisk {
            file: on_disk,
            merged: old,
            pendings,
            ..
        } = self.read_under_lock(&path, 0, true).map_err(|e| fail(&e))?;
        if let Some(old) = old.as_ref().filter(|&old| on_disk.as_ref() != Some(old)) {
            write_record(&path, old).map_err(|e| fail(&e))?;
        }
        let kept = match file::read_if_exists(&path).map_err(|e| fail(&e))? {
            Some(_) => {
                Some(quarantine::set_aside(&path, Aside::Reset, self.now()).map_err(|e| fail(&e))?)
            }
            None => None,
        };
        let progress = Progress::started_over(new_seed(), old.as_ref());
        write_record(&path, &progress).map_err(|e| fail(&e))?;
        for pending in pendings {
            let _ = std::fs::remove_file(pending);
        }
        Ok((progress, kept))
    }

    /// The one way a save and a reset read what is on disk, once they hold the lock:
    /// the file, then every pending change beside it merged in. A pending file is merged
    /// as an import is, into the newer of the file's reset generation and `session`'s
    /// (the saving session's): a pending file planted with a high `resets` must not make
    /// the save drop what the session already showed feedback for. The pending files
    /// returned are those to remove once the merge is written; a newer release's are
    /// left alone.
    /// Without `merge`, no pending file is read (a save that found them over a bound).
    fn read_under_lock(&self, path: &Path, session: u64, merge: bool) -> Result<OnDisk, String> {
        let now = self.now();
        let (file, notice) = read_locked(path, now)?;
        let generation = file.as_ref().map_or(session, |f| f.resets.max(session));
        let mut merged = file.clone();
        let mut pendings = Vec::new();
        let listed = if merge {
            pending::list(file::parent(path))
        } else {
            Vec::new()
        };
        for pending in listed {
            match pending::read(&pending, now) {
                pending::Found::Merge(record) => {
                    absorb(&mut merged, &adopted(&record, generation));
                }
                pending::Found::Newer => continue,
                pending::Found::Drop => {}
            }
            pendings.push(pending);
        }
        Ok(OnDisk {
            file,
            merged,
            pendings,
            notice,
        })
    }

    fn now(&self) -> u64 {
        (self.clock)()
    }

    /// The progress file, or the error every write gives when there is no home.
    fn file(&self) -> Result<&Path, SaveError> {
        self.path.as_deref().ok_or_else(|| SaveError {
            path: "(nowhere)".to_string(),
            reason: NO_HOME.to_string(),
        })
    }
}

/// A session saves its record (`progress::Learner::save_to`) with the merging save.
impl Saver for Store {
    /// The save's notice, see [`Saved::notice`].
    type Saved = Option<String>;
    type Error = SaveError;

    fn save(&mut self, record: &mut Progress) -> Result<(Option<String>, Changes), SaveError> {
        self.save_merged(record)
            .map(|saved| (saved.notice, saved.changes))
    }
}

/// Reads the progress file under the lock: the record (`None` when there is none, or
/// when it was unreadable and has been set aside, which the notice says). A record from
/// a newer release is an error: it is never written over.
fn read_locked(path: &Path, now: u64) -> Result<(Option<Progress>, Option<String>), String> {
    match record::read_file(path, now).map_err(|e| e.to_string())? {
        None => Ok((None, None)),
        Some(Ok(disk)) if disk.is_newer() => Err(newer_reason(disk.schema)),
        Some(Ok(disk)) => Ok((Some(disk), None)),
        Some(Err(FormatError::Newer { schema })) => Err(newer_reason(schema)),
        Some(Err(FormatError::Invalid { .. })) => {
            let aside = quarantine::set_aside(path, Aside::Corrupt, now)
                .map_err(|e| format!("the file is unreadable and could not be set aside: {e}"))?;
            Ok((
                None,
                Some(format!(
                    "progress file had become unreadable; moved to {}; your current progress was saved",
                    aside.display()
                )),
            ))
        }
    }
}

/// Keeps each of `pendings` aside as `progress.unmerged-<stamp>.toml` and removes it;
/// the copies' names.
fn spill(pendings: &[PathBuf], now: u64) -> io::Result<Vec<PathBuf>> {
    let mut kept = Vec::new();
    for pending in pendings {
        if pending.exists() {
            kept.push(quarantine::set_aside(pending, Aside::Unmerged, now)?);
            std::fs::remove_file(pending)?;
        }
    }
    Ok(kept)
}

fn fresh() -> Progress {
    Progress::new(new_seed())
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
