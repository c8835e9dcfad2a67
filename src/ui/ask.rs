//! The ask panel, drawn in the bottom pane: the sentence's terms with their definitions
//! (math drawn), the computed claims behind it with their live values, the places it
//! refers to, and the learner's notes on it. The item under the cursor is marked and
//! always in view.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::cut;
use crate::app::keymap;
use crate::app::{Action, App, AskItem, Mode};
use crate::layout::{self, wrap::wrap};

/// The sentence, its math drawn, cut to fit beside the keys.
pub(super) fn title(app: &App) -> String {
    let text = app.ask().map_or("", |a| a.text.as_str());
    let drawn = layout::inline_text(text, app.theme());
    let cut = cut(&drawn, 28, app.theme());
    format!(" ask: {cut} ")
}

/// Text from the course or the progress file as it may be drawn: one line, hidden
/// characters (an imported record could hold escape sequences) replaced visibly by
/// [`crate::sanitize`] before any width is measured, folded in ASCII mode.
pub(super) fn drawable(app: &App, text: &str) -> String {
    let clean = crate::sanitize::one_line(text);
    if app.theme().ascii {
        layout::ascii::fold(&clean).into_owned()
    } else {
        clean
    }
}

pub(super) fn keys(app: &App) -> String {
    let ascii = app.theme().ascii;
    if matches!(app.mode(), Mode::Prompt(_)) {
        keymap::hint(&[&keymap::TYPING], &[Action::PromptSubmit], ascii)
    } else {
        keymap::hint(
            &[&keymap::ASK],
            &[Action::Activate, Action::WriteNote],
            ascii,
        )
    }
}

/// The panel's lines for `height` rows, scrolled so that the selected item shows.
pub(super) fn lines(app: &App, width: usize, height: usize) -> Vec<Line<'static>> {
    let Some(ask) = &app.ask() else {
        return Vec::new();
    };
    let theme = app.theme();
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut selected = (0, 0);
    let mut heading = "";
    for (i, item) in ask.items.iter().enumerate() {
        let group = group_of(item);
        if group != heading {
            heading = group;
            out.push(Line::styled(group.to_string(), theme.accent()));
        }
        let start = out.len();
        out.extend(item_lines(app, item, i == ask.cursor, width));
        if i == ask.cursor {
            selected = (start, out.len());
        }
    }
    if ask.items.is_empty() {
        out.extend(wrap(
            &[Span::styled(
                "The course has nothing more to say about this sentence.",
                theme.dim(),
            )],
            width,
        ));
    }
    out.extend(wrap(
        &[Span::styled(
            "n: write your own question or note on this sentence.",
            theme.dim(),
        )],
        width,
    ));
    super::window(out, selected, height)
}

fn group_of(item: &AskItem) -> &'static str {
    match item {
        AskItem::Term { .. } => "Terms and symbols",
        AskItem::Claim { .. } => "Computed here (Enter opens the scratchpad)",
        AskItem::Link { .. } => "Refers to",
        AskItem::Equation(_) => "Equations (Enter explains them in the paper lens)",
        AskItem::Note(_) => "Your notes (Enter marks answered)",
    }
}

fn item_lines(app: &App, item: &AskItem, selected: bool, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let mark = match (selected, theme.ascii) {
        (true, true) => "> ",
        (true, false) => "▸ ",
        (false, _) => "  ",
    };
    let head_style = if selected {
        theme.selected()
    } else {
        Style::new()
    };
    let inner = width.saturating_sub(4).max(1);
    let indent = |lines: Vec<Line<'static>>| {
        lines.into_iter().map(|mut l| {
            l.spans.insert(0, Span::raw("    "));
            l
        })
    };
    let head = |text: String| {
        let text = cut(&drawable(app, &text), width.saturating_sub(2), app.theme());
        Line::from(vec![Span::raw(mark), Span::styled(text, head_style)])
    };
    let mut out = Vec::new();
    match item {
        AskItem::Term {
            name,
            definition: text,
            shape,
            introduced,
            ..
        } => {
            let shape = shape
                .as_ref()
                .map_or_else(String::new, |s| format!(" ({s})"));
            out.push(head(format!("{name}{shape}")));
            out.extend(indent(app.definition(text, inner).to_vec()));
            let place = format!("introduced in {introduced}");
            out.extend(indent(wrap(&[Span::styled(place, theme.dim())], inner)));
        }
        AskItem::Claim {
            expr,
            expected,
            value,
        } => {
            out.push(head(expr.clone()));
            let (now, style) = match value {
                Ok(v) => (format!("= {v}   (the text says {expected})"), Style::new()),
                Err(e) => (format!("error: {e}"), theme.error()),
            };
            let now = drawable(app, &now);
            out.extend(indent(wrap(&[Span::styled(now, style)], inner)));
        }
        AskItem::Link { label, .. } => out.push(head(label.clone())),
        AskItem::Equation(tex) => {
            let opts = crate::math::Options { ascii: theme.ascii };
            out.push(head(
                crate::math::inline(tex, &opts).unwrap_or_else(|_| tex.clone()),
            ));
        }
        AskItem::Note(note) => {
            let done = if note.answered { "[x] " } else { "[ ] " };
            out.push(head(format!("{done}{}", note.text)));
        }
    }
    out
}
