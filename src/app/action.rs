//! Everything the learner can ask for, as one vocabulary shared by the keymap, the help
//! overlay, the tests and [`App::update`](super::App::update).
//!
//! Extending it (later issues): add a variant, bind it in [`keymap`](super::keymap), and
//! handle it in `update`. A new line input (the `:` scratchpad, the answer to a problem,
//! the ask panel) is a new [`PromptKind`](super::PromptKind): the prompt's editing keys
//! already arrive as `PromptKey`, `PromptSubmit` and `PromptCancel`.

use ratatui::crossterm::event::KeyEvent;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// One line down in the text, or the next contents entry.
    Down,
    Up,
    PageDown,
    PageUp,
    Top,
    Bottom,
    NextLesson,
    PrevLesson,
    /// Move the focus between the contents and the text.
    SwitchFocus,
    /// Show or hide the contents pane.
    ToggleContents,
    /// Enter: open the selected contents entry.
    Activate,
    /// Open the search prompt.
    Search,
    SearchNext,
    SearchPrev,
    /// Esc while reading: drop the search highlights.
    ClearSearch,
    Help,
    CloseHelp,
    Quit,
    /// Scroll the text by this many lines (mouse wheel; negative is up).
    Wheel(i16),
    /// The terminal is now this many columns and rows.
    Resize(u16, u16),
    /// A key typed into the open prompt.
    PromptKey(KeyEvent),
    PromptSubmit,
    PromptCancel,
}

impl Action {
    /// One line for the help overlay; `None` for actions that no key names on its own.
    pub fn describe(&self) -> Option<&'static str> {
        Some(match self {
            Action::Down => "down a line (text) or an entry (contents)",
            Action::Up => "up a line or an entry",
            Action::PageDown => "page down",
            Action::PageUp => "page up",
            Action::Top => "top of the lesson",
            Action::Bottom => "end of the lesson",
            Action::NextLesson => "next lesson",
            Action::PrevLesson => "previous lesson",
            Action::SwitchFocus => "switch between contents and text",
            Action::ToggleContents => "show or hide the contents",
            Action::Activate => "open the selected contents entry",
            Action::Search => "search the whole course",
            Action::SearchNext => "next match",
            Action::SearchPrev => "previous match",
            Action::ClearSearch => "clear the search highlights",
            Action::Help => "this help",
            Action::Quit => "quit (your place is saved)",
            Action::Wheel(_) => "scroll the text",
            Action::CloseHelp
            | Action::Resize(..)
            | Action::PromptKey(_)
            | Action::PromptSubmit
            | Action::PromptCancel => return None,
        })
    }
}
