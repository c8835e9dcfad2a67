//! The `?` overlay's state: which page of the key list is on screen.

use super::Action;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HelpView {
    /// First row shown.
    pub scroll: usize,
}

/// What a key did in the help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpOutcome {
    Stay,
    Close,
    Glossary,
}

impl HelpView {
    /// `last`: the largest useful `scroll` (see [`last_page_top`]).
    pub fn update(&mut self, action: Action, last: usize) -> HelpOutcome {
        match action {
            Action::Down => self.scroll = (self.scroll + 1).min(last),
            Action::Up => self.scroll = self.scroll.saturating_sub(1),
            Action::Wheel(_) => {}
            Action::Glossary => return HelpOutcome::Glossary,
            _ => return HelpOutcome::Close,
        }
        HelpOutcome::Stay
    }
}

/// The largest useful scroll of the help at a terminal of `size`.
pub fn last_page_top(_size: (u16, u16), ascii: bool) -> usize {
    super::keymap::help_rows(ascii).len().saturating_sub(1)
}
