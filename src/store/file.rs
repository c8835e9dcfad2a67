//! Disk operations that must not lose data: atomic replacement of a file and the
//! advisory lock that serialises saves between instances.

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

/// Temporary files are named `.attn-course-XXXXXX.tmp`, so ones left behind by a
/// killed process can be recognised and removed.
const TEMP_PREFIX: &str = ".attn-course-";
const TEMP_SUFFIX: &str = ".tmp";

/// The lock file beside the progress file. It is never deleted: deleting a lock file
/// lets two processes lock two different files of the same name.
pub const LOCK_NAME: &str = "progress.lock";

/// How long a save waits for another instance's save (which takes milliseconds) before
/// giving up and letting the caller retry later. Bounded so a stopped process holding
/// the lock can never hang the reader.
const LOCK_WAIT: Duration = Duration::from_secs(3);

/// Replaces `path` with `bytes` so that a reader (or a crash at any instant) sees either
/// the old file or the new one, never a mix: write a temporary file in the same folder,
/// flush it to the disk, rename it over `path`, then flush the folder so the rename
/// itself survives a power cut. On any error `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent(path);
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)?;
    // Through the `File`: `NamedTempFile`'s own writes add the temporary file's name to
    // an error, which means nothing to the learner and pushes the reason ("No space
    // left on device") off the status bar.
    temp.as_file_mut().write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// Flushes a folder's entries (a rename or a new name) to the disk.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Fails when no file can be created in `dir`: the honest test of "writable" (mode bits
/// say nothing for root, read-only mounts or full disks).
pub fn probe_writable(dir: &Path) -> io::Result<()> {
    tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
        .map(drop)
}

/// Removes temporary files that a killed process left in `dir`. Call only while holding
/// the lock: every writer of `dir` holds it while its temporary file exists.
pub fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX) {
            // Best effort: a temp file that cannot be removed harms nothing.
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// An advisory lock on `<dir>/progress.lock`, held until dropped (the kernel also drops
/// it when the process dies, even by `kill -9`).
#[derive(Debug)]
pub struct Lock {
    file: File,
}

impl Lock {
    pub fn acquire(dir: &Path) -> io::Result<Lock> {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(LOCK_NAME))?;
        let start = Instant::now();
        loop {
            match file.try_lock() {
                Ok(()) => return Ok(Lock { file }),
                Err(TryLockError::WouldBlock) if start.elapsed() < LOCK_WAIT => {
                    thread::sleep(Duration::from_millis(5));
                }
                Err(TryLockError::WouldBlock) => {
                    return Err(io::Error::new(
                        io::ErrorKind::WouldBlock,
                        "another attn-course is saving; will retry",
                    ));
                }
                Err(TryLockError::Error(e)) => return Err(e),
            }
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Closing the file releases the lock anyway; unlocking first is explicit.
        let _ = self.file.unlock();
    }
}

/// The folder holding `path` (`.` for a bare file name).
pub fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Reads `path`; `Ok(None)` when it does not exist.
pub fn read_if_exists(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_atomic_replaces_and_leaves_no_temp() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("f.toml");
        write_atomic(&path, b"old")?;
        write_atomic(&path, b"new")?;
        assert_eq!(fs::read(&path)?, b"new");
        assert_eq!(fs::read_dir(dir.path())?.count(), 1);
        Ok(())
    }

    #[test]
    fn a_second_lock_waits_for_the_first() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let first = Lock::acquire(dir.path())?;
        let other = File::options()
            .write(true)
            .open(dir.path().join(LOCK_NAME))?;
        assert!(matches!(other.try_lock(), Err(TryLockError::WouldBlock)));
        drop(first);
        assert!(other.try_lock().is_ok());
        Ok(())
    }

    #[test]
    fn stale_temps_are_removed_and_nothing_else() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        fs::write(dir.path().join(".attn-course-abc123.tmp"), "x")?;
        fs::write(dir.path().join("progress.toml"), "y")?;
        remove_stale_temps(dir.path());
        let names: Vec<_> = fs::read_dir(dir.path())?
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["progress.toml"]);
        Ok(())
    }
}
