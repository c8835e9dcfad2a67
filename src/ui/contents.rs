//! The contents pane: the lessons with their progress marks, and the open lesson's
//! sections under it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Padding, Paragraph};

use crate::app::{App, Entry, Focus};
use crate::layout::mark;

use super::truncate;
use unicode_width::UnicodeWidthStr;

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
    let first = (app.contents_cursor() + 1).saturating_sub(height);
    let lines: Vec<Line<'_>> = entries
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, entry)| {
            let line = match *entry {
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
                    let title = truncate(&title, room);
                    let gap = " ".repeat(room.saturating_sub(title.width()));
                    Line::from(vec![
                        Span::raw(lead),
                        Span::styled(title, style),
                        Span::raw(gap),
                        Span::styled(solved, theme.dim()),
                    ])
                }
                Entry::Section(s) => {
                    let current =
                        app.current_section().map(|c| c.block) == Some(app.sections()[s].block);
                    let style = if current {
                        Style::new().add_modifier(Modifier::BOLD)
                    } else {
                        theme.dim()
                    };
                    Line::styled(
                        truncate(&format!("    {}", app.sections()[s].title), width),
                        style,
                    )
                }
            };
            if i == app.contents_cursor() && app.focus() == Focus::Contents {
                line.patch_style(theme.selected())
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), inner);
}
