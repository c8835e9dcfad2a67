//! Keys → actions, as data: one table per mode is the only place a key is bound, and the
//! same tables make the help overlay, the panel titles' key hints and (tested) the
//! README's key tables, so the help can never list a key that does nothing.
//!
//! A table is a list of [`Group`]s ("reading", "problems", ...), each a list of
//! [`Row`]s: one line of help and the keys it describes.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};

pub use super::keys::{Bind, Group, Row, hint, hint_rows, key_label, row_keys};
use super::{Action, Edit, Mode, PromptKind};

/// What a mode does with a key its table does not bind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rest {
    /// Nothing but a word in the status bar ([`Action::Unbound`]): a key a less or vim
    /// user tries is never ignored silently.
    Nothing,
    /// A character is typed into the line (`Type`); other unbound keys do nothing.
    Type,
    /// It closes the view.
    Close,
}

/// A mode's keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keymap {
    /// What the status bar calls the mode.
    pub name: &'static str,
    pub groups: &'static [&'static Group],
    pub rest: Rest,
}

const fn bind(code: KeyCode, modifiers: KeyModifiers, action: Action) -> Bind {
    Bind {
        code,
        modifiers,
        action,
    }
}

const fn k(code: KeyCode, action: Action) -> Bind {
    bind(code, KeyModifiers::NONE, action)
}

const fn ch(c: char, action: Action) -> Bind {
    k(KeyCode::Char(c), action)
}

const fn ctrl(c: char, action: Action) -> Bind {
    bind(KeyCode::Char(c), KeyModifiers::CONTROL, action)
}

/// A key that edits the open line.
const fn edit(code: KeyCode, modifiers: KeyModifiers, edit: Edit) -> Bind {
    bind(code, modifiers, Action::Edit(edit))
}

const fn alt(c: char, action: Action) -> Bind {
    bind(KeyCode::Char(c), KeyModifiers::ALT, action)
}

const fn row(binds: &'static [Bind], help: &'static str) -> Row {
    Row { binds, help }
}

use Action as A;
use KeyCode as C;

/// `j`/`k` and the arrows: a line, a sentence, an item, by mode.
const LINE_KEYS: &[Bind] = &[
    ch('j', A::Down),
    k(C::Down, A::Down),
    ch('k', A::Up),
    k(C::Up, A::Up),
];

/// Keys that mean the same in every mode, typing included.
const GLOBAL: Group = Group {
    title: "",
    rows: &[
        row(&[ctrl('c', A::Quit)], "quit"),
        row(&[ctrl('z', A::Suspend)], "suspend"),
    ],
};

pub const ANYWHERE: Group = Group {
    title: "anywhere",
    rows: &[
        row(&[ch('q', A::Quit), ctrl('c', A::Quit)], "quit (saved)"),
        row(&[ch('?', A::Help)], "this help"),
        row(&[ctrl('z', A::Suspend)], "suspend"),
        row(&[ch('i', A::Glossary)], "glossary"),
        row(&[ch('m', A::MyNotes)], "my notes"),
        row(&[k(C::Backspace, A::Back)], "back"),
    ],
};

pub const READING_KEYS: Group = Group {
    title: "reading",
    rows: &[
        // less's and vim's line keys too.
        row(
            &[
                ch('j', A::Down),
                k(C::Down, A::Down),
                ctrl('e', A::Down),
                ctrl('n', A::Down),
                ch('k', A::Up),
                k(C::Up, A::Up),
                ctrl('y', A::Up),
                ctrl('p', A::Up),
            ],
            "line",
        ),
        row(
            &[
                k(C::PageDown, A::PageDown),
                ch(' ', A::PageDown),
                ch('f', A::PageDown),
                ctrl('f', A::PageDown),
                ch('z', A::PageDown),
                k(C::PageUp, A::PageUp),
                ch('b', A::PageUp),
                ctrl('b', A::PageUp),
                ch('w', A::PageUp),
            ],
            "page",
        ),
        row(
            &[
                ch('d', A::HalfPageDown),
                ctrl('d', A::HalfPageDown),
                ch('u', A::HalfPageUp),
                ctrl('u', A::HalfPageUp),
            ],
            "half page",
        ),
        row(
            &[
                ch('g', A::Top),
                k(C::Home, A::Top),
                ch('G', A::Bottom),
                k(C::End, A::Bottom),
            ],
            "top/end",
        ),
        row(
            &[ch(']', A::NextLesson), ch('[', A::PrevLesson)],
            "lesson +1/-1",
        ),
        row(
            &[
                ch('0', A::GoTo('0')),
                ch('1', A::GoTo('1')),
                ch('2', A::GoTo('2')),
                ch('3', A::GoTo('3')),
                ch('4', A::GoTo('4')),
                ch('5', A::GoTo('5')),
                ch('6', A::GoTo('6')),
                ch('7', A::GoTo('7')),
                ch('8', A::GoTo('8')),
                ch('9', A::GoTo('9')),
            ],
            "go to N, N.M, N.Ms",
        ),
        row(&[ctrl('g', A::WhereAmI)], "where am I"),
        row(&[ch('E', A::Explain)], "explain an equation"),
        row(&[k(C::Tab, A::SwitchFocus)], "focus"),
        row(&[ch('t', A::ToggleContents)], "contents"),
        row(&[k(C::Enter, A::Activate)], "open, answer"),
        row(&[k(C::Esc, A::Close)], "close"),
    ],
};

