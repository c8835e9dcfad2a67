//! The contents pane: the lessons with their progress marks, and the open lesson's
//! sections under it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Padding, Paragraph};

use crate::app::{App, Entry, Focus};
use crate::layout::mark;

use super::cut;
use crate::layout::{Theme, wrap};
use unicode_width::UnicodeWidthStr;

/// How far a section's title stands in from its lesson's.
const SECTION_INDENT: &str = "    ";

/// A title in `room` columns: the selected entry's wrapped whole, any other on one
/// line, cut with the theme's mark.
fn title_lines(title: &str, room: usize, selected: bool, theme: Theme) -> Vec<String> {
    if !selected || title.width() <= room || room == 0 {
        return vec![cut(title, room, theme)];
    }
    wrap::wrap(&[Span::raw(title)], room)
        .iter()
        .map(|line| line.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let theme = app.theme();
    let beside_text = app.geometry().reading.is_some();
    let block = if beside_text {
        Block::new()
            .padding(Padding::left(1))
            .borders(Borders::RIGHT)
            .border_set(theme.border())
            .border_style(theme.dim())
    } else {
        Block::new().padding(Padding::horizontal(1))
    };
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let entries = app.entries();
    let height = usize::from(inner.height);
    let width = usize::from(inner.width);
    // Each entry's lines: one, cut with a mark, except the selected entry's (under the
    // cursor while the contents have the focus), which wraps so its whole title shows.
    let mut lines: Vec<Line<'_>> = Vec::new();
    let mut cursor_end = 0;
    for (i, entry) in entries.iter().enumerate() {
        // The entry under the cursor while the learner moves in the contents.
        let selected = i == app.contents_cursor() && app.focus() == Focus::Contents;
        let group = match *entry {
            Entry::Lesson(l) => {
                let style = if l == app.lesson() {
                    theme.accent()
                } else {
                    Style::new()
                };
                let lead = format!("{} ", mark(theme, app.mark(l)));
                let solved = match app.solved_count(l) {
                    (_, 0) => String::new(),
                    (n, of) => format!(" {n}/{of}"),
                };
                let title = format!("{}. {}", l + 1, app.title(l));
                let room = width.saturating_sub(lead.width() + solved.width());
                let pieces = title_lines(&title, room, selected, theme);
                let last = pieces.len() - 1;
                pieces
                    .into_iter()
                    .enumerate()
                    .map(|(k, piece)| {
                        let gap = " ".repeat(room.saturating_sub(piece.width()));
                        let lead = if k == 0 {
                            lead.clone()
                        } else {
                            " ".repeat(lead.width())
                        };
                        let count = if k == last {
                            solved.clone()
                        } else {
                            String::new()
                        };
                        Line::from(vec![
                            Span::raw(lead),
                            Span::styled(piece, style),
                            Span::raw(gap),
                            Span::styled(count, theme.dim()),
                        ])
                    })
                    .collect::<Vec<_>>()
            }
            Entry::Section(s) => {
                let current =
                    app.current_section().map(|c| c.block) == Some(app.sections()[s].block);
                let style = if current {
                    Style::new().add_modifier(Modifier::BOLD)
                } else {
                    theme.dim()
                };
                let title = &app.sections()[s].title;
                title_lines(
                    title,
                    width.saturating_sub(SECTION_INDENT.len()),
                    selected,
                    theme,
                )
                .into_iter()
                .map(|piece| Line::styled(format!("{SECTION_INDENT}{piece}"), style))
                .collect()
            }
        };
        let group = if selected {
            group
                .into_iter()
                .map(|line| line.patch_style(theme.selected()))
                .collect()
        } else {
            group
        };
        lines.extend(group);
        if i == app.contents_cursor() {
            cursor_end = lines.len();
        }
    }
    // The selected entry's last line stays in view.
    let first = cursor_end.saturating_sub(height);
    let lines: Vec<Line<'_>> = lines.into_iter().skip(first).take(height).collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
