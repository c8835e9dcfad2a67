//! The one error shape of the content layer: `file:line: message`, so that an author can
//! jump straight to the place (and `check` can print it unchanged).

use std::fmt;

/// Something wrong in a course file, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ContentError {
    /// File name relative to the course directory (`02-sqrt-dk.md`).
    pub file: String,
    /// 1-based line; 0 when the problem is the file as a whole (e.g. it is missing).
    pub line: usize,
    pub message: String,
}

impl ContentError {
    pub fn new(file: &str, line: usize, message: impl Into<String>) -> ContentError {
        ContentError {
            file: file.to_string(),
            line,
            message: message.into(),
        }
    }

    /// An error from the `toml` crate, placed in the file: `first_line` is the file line
    /// of the TOML text's first line, and the TOML error's own span gives the offset.
    pub fn from_toml(file: &str, first_line: usize, text: &str, err: &toml::de::Error) -> Self {
        let line = err
            .span()
            .map_or(0, |span| line_of_offset(text, span.start) - 1);
        ContentError::new(file, first_line + line, err.message().trim())
    }
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// The 1-based line holding byte `offset` of `text`.
pub fn line_of_offset(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    1 + text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}
