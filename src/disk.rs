//! The one way a file enters the program: a bounded read of a regular file. Every file
//! the program reads (course files, the model's weights and data, progress records, the
//! scratchpad) comes through [`read_regular`], because a name can stand for anything: a
//! FIFO would hang a plain read beyond every signal, `/dev/zero` (whose size reads as 0)
//! would fill the memory, and a file may grow between a size check and the read.
//!
//! It sits on the lowest floor so that `model`, `content` and `store` share it; each
//! words its own message from a [`Refused`].

use std::fmt;
use std::fs::OpenOptions;
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// Why [`read_regular`] read nothing.
#[derive(Debug)]
pub enum Refused {
    /// The open or the read failed (`NotFound` among them).
    Io(io::Error),
    /// The name is not a regular file: what it is ("a FIFO", "a device", …).
    NotRegular(&'static str),
    /// The file holds more than the cap: at least this many bytes.
    TooLarge(u64),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Io(e) => write!(f, "{e}"),
            Refused::NotRegular(kind) => write!(f, "{kind}, not a regular file"),
            Refused::TooLarge(bytes) => write!(f, "at least {bytes} bytes, over the cap"),
        }
    }
}

/// Reads the regular file `path` (through symbolic links) if it holds at most `cap`
/// bytes. Opened without blocking (a FIFO opens at once instead of waiting for a
/// writer), then checked on the open file itself, so nothing can be swapped in between
/// the check and the read; the read stops one byte past `cap`, so a file that grows
/// meanwhile is noticed and never read whole.
pub fn read_regular(path: &Path, cap: u64) -> Result<Vec<u8>, Refused> {
    let (file, len) = open_regular(path)?;
    if len > cap {
        return Err(Refused::TooLarge(len));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(Refused::Io)?;
    if bytes.len() as u64 > cap {
        return Err(Refused::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The first `most` bytes of the regular file `path`, whatever its size: enough to learn
/// what a file too large to read is (the schema a progress record declares at its top).
pub fn read_head(path: &Path, most: u64) -> Result<Vec<u8>, Refused> {
    let (file, _) = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(most)
        .read_to_end(&mut bytes)
        .map_err(Refused::Io)?;
    Ok(bytes)
}

/// `path` opened for reading without blocking, with its length, if it is a regular file.
fn open_regular(path: &Path) -> Result<(std::fs::File, u64), Refused> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            // A socket, or a device without a driver.
            Some(libc::ENXIO) => Refused::NotRegular("a device or socket"),
            _ => Refused::Io(e),
        })?;
    let meta = file.metadata().map_err(Refused::Io)?;
    if !meta.is_file() {
        let t = meta.file_type();
        return Err(Refused::NotRegular(if t.is_fifo() {
            "a FIFO"
        } else if t.is_dir() {
            "a folder"
        } else if t.is_char_device() || t.is_block_device() {
            "a device"
        } else if t.is_socket() {
            "a socket"
        } else {
            "something"
        }));
    }
    Ok((file, meta.len()))
}

#[cfg(test)]
mod tests {
    use crate::disk::{Refused, read_regular};
    use std::io;

    #[test]
    fn a_fifo_is_refused_at_once() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("f");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&path)
                .status()?
                .success()
        );
        assert!(matches!(
            read_regular(&path, 10),
            Err(Refused::NotRegular("a FIFO"))
        ));
        Ok(())
    }

    #[test]
    fn dev_zero_through_a_link_is_refused() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("w");
        std::os::unix::fs::symlink("/dev/zero", &path)?;
        assert!(matches!(
            read_regular(&path, 10),
            Err(Refused::NotRegular("a device"))
        ));
        Ok(())
    }

    #[test]
    fn the_cap_is_exact() -> io::Result<()> {
        let dir = tempfile::tempdir()?;
        let path = dir.path().join("f");
        std::fs::write(&path, b"12345")?;
        assert!(matches!(read_regular(&path, 5), Ok(b) if b == b"12345"));
        assert!(matches!(read_regular(&path, 4), Err(Refused::TooLarge(5))));
        Ok(())
    }
}
