//! Setting a progress file aside before it is replaced: a corrupt file the learner may
//! want to rescue, or the record a `reset` started over from. The copy is made before
//! the original is replaced (atomically), so at no instant is there no progress file.

use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};

use super::file;
use crate::progress::clock::Utc;

/// Why a file is set aside; it names the copy: `progress.<kind>-<UTC stamp>.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aside {
    Corrupt,
    Reset,
    /// A pending file whose changes would take the record over a bound.
    Unmerged,
}

impl Aside {
    fn name(self) -> &'static str {
        match self {
            Aside::Corrupt => "corrupt",
            Aside::Reset => "reset",
            Aside::Unmerged => "unmerged",
        }
    }
}

/// Keeps the bytes of `path` under a new name in the same folder and returns that name.
/// Never replaces an earlier copy: a second one in the same second gets `-2`, `-3`...
/// A `path` that is a symbolic link is kept by its target's bytes (a copy of the link
/// would show whatever replaces the target next).
/// The name is stamped with `now` (the session's clock).
pub fn set_aside(path: &Path, kind: Aside, now: u64) -> io::Result<PathBuf> {
    let source = file::resolve_links(path)?;
    let stamp = Utc::from_unix(now).stamp();
    for n in 1u32.. {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let target =
            file::parent(path).join(format!("progress.{}-{stamp}{suffix}.toml", kind.name()));
        match keep(&source, &target) {
            Ok(()) => {
                file::sync_dir(file::parent(path))?;
                return Ok(target);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(
        "no free name to set the progress file aside",
    ))
}

/// A second name for the same bytes: a hard link where the filesystem has them, else a
/// copy. Both refuse an existing target, so two instances cannot overwrite each other.
fn keep(path: &Path, target: &Path) -> io::Result<()> {
    match fs::hard_link(path, target) {
        Err(e)
            if e.kind() != io::ErrorKind::AlreadyExists && e.kind() != io::ErrorKind::NotFound =>
        {
            // Streamed: a file set aside for being too large is not read into memory.
            let mut from = fs::File::open(path)?;
            let mut copy = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(target)?;
            io::copy(&mut from, &mut copy)?;
            copy.sync_all()
        }
        other => other,
    }
}
