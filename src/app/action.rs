//! Everything the learner can ask for, as one vocabulary shared by the keymap, the tests
//! and [`App::update`](super::App::update). What a key does is said once, in the keymap.
//!
//! Extending it: add a variant, bind it in [`keymap`](super::keymap), and handle it in
//! `update`. A new line input (like the `:` scratchpad and a problem's answer; later the
//! ask panel) is a new [`PromptKind`](super::PromptKind): the prompt's editing keys
//! already arrive as `Type`, `Edit`, `PromptSubmit` and `PromptCancel`, each bound in
//! the keymap's typing table.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// One line down in the text, or the next contents entry.
    Down,
    Up,
    PageDown,
    PageUp,
    /// `d` / `u`, Ctrl-D / Ctrl-U: half a page, as in less.
    HalfPageDown,
    HalfPageUp,
    /// A digit: the go-to line, this digit typed (lesson `N`, problem `N.M`).
    GoTo(char),
    /// Ctrl-Z: give the terminal back and stop until `fg`.
    Suspend,
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
    /// `E`: the paper lens, a line to paste an equation into.
    Explain,
    /// Open the glossary (`i`).
    Glossary,
    /// Backspace: back to where the last jump (from the glossary, the ask panel, the
    /// notes) left from.
    Back,
    /// Open the `:` scratchpad.
    Scratchpad,
    /// `R`: review the problems due, or go on to the next one of the review.
    Review,
    /// Ctrl-G: where am I (lesson, section, line, how far in), as less says it.
    WhereAmI,
    /// In the go-to line, after its digits: `N%` / `Np` goes N percent into the lesson,
    /// `NG` / `Ng` to its line N (less's counts).
    GoPercent,
    GoLine,
    /// A key the mode does not bind: the status bar says so, and that `?` lists them.
    Unbound(
        ratatui::crossterm::event::KeyCode,
        ratatui::crossterm::event::KeyModifiers,
    ),
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
    /// A character typed into the open line (a key no table binds, in a typing mode).
    Type(char),
    /// An edit of the open line (the readline keys of the typing table).
    Edit(Edit),
    /// Up/Down in a line with a history: an older or a newer line (answers, searches,
    /// the scratchpad's).
    Older,
    Newer,
    /// Tab in the scratchpad: send its last value to the current problem's answer.
    SendValue,
    PromptSubmit,
    PromptCancel,
}

/// What an editing key does to the open line; `tui_input` carries it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Start,
    End,
    CharBack,
    CharForward,
    WordBack,
    WordForward,
    DeleteToStart,
    DeleteWordBack,
    DeleteToEnd,
    DeleteBack,
    DeleteForward,
}

impl Action {
    /// Whether the action scrolls the text by an amount (a line, a page, the wheel)
    /// rather than jumping to a place.
    pub fn moves_text(self) -> bool {
        matches!(
            self,
            Action::Down
                | Action::Up
                | Action::PageDown
                | Action::PageUp
                | Action::HalfPageDown
                | Action::HalfPageUp
                | Action::Wheel(_)
        )
    }
}
