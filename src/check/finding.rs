//! What a check reports. Its own file, below the course walk and the rules it runs, so
//! that the rules need not import the walk that calls them.

use std::fmt;

use crate::content::ContentError;

/// One finding, printed `file:line: message` (or `file:line:col: message` when it is one
/// character) so an editor can jump to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub file: String,
    pub line: usize,
    /// 0 when the finding is not about one character.
    pub col: usize,
    pub message: String,
}

impl Finding {
    /// A finding about a whole line (no column).
    pub fn at(file: impl Into<String>, line: usize, message: String) -> Finding {
        Finding {
            file: file.into(),
            line,
            col: 0,
            message,
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)?;
        if self.col > 0 {
            write!(f, ":{}", self.col)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl From<&ContentError> for Finding {
    fn from(e: &ContentError) -> Finding {
        Finding {
            file: e.file.clone(),
            line: e.line,
            col: e.col,
            message: e.message.clone(),
        }
    }
}
