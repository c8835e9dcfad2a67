//! Keys → actions, as data: the same table drives the key handling and the help overlay,
//! so the help can never list a key that does nothing (gitui's `commands()` idea).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};

use super::{Action, Mode};

/// One key of the reading mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
    pub action: Action,
}

const fn key(code: KeyCode, action: Action) -> Binding {
    Binding {
        code,
        modifiers: KeyModifiers::NONE,
        action,
    }
}

const fn ch(c: char, action: Action) -> Binding {
    key(KeyCode::Char(c), action)
}

/// The reading mode's keys, in the order the help lists them.
pub const READING: &[Binding] = &[
    ch('j', Action::Down),
    key(KeyCode::Down, Action::Down),
    ch('k', Action::Up),
    key(KeyCode::Up, Action::Up),
    key(KeyCode::PageDown, Action::PageDown),
    ch(' ', Action::PageDown),
    key(KeyCode::PageUp, Action::PageUp),
    ch('g', Action::Top),
    key(KeyCode::Home, Action::Top),
    ch('G', Action::Bottom),
    key(KeyCode::End, Action::Bottom),
    ch(']', Action::NextLesson),
    ch('[', Action::PrevLesson),
    key(KeyCode::Tab, Action::SwitchFocus),
    key(KeyCode::Enter, Action::Activate),
    ch('t', Action::ToggleContents),
    ch('/', Action::Search),
    ch('n', Action::SearchNext),
    ch('N', Action::SearchPrev),
    key(KeyCode::Esc, Action::Close),
    ch('p', Action::NextProblem),
    ch('P', Action::PrevProblem),
    ch('h', Action::Hint),
    ch('s', Action::Solution),
    ch('y', Action::Confirm),
    ch('A', Action::Another),
    ch(':', Action::Scratchpad),
    ch('R', Action::Review),
    ch('i', Action::Glossary),
    key(KeyCode::Backspace, Action::Back),
    ch('J', Action::PanelDown),
    ch('K', Action::PanelUp),
    ch('v', Action::Select),
    ch('m', Action::MyNotes),
    ch('?', Action::Help),
    ch('q', Action::Quit),
    Binding {
        code: KeyCode::Char('c'),
        modifiers: KeyModifiers::CONTROL,
        action: Action::Quit,
    },
];

/// The sentence cursor's keys (after `v`).
pub const SELECTING: &[Binding] = &[
    ch('j', Action::Down),
    key(KeyCode::Down, Action::Down),
    ch('k', Action::Up),
    key(KeyCode::Up, Action::Up),
    ch('}', Action::NextParagraph),
    ch('{', Action::PrevParagraph),
    ch('a', Action::Ask),
    key(KeyCode::Enter, Action::Ask),
    ch('m', Action::MyNotes),
    ch('i', Action::Glossary),
    key(KeyCode::Backspace, Action::Back),
    ch('v', Action::Select),
    key(KeyCode::Esc, Action::Close),
    ch('q', Action::Quit),
];

/// The ask panel's keys.
pub const ASKING: &[Binding] = &[
    ch('j', Action::Down),
    key(KeyCode::Down, Action::Down),
    ch('k', Action::Up),
    key(KeyCode::Up, Action::Up),
    key(KeyCode::Enter, Action::Activate),
    ch(':', Action::Scratchpad),
    ch('n', Action::WriteNote),
    ch('m', Action::MyNotes),
    ch('i', Action::Glossary),
    key(KeyCode::Backspace, Action::Back),
    ch('a', Action::Ask),
    key(KeyCode::Esc, Action::Close),
    ch('q', Action::Quit),
];

/// The notes view's keys; any other key closes it.
pub const NOTES: &[Binding] = &[
    ch('j', Action::Down),
    key(KeyCode::Down, Action::Down),
    ch('k', Action::Up),
    key(KeyCode::Up, Action::Up),
    key(KeyCode::Enter, Action::Activate),
    ch('x', Action::MarkAnswered),
    ch('i', Action::Glossary),
    key(KeyCode::Backspace, Action::Back),
];

/// Scroll step of one mouse wheel notch.
pub const WHEEL_LINES: i16 = 3;

