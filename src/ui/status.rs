//! The status bar: where the learner is ("lesson 2/8 · 2.3 Choosing the divisor · 40%",
//! the percentage being how far down the lesson's source text the screen's bottom is, as
//! `less` gives it ([`App::percent_here`]), not the furthest read, which the contents
//! marks keep), or the open prompt.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

use super::cut;

use crate::app::{App, Mode, keymap};
use crate::layout::Theme;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect) {
    let theme = app.theme();
    if let (Mode::Prompt(prompt), Some(lead)) = (&app.mode(), app.prompt_lead()) {
        let room = usize::from(area.width).saturating_sub(lead.width() + 1);
        let input = &prompt.input;
        let skip = input.visual_scroll(room);
        let shown: String = skip_columns(input.value(), skip);
        let line = Line::from(vec![
            Span::styled(lead.clone(), theme.accent()),
            Span::raw(shown),
        ]);
        frame.render_widget(Paragraph::new(line), area);
        let x = area.x
            + (lead.width() + input.visual_cursor() - skip)
                .min(usize::from(area.width.saturating_sub(1))) as u16;
        frame.set_cursor_position(Position::new(x, area.y));
        return;
    }
    let sep = theme.separator();
    let section = app
        .current_section()
        .map_or("opening", |s| s.title.as_str());
    // Any mode but plain reading is named first, so a key's meaning is never a guess.
    let mode = match app.mode() {
        Mode::Reading => String::new(),
        other => format!(" [{}]", keymap::keymap(other).name),
    };
    let lead = format!(
        "{mode} lesson {}/{}{sep}",
        app.lesson() + 1,
        app.course().lessons.len()
    );
    let place = format!("{sep}{}%", app.percent_here());
    let right = match app.message() {
        Some(m) => format!("{m} "),
        None => match what_next(app) {
            Some(next) => format!("{next} "),
            None => "? help ".to_string(),
        },
    };
    let width = usize::from(area.width);
    let room = width.saturating_sub(right.width() + 1);
    let left = fit_left(&lead, section, &place, room, theme);
    let gap = width.saturating_sub(left.width() + right.width());
    let bar = Style::new().add_modifier(Modifier::REVERSED);
    let right_style = if app.message().is_some() {
        bar.add_modifier(Modifier::BOLD)
    } else {
        bar
    };
    let line = Line::from(vec![
        Span::styled(left, bar),
        Span::styled(" ".repeat(gap), bar),
        Span::styled(cut(&right, width, theme), right_style),
    ]);
    frame.render_widget(Paragraph::new(line), area);
}

/// At the end of a lesson, while reading: what comes next and the key to it.
fn what_next(app: &App) -> Option<String> {
    if app.percent_here() < 100 || *app.mode() != Mode::Reading {
        return None;
    }
    let next = app.lesson() + 1;
    Some(if next < app.course().lessons.len() {
        format!(
            "end of the lesson; ] next: {}. {}",
            next + 1,
            app.title(next)
        )
    } else {
        "end of the course".to_string()
    })
}

/// The lesson, the section title and the place in `room` columns: the title gives way
/// first, since the place is what changes as the learner reads.
fn fit_left(lead: &str, section: &str, place: &str, room: usize, theme: Theme) -> String {
    let fixed = lead.width() + place.width();
    if fixed + section.width() <= room || fixed >= room {
        return cut(&format!("{lead}{section}{place}"), room, theme);
    }
    format!("{lead}{}{place}", cut(section, room - fixed, theme))
}

/// `text` without its first `columns` display columns (a long input scrolled left).
fn skip_columns(text: &str, columns: usize) -> String {
    let mut used = 0;
    text.chars()
        .skip_while(|c| {
            let skip = used < columns;
            used += unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
            skip
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::fit_left;
    use crate::layout::Theme;

    fn ascii() -> Theme {
        Theme::new(true, false)
    }

    #[test]
    fn a_long_title_gives_way_to_the_place() {
        let title = "1.4 Why self-preference matters";
        let fitted = fit_left(" lesson 1/8 · ", title, " · 40%", 30, ascii());
        assert_eq!(fitted, " lesson 1/8 · 1.4 Why s~ · 40%");
        assert_eq!(
            fit_left(" l · ", "short", " · 5%", 40, ascii()),
            " l · short · 5%"
        );
        // Too narrow for even the place: cut at the end as before.
        assert_eq!(
            fit_left(" lesson 1/8 · ", "x", " · 40%", 6, ascii()),
            " less~"
        );
    }
}
