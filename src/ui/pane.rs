//! The bottom pane: the `:` scratchpad's results, or one problem's panel (the live
//! reading of the answer being typed, the feedback, hints, the worked solution).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Padding, Paragraph};

use crate::app::keymap;
use crate::app::{App, FREE_AFTER, Mode, Pane, PanelView, ProblemRef, PromptKind, ScratchLine};
use crate::eval::Shown;
use crate::layout::{self, Theme};

use unicode_width::UnicodeWidthStr;

use super::cut;
use super::markdown::lay_markdown;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, pane: Pane) {
    let theme = app.theme();
    let block = Block::new()
        .borders(Borders::TOP)
        .border_set(theme.border())
        .border_style(theme.dim())
        .padding(Padding::horizontal(1));
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let (title, keys, mut lines) = match pane {
        Pane::Scratch => (
            " scratchpad ".to_string(),
            scratch_keys(theme),
            scratch_lines(
                app,
                width,
                height.saturating_sub(usize::from(app.message().is_some())),
            ),
        ),
        Pane::Problem(p) => (
            problem_title(app, p),
            problem_keys(app),
            problem_lines(app, p, width),
        ),
        Pane::Ask => (
            super::ask::title(app),
            super::ask::keys(app),
            super::ask::lines(app, width, height),
        ),
    };
    // The status bar holds the prompt, so a message ("no value yet") shows here.
    if matches!(app.mode(), Mode::Prompt(_))
        && let Some(message) = &app.message()
    {
        lines.push(Line::styled(cut(message, width, theme), theme.error()));
    }
    let lines = match pane {
        // The newest results are at the bottom, next to the prompt.
        Pane::Scratch => tail(lines, height),
        Pane::Problem(_) => {
            let panel = app.panel();
            if let Some(panel) = panel {
                panel.max_scroll.set(lines.len().saturating_sub(height));
            }
            window(lines, panel.map_or(0, |x| x.scroll), height, theme)
        }
        Pane::Ask => lines,
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

fn scratch_keys(theme: Theme) -> String {
    keymap::hint(
        &[&keymap::SCRATCHPAD],
        &["history", "to answer", "close"],
        theme.ascii,
    )
}

fn problem_keys(app: &App) -> String {
    let ascii = app.theme().ascii;
    if matches!(app.mode(), Mode::Prompt(_)) {
        keymap::hint(&[&keymap::TYPING], &["done/cancel"], ascii)
    } else {
        let groups = [&keymap::PROBLEMS, &keymap::READING_KEYS];
        keymap::hint(&groups, &["hint", "solution", "close"], ascii)
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

/// A value after `label` (or indented): on one line when it fits there, else laid out
/// below it at the pane's width (a wide matrix in blocks of whole columns); or the error.
fn value_lines(
    label: &str,
    output: &Result<Shown, String>,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let lead = if label.is_empty() { "  " } else { label };
    let (text, style) = match output {
        Ok(value) => match value.lines(width.saturating_sub(lead.width())).as_slice() {
            [one] => (one.clone(), Style::new()),
            _ => (
                value.lines(width.saturating_sub(2)).join("\n"),
                Style::new(),
            ),
        },
        Err(e) => (e.clone(), theme.error()),
    };
    let label = Span::styled(lead.to_string(), theme.dim());
    if !text.contains('\n') {
        return layout::wrap::wrap(&[label, Span::styled(text, style)], width);
    }
    let mut out = Vec::new();
    if !lead.trim().is_empty() {
        out.push(Line::from(label));
    }
    out.extend(
        text.lines()
            .map(|l| Line::styled(cut(&format!("  {l}"), width, theme), style)),
    );
    out
}

fn problem_lines(app: &App, p: ProblemRef, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let mut out = Vec::new();
    if let Mode::Prompt(prompt) = &app.mode()
        && prompt.kind == PromptKind::Answer(p)
    {
        match &app.preview() {
            None => out.extend(layout::wrap::wrap(
                &[Span::styled(
                    "A number, an expression (1/sqrt(2)) or a literal ([1, 2]).",
                    theme.dim(),
                )],
                width,
            )),
            Some(value) => out.extend(value_lines("reads as: ", value, width, theme)),
        }
    }
    let Some(panel) = app.panel().filter(|x| x.problem == p) else {
        return out;
    };
    let wrap = |text: &str, style: Style| {
        layout::wrap::wrap(&[Span::styled(text.to_string(), style)], width)
    };
    match &panel.view {
        PanelView::Feedback { lines, right } => {
            let first = if *right {
                theme.accent()
            } else {
                theme.error()
            };
            for (i, line) in lines.iter().enumerate() {
                let style = if i == 0 { first } else { Style::new() };
                let spans = layout::math_text::spans(line, style, theme);
                out.extend(layout::wrap::wrap(&spans, width));
            }
        }
        PanelView::InputError(e) => {
            out.extend(wrap(e, theme.error()));
            out.extend(wrap(
                "Nothing was recorded: fix the input and press Enter.",
                theme.dim(),
            ));
        }
        PanelView::Note(text) => out.extend(wrap(text, Style::new())),
        PanelView::ConfirmSolution => {
            let text = format!(
                "The solution comes free after a right answer or {FREE_AFTER} attempts. \
                 Press s again (or y) to see it now."
            );
            out.extend(wrap(&text, Style::new()));
        }
        PanelView::Hints => {
            let shown = app.problem_record(p).hints_shown as usize;
            let hints = app.spec(p).map(|s| s.hints.clone()).unwrap_or_default();
            for (i, hint) in hints.iter().take(shown).enumerate() {
                out.push(Line::styled(
                    format!("Hint {} of {}", i + 1, hints.len()),
                    theme.accent(),
                ));
                out.extend(markdown(app, p, hint, width));
            }
        }
        PanelView::Solution => {
            let solution = app.spec(p).map(|s| s.solution.clone()).unwrap_or_default();
            out.push(Line::styled("Solution", theme.accent()));
            out.extend(markdown(app, p, &solution, width));
        }
    }
    out
}

/// Hint or solution markdown with this learner's numbers, laid out like the lesson.
fn markdown(app: &App, p: ProblemRef, text: &str, width: usize) -> Vec<Line<'static>> {
    let filled = match app.instance(p) {
        Ok((_, instance)) => instance.fill(text),
        Err(_) => text.to_string(),
    };
    let file = &app.course().lessons[p.lesson].file;
    lay_markdown(app, file, p.lesson + 1, &filled, width).to_vec()
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
