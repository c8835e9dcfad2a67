//! Disk operations that must not lose data: atomic replacement of a file, the advisory
//! lock that serialises saves between instances, and bounded reads of regular files only
//! (a FIFO would hang a read, `/dev/zero` would fill the memory).

use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::{self, Write};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::thread;
use std::time::{Duration, Instant};

use crate::disk::Refused;

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

/// The largest file read as a record (progress file, pending change, import): far above
/// any learner's record (a year of daily work is well under 1 MiB), small enough that
/// parsing it stays within a few hundred MiB.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// How many symbolic links are followed from one name before giving up (as the kernel's
/// `ELOOP`).
const MAX_LINKS: usize = 32;

/// Replaces `path` with `bytes` so that a reader (or a crash at any instant) sees either
/// the old file or the new one, never a mix: write a temporary file in the same folder,
/// flush it to the disk, rename it over `path`, then flush the folder so the rename
/// itself survives a power cut. On any error `path` is untouched. A `path` that is a
/// symbolic link (a synced dotfile) is written through: its final target is replaced,
/// in the target's folder, and the link stays.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = resolve_links(path)?;
    let path = target.as_path();
    let dir = parent(path);
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
        .map_err(without_temp_name)?;
    // Through the `File`: `NamedTempFile`'s own writes add the temporary file's name to
    // an error, which means nothing to the learner and pushes the reason ("No space
    // left on device") off the status bar.
    temp.as_file_mut().write_all(bytes)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    sync_dir(dir)
}

/// `tempfile` adds the temporary file's name to an error ("... at path
/// .attn-course-x1Y2.tmp"): a name that no longer exists and means nothing to the
/// learner, so it is cut off.
fn without_temp_name(e: io::Error) -> io::Error {
    let message = e.to_string();
    match message.find(" at path ") {
        Some(i) => io::Error::new(e.kind(), message[..i].to_string()),
        None => e,
    }
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
    remove_named(dir, TEMP_PREFIX, TEMP_SUFFIX, Duration::ZERO);
}

/// Removes the files of `dir` named `prefix…suffix` last written at least `age` ago.
/// Best effort: a leftover that cannot be removed harms nothing.
pub fn remove_named(dir: &Path, prefix: &str, suffix: &str, age: Duration) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(prefix) && name.ends_with(suffix)) {
            continue;
        }
        let old = age.is_zero()
            || entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|elapsed| elapsed >= age);
        if old {
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
    /// Takes the lock, waiting up to [`LOCK_WAIT`]. The lock file is never followed
    /// through a symbolic link (a dangling one would create a file wherever it points)
    /// and must be a regular file (opening a FIFO for writing would block).
    pub fn acquire(dir: &Path) -> io::Result<Lock> {
        let path = dir.join(LOCK_NAME);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(&path)
            .map_err(|e| match e.raw_os_error() {
                Some(libc::ELOOP) => {
                    io::Error::other(format!("{} is a symbolic link; remove it", path.display()))
                }
                Some(libc::ENXIO) => not_regular(&path),
                _ => e,
            })?;
        if !file.metadata()?.is_file() {
            return Err(not_regular(&path));
        }
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
                        "another attn-course is holding the progress lock; try again in a moment",
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

/// Reads `path` (through symbolic links); `Ok(None)` when it does not exist.
pub fn read_if_exists(path: &Path) -> io::Result<Option<Vec<u8>>> {
    match read_regular(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

/// Reads a regular file of at most [`MAX_RECORD_BYTES`] (see [`crate::disk`]).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    read_regular_capped(path, MAX_RECORD_BYTES)
}

/// Reads a regular file of at most `cap` bytes; a larger one is the error
/// [`is_too_large`] recognises.
pub fn read_regular_capped(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    crate::disk::read_regular(path, cap).map_err(|refused| match refused {
        Refused::Io(e) => e,
        Refused::NotRegular(_) => not_regular(path),
        Refused::TooLarge(_) => too_large(path, cap),
    })
}

/// True for the error [`read_regular`] gives a file over the size cap.
pub fn is_too_large(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::FileTooLarge
}

fn too_large(path: &Path, cap: u64) -> io::Error {
    let most = if cap >= 1 << 20 {
        format!("{} MiB", cap >> 20)
    } else {
        format!("{} KiB", cap >> 10)
    };
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "{} is larger than {most}, the most it may be",
            path.display()
        ),
    )
}

/// The error for a name that is not a regular file (a FIFO, a device, a folder).
pub fn not_regular(path: &Path) -> io::Error {
    let kind = match fs::metadata(path).map(|m| m.file_type()) {
        Ok(t) if t.is_fifo() => "a FIFO",
        Ok(t) if t.is_dir() => "a folder",
        Ok(t) if t.is_char_device() || t.is_block_device() => "a device",
        Ok(t) if t.is_socket() => "a socket",
        _ => "not a regular file",
    };
    let what = if kind.starts_with("not") {
        kind.to_string()
    } else {
        format!("{kind}, not a regular file")
    };
    io::Error::other(format!("{} is {what}", path.display()))
}

/// The name `path` finally stands for: symbolic links at its last component followed
/// (relative targets from the link's folder) to a name that is not a link; a name that
/// does not exist (a dangling link's target included) is returned as is.
pub fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = parent(&current).join(target);
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
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
