//! The `?` overlay: draws the page [`crate::app::help`] laid out (groups in columns, or
//! one paged column with a "more below" mark), so it lists exactly the keys that work.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph};

use crate::app::help::{self, HelpLine};
use crate::app::{Action, App, HelpView, keymap};

/// The box's title: what closes it, as the help's own keymap binds it (in the help, `q`
/// closes the help; it quits only from the text).
fn title(ascii: bool) -> String {
    let close = keymap::hint(&[&keymap::HELP], &[Action::Close], ascii);
    format!(" keys:{}this help ", close)
}

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, view: &HelpView) {
    let theme = app.theme();
    let page = help::page((area.width, area.height), theme.ascii);
    let borders = match page.bottom {
        true => Borders::ALL,
        false => Borders::ALL - Borders::BOTTOM,
    };
    let mut block = Block::new()
        .borders(borders)
        .border_set(theme.border())
        .padding(Padding::horizontal(1))
        .title(title(theme.ascii));
    let scroll = if page.paged() { view.scroll } else { 0 };
    if page.paged() {
        let more = scroll < page.last_top();
        let mark = if more {
            " more below: space, j, G "
        } else {
            " end: k, b, g go back "
        };
        block = block.title_bottom(Line::styled(mark, theme.dim()).right_aligned());
    }
    let inner = block.inner(page.area);
    frame.render_widget(Clear, page.area);
    frame.render_widget(block, page.area);
    for (i, column) in page.columns.iter().enumerate() {
        let x = inner.x + (i * (page.column_width + 2)) as u16;
        let lines: Vec<Line<'_>> = column
            .iter()
            .skip(scroll)
            .take(page.height)
            .map(|line| match line {
                HelpLine::Heading(title) => Line::styled(title.as_str(), theme.accent()),
                HelpLine::Keys { keys, text } => Line::from(vec![
                    Span::styled(keys.as_str(), theme.accent()),
                    Span::raw(if keys.is_empty() { "" } else { " " }),
                    Span::raw(text.as_str()),
                ]),
            })
            .collect();
        let rect = Rect {
            x,
            width: (page.column_width as u16).min(inner.right().saturating_sub(x)),
            ..inner
        };
        frame.render_widget(Paragraph::new(lines), rect);
    }
}
