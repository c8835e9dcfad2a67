//! Everything the learner can ask for, as one vocabulary shared by the keymap, the help
//! overlay, the tests and [`App::update`](super::App::update).
//!
//! Extending it: add a variant, bind it in [`keymap`](super::keymap), and handle it in
//! `update`. A new line input (like the `:` scratchpad and a problem's answer; later the
//! ask panel) is a new [`PromptKind`](super::PromptKind): the prompt's editing keys
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
    /// Esc: close what is open (the problem panel, the sentence cursor, the ask panel, a
    /// view), or drop the search highlights when nothing is.
    Close,
    Help,
    /// `p`/`P`: the next or previous problem of the lesson.
    NextProblem,
    PrevProblem,
    /// Reveal the current problem's next hint.
    Hint,
    /// Show the current problem's worked solution (asks first while it is unearned).
    Solution,
    /// `y`: yes to the question the problem panel asks (see the solution now).
    Confirm,
    /// Fresh numbers for the current problem ("another one").
    Another,
    /// Open the glossary (`i`).
    Glossary,
    /// Backspace: back to where the last jump (from the glossary, the ask panel, the
    /// notes) left from.
    Back,
    /// Open the `:` scratchpad.
    Scratchpad,
    /// `R`: review the problems due, or go on to the next one of the review.
    Review,
    /// Scroll the problem panel.
    PanelDown,
    PanelUp,
    Quit,
    /// `v`: select a sentence (the sentence cursor).
    Select,
    /// `}` / `{` with a sentence selected: the next paragraph, this or the previous one.
    NextParagraph,
    PrevParagraph,
    /// `a` on a selected sentence: the ask panel.
    Ask,
    /// `n` in the ask panel: write a note or question on the sentence.
    WriteNote,
    /// `m`: my notes and questions.
    MyNotes,
    /// `x` in the notes view: mark the note answered (or not).
    MarkAnswered,
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
            Action::Activate => "open the contents entry, or answer the problem at the top",
            Action::Search => "search the whole course",
            Action::SearchNext => "next match",
            Action::SearchPrev => "previous match",
            Action::Close => "close the problem panel, or clear the search highlights",
            Action::Help => "this help",
            Action::NextProblem => "next problem in the lesson",
            Action::PrevProblem => "previous problem",
            Action::Hint => "next hint for the problem",
            Action::Solution => "worked solution (s twice before it is earned)",
            Action::Confirm => "yes: see the solution asked for",
            Action::Another => "another one: fresh numbers (after solving or 3 tries)",
            Action::Glossary => "glossary of terms and notation (type to filter)",
            Action::Back => "back to where the last jump left from",
            Action::Scratchpad => "scratchpad (a problem's numbers bound by name)",
            Action::Review => "review problems due again, fresh numbers (R: next one)",
            Action::PanelDown => "scroll the problem panel down",
            Action::PanelUp => "scroll the problem panel up",
            Action::Quit => "quit (your place is saved)",
            Action::Select => "select a sentence: j/k, { } by paragraph, a asks, Esc",
            Action::NextParagraph => "next paragraph",
            Action::PrevParagraph => "this or the previous paragraph",
            Action::Ask => "ask about the sentence",
            Action::WriteNote => "write a note or question on the sentence",
            Action::MyNotes => "my notes and questions",
            Action::MarkAnswered => "mark the note answered",
            Action::Wheel(_) => "scroll the text",
            Action::Resize(..)
            | Action::PromptKey(_)
            | Action::PromptSubmit
            | Action::PromptCancel => return None,
        })
    }
}
