//! The progress marks (solved / partly / not yet) that problem boxes and the contents
//! pane share, so that a mark means one thing wherever it is drawn.

use super::Theme;

/// The progress marks shared by problems and the contents pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Full,
    Partial,
    Empty,
}

impl Mark {
    /// A lesson's mark from the fraction of it read (contents pane and `list` agree).
    pub fn of_read(read: f64) -> Mark {
        if crate::progress::view::fully_read(read) {
            Mark::Full
        } else if read > 0.0 {
            Mark::Partial
        } else {
            Mark::Empty
        }
    }
}

pub fn mark(theme: Theme, m: Mark) -> &'static str {
    match (theme.ascii, m) {
        (false, Mark::Full) => "●",
        (false, Mark::Partial) => "◐",
        (false, Mark::Empty) => "○",
        (true, Mark::Full) => "[x]",
        (true, Mark::Partial) => "[~]",
        (true, Mark::Empty) => "[ ]",
    }
}
