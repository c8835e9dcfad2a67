//! The reading pane: a slice of the laid-out lesson, search matches highlighted.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use crate::app::{App, Match};

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect) {
    // Writing straight into the buffer must stay inside it, also for one frame drawn
    // before the app has heard of a smaller terminal.
    let area = area.intersection(frame.area());
    let view = app.view();
    let end = (app.scroll() + usize::from(area.height)).min(view.lines.len());
    let start = app.scroll().min(end);
    let current = app.search().and_then(|s| s.current_match()).copied();
    // Lines are laid out to the pane's width already: they are copied into the buffer
    // as they are (no Paragraph, which would re-measure and clone every line).
    let buffer = frame.buffer_mut();
    for (row, i) in (start..end).enumerate() {
        let y = area.y + row as u16;
        let line = &view.lines[i];
        match &app.search() {
            Some(search) if !search.on_line(app.lesson(), i).is_empty() => {
                let style = app.theme().highlight();
                let lit = highlight(line, search.on_line(app.lesson(), i), style, current);
                buffer.set_line(area.x, y, &lit, area.width);
            }
            _ => {
                buffer.set_line(area.x, y, line, area.width);
            }
        }
    }
    if let Some(spot) = app.selected_sentence() {
        for row in spot.rows.iter().filter(|r| (start..end).contains(&r.line)) {
            let cells = Rect {
                x: area.x + row.start as u16,
                y: area.y + (row.line - start) as u16,
                width: (row.end - row.start) as u16,
                height: 1,
            };
            buffer.set_style(cells.intersection(area), app.theme().sentence());
        }
    }
}

/// `line` with the characters of `matches` restyled; the current match also underlined.
fn highlight(
    line: &Line<'static>,
    matches: &[Match],
    style: Style,
    current: Option<Match>,
) -> Line<'static> {
    let style_at = |pos: usize| {
        matches
            .iter()
            .find(|m| m.start <= pos && pos < m.end)
            .map(|m| {
                if Some(*m) == current {
                    style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
                } else {
                    style
                }
            })
    };
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut pos = 0;
    for span in &line.spans {
        for c in span.content.chars() {
            let s = style_at(pos).map_or(span.style, |h| span.style.patch(h));
            match spans.last_mut() {
                Some(last) if last.style == s => last.content.to_mut().push(c),
                _ => spans.push(Span::styled(c.to_string(), s)),
            }
            pos += 1;
        }
    }
    Line::from(spans)
}
