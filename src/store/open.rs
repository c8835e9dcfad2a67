//! Opening the store: reading the record (or starting a fresh one) under the lock, with
//! every problem turned into a warning so that the course always opens.

use std::path::Path;

use crate::progress::clock;
use crate::progress::{Progress, adopted};

use super::quarantine::{self, Aside};
use super::record::{read_file, record_text, write_record};
use super::{
    FILE_NAME, FormatError, NO_HOME, Opened, Store, file, fresh, newer_warning, not_kept, pending,
};

impl Store {
    /// Opens (or starts) the progress kept under `home`. Never fails: every problem
    /// becomes a warning and the course opens anyway. On a first start the fresh record
    /// (with its new seed) is written at once, so a second instance started a moment
    /// later gets the same seed and the same problem numbers. A relative `home` (from a
    /// relative `$HOME`) is refused: it would scatter progress over whatever folder the
    /// course was started in.
    pub fn open(home: Option<&Path>) -> Opened {
        Store::open_with(home, FirstWrite::Now)
    }

    /// [`Store::open`] without the first start's write (and its fsync): the reader
    /// draws its first screen before anything is written, then saves at once
    /// ([`Opened::unwritten`]), which pins the seed a moment later.
    pub fn open_deferred(home: Option<&Path>) -> Opened {
        Store::open_with(home, FirstWrite::Deferred)
    }

    fn open_with(home: Option<&Path>, first: FirstWrite) -> Opened {
        // An empty path would silently mean the current directory.
        let home = home.filter(|h| !h.as_os_str().is_empty());
        let refused = match home {
            None => Some(NO_HOME.to_string()),
            Some(h) if h.is_relative() => Some(format!(
                "the progress home `{}` is not an absolute path (is HOME relative?); set ATTN_COURSE_HOME or pass --home",
                h.display()
            )),
            Some(_) => None,
        };
        let (Some(home), None) = (home, refused.as_deref()) else {
            return Opened {
                store: Store::nowhere(),
                progress: fresh(),
                warning: refused.map(|r| not_kept(&r)),
                unwritten: false,
            };
        };
        let store = Store {
            path: Some(home.join(FILE_NAME)),
            pending: None,
            clock: clock::now,
        };
        let (progress, warning, unwritten) = store.load(home, first);
        Opened {
            store,
            progress,
            warning,
            unwritten,
        }
    }

    fn nowhere() -> Store {
        Store {
            path: None,
            pending: None,
            clock: clock::now,
        }
    }

    /// Reads the record at open, holding the lock where one can be taken (a read-only
    /// home has no lock file; reading without it is safe since writes are atomic), with
    /// the pending changes beside it merged in (the next save writes them). Also says
    /// whether the record is a fresh one left unwritten.
    fn load(&self, home: &Path, first: FirstWrite) -> (Progress, Option<String>, bool) {
        let (mut progress, warning, unwritten) = self.load_file(home, first);
        if !progress.is_newer() {
            // Merged into the file's reset generation, as at a save: a pending file never
            // resets the record. Only those that keep it inside every bound a written
            // record must meet: the session's record must stay one it can save (the
            // save keeps the others aside).
            let records: Vec<Progress> = pending::list(home)
                .iter()
                .filter_map(|p| match pending::read(p, self.now()) {
                    pending::Found::Merge(record) => Some(adopted(&record, progress.resets)),
                    _ => None,
                })
                .collect();
            progress = merge_fitting(progress, &records);
        }
        (progress, warning, unwritten)
    }

    fn load_file(&self, home: &Path, first: FirstWrite) -> (Progress, Option<String>, bool) {
        let path = home.join(FILE_NAME);
        if let Err(e) = std::fs::create_dir_all(home) {
            return (
                fresh(),
                Some(not_kept(&format!("cannot create {}: {e}", home.display()))),
                false,
            );
        }
        let _lock = file::Lock::acquire(home).ok();
        let read = match read_file(&path, self.now()) {
            Ok(Some(read)) => read,
            Ok(None) => return start_fresh(&path, None, first),
            Err(e) => {
                return (
                    fresh(),
                    Some(not_kept(&format!("cannot read {}: {e}", path.display()))),
                    false,
                );
            }
        };
        match read {
            Ok(progress) if progress.is_newer() => {
                let warning = newer_warning(progress.schema);
                (progress, Some(warning), false)
            }
            Ok(progress) => {
                let warning = file::probe_writable(home)
                    .err()
                    .map(|e| not_kept(&format!("cannot write in {}: {e}", home.display())));
                (progress, warning, false)
            }
            Err(FormatError::Newer { schema }) => (fresh(), Some(newer_warning(schema)), false),
            Err(FormatError::Invalid { .. }) => {
                match quarantine::set_aside(&path, Aside::Corrupt, self.now()) {
                    Ok(aside) => start_fresh(
                        &path,
                        Some(format!(
                            "progress file was unreadable; moved to {}; starting fresh",
                            aside.display()
                        )),
                        // Written at once even for the reader: set aside is a copy, and
                        // the corrupt file left in place would stop every later save.
                        FirstWrite::Now,
                    ),
                    Err(e) => (
                        fresh(),
                        Some(not_kept(&format!(
                            "{} is unreadable and could not be moved aside ({e})",
                            path.display()
                        ))),
                        false,
                    ),
                }
            }
        }
    }
}

/// `base` with `records` merged in, in order, as far as the result still fits every
/// bound of a written record ([`record_text`]): one check when all fit (the usual
/// case), one per record otherwise, a record that does not fit left out.
fn merge_fitting(base: Progress, records: &[Progress]) -> Progress {
    let mut all = base.clone();
    records.iter().for_each(|r| all.merge_from(r));
    if records.is_empty() || record_text(&all).is_ok() {
        return all;
    }
    records.iter().fold(base, |fitting, record| {
        let mut next = fitting.clone();
        next.merge_from(record);
        if record_text(&next).is_ok() {
            next
        } else {
            fitting
        }
    })
}

/// When a first start writes its fresh record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FirstWrite {
    /// While opening, under the lock (the commands, which show seeded numbers at once).
    Now,
    /// By the caller's first save, right after its first screen (the reader).
    Deferred,
}

/// A first start (or a start after a corrupt file was set aside): the fresh record is
/// written at once (or, for a first start, by the caller's first save, see
/// [`FirstWrite`]) so its seed is the one every later instance reads. The flag says it was left unwritten.
fn start_fresh(
    path: &Path,
    warning: Option<String>,
    first: FirstWrite,
) -> (Progress, Option<String>, bool) {
    let progress = fresh();
    if first == FirstWrite::Deferred {
        return (progress, warning, true);
    }
    match write_record(path, &progress) {
        Ok(()) => (progress, warning, false),
        Err(e) => {
            let not_kept = not_kept(&format!("cannot write {}: {e}", path.display()));
            let warning = match warning {
                Some(w) => format!("{w}; {not_kept}"),
                None => not_kept,
            };
            (progress, Some(warning), false)
        }
    }
}
