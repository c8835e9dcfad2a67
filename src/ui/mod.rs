//! Drawing the application state with ratatui (no state changes, no I/O): `draw(&App)`
//! is a pure function of the state, which is what the `TestBackend` snapshots rely on.

mod ask;
mod contents;
mod glossary;
mod help;
mod lens;
mod notes;
mod pane;
mod reading;
mod status;
mod welcome;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Padding, Paragraph, Wrap};

use crate::app::{App, MIN_SIZE, Mode};
// The one cut mark for every pane and bar (the layout's, which the panel text shares).
use crate::layout::cut;

/// Draws the whole screen.
pub fn draw(app: &App, frame: &mut Frame<'_>) {
    let area = frame.area();
    let g = app.geometry();
    if g.too_small {
        too_small(frame, area);
        return;
    }
    if let Some(rect) = g.contents {
        contents::draw(app, frame, rect);
    }
    if g.reading.is_some() {
        reading::draw(app, frame, g.text);
    }
    if let (Some(rect), Some(pane)) = (g.pane, app.pane()) {
        pane::draw(app, frame, rect, pane);
    }
    if g.reading.is_some()
        && let Some(welcome) = app.welcome()
    {
        welcome::draw(app, frame, g.text, &welcome);
    }
    status::draw(app, frame, g.status);
    match app.mode() {
        Mode::Help(view) => help::draw(app, frame, area, view),
        Mode::Glossary(view) => glossary::draw(app, frame, area, view),
        Mode::Notes(view) => notes::draw(app, frame, area, view),
        Mode::Lens(view) => lens::draw(app, frame, area, view),
        _ => {}
    }
}

/// A full-screen view's area: all of `area` but its last row, so that the status bar
/// stays visible below.
fn above_status(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(1),
        ..area
    }
}

/// The frame of a full-screen view (the glossary, my notes, the lens): a border in the
/// theme's set, a column of padding each side, `title` on the top border.
fn overlay(theme: &crate::layout::Theme, title: String) -> Block<'static> {
    Block::new()
        .borders(Borders::ALL)
        .border_set(theme.border())
        .padding(Padding::horizontal(1))
        .title(title)
}

/// The `height` lines of `lines` to show so that the selected lines `first..end` are on
/// screen, as low as they need to be and never lower.
fn window<T>(lines: Vec<T>, (first, end): (usize, usize), height: usize) -> Vec<T> {
    let scroll = if end > height {
        (end - height).min(first)
    } else {
        0
    };
    lines.into_iter().skip(scroll).take(height).collect()
}

fn too_small(frame: &mut Frame<'_>, area: Rect) {
    let (w, h) = MIN_SIZE;
    let text = vec![
        Line::raw(format!(
            "The terminal is too small ({}x{}).",
            area.width, area.height
        )),
        Line::raw(format!("The course needs at least {w}x{h}.")),
        Line::raw("Enlarge the window, or press q to quit."),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}
