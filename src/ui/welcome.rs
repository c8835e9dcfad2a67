//! A new learner's first screen: a box at the foot of the text that says which course
//! this is, where it stands in its reading track, how long it is, and the keys to start
//! with. The lesson's title above stays in view (the box takes at most half the text); the
//! first key closes the box, and a key that moves the text moves nothing then (see
//! `App::update`).

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
    if inner_width < 10 || text.height < 3 {
        return;
    }
    let lines = fit(app, welcome, inner_width, room(text.height));
    let height = lines.len() as u16 + 2;
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

/// Lines inside the box for a text pane `height` rows tall: at most half of it, so the
/// lesson's title and first lines stay in view (never fewer than one line).
fn room(height: u16) -> usize {
    usize::from((height / 2).saturating_sub(2)).max(1)
}

/// The box's lines in at most `room` lines: the keys to start with always (every key,
/// else the first of each), then the course's introduction and its length as they fit,
/// each whole or not at all.
fn fit<'a>(app: &App, welcome: &Welcome, width: usize, room: usize) -> Vec<Line<'a>> {
    let theme = app.theme();
    // The keys to start with, as the keymap writes them (the one place a key is bound).
    let groups = [&keymap::ANYWHERE, &keymap::READING_KEYS];
    let wanted = [
        Action::Help,
        Action::PageDown,
        Action::NextLesson,
        Action::Quit,
    ];
    let wrapped = |text: String, style| wrap::wrap(&[Span::styled(text, style)], width);
    let mut keys = wrapped(
        keymap::hint(&groups, &wanted, theme.ascii)
            .trim()
            .to_string(),
        theme.dim(),
    );
    if keys.len() > room {
        let short: Vec<String> = keymap::hint_rows(&groups, &wanted)
            .iter()
            .map(|r| format!("{} {}", keymap::key_label(&r.binds[0], theme.ascii), r.help))
            .collect();
        keys = wrapped(short.join(", "), theme.dim());
    }
    let intro = wrapped(drawable(app, &welcome.intro), theme.accent());
    let standing = wrapped(
        format!(
            "{} lessons, each with problems on your own numbers; you start at the first.",
            welcome.lessons
        ),
        ratatui::style::Style::default(),
    );
    let mut left = room.saturating_sub(keys.len());
    let mut take = |part: Vec<Line<'a>>| {
        let fits = part.len() <= left;
        left -= if fits { part.len() } else { 0 };
        if fits { part } else { Vec::new() }
    };
    let (intro, standing) = (take(intro), take(standing));
    let mut lines = [intro, standing, keys].concat();
    lines.truncate(room);
    lines
}
