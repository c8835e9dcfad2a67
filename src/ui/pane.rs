//! The bottom pane: the `:` scratchpad's results, or one problem's panel (the live
//! reading of the answer being typed, the feedback, hints, the worked solution).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph};

use crate::app::keymap;
use crate::app::{Action, App, Mode, Pane, ProblemRef, ScratchLine, pane_inner};
use crate::layout::{self, Theme, value_lines};

use unicode_width::UnicodeWidthStr;

use super::cut;

/// The pane's border: a top rule holding the title and keys, a column of padding each
/// side; the text goes in [`pane_inner`], where the application measures it.
fn frame_block(theme: Theme) -> Block<'static> {
    Block::new()
        .borders(Borders::TOP)
        .border_set(theme.border())
        .border_style(theme.dim())
        .padding(Padding::horizontal(1))
}

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, pane: Pane) {
    let theme = app.theme();
    let block = frame_block(theme);
    let inner = pane_inner(area);
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let (title, keys, lines) = match pane {
        Pane::Scratch => {
            let room = height.saturating_sub(usize::from(app.message().is_some()));
            let mut lines = scratch_lines(app, width, room);
            lines.extend(message(app, width));
            // The newest results are at the bottom, next to the prompt.
            (
                " scratchpad ".to_string(),
                scratch_keys(theme),
                tail(lines, height),
            )
        }
        Pane::Problem(p) => {
            let scroll = app.panel().map_or(0, |x| x.scroll);
            let lines = window(app.problem_lines(p, width), scroll, height, theme);
            (problem_title(app, p), problem_keys(app), lines)
        }
        Pane::Ask => {
            let mut lines = super::ask::lines(app, width, height);
            lines.extend(message(app, width));
            (super::ask::title(app), super::ask::keys(app), lines)
        }
    };
    let mut block = block.title(Span::styled(
        cut(&title, usize::from(area.width), theme),
        theme.accent(),
    ));
    if title.width() + keys.width() < usize::from(area.width) {
        block = block.title(Line::styled(keys, theme.dim()).right_aligned());
    }
    frame.render_widget(Clear, area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The status bar holds the prompt, so a message ("no value yet") shows in the pane.
fn message(app: &App, width: usize) -> Option<Line<'static>> {
    let theme = app.theme();
    let message = app
        .message()
        .filter(|_| matches!(app.mode(), Mode::Prompt(_)))?;
    Some(Line::styled(cut(message, width, theme), theme.error()))
}

fn scratch_keys(theme: Theme) -> String {
    keymap::hint(
        &[&keymap::SCRATCHPAD, &keymap::TYPING],
        &[Action::Older, Action::SendValue, Action::PromptCancel],
        theme.ascii,
    )
}

fn problem_keys(app: &App) -> String {
    let ascii = app.theme().ascii;
    if matches!(app.mode(), Mode::Prompt(_)) {
        keymap::hint(&[&keymap::TYPING], &[Action::PromptSubmit], ascii)
    } else {
        let groups = [&keymap::PROBLEMS, &keymap::READING_KEYS];
        keymap::hint(
            &groups,
            &[Action::Hint, Action::Solution, Action::Close],
            ascii,
        )
    }
}

fn problem_title(app: &App, p: ProblemRef) -> String {
    let state = crate::progress::Stage::of(&app.problem_record(p));
    match app.review().filter(|r| r.problem() == p) {
        Some(review) => format!(" {}: problem {}, {state} ", review.label(), p.label()),
        None => format!(" problem {}: {state} ", p.label()),
    }
}

/// The newest results that fit in `room` rows, whole (an older result is not shown cut
/// in half), then the line being typed read live.
fn scratch_lines(app: &App, width: usize, room: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let live = match &app.preview() {
        Some(preview) => value_lines("as typed: ", preview, width, theme),
        None => Vec::new(),
    };
    let room = room.saturating_sub(live.len());
    let mut shown: Vec<Vec<Line<'static>>> = Vec::new();
    let mut used = 0;
    for line in app.scratch().lines.iter().rev() {
        let group = match line {
            ScratchLine::Note(text) => vec![Line::styled(cut(text, width, theme), theme.dim())],
            ScratchLine::Result { input, output } => {
                let mut group = input_lines(input, width, theme);
                group.extend(value_lines("", output, width, theme));
                group
            }
            ScratchLine::Figure { input, figure } => {
                let mut group = input_lines(input, width, theme);
                // What the newer lines leave: the figure whole, or its summary.
                let rows = room.saturating_sub(used + group.len());
                group.extend(figure.body_within(width, rows, &theme.figure_look()));
                group
            }
        };
        if used + group.len() > room {
            if shown.is_empty() {
                shown.push(tail(group, room));
            }
            break;
        }
        used += group.len();
        shown.push(group);
    }
    let mut out: Vec<Line<'static>> = shown.into_iter().rev().flatten().collect();
    if app.scratch().lines.is_empty() {
        out.push(Line::styled(
            "Type an expression, e.g. let x = softmax([2, 1, 0]); x[0]",
            theme.dim(),
        ));
    }
    out.extend(live);
    out
}

/// An input as it was typed, after the prompt mark, wrapped like code (never cut).
fn input_lines(input: &str, width: usize, theme: Theme) -> Vec<Line<'static>> {
    let code = layout::code_wrap::code_wrap(input, width.saturating_sub(2));
    code.into_iter()
        .enumerate()
        .map(|(i, piece)| {
            let lead = if i == 0 { theme.prompt_mark() } else { " " };
            Line::from(vec![
                Span::styled(format!("{lead} "), theme.dim()),
                Span::styled(piece, theme.code()),
            ])
        })
        .collect()
}

fn tail(mut lines: Vec<Line<'static>>, height: usize) -> Vec<Line<'static>> {
    let cut = lines.len().saturating_sub(height);
    lines.drain(..cut);
    lines
}

/// `height` lines from `scroll`, the last one replaced by a mark when more follow.
fn window(
    lines: Vec<Line<'static>>,
    scroll: usize,
    height: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let scroll = scroll.min(lines.len().saturating_sub(1));
    let more = lines.len() > scroll + height;
    let mut shown: Vec<Line<'static>> = lines.into_iter().skip(scroll).take(height).collect();
    if more && let Some(last) = shown.last_mut() {
        *last = Line::styled("~ more: J scrolls down, K up", theme.dim());
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The application measures the panel's text in `pane_inner`; the border drawn
    /// around it must leave exactly that.
    #[test]
    fn the_pane_border_leaves_the_area_the_application_measures() {
        let block = frame_block(Theme::new(false, false));
        for area in [
            Rect::new(0, 16, 80, 7),
            Rect::new(26, 8, 54, 15),
            Rect::new(0, 6, 40, 5),
            Rect::new(3, 2, 1, 1),
            Rect::new(0, 0, 0, 0),
        ] {
            assert_eq!(block.inner(area), pane_inner(area), "{area:?}");
        }
    }
}