pub const SEARCHING: Group = Group {
    title: "search",
    rows: &[
        row(&[ch('/', A::Search)], "search"),
        row(
            &[ch('n', A::SearchNext), ch('N', A::SearchPrev)],
            "match +1/-1",
        ),
    ],
};

pub const PROBLEMS: Group = Group {
    title: "problems",
    rows: &[
        row(
            &[ch('p', A::NextProblem), ch('P', A::PrevProblem)],
            "problem +1/-1",
        ),
        row(&[ch('h', A::Hint)], "hint"),
        row(&[ch('s', A::Solution)], "solution"),
        row(&[ch('y', A::Confirm)], "yes, show it"),
        row(&[ch('A', A::Another)], "new numbers"),
        row(
            &[ch('J', A::PanelDown), ch('K', A::PanelUp)],
            "scroll panel",
        ),
        row(&[ch('R', A::Review)], "review"),
        row(&[ch(':', A::Scratchpad)], "scratchpad"),
        row(&[ch('v', A::Select)], "sentence"),
    ],
};

pub const SENTENCE: Group = Group {
    title: "sentence (v)",
    rows: &[
        row(LINE_KEYS, "sentence"),
        row(
            &[ch('}', A::NextParagraph), ch('{', A::PrevParagraph)],
            "paragraph",
        ),
        row(&[ch('a', A::Ask), k(C::Enter, A::Ask)], "ask"),
        row(&[ch('v', A::Close), k(C::Esc, A::Close)], "leave"),
    ],
};

pub const ASK: Group = Group {
    title: "ask panel (a)",
    rows: &[
        row(LINE_KEYS, "item"),
        row(&[k(C::Enter, A::Activate)], "go / try"),
        row(&[ch(':', A::Scratchpad)], "scratchpad"),
        row(&[ch('n', A::WriteNote)], "note"),
        row(&[ch('a', A::Close), k(C::Esc, A::Close)], "close"),
    ],
};

pub const NOTES: Group = Group {
    title: "my notes (m)",
    rows: &[
        row(LINE_KEYS, "note"),
        row(&[k(C::Enter, A::Activate)], "go there"),
        row(&[ch('x', A::MarkAnswered)], "answered"),
        row(&[k(C::Esc, A::Close)], "close"),
    ],
};

pub const SCRATCHPAD: Group = Group {
    title: "scratchpad (:)",
    rows: &[
        row(&[k(C::Enter, A::PromptSubmit)], "run"),
        row(&[k(C::Tab, A::SendValue)], "to answer"),
    ],
};

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// The keys that edit a line, in every line and the glossary's filter.
const EDITS: [Row; 5] = [
    row(
        &[
            ctrl('a', A::Edit(Edit::Start)),
            edit(C::Home, NONE, Edit::Start),
            ctrl('e', A::Edit(Edit::End)),
            edit(C::End, NONE, Edit::End),
        ],
        "ends",
    ),
    row(
        &[
            ctrl('b', A::Edit(Edit::CharBack)),
            edit(C::Left, NONE, Edit::CharBack),
            ctrl('f', A::Edit(Edit::CharForward)),
            edit(C::Right, NONE, Edit::CharForward),
        ],
        "char",
    ),
    row(
        &[
            alt('b', A::Edit(Edit::WordBack)),
            edit(C::Left, CTRL, Edit::WordBack),
            alt('f', A::Edit(Edit::WordForward)),
            edit(C::Right, CTRL, Edit::WordForward),
        ],
        "word",
    ),
    row(
        &[
            ctrl('u', A::Edit(Edit::DeleteToStart)),
            ctrl('w', A::Edit(Edit::DeleteWordBack)),
            ctrl('k', A::Edit(Edit::DeleteToEnd)),
        ],
        "delete",
    ),
    row(
        &[
            edit(C::Backspace, NONE, Edit::DeleteBack),
            edit(C::Delete, NONE, Edit::DeleteForward),
        ],
        "erase",
    ),
];