/// The action of a key in `mode`, if any.
pub fn action_for(mode: &Mode, key: KeyEvent) -> Option<Action> {
    if is_ctrl_c(key) {
        return Some(Action::Quit);
    }
    match mode {
        Mode::Reading => find(READING, key),
        Mode::Select => find(SELECTING, key),
        Mode::Ask => find(ASKING, key),
        Mode::Notes(_) => find(NOTES, key).or(Some(Action::Close)),
        Mode::Help(_) => Some(match key.code {
            KeyCode::Char('j') | KeyCode::Down => Action::Down,
            KeyCode::Char('k') | KeyCode::Up => Action::Up,
            KeyCode::Char('i') => Action::Glossary,
            _ => Action::Close,
        }),
        // Letters type into the filter, so the index moves with the arrows.
        Mode::Glossary(_) => Some(match key.code {
            KeyCode::Down => Action::Down,
            KeyCode::Up => Action::Up,
            KeyCode::PageDown => Action::PageDown,
            KeyCode::PageUp => Action::PageUp,
            KeyCode::Enter => Action::PromptSubmit,
            KeyCode::Esc => Action::PromptCancel,
            _ => Action::PromptKey(key),
        }),
        Mode::Prompt(_) => Some(match key.code {
            KeyCode::Enter => Action::PromptSubmit,
            KeyCode::Esc => Action::PromptCancel,
            _ => Action::PromptKey(key),
        }),
    }
}

fn find(table: &[Binding], key: KeyEvent) -> Option<Action> {
    table.iter().find(|b| matches(b, key)).map(|b| b.action)
}

/// The wheel scrolls the text whatever has the focus.
pub fn mouse_action(event: MouseEvent) -> Option<Action> {
    match event.kind {
        MouseEventKind::ScrollDown => Some(Action::Wheel(WHEEL_LINES)),
        MouseEventKind::ScrollUp => Some(Action::Wheel(-WHEEL_LINES)),
        _ => None,
    }
}

fn is_ctrl_c(key: KeyEvent) -> bool {
    key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
}

/// Shift is part of the character for letters (`G`), so it is ignored for `Char` keys.
fn matches(binding: &Binding, key: KeyEvent) -> bool {
    let mods = match key.code {
        KeyCode::Char(_) => key.modifiers - KeyModifiers::SHIFT,
        _ => key.modifiers,
    };
    binding.code == key.code && binding.modifiers == mods
}

/// How a key is written in the help: `ascii` avoids arrow glyphs.
pub fn key_label(binding: &Binding, ascii: bool) -> String {
    let name = match binding.code {
        KeyCode::Char(' ') => "space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Down => if ascii { "Down" } else { "↓" }.to_string(),
        KeyCode::Up => if ascii { "Up" } else { "↑" }.to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        KeyCode::Home => "Home".to_string(),
        KeyCode::End => "End".to_string(),
        KeyCode::Tab => "Tab".to_string(),
        KeyCode::Enter => "Enter".to_string(),
        KeyCode::Esc => "Esc".to_string(),
        KeyCode::Backspace => "Backspace".to_string(),
        other => format!("{other}"),
    };
    if binding.modifiers.contains(KeyModifiers::CONTROL) {
        format!("Ctrl-{}", name.to_uppercase())
    } else {
        name
    }
}

/// The help overlay's rows: each action once, with all its keys, in table order.
pub fn help_rows(ascii: bool) -> Vec<(String, &'static str)> {
    let mut rows: Vec<(Action, String)> = Vec::new();
    for b in READING {
        let label = key_label(b, ascii);
        match rows.iter_mut().find(|(a, _)| *a == b.action) {
            Some((_, keys)) => {
                keys.push(' ');
                keys.push_str(&label);
            }
            None => rows.push((b.action, label)),
        }
    }
    rows.push((Action::Wheel(WHEEL_LINES), "wheel".to_string()));
    let mut out: Vec<(String, &'static str)> = rows
        .into_iter()
        .filter_map(|(action, keys)| action.describe().map(|d| (keys, d)))
        .collect();
    let (up, down) = if ascii {
        ("Up", "Down")
    } else {
        ("↑", "↓")
    };
    out.extend([
        (
            "j k { }".to_string(),
            "sentence cursor: by sentence, by paragraph",
        ),
        ("a".to_string(), "sentence cursor: ask about the sentence"),
        (
            "Enter : n".to_string(),
            "ask panel: go there or try it, scratchpad, write a note",
        ),
        (
            "Enter x".to_string(),
            "my notes: go to the sentence, mark answered",
        ),
        (
            format!("{up} {down}"),
            "in the scratchpad: walk its history",
        ),
        (
            "Tab".to_string(),
            "in the scratchpad: send the last value to the answer",
        ),
    ]);
    out
}
