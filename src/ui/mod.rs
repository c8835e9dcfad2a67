//! Drawing the application state with ratatui (no state changes, no I/O): `draw(&App)`
//! is a pure function of the state, which is what the `TestBackend` snapshots rely on.

mod ask;
mod contents;
mod glossary;
mod help;
mod markdown;
mod notes;
mod pane;
mod reading;
mod status;
mod welcome;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::app::{App, MIN_SIZE, Mode};

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
        _ => {}
    }
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

/// At most `width` cells of `text`, ending in the theme's mark when cut: `…` where
/// Unicode is drawn, `~` in ASCII mode (one cut mark for every pane and bar).
fn cut(text: &str, width: usize, theme: crate::layout::Theme) -> String {
    let mark = if theme.ascii { '~' } else { '…' };
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    if width > 0 {
        out.push(mark);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::cut;
    use crate::layout::Theme;

    #[test]
    fn a_cut_is_marked_and_respects_wide_characters() {
        let ascii = Theme::new(true, false);
        assert_eq!(cut("abc", 3, ascii), "abc");
        assert_eq!(cut("abcdef", 4, ascii), "abc~");
        assert_eq!(cut("注意力", 4, ascii), "注~");
        assert_eq!(cut("abc", 0, ascii), "");
        assert_eq!(cut("abcdef", 4, Theme::new(false, false)), "abc…");
        assert_eq!(cut("abcdef", 4, Theme::new(true, false)), "abc~");
    }
}