/// The glossary's filter edits as a line does (its Up/Down select a term).
const FILTER: Group = Group {
    title: "",
    rows: &EDITS,
};

/// Every line's editing keys (readline's usual ones) and its history (a problem's
/// answers, the searches, the scratchpad's lines; a note or go-to line has none); other
/// keys without Ctrl or Alt are typed. Help lines are short: at 80x24 the whole help
/// shows at once.
pub const TYPING: Group = Group {
    title: "typing a line",
    rows: &[
        row(
            &[k(C::Enter, A::PromptSubmit), k(C::Esc, A::PromptCancel)],
            "ok/cancel",
        ),
        EDITS[0],
        EDITS[1],
        EDITS[2],
        EDITS[3],
        EDITS[4],
        row(&[k(C::Up, A::Older), k(C::Down, A::Newer)], "history"),
    ],
};

pub const GLOSSARY: Group = Group {
    title: "glossary (i)",
    rows: &[
        row(
            &[
                k(C::Down, A::Down),
                k(C::Up, A::Up),
                k(C::PageDown, A::PageDown),
                k(C::PageUp, A::PageUp),
            ],
            "term",
        ),
        row(&[k(C::Enter, A::PromptSubmit)], "go there"),
        row(&[k(C::Esc, A::PromptCancel)], "close"),
    ],
};

pub const HELP: Group = Group {
    title: "this help (?)",
    rows: &[
        row(LINE_KEYS, "down / up"),
        row(
            &[
                k(C::PageDown, A::PageDown),
                ch(' ', A::PageDown),
                ch('f', A::PageDown),
                k(C::PageUp, A::PageUp),
                ch('b', A::PageUp),
            ],
            "page",
        ),
        row(&[ch('g', A::Top), ch('G', A::Bottom)], "top/end"),
        row(&[ch('i', A::Glossary)], "glossary"),
        row(&[k(C::Esc, A::Close), ch('q', A::Close)], "close"),
    ],
};

pub const READING: Keymap = Keymap {
    name: "reading",
    groups: &[&ANYWHERE, &READING_KEYS, &SEARCHING, &PROBLEMS],
    rest: Rest::Nothing,
};

pub const SELECTING: Keymap = Keymap {
    name: "sentence",
    groups: &[&SENTENCE, &ANYWHERE],
    rest: Rest::Nothing,
};

pub const ASKING: Keymap = Keymap {
    name: "ask",
    groups: &[&ASK, &ANYWHERE],
    rest: Rest::Nothing,
};

pub const NOTES_VIEW: Keymap = Keymap {
    name: "my notes",
    groups: &[&NOTES, &ANYWHERE],
    rest: Rest::Close,
};

pub const HELP_VIEW: Keymap = Keymap {
    name: "help",
    groups: &[&HELP],
    rest: Rest::Close,
};

/// The paper lens (`E`): the legend's entries, each a link to its section. Like the
/// help's own keys, listed in the lens's title and the README, not in the `?` overlay.
pub const LENS: Group = Group {
    title: "paper lens (E)",
    rows: &[
        row(LINE_KEYS, "entry"),
        row(
            &[k(C::Enter, A::Activate)],
            "go to its section (Backspace comes back)",
        ),
        row(&[k(C::Esc, A::Close), ch('E', A::Close)], "close"),
    ],
};

pub const LENS_VIEW: Keymap = Keymap {
    name: "the lens",
    groups: &[&LENS, &ANYWHERE],
    rest: Rest::Nothing,
};

pub const GLOSSARY_VIEW: Keymap = Keymap {
    name: "glossary",
    groups: &[&GLOSSARY, &FILTER],
    rest: Rest::Type,
};

