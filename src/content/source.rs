//! Where course files come from: the copy embedded at build time, or a directory given
//! with `--course` (for authors). The only file reading of the content layer is here.

use std::borrow::Cow;
use std::path::Path;

use super::error::ContentError;
use crate::disk::Refused;
use crate::embedded::LESSONS as EMBEDDED;

/// The largest course file read: twenty times the longest lesson. Parsing and laying
/// out are linear, but a 50 MB lesson would still take seconds and hundreds of MB.
pub const MAX_FILE_BYTES: usize = 1 << 20;

fn too_big(bytes: u64) -> String {
    format!("{bytes} bytes; a course file may hold at most {MAX_FILE_BYTES} bytes (1 MiB)")
}

/// A regular file of at most [`MAX_FILE_BYTES`], as UTF-8, read through
/// [`crate::disk::read_regular`] (a FIFO or `/dev/zero` as a lesson is refused at once).
fn read_capped(path: &Path) -> Result<String, String> {
    let bytes = crate::disk::read_regular(path, MAX_FILE_BYTES as u64).map_err(|r| match r {
        Refused::Io(e) => e.to_string(),
        Refused::NotRegular(_) => "not a regular file".to_string(),
        Refused::TooLarge(bytes) => too_big(bytes),
    })?;
    String::from_utf8(bytes).map_err(|_| "not valid UTF-8".to_string())
}

/// A course directory's files by name.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    Embedded,
    Dir(&'a Path),
    /// Files given in memory as (name, text): a course built by a test or a fuzz
    /// target without touching the disk.
    Files(&'a [(&'a str, &'a str)]),
}

impl Source<'_> {
    /// The text of file `name` (a plain file name inside the course directory). The
    /// embedded course's is borrowed from the binary, not copied.
    pub fn read(&self, name: &str) -> Result<Cow<'static, str>, ContentError> {
        match self {
            Source::Embedded => EMBEDDED
                .get_file(name)
                .and_then(|f| f.contents_utf8())
                .map(Cow::Borrowed)
                .ok_or_else(|| ContentError::new(name, 0, "not in the embedded course")),
            Source::Dir(dir) => {
                let path = dir.join(name);
                read_capped(&path)
                    .map(Cow::Owned)
                    .map_err(|e| ContentError::new(&path.display().to_string(), 0, e))
            }
            Source::Files(files) => match files.iter().find(|(n, _)| *n == name) {
                Some((_, text)) if text.len() > MAX_FILE_BYTES => {
                    Err(ContentError::new(name, 0, too_big(text.len() as u64)))
                }
                Some((_, text)) => Ok(Cow::Owned((*text).to_string())),
                None => Err(ContentError::new(name, 0, "no such file")),
            },
        }
    }

    /// Whether the course has file `name` (a path relative to the course directory;
    /// binary files too, such as the model's weights), without reading it.
    pub fn has(&self, name: &str) -> bool {
        match self {
            Source::Embedded => EMBEDDED.get_file(name).is_some(),
            Source::Dir(dir) => dir.join(name).is_file(),
            Source::Files(files) => files.iter().any(|(n, _)| *n == name),
        }
    }

    /// Like [`Source::read`], but a file that is not there is `None` (for optional
    /// files such as `glossary.toml`).
    pub fn read_optional(&self, name: &str) -> Result<Option<Cow<'static, str>>, ContentError> {
        match self {
            Source::Embedded if EMBEDDED.get_file(name).is_none() => Ok(None),
            Source::Dir(dir) if !dir.join(name).exists() => Ok(None),
            Source::Files(files) if !files.iter().any(|(n, _)| *n == name) => Ok(None),
            _ => self.read(name).map(Some),
        }
    }
}
