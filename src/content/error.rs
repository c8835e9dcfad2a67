//! The one error shape of the content layer: `file:line: message`, so that an author can
//! jump straight to the place (and `check` can print it unchanged).

use std::fmt;

use crate::sanitize::scan::{self, Hazard};

/// Something wrong in a course file, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ContentError {
    /// File name relative to the course directory (`02-sqrt-dk.md`).
    pub file: String,
    /// 1-based line; 0 when the problem is the file as a whole (e.g. it is missing).
    pub line: usize,
    /// 1-based column (in characters) when the problem is one character; else 0.
    pub col: usize,
    pub message: String,
}

impl ContentError {
    pub fn new(file: &str, line: usize, message: impl Into<String>) -> ContentError {
        ContentError::at(file, line, 0, message)
    }

    /// An error at one character: `file:line:col: message`.
    pub fn at(file: &str, line: usize, col: usize, message: impl Into<String>) -> ContentError {
        ContentError {
            file: file.to_string(),
            line,
            col,
            message: message.into(),
        }
    }

    /// A hidden character ([`crate::sanitize`]) found by a scan of `file`, whose text
    /// starts at file line `first_line`.
    pub fn hidden(file: &str, first_line: usize, hazard: &Hazard) -> ContentError {
        ContentError::at(
            file,
            first_line - 1 + hazard.line,
            hazard.col,
            format!(
                "{} is not allowed in a course file (it would reach the terminal)",
                crate::sanitize::describe(hazard.ch)
            ),
        )
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
        } else if self.col > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.col, self.message
            )
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// `body`, TOML starting at file line `first_line` inside a lesson (a problem or figure
/// fence), refused at its first escape that decodes to a hidden character: the block is
/// then shown as that error, and `check` reports it. (Raw hidden characters have been
/// replaced by the markdown parser and reported with the lesson.)
pub fn refuse_hidden_toml(
    file: &str,
    first_line: usize,
    body: &str,
) -> Result<String, ContentError> {
    let (clean, found) = scan::toml(body);
    match found.first() {
        Some(h) => Err(ContentError::hidden(file, first_line, h)),
        None => Ok(clean.into_owned()),
    }
}

/// Line numbers of byte offsets of one text, each found by a binary search: asking for
/// many (every `[[term]]` of a 20,000-term glossary) stays linear in the text.
pub struct Lines(Vec<usize>);

impl Lines {
    pub fn new(text: &str) -> Lines {
        // A loop over the bytes: searching for each `'\n'` as a pattern costs a call per
        // line, and the reader indexes the lesson it opens before its first screen.
        let newlines = text.bytes().enumerate().filter(|&(_, b)| b == b'\n');
        Lines(
            std::iter::once(0)
                .chain(newlines.map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The 1-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.0.partition_point(|&start| start <= offset)
    }

    /// The byte offset where 1-based line `line` starts; `None` past the last line.
    pub fn start_of(&self, line: usize) -> Option<usize> {
        self.0.get(line.checked_sub(1)?).copied()
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
