//! A new learner's first screen: a box at the foot of the text that says which course
//! this is, where it stands in its reading track, how long it is, and the keys to start
//! with. The lesson's title above stays in view; the first key closes the box (and does
//! what it says).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph};

use super::ask::drawable;
use crate::app::{Action, App, Welcome, keymap};
use crate::layout::wrap;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, text: Rect, welcome: &Welcome) {
    let theme = app.theme();
    let inner_width = usize::from(text.width.saturating_sub(4));
    if inner_width < 10 {
        return;
    }
    let mut lines: Vec<Line<'_>> = wrap::wrap(
        &[Span::styled(drawable(app, &welcome.intro), theme.accent())],
        inner_width,
    );
    let standing = format!(
        "{} lessons, each with problems on your own numbers; you start at the first.",
        welcome.lessons
    );
    lines.extend(wrap::wrap(&[Span::raw(standing)], inner_width));
    // The keys to start with, as the keymap writes them (the one place a key is bound).
    let groups = [&keymap::ANYWHERE, &keymap::READING_KEYS];
    let wanted = [
        Action::Help,
        Action::PageDown,
        Action::NextLesson,
        Action::Quit,
    ];
    let keys = keymap::hint(&groups, &wanted, theme.ascii);
    lines.extend(wrap::wrap(
        &[Span::styled(keys.trim().to_string(), theme.dim())],
        inner_width,
    ));
    let height = (lines.len() as u16 + 2).min(text.height);
    let area = Rect {
        x: text.x,
        y: text.y + text.height - height,
        width: text.width,
        height,
    };
    let block = Block::new()
        .borders(Borders::ALL)
        .border_set(theme.border())
        .border_style(theme.dim())
        .padding(Padding::horizontal(1))
        .title(Span::styled(" welcome ", theme.accent()));
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}
