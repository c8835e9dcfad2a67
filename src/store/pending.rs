//! Changes kept aside while another instance holds the lock: a save that cannot take
//! the lock in time writes the whole record it wanted to save as
//! `progress.pending-<pid>-<nanoseconds>-<n>.toml` beside the progress file, without the lock, and the
//! next save by any instance (or the next start) merges every such file in and then
//! removes them. Merging is a union, so merging one twice changes nothing, and a
//! completed action is never dropped because a slow or stopped instance held the lock.
//!
//! Each pending file is written once under a new name (temporary file, then a rename
//! that never replaces), so a saver reading it under the lock sees it whole, and removing
//! the files it merged can never remove one written after it read them.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use super::format::FormatError;
use super::quarantine::{self, Aside};
use crate::progress::Progress;

/// Pending files are `progress.pending-XXXXXX.toml`.
const PREFIX: &str = "progress.pending-";
const SUFFIX: &str = ".toml";
/// A pending file being written: not matched by `file::remove_stale_temps` (which runs
/// under the lock, while a pending file is written without it).
const PART_PREFIX: &str = ".attn-course-pending-";
const PART_SUFFIX: &str = ".part";
/// A partial pending file older than this was left by a killed process.
const PART_STALE: Duration = Duration::from_secs(3600);
/// At most this many pending files are merged by one save; more wait for the next.
pub const MAX_FILES: usize = 64;

/// Writes `text` (a whole record) as a new pending file in `dir` and returns its name.
pub fn write(dir: &Path, text: &[u8]) -> io::Result<PathBuf> {
    let mut part = tempfile::Builder::new()
        .prefix(PART_PREFIX)
        .suffix(PART_SUFFIX)
        .tempfile_in(dir)?;
    part.as_file_mut().write_all(text)?;
    part.as_file().sync_all()?;
    for n in 0u32.. {
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let name = dir.join(format!(
            "{PREFIX}{}-{nanos}-{n}{SUFFIX}",
            std::process::id()
        ));
        match part.persist_noclobber(&name) {
            Ok(_) => {
                super::file::sync_dir(dir)?;
                return Ok(name);
            }
            Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => part = e.file,
            Err(e) => return Err(e.error),
        }
    }
    Err(io::Error::other("no free name for a pending change"))
}

/// The pending files in `dir`, oldest name first, at most [`MAX_FILES`].
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<(SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with(PREFIX) && name.ends_with(SUFFIX)
        })
        .map(|e| {
            let at = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            (at, e.path())
        })
        .collect();
    found.sort();
    found.truncate(MAX_FILES);
    found.into_iter().map(|(_, path)| path).collect()
}

/// Removes partial pending files a killed process left in `dir` (an hour old or more:
/// a live writer finishes in well under a second).
pub fn remove_stale_parts(dir: &Path) {
    super::file::remove_named(dir, PART_PREFIX, PART_SUFFIX, PART_STALE);
}

/// What a pending file is to the save that finds it.
#[derive(Debug)]
pub enum Found {
    /// A record to merge; the file goes once the merge is written.
    Merge(Progress),
    /// From a newer release: left alone, for that release (`FORMAT.md`), neither merged
    /// nor removed.
    Newer,
    /// Nothing to merge (unreadable, so set aside as a corrupt copy, or not a file at
    /// all): the file goes, so it is reported once and not read again.
    Drop,
}

/// What the pending file `path` holds, read by the rule of the progress file
/// ([`super::record::read_file`]): a newer one too large to parse is still newer.
pub fn read(path: &Path, now: u64) -> Found {
    match super::record::read_file(path, now) {
        Ok(Some(Ok(record))) if !record.is_newer() => Found::Merge(record),
        Ok(Some(Ok(_) | Err(FormatError::Newer { .. }))) => Found::Newer,
        Ok(Some(Err(FormatError::Invalid { .. }))) => {
            if quarantine::set_aside(path, Aside::Corrupt, now).is_ok() {
                let _ = std::fs::remove_file(path);
            }
            Found::Drop
        }
        Ok(None) | Err(_) => Found::Drop,
    }
}

/// True for a name in the home that this module writes.
pub fn is_pending_name(name: &str) -> bool {
    (name.starts_with(PREFIX) && name.ends_with(SUFFIX))
        || (name.starts_with(PART_PREFIX) && name.ends_with(PART_SUFFIX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_write_is_a_new_whole_file_listed_by_age() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let first = write(dir.path(), b"one")?;
        let second = write(dir.path(), b"two")?;
        assert_ne!(first, second);
        let listed = list(dir.path());
        assert_eq!(listed.len(), 2);
        assert!(listed.contains(&first) && listed.contains(&second));
        assert_eq!(fs::read(&first)?, b"one");
        // Nothing partial is left behind.
        assert_eq!(fs::read_dir(dir.path())?.count(), 2);
        Ok(())
    }
}
