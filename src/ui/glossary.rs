//! The `i` overlay: the filter line, the index of terms, and the selected term drawn
//! with its symbols, shape, definition (math laid out like the lesson) and where the
//! course introduces it. Side by side from 70 columns, stacked below that.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::ask::drawable;
use super::cut;
use crate::app::keymap;
use crate::app::{Action, App, GlossaryView};
use crate::content::Term;
use crate::layout::{self, wrap::wrap};
use crate::math;

/// Width of the index column when the two sit side by side.
const INDEX_WIDTH: u16 = 26;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, view: &GlossaryView) {
    let theme = app.theme();
    let rect = super::above_status(area);
    let block = super::overlay(
        &theme,
        format!(
            " glossary: type to filter,{}",
            keymap::hint(
                &[&keymap::GLOSSARY],
                &[Action::PromptSubmit, Action::PromptCancel],
                theme.ascii
            )
        ),
    );
    let inner = block.inner(rect);
    frame.render_widget(Clear, rect);
    frame.render_widget(block, rect);
    if inner.height < 3 || inner.width < 10 {
        return;
    }
    let count = format!(
        "{} of {}",
        view.hits.len(),
        app.course().glossary.terms.len()
    );
    let (before, after) = view.filter_at_cursor();
    let find = Line::from(vec![
        Span::styled("find: ", theme.accent()),
        Span::raw(drawable(app, before)),
        Span::styled(if theme.ascii { "_" } else { "▏" }, theme.accent()),
        Span::raw(drawable(app, after)),
        Span::styled(format!("  {count}"), theme.dim()),
    ]);
    frame.render_widget(Paragraph::new(find), Rect { height: 1, ..inner });
    let body = Rect {
        y: inner.y + 2,
        height: inner.height - 2,
        ..inner
    };
    let (index, detail) = if body.width >= 70 {
        (
            Rect {
                width: INDEX_WIDTH,
                ..body
            },
            Rect {
                x: body.x + INDEX_WIDTH + 2,
                width: body.width - INDEX_WIDTH - 2,
                ..body
            },
        )
    } else {
        let top = (body.height / 3).max(1);
        (
            Rect {
                height: top,
                ..body
            },
            Rect {
                y: body.y + top + 1,
                height: body.height.saturating_sub(top + 1),
                ..body
            },
        )
    };
    draw_index(app, frame, index, view);
    let lines = match view.selected_term(&app.course().glossary) {
        Some(term) => detail_lines(app, term, usize::from(detail.width)),
        None => vec![Line::styled("no term matches", theme.dim())],
    };
    let shown: Vec<Line<'_>> = lines.into_iter().take(usize::from(detail.height)).collect();
    frame.render_widget(Paragraph::new(shown), detail);
}

fn draw_index(app: &App, frame: &mut Frame<'_>, area: Rect, view: &GlossaryView) {
    let theme = app.theme();
    let height = usize::from(area.height);
    let top = view.selected.saturating_sub(height.saturating_sub(1));
    let lines: Vec<Line<'_>> = view
        .hits
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(row, &i)| {
            let name = drawable(app, &app.course().glossary.terms[i].name);
            let name = cut(&name, usize::from(area.width), theme);
            if row == view.selected {
                let padded = format!("{name:<width$}", width = usize::from(area.width));
                Line::styled(padded, theme.accent().add_modifier(Modifier::REVERSED))
            } else {
                Line::raw(name)
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), area);
}

/// The selected term: name, symbols, shape, definition, where it is introduced.
fn detail_lines(app: &App, term: &Term, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let opts = math::Options { ascii: theme.ascii };
    let mut out = vec![Line::styled(
        drawable(app, &term.name),
        theme.accent().add_modifier(Modifier::BOLD),
    )];
    let drawn: Vec<String> = term
        .symbols
        .iter()
        .map(|s| math::inline(s, &opts).unwrap_or_else(|_| s.clone()))
        .collect();
    let mut facts = Vec::new();
    if !drawn.is_empty() {
        facts.push(format!("symbol: {}", drawn.join(", ")));
    }
    if let Some(shape) = &term.shape {
        facts.push(format!("shape: {shape}"));
    }
    if !term.aliases.is_empty() {
        facts.push(format!("also: {}", term.aliases.join(", ")));
    }
    for fact in facts {
        out.extend(wrap(
            &[Span::styled(drawable(app, &fact), theme.dim())],
            width,
        ));
    }
    out.push(Line::default());
    out.extend(app.definition(&term.definition, width).iter().cloned());
    out.push(Line::default());
    let place = match app.course().introduction(term) {
        Some((lesson, block)) => {
            let title = app.course().lessons[lesson]
                .sections()
                .into_iter()
                .find(|s| s.block == block)
                .map_or_else(
                    || "the opening".to_string(),
                    |s| layout::inline_text(&s.title, theme),
                );
            format!("introduced in lesson {}: {title}", lesson + 1)
        }
        None => format!("introduced in {} {}", term.lesson, term.section),
    };
    out.extend(wrap(
        &[Span::styled(drawable(app, &place), theme.dim())],
        width,
    ));
    out
}
