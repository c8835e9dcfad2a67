//! The `?` overlay, generated from the keymap so it lists exactly the keys that work.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph};
use unicode_width::UnicodeWidthStr;

use crate::app::App;
use crate::app::keymap::help_rows;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, scroll: usize) {
    let theme = app.theme;
    let rows = help_rows(theme.ascii);
    let key_width = rows.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    let lines: Vec<Line<'_>> = rows
        .iter()
        .skip(scroll.min(rows.len().saturating_sub(1)))
        .map(|(keys, what)| {
            Line::from(vec![
                Span::styled(format!("{keys:<key_width$}  "), theme.accent()),
                Span::raw(*what),
            ])
        })
        .collect();
    let widest = rows.iter().map(|(_, d)| d.width()).max().unwrap_or(0) + key_width + 2;
    let width = (widest as u16 + 4).min(area.width);
    let height = (rows.len() as u16 + 2).min(area.height.saturating_sub(1));
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height.saturating_sub(1) - height) / 2,
        width,
        height,
    };
    let block = Block::new()
        .borders(Borders::ALL)
        .border_set(theme.border())
        .padding(Padding::horizontal(1))
        .title(" keys (any other key closes) ");
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}
