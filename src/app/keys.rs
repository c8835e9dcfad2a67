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
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        other => format!("{other}"),
    };
    if binding.modifiers.contains(KeyModifiers::CONTROL) {
        format!("^{}", name.to_uppercase())
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

/// Typed keys count as one action for joining: they all edit the line.
fn same_action(a: Action, b: Action) -> bool {
    match (a, b) {
        (Action::PromptKey(_), Action::PromptKey(_)) => false,
        _ => a == b,
    }
}

/// The key hint of a panel title: the rows of `groups` whose help is in `wanted`, in
/// that order, as "keys help" joined with ", " (` Enter go / try, n note, a / Esc close `).
pub fn hint(groups: &[&Group], wanted: &[&str], ascii: bool) -> String {
    let rows: Vec<&Row> = groups.iter().flat_map(|g| g.rows).collect();
    let parts: Vec<String> = (wanted.iter())
        .filter_map(|w| rows.iter().find(|r| r.help == *w))
        .map(|r| format!("{} {}", row_keys(r, ascii), r.help))
        .collect();
    format!(" {} ", parts.join(", "))
}
