//! Where course files come from: the copy embedded at build time, or a directory given
//! with `--course` (for authors). The only file reading of the content layer is here.

use std::path::Path;

use super::error::ContentError;
use crate::embedded::LESSONS as EMBEDDED;

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
    /// The text of file `name` (a plain file name inside the course directory).
    pub fn read(&self, name: &str) -> Result<String, ContentError> {
        match self {
            Source::Embedded => EMBEDDED
                .get_file(name)
                .and_then(|f| f.contents_utf8())
                .map(str::to_string)
                .ok_or_else(|| ContentError::new(name, 0, "not in the embedded course")),
            Source::Dir(dir) => std::fs::read_to_string(dir.join(name)).map_err(|e| {
                ContentError::new(&dir.join(name).display().to_string(), 0, e.to_string())
            }),
            Source::Files(files) => files
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, text)| (*text).to_string())
                .ok_or_else(|| ContentError::new(name, 0, "no such file")),
        }
    }

    /// Like [`Source::read`], but a file that is not there is `None` (for optional
    /// files such as `glossary.toml`).
    pub fn read_optional(&self, name: &str) -> Result<Option<String>, ContentError> {
        match self {
            Source::Embedded if EMBEDDED.get_file(name).is_none() => Ok(None),
            Source::Dir(dir) if !dir.join(name).exists() => Ok(None),
            Source::Files(files) if !files.iter().any(|(n, _)| *n == name) => Ok(None),
            _ => self.read(name).map(Some),
        }
    }
}