pub const SCRATCH_LINE: Keymap = Keymap {
    name: "scratchpad",
    groups: &[&SCRATCHPAD, &TYPING],
    rest: Rest::Type,
};

pub const ANSWER_LINE: Keymap = Keymap {
    name: "answer",
    groups: &[&TYPING],
    rest: Rest::Type,
};

/// The go-to line's counts, as less reads a number typed before a command (the help
/// names them in the digits' row, which is where the learner meets them).
pub const COUNTS: Group = Group {
    title: "go-to line (0-9)",
    rows: &[row(
        &[
            ch('%', A::GoPercent),
            ch('p', A::GoPercent),
            ch('G', A::GoLine),
            ch('g', A::GoLine),
        ],
        "N% / line N",
    )],
};

pub const GOTO_LINE: Keymap = Keymap {
    name: "go to",
    groups: &[&COUNTS, &TYPING],
    rest: Rest::Type,
};

/// Search and note lines.
pub const LINE: Keymap = Keymap {
    name: "typing",
    groups: &[&TYPING],
    rest: Rest::Type,
};

/// The help overlay's groups, in order: quit first, then by what the learner is doing.
/// At 80x24 they fill three columns exactly: reading; search, problems, the sentence
/// cursor and the notes; the ask panel and the lines one types in.
pub const HELP_ORDER: &[&Group] = &[
    &ANYWHERE,
    &READING_KEYS,
    &SEARCHING,
    &PROBLEMS,
    &SENTENCE,
    &NOTES,
    &ASK,
    &SCRATCHPAD,
    &TYPING,
    &GLOSSARY,
];

/// Scroll step of one mouse wheel notch.
pub const WHEEL_LINES: i16 = 3;

/// The keys of `mode`.
pub fn keymap(mode: &Mode) -> &'static Keymap {
    match mode {
        Mode::Reading => &READING,
        Mode::Select(_) => &SELECTING,
        Mode::Ask(_) => &ASKING,
        Mode::Notes(_) => &NOTES_VIEW,
        Mode::Help(_) => &HELP_VIEW,
        Mode::Glossary(_) => &GLOSSARY_VIEW,
        Mode::Lens(_) => &LENS_VIEW,
        Mode::Prompt(p) => match p.kind {
            PromptKind::Scratchpad => &SCRATCH_LINE,
            PromptKind::Answer(_) => &ANSWER_LINE,
            PromptKind::GoTo => &GOTO_LINE,
            PromptKind::Search | PromptKind::Note(_) | PromptKind::Explain => &LINE,
        },
    }
}

/// The action of a key in `mode`, if any.
pub fn action_for(mode: &Mode, key: KeyEvent) -> Option<Action> {
    let map = keymap(mode);
    let found = std::iter::once(&GLOBAL)
        .chain(map.groups.iter().copied())
        .flat_map(|g| g.rows)
        .flat_map(|r| r.binds)
        .find(|b| matches(b, key));
    match (found.map(|b| b.action), map.rest) {
        (Some(action), _) => Some(action),
        (None, Rest::Type) => typed(key).map(Action::Type),
        (None, Rest::Close) => Some(Action::Close),
        (None, Rest::Nothing) => Some(Action::Unbound(key.code, key.modifiers)),
    }
}

/// The character an unbound key types: a character without Ctrl or Alt (Shift is
/// part of it). Other unbound keys do nothing in a line.
fn typed(key: KeyEvent) -> Option<char> {
    let held = key.modifiers - KeyModifiers::SHIFT;
    match key.code {
        KeyCode::Char(c) if held.is_empty() => Some(c),
        _ => None,
    }
}

/// The wheel scrolls the text whatever has the focus.
pub fn mouse_action(event: MouseEvent) -> Option<Action> {
    match event.kind {
        MouseEventKind::ScrollDown => Some(Action::Wheel(WHEEL_LINES)),
        MouseEventKind::ScrollUp => Some(Action::Wheel(-WHEEL_LINES)),
        _ => None,
    }
}

/// Shift is part of the character for letters (`G`), so it is ignored for `Char` keys.
fn matches(binding: &Bind, key: KeyEvent) -> bool {
    let mods = match key.code {
        KeyCode::Char(_) => key.modifiers - KeyModifiers::SHIFT,
        _ => key.modifiers,
    };
    binding.code == key.code && binding.modifiers == mods
}
