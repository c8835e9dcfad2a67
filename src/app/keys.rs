//! The keymap's building blocks (a key, a row of help, a group of rows) and how keys
//! are written: in the help overlay, the panel titles' hints and
//! the README's key tables (a test compares those with the keymap).

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use super::Action;

/// One key and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bind {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
    pub action: Action,
}

/// One line of the help: its keys and what they do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub binds: &'static [Bind],
    pub help: &'static str,
}

/// Rows about one thing the learner is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    pub title: &'static str,
    pub rows: &'static [Row],
}

/// How a key is written in the help and the README: `ascii` avoids arrow glyphs.
pub fn key_label(binding: &Bind, ascii: bool) -> String {
    let name = match binding.code {
        KeyCode::Char(' ') => "space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Down => if ascii { "Down" } else { "↓" }.to_string(),
        KeyCode::Up => if ascii { "Up" } else { "↑" }.to_string(),
        KeyCode::Left => if ascii { "<-" } else { "←" }.to_string(),
        KeyCode::Right => if ascii { "->" } else { "→" }.to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        // Named here, not by crossterm, whose names change with the platform.
        KeyCode::Backspace => "Backspace".to_string(),
        KeyCode::Delete => "Del".to_string(),
        other => format!("{other}"),
    };
    let letter = matches!(binding.code, KeyCode::Char(_));
    if binding.modifiers.contains(KeyModifiers::CONTROL) {
        format!("^{}", if letter { name.to_uppercase() } else { name })
    } else if binding.modifiers.contains(KeyModifiers::ALT) {
        format!("Alt-{name}")
    } else {
        name
    }
}

/// A row's keys: those of one action joined by spaces, actions by " / " (`j ↓ / k ↑`);
/// the ten digits of "go to" read `0-9`.
pub fn row_keys(row: &Row, ascii: bool) -> String {
    if row.binds.len() == 10
        && row
            .binds
            .iter()
            .all(|b| matches!(b.action, Action::GoTo(_)))
    {
        return "0-9".to_string();
    }
    let mut out = String::new();
    let mut last: Option<Action> = None;
    for b in row.binds {
        let same = last.is_some_and(|a| same_action(a, b.action));
        if !out.is_empty() {
            out.push_str(if same { " " } else { " / " });
        }
        out.push_str(&key_label(b, ascii));
        last = Some(b.action);
    }
    out
}

fn same_action(a: Action, b: Action) -> bool {
    a == b
}

/// The key hint of a panel title: for each action of `wanted`, in that order, the first
/// row of `groups` that binds it, as "keys help" joined with ", "
/// (` Enter go / try, n note, a / Esc close `). Looked up by action, so rewording a help
/// line keeps its hint; an action no row of `groups` binds is a bug, caught by every
/// test that draws the panel.
pub fn hint(groups: &[&Group], wanted: &[Action], ascii: bool) -> String {
    let rows = hint_rows(groups, wanted);
    debug_assert_eq!(rows.len(), wanted.len(), "a hint's action is unbound");
    let parts: Vec<String> = (rows.iter())
        .map(|r| format!("{} {}", row_keys(r, ascii), r.help))
        .collect();
    format!(" {} ", parts.join(", "))
}

/// The rows a hint shows: one per wanted action that some row of `groups` binds.
pub fn hint_rows(groups: &[&Group], wanted: &[Action]) -> Vec<&'static Row> {
    let rows: Vec<&'static Row> = groups.iter().flat_map(|g| g.rows).collect();
    (wanted.iter())
        .filter_map(|w| (rows.iter().copied()).find(|r| r.binds.iter().any(|b| b.action == *w)))
        .collect()
}
