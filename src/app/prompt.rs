//! The one-line input at the bottom of the screen: search, the scratchpad, an answer.
//! Editing is `tui_input`'s (cursor, word moves, kill and yank); this module only says
//! which key asks for which edit.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tui_input::{Input, InputRequest};

/// Longest line a prompt takes: answers and expressions are typed by hand, and a paste
/// of megabytes must not reach the evaluator on every keystroke.
pub const MAX_PROMPT_CHARS: usize = crate::problems::problem::MAX_INPUT;

/// A one-line input and what it is for.
#[derive(Debug, Clone)]
pub struct Prompt {
    pub kind: PromptKind,
    pub input: Input,
}

impl PartialEq for Prompt {
    fn eq(&self, other: &Prompt) -> bool {
        self.kind == other.kind
            && self.input.value() == other.input.value()
            && self.input.cursor() == other.input.cursor()
    }
}

impl Eq for Prompt {}

impl Prompt {
    pub fn new(kind: PromptKind, text: &str) -> Prompt {
        Prompt {
            kind,
            input: Input::new(text.to_string()),
        }
    }

    pub fn text(&self) -> &str {
        self.input.value()
    }

    /// Applies an editing key; false when the key is not an edit (the caller may give it
    /// another meaning, e.g. the scratchpad's history).
    pub fn edit(&mut self, key: KeyEvent) -> bool {
        let Some(request) = request_for(key) else {
            return false;
        };
        if matches!(request, InputRequest::InsertChar(_))
            && self.input.value().chars().count() >= MAX_PROMPT_CHARS
        {
            return true;
        }
        self.input.handle(request);
        true
    }
}

/// Readline's usual keys: arrows, Home/End, Ctrl-A/E/W/U/K, Alt-B/F.
fn request_for(key: KeyEvent) -> Option<InputRequest> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let alt = key.modifiers.contains(KeyModifiers::ALT);
    Some(match key.code {
        KeyCode::Char('a') if ctrl => InputRequest::GoToStart,
        KeyCode::Char('e') if ctrl => InputRequest::GoToEnd,
        KeyCode::Char('w') if ctrl => InputRequest::DeletePrevWord,
        KeyCode::Char('u') if ctrl => InputRequest::DeleteFromStart,
        KeyCode::Char('k') if ctrl => InputRequest::DeleteTillEnd,
        KeyCode::Char('b') if alt => InputRequest::GoToPrevWord,
        KeyCode::Char('f') if alt => InputRequest::GoToNextWord,
        KeyCode::Char(c) if !ctrl && !alt => InputRequest::InsertChar(c),
        KeyCode::Backspace => InputRequest::DeletePrevChar,
        KeyCode::Delete => InputRequest::DeleteNextChar,
        KeyCode::Left if ctrl => InputRequest::GoToPrevWord,
        KeyCode::Right if ctrl => InputRequest::GoToNextWord,
        KeyCode::Left => InputRequest::GoToPrevChar,
        KeyCode::Right => InputRequest::GoToNextChar,
        KeyCode::Home => InputRequest::GoToStart,
        KeyCode::End => InputRequest::GoToEnd,
        _ => return None,
    })
}

/// What a prompt's text is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    Search,
    /// `:`: an evaluator expression, run in the session's environment.
    Scratchpad,
    /// The answer to a problem.
    Answer(super::ProblemRef),
    /// A note or question on the sentence of the open ask panel.
    Note,
}

impl PromptKind {
    /// What is shown before the input.
    pub fn lead(self) -> String {
        match self {
            PromptKind::Search => "/".to_string(),
            PromptKind::Scratchpad => ":".to_string(),
            PromptKind::Answer(p) => format!("answer {}: ", p.label()),
            PromptKind::Note => "note: ".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(p: &mut Prompt, code: KeyCode, mods: KeyModifiers) -> bool {
        p.edit(KeyEvent::new(code, mods))
    }

    #[test]
    fn the_cursor_moves_and_text_is_inserted_where_it_stands() {
        let mut p = Prompt::new(PromptKind::Search, "sfmax");
        press(&mut p, KeyCode::Home, KeyModifiers::NONE);
        press(&mut p, KeyCode::Right, KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('o'), KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('f'), KeyModifiers::NONE);
        press(&mut p, KeyCode::Char('t'), KeyModifiers::NONE);
        // The cursor stands before the old "f": Delete removes it.
        press(&mut p, KeyCode::Delete, KeyModifiers::NONE);
        assert_eq!(p.text(), "softmax");
        assert_eq!(p.input.cursor(), 4);
    }

    #[test]
    fn up_down_and_ctrl_keys_other_than_edits_are_left_to_the_caller() {
        let mut p = Prompt::new(PromptKind::Scratchpad, "x");
        assert!(!press(&mut p, KeyCode::Up, KeyModifiers::NONE));
        assert!(!press(&mut p, KeyCode::Tab, KeyModifiers::NONE));
        assert!(press(&mut p, KeyCode::Char('w'), KeyModifiers::CONTROL));
        assert_eq!(p.text(), "");
    }

    #[test]
    fn input_stops_growing_at_the_limit() {
        let mut p = Prompt::new(PromptKind::Scratchpad, &"1".repeat(MAX_PROMPT_CHARS));
        press(&mut p, KeyCode::Char('2'), KeyModifiers::NONE);
        assert_eq!(p.text().len(), MAX_PROMPT_CHARS);
    }
}
