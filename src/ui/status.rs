//! The status bar: where the learner is ("lesson 2/8 · 2.3 Choosing the divisor · 40%"),
//! or the open prompt.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use super::truncate;

use crate::app::{App, Mode};

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let theme = app.theme;
    if let Mode::Prompt(prompt) = &app.mode {
        let lead = prompt.kind.lead();
        let line = Line::from(vec![
            Span::styled(lead, theme.accent()),
            Span::raw(prompt.text.clone()),
        ]);
        frame.render_widget(Paragraph::new(line), area);
        let x = area.x
            + (lead.width() + prompt.text.width()).min(usize::from(area.width.saturating_sub(1)))
                as u16;
        frame.set_cursor_position(Position::new(x, area.y));
        return;
    }
    let sep = theme.separator();
    let section = app
        .current_section()
        .map_or("opening", |s| s.title.as_str());
    let left = format!(
        " lesson {}/{}{sep}{section}{sep}{}%",
        app.lesson + 1,
        app.course.lessons.len(),
        app.percent_read()
    );
    let right = match &app.message {
        Some(m) => format!("{m} "),
        None => "? help ".to_string(),
    };
    let width = usize::from(area.width);
    let room = width.saturating_sub(right.width() + 1);
    let left = truncate(&left, room);
    let gap = width.saturating_sub(left.width() + right.width());
    let bar = Style::new().add_modifier(Modifier::REVERSED);
    let right_style = if app.message.is_some() {
        bar.add_modifier(Modifier::BOLD)
    } else {
        bar
    };
    let line = Line::from(vec![
        Span::styled(left, bar),
        Span::styled(" ".repeat(gap), bar),
        Span::styled(truncate(&right, width), right_style),
    ]);
    frame.render_widget(Paragraph::new(line), area);
}
