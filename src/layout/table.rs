//! GFM tables fitted to the width: columns take their natural width, and when the row is
//! too wide the widest column gives up a cell at a time, its cells wrapping — first
//! down to its longest word, then down to the longest piece a formula breaks into
//! (after its operators). A table that does not fit even then is written as one record
//! per row, each cell under its column's name, rather than cut inside its words.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

use super::Theme;
use super::wrap::{longest_piece, longest_word, wrap};
use crate::content::Align;

/// Narrowest a column is squeezed to.
const MIN_COLUMN: usize = 3;

pub(super) fn lay_out(
    aligns: &[Align],
    header: &[Vec<Span<'static>>],
    rows: &[Vec<Vec<Span<'static>>>],
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let columns = header
        .len()
        .max(rows.iter().map(Vec::len).max().unwrap_or(0));
    if columns == 0 {
        return Vec::new();
    }
    let natural = |cell: &Vec<Span<'static>>| cell.iter().map(Span::width).sum::<usize>();
    let mut widths = vec![1; columns];
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(natural(cell));
        }
    }
    // First no column narrower than its longest word (so words wrap whole and a comma
    // stays with its word), then, only if the table still does not fit, down to the
    // minimum.
    let floor_by = |measure: fn(&[Span<'_>]) -> usize| {
        let mut floor = vec![MIN_COLUMN; columns];
        for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
            for (w, cell) in floor.iter_mut().zip(row) {
                *w = (*w).max(measure(cell));
            }
        }
        floor
    };
    let separators = 3 * (columns - 1);
    let pieces = floor_by(longest_piece);
    if pieces.iter().sum::<usize>() + separators > width && columns > 1 {
        return stacked(header, rows, width, theme);
    }
    let floors = [floor_by(longest_word), pieces];
    for floor in &floors {
        while widths.iter().sum::<usize>() + separators > width {
            let Some((i, _)) = widths
                .iter()
                .enumerate()
                .filter(|(i, w)| **w > floor[*i])
                .max_by_key(|(_, w)| **w)
            else {
                break;
            };
            widths[i] -= 1;
        }
    }
    let mut lines = Vec::new();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let header_cells: Vec<Vec<Span<'static>>> = header
        .iter()
        .map(|c| {
            c.iter()
                .map(|s| Span::styled(s.content.clone(), s.style.patch(bold)))
                .collect()
        })
        .collect();
    row_lines(&header_cells, &widths, aligns, theme, &mut lines);
    let rule: Vec<String> = widths
        .iter()
        .map(|w| theme.horizontal().repeat(*w))
        .collect();
    let joint = format!("{h}{}{h}", theme.cross(), h = theme.horizontal());
    lines.push(Line::styled(rule.join(&joint), theme.dim()));
    for row in rows {
        row_lines(row, &widths, aligns, theme, &mut lines);
    }
    lines
}

/// A table too narrow for its columns, one record per row: the first cell on a line of
/// its own, then each other cell under its column's name, indented. Squeezing the
/// columns further would cut words (`projecti`/`ons`) in every cell.
fn stacked(
    header: &[Vec<Span<'static>>],
    rows: &[Vec<Vec<Span<'static>>>],
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        if r > 0 {
            lines.push(Line::default());
        }
        let Some((first, rest)) = row.split_first() else {
            continue;
        };
        let first: Vec<Span<'static>> = first
            .iter()
            .map(|s| Span::styled(s.content.clone(), s.style.patch(bold)))
            .collect();
        lines.extend(wrap(&first, width));
        for (i, cell) in rest.iter().enumerate() {
            let mut spans = vec![Span::raw("  ")];
            if let Some(name) = header.get(i + 1) {
                spans.extend(
                    name.iter()
                        .map(|s| Span::styled(s.content.clone(), theme.dim())),
                );
                spans.push(Span::styled(":", theme.dim()));
                spans.push(Span::raw(" "));
            }
            spans.extend(cell.iter().cloned());
            let wrapped = wrap(&spans[1..], width.saturating_sub(2).max(1));
            lines.extend(wrapped.into_iter().map(|l| {
                let mut indented = vec![Span::raw("  ")];
                indented.extend(l.spans);
                Line::from(indented)
            }));
        }
    }
    lines
}

/// One table row, its cells wrapped to their columns, as many lines as the tallest cell.
fn row_lines(
    cells: &[Vec<Span<'static>>],
    widths: &[usize],
    aligns: &[Align],
    theme: Theme,
    out: &mut Vec<Line<'static>>,
) {
    let empty = Vec::new();
    let wrapped: Vec<Vec<Line<'static>>> = widths
        .iter()
        .enumerate()
        .map(|(i, w)| wrap(cells.get(i).unwrap_or(&empty), *w))
        .collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
    for r in 0..height {
        let mut spans = Vec::new();
        for (i, (cell, w)) in wrapped.iter().zip(widths).enumerate() {
            if i > 0 {
                spans.push(Span::styled(format!(" {} ", theme.vertical()), theme.dim()));
            }
            let line = cell.get(r).cloned().unwrap_or_default();
            let free = w.saturating_sub(line.width());
            let left = match aligns.get(i).copied().unwrap_or(Align::Left) {
                Align::Left => 0,
                Align::Center => free / 2,
                Align::Right => free,
            };
            spans.push(Span::raw(" ".repeat(left)));
            spans.extend(line.spans);
            if i + 1 < widths.len() {
                spans.push(Span::raw(" ".repeat(free - left)));
            }
        }
        out.push(Line::from(spans));
    }
}
