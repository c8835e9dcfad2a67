//! "My notes" (`m`): a full-screen list of the learner's notes and questions, by lesson,
//! each with the sentence it is on; the orphans (sentence no longer found) last.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::ask::drawable;
use super::cut;
use crate::app::keymap;
use crate::app::{Action, App, NotesView};
use crate::layout::{self, wrap::wrap};

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, view: &NotesView) {
    let cursor = view.cursor;
    let theme = app.theme();
    let block = super::overlay(
        &theme,
        format!(
            " my notes:{}",
            keymap::hint(
                &[&keymap::NOTES, &keymap::ANYWHERE],
                &[
                    Action::Activate,
                    Action::MarkAnswered,
                    Action::Back,
                    Action::Close
                ],
                theme.ascii
            )
        ),
    );
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected = (0, 0);
    let mut group = String::new();
    for (i, row) in view.rows.iter().enumerate() {
        let note = &row.note;
        let heading = match row.at {
            Some((lesson, _)) => format!("Lesson {}: {}", lesson + 1, app.title(lesson)),
            None => "Orphans: the sentence is no longer in the course".to_string(),
        };
        if heading != group {
            let shown = drawable(app, &heading);
            lines.push(Line::styled(cut(&shown, width, theme), theme.accent()));
            group = heading;
        }
        let start = lines.len();
        let mark = if note.answered { "[x]" } else { "[ ]" };
        let style = if i == cursor {
            theme.selected()
        } else {
            Style::new()
        };
        let text = drawable(app, &format!("{mark} {}", note.text));
        lines.push(Line::styled(cut(&text, width, theme), style));
        // Orphans name their lesson: no heading above says which.
        let place = match (row.at, note.section.is_empty()) {
            (Some(_), true) => "opening".to_string(),
            (Some(_), false) => note.section.clone(),
            (None, _) => format!("{} {}", note.lesson, note.section),
        };
        let sentence = layout::inline_text(&note.sentence, app.theme());
        let quoted = drawable(app, &format!("{place}: \"{sentence}\""));
        for mut l in wrap(
            &[Span::styled(quoted, theme.dim())],
            width.saturating_sub(4),
        ) {
            l.spans.insert(0, Span::raw("    "));
            lines.push(l);
        }
        selected = if i == cursor {
            (start, lines.len())
        } else {
            selected
        };
    }
    if view.rows.is_empty() {
        lines.push(Line::raw("No notes yet."));
        lines.push(Line::styled(
            "v selects a sentence, a asks about it, n writes a note there.",
            theme.dim(),
        ));
    }
    let height = usize::from(inner.height);
    let shown = super::window(lines, selected, height);
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(shown).block(block), area);
}
