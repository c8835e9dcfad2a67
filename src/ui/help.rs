//! The `?` overlay, generated from the keymap so it lists exactly the keys that work.
//! Descriptions wrap on a narrow screen; `j`/`k` scroll when the rows do not fit.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph};
use unicode_width::UnicodeWidthStr;

use crate::app::keymap::help_rows;
use crate::app::{App, HelpView};
use crate::layout::wrap::wrap;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, view: &HelpView) {
    let scroll = view.scroll;
    let theme = app.theme();
    let rows = help_rows(theme.ascii);
    let key_width = rows.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    let text_width = rows.iter().map(|(_, d)| d.width()).max().unwrap_or(0);
    // Borders and padding take 4 columns, the key column and its gap the rest.
    let width = (key_width + 2 + text_width + 4).min(usize::from(area.width));
    let room = width.saturating_sub(key_width + 2 + 4).max(1);
    let mut lines: Vec<Line<'_>> = Vec::new();
    for (keys, what) in rows.iter().skip(scroll) {
        for (i, part) in wrap(&[Span::raw(*what)], room).into_iter().enumerate() {
            let lead = if i == 0 { keys.as_str() } else { "" };
            let mut spans = vec![Span::styled(
                format!("{lead:<key_width$}  "),
                theme.accent(),
            )];
            spans.extend(part.spans);
            lines.push(Line::from(spans));
        }
    }
    let height = (lines.len() + 2).min(usize::from(area.height.saturating_sub(1)));
    let rect = Rect {
        x: area.x + (area.width - width as u16) / 2,
        y: area.y + (area.height.saturating_sub(1) - height as u16) / 2,
        width: width as u16,
        height: height as u16,
    };
    let title = if lines.len() + 2 > height || scroll > 0 {
        " keys (j k scroll, other keys close) "
    } else {
        " keys (any other key closes) "
    };
    let block = Block::new()
        .borders(Borders::ALL)
        .border_set(theme.border())
        .padding(Padding::horizontal(1))
        .title(title);
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}
