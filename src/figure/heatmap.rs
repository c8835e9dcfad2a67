//! A matrix as a grid of shaded (or coloured) cells, with row and column indices (and,
//! for a matrix over the characters of a text, those characters) and a legend that
//! gives the value scale; cells carry their values when the width allows.

use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::lines::{number_with, shared_decimals};
use super::look::{Colors, Look};

/// Columns between panels drawn side by side.
const PANEL_GAP: usize = 3;

/// How the cells of a grid are drawn: their width, the gap between them, and whether
/// they carry their values.
#[derive(Clone, Copy)]
struct Cells {
    width: usize,
    gap: usize,
    labelled: bool,
}

/// Draws `rows` within `width` columns, or `None` when even one column per cell does
/// not fit (the caller prints a summary instead).
pub fn draw(rows: &[Vec<f64>], width: usize, look: &Look) -> Option<Vec<Line<'static>>> {
    draw_panels(&[rows.to_vec()], &[], &[], width, look)
}

/// Draws several matrices on one scale with one legend: side by side when they fit the
/// width, else one under the other; `titles` name them (none: untitled). `None` when
/// even one column per cell does not fit.
///
/// `chars`, when not empty, are the characters of the text each panel's rows and
/// columns stand for (an attention pattern over a text): each row index is followed by
/// its character, and a line under the column indices shows the columns' characters.
pub fn draw_panels(
    panels: &[Vec<Vec<f64>>],
    titles: &[String],
    chars: &[char],
    width: usize,
    look: &Look,
) -> Option<Vec<Line<'static>>> {
    let chars: Vec<char> = chars.iter().map(|&c| shown(c, look)).collect();
    let (lo, hi) = panels
        .iter()
        .filter_map(|p| range(p))
        .reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)))?;
    let decimals = shared_decimals(panels.iter().flatten().flatten().copied());
    let label_w = panels
        .iter()
        .flatten()
        .flatten()
        .map(|x| number_with(*x, decimals).width())
        .max()
        .unwrap_or(1)
        + 2;
    let options = [
        Cells {
            width: label_w,
            gap: 1,
            labelled: true,
        },
        Cells {
            width: 2,
            gap: 1,
            labelled: false,
        },
        Cells {
            width: 1,
            gap: 0,
            labelled: false,
        },
    ];
    // Side by side, a panel is as wide as its title too.
    let widths = |cells: Cells| -> Vec<usize> {
        panels
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let title = titles.get(k).map_or(0, |t| t.width());
                panel_width(p, cells, &chars).max(title)
            })
            .collect()
    };
    let across = |cells: Cells| {
        let w = widths(cells);
        w.iter().sum::<usize>() + PANEL_GAP * (w.len() - 1) <= width
    };
    let scale = |x: f64| if hi > lo { (x - lo) / (hi - lo) } else { 0.5 };
    let stacked = |c: Cells| panels.iter().all(|p| panel_width(p, c, &chars) <= width);
    // Values stay written whenever a panel fits with them, one panel under the other if
    // need be: a caption may point at "the cells marked 1".
    let (cells, across) = options.iter().find_map(|&c| {
        if across(c) {
            Some((c, true))
        } else {
            stacked(c).then_some((c, false))
        }
    })?;
    let grid = |p: &Vec<Vec<f64>>| grid(p, &chars, cells, decimals, &scale, look);
    let mut out = Vec::new();
    if across {
        let widths = widths(cells);
        let grids: Vec<Vec<Line<'static>>> = panels
            .iter()
            .enumerate()
            .map(|(k, p)| titled(titles.get(k), widths[k], grid(p)))
            .collect();
        out.extend(side_by_side(&grids, &widths));
    } else {
        for (k, p) in panels.iter().enumerate() {
            out.extend(titled(titles.get(k), width, grid(p)));
        }
    }
    out.extend(legend(lo, hi, decimals, look, width));
    Some(out)
}

/// Columns a panel takes: the row-index gutter and its cells.
fn panel_width(rows: &[Vec<f64>], cells: Cells, chars: &[char]) -> usize {
    let n_cols = rows.first().map_or(0, Vec::len);
    gutter(rows, chars) + n_cols * cells.width + n_cols.saturating_sub(1) * cells.gap
}

/// The row indices' column (with a character after each, when there are characters)
/// and one space.
fn gutter(rows: &[Vec<f64>], chars: &[char]) -> usize {
    rows.len().saturating_sub(1).to_string().len() + 1 + usize::from(!chars.is_empty())
}

/// A text's character as one terminal column: a space, a newline or a tab as a visible
/// sign, anything wider or outside ASCII (under `--ascii`) as `?`.
fn shown(c: char, look: &Look) -> char {
    let sign = match (c, look.ascii) {
        (' ', false) => '␣',
        (' ', true) => '_',
        ('\n', false) => '↵',
        ('\t', false) => '→',
        ('\n' | '\t', true) => '/',
        _ => c,
    };
    let fits = sign.width() == Some(1) && (!look.ascii || sign.is_ascii());
    if fits { sign } else { '?' }
}

/// A panel's title (if any, cut to the panel's `width`) over its grid.
fn titled(title: Option<&String>, width: usize, grid: Vec<Line<'static>>) -> Vec<Line<'static>> {
    let Some(title) = title else {
        return grid;
    };
    let mut cut = String::new();
    for c in title.chars() {
        if cut.width() + c.width().unwrap_or(0) > width {
            break;
        }
        cut.push(c);
    }
    std::iter::once(Line::from(cut)).chain(grid).collect()
}

/// One matrix: column indices, then one line per row with its index.
fn grid(
    rows: &[Vec<f64>],
    chars: &[char],
    cells: Cells,
    decimals: Option<usize>,
    scale: &dyn Fn(f64) -> f64,
    look: &Look,
) -> Vec<Line<'static>> {
    let n_cols = rows.first().map_or(0, Vec::len);
    let gutter = gutter(rows, chars);
    let index_w = rows.len().saturating_sub(1).to_string().len();
    let stride = cells.width + cells.gap;
    let mut out = vec![header(n_cols, gutter, stride)];
    if !chars.is_empty() {
        // Each column's character under its index.
        let mut line = " ".repeat(gutter);
        for (j, c) in chars.iter().take(n_cols).enumerate() {
            let at = gutter + j * stride;
            line.push_str(&" ".repeat(at - line.chars().count()));
            line.push(*c);
        }
        out.push(Line::from(line));
    }
    for (i, row) in rows.iter().enumerate() {
        let label = chars.get(i).map_or(String::new(), char::to_string);
        let mut spans = vec![Span::raw(format!("{i:>index_w$}{label} "))];
        for (j, x) in row.iter().enumerate() {
            let text = cells.labelled.then(|| number_with(*x, decimals));
            spans.push(cell(scale(*x), text.as_deref(), cells.width, look));
            if cells.gap > 0 && j + 1 < row.len() {
                spans.push(Span::raw(" "));
            }
        }
        out.push(Line::from(spans));
    }
    out
}

/// Blocks of lines placed left to right, each padded to its width, `PANEL_GAP` apart.
fn side_by_side(blocks: &[Vec<Line<'static>>], widths: &[usize]) -> Vec<Line<'static>> {
    let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
    (0..height)
        .map(|y| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            for (k, block) in blocks.iter().enumerate() {
                if k > 0 {
                    spans.push(Span::raw(" ".repeat(PANEL_GAP)));
                }
                let line = block.get(y).cloned().unwrap_or_default();
                let pad = widths[k].saturating_sub(line.width());
                spans.extend(line.spans);
                spans.push(Span::raw(" ".repeat(pad)));
            }
            super::lines::trim_end(Line::from(spans))
        })
        .collect()
}

/// Column indices over the cells, where they fit (every k-th otherwise).
fn header(n_cols: usize, gutter: usize, stride: usize) -> Line<'static> {
    let mut text = " ".repeat(gutter);
    let every = (n_cols.saturating_sub(1).to_string().len() + 1)
        .div_ceil(stride)
        .max(1);
    for j in 0..n_cols {
        let start = gutter + j * stride;
        if j % every == 0 && text.len() <= start {
            text.push_str(&" ".repeat(start - text.len()));
            text.push_str(&j.to_string());
        }
    }
    Line::from(text)
}

fn cell(t: f64, text: Option<&str>, width: usize, look: &Look) -> Span<'static> {
    match (look.ramp_color(t), text) {
        (Some(bg), Some(text)) => Span::styled(
            format!("{text:>width$}"),
            Style::new().bg(bg).fg(contrast(t)),
        ),
        (Some(bg), None) => Span::styled(" ".repeat(width), Style::new().bg(bg)),
        (None, Some(text)) => Span::raw(format!("{}{text:>w$}", look.shade(t), w = width - 1)),
        (None, None) => Span::raw(look.shade(t).repeat(width)),
    }
}

/// Dark text on the light end of the ramp, light text on the dark end.
fn contrast(t: f64) -> Color {
    if t > 0.6 { Color::Black } else { Color::White }
}

/// "min 0.09 ░▒▓█ max 0.6652", on two lines when one does not fit the width.
fn legend(
    lo: f64,
    hi: f64,
    decimals: Option<usize>,
    look: &Look,
    width: usize,
) -> Vec<Line<'static>> {
    let ramp: Vec<Span<'static>> = (0..10)
        .map(|k| cell(k as f64 / 9.0, None, 1, look))
        .collect();
    let (min, max) = (
        format!("min {} ", number_with(lo, decimals)),
        format!(" max {}", number_with(hi, decimals)),
    );
    let note = if look.colors == Colors::None && !look.ascii {
        "  (darker is larger)"
    } else {
        ""
    };
    let one_line = min.width() + 10 + max.width();
    let mut first = vec![Span::raw(min)];
    first.extend(ramp);
    if one_line + note.width() <= width {
        first.push(Span::raw(format!("{max}{note}")));
        vec![Line::from(first)]
    } else if one_line <= width {
        first.push(Span::raw(max));
        vec![Line::from(first)]
    } else {
        vec![Line::from(first), Line::from(max.trim_start().to_string())]
    }
}

/// Smallest and largest finite entries; `None` for an empty or all-infinite matrix.
pub fn range(rows: &[Vec<f64>]) -> Option<(f64, f64)> {
    rows.iter()
        .flatten()
        .filter(|x| x.is_finite())
        .fold(None, |acc, &x| match acc {
            None => Some((x, x)),
            Some((lo, hi)) => Some((lo.min(x), hi.max(x))),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::testing::{ASCII, PLAIN, text};

    #[test]
    fn min_and_max_land_on_the_ends_of_the_ramp() {
        let lines = draw(&[vec![0.0, 1.0], vec![0.5, 0.25]], 40, &PLAIN).unwrap();
        assert_eq!(
            text(&lines)[..3],
            ["  0       1", "0   0.000 █ 1.000", "1 ▒ 0.500 ░ 0.250"]
        );
        assert_eq!(text(&lines)[3], "min 0.000   ░░▒▒▓▓██ max 1.000");
        let wide = text(&draw(&[vec![0.0, 1.0], vec![0.5, 0.25]], 60, &PLAIN).unwrap());
        assert_eq!(
            wide[3],
            "min 0.000   ░░▒▒▓▓██ max 1.000  (darker is larger)"
        );
        // Too narrow for one legend line: max goes on its own.
        let narrow = text(&draw(&[vec![0.0, 1.0], vec![0.5, 0.25]], 12, &PLAIN).unwrap());
        assert_eq!(narrow[1..3], ["0    ██", "1 ▒▒ ░░"]);
        assert_eq!(narrow[3..], ["min 0.000   ░░▒▒▓▓██", "max 1.000"]);
    }

    #[test]
    fn wide_panes_label_cells_with_values() {
        let lines = draw(&[vec![0.6652, 0.09]], 40, &ASCII).unwrap();
        assert_eq!(text(&lines)[1], "0 @ 0.6652   0.0900");
    }

    #[test]
    fn too_narrow_gives_none_and_colour_fills_cells() {
        assert!(draw(&[vec![1.0; 30]], 20, &PLAIN).is_none());
        let color = Look {
            ascii: false,
            colors: Colors::TrueColor,
            light: false,
        };
        let lines = draw(&[vec![0.0, 1.0]], 8, &color).unwrap();
        assert_eq!(lines[1].spans[1].style.bg, Some(Color::Rgb(68, 1, 84)));
        assert_eq!(lines[1].spans[3].style.bg, Some(Color::Rgb(253, 231, 37)));
    }

    #[test]
    fn panels_share_one_scale_side_by_side_or_stacked() {
        let panels = [vec![vec![0.0, 1.0]], vec![vec![2.0, 4.0]]];
        let titles = ["head 0".to_string(), "head 1".to_string()];
        // Labelled cells: each panel is 2 + 3 + 1 + 3 = 9 wide, 21 with the gap.
        let wide = text(&draw_panels(&panels, &titles, &[], 21, &ASCII).unwrap());
        assert_eq!(wide[0], "head 0      head 1");
        assert_eq!(wide[1], "  0   1       0   1");
        // 0 is the lightest shade and 4 the darkest, across both panels.
        assert_eq!(wide[2], "0   0 : 1   0 + 2 @ 4");
        assert_eq!(wide[3..], ["min 0  .:-=+*#%@", "max 4"]);
        // Narrower: one under the other, still labelled (a caption may name values).
        let stacked = text(&draw_panels(&panels, &titles, &[], 17, &ASCII).unwrap());
        assert_eq!(
            stacked[..6],
            [
                "head 0",
                "  0   1",
                "0   0 : 1",
                "head 1",
                "  0   1",
                "0 + 2 @ 4"
            ]
        );
        // Too narrow for a labelled panel: unlabelled, side by side (2 + 2 + 1 + 2 =
        // 7 a panel).
        let unlabelled = text(&draw_panels(&panels, &titles, &[], 8, &ASCII).unwrap());
        assert_eq!(unlabelled[0], "head 0");
    }

    #[test]
    fn a_table_of_values_shares_its_decimals() {
        let lines = text(&draw(&[vec![0.6652, 0.09003, 0.2447]], 40, &ASCII).unwrap());
        assert_eq!(lines[1], "0 @ 0.6652   0.0900 : 0.2447");
        assert!(lines[2].starts_with("min 0.0900"), "{}", lines[2]);
        let whole = text(&draw(&[vec![1.0, 0.0]], 40, &ASCII).unwrap());
        assert_eq!(whole[1], "0 @ 1   0");
    }

    #[test]
    fn a_pattern_over_a_text_is_labelled_with_its_characters() {
        let rows = [
            vec![1.0, 0.0, 0.0],
            vec![0.5, 0.5, 0.0],
            vec![0.2, 0.3, 0.5],
        ];
        let chars = ['a', ' ', '\n'];
        let lines = text(&draw_panels(&[rows.to_vec()], &[], &chars, 40, &ASCII).unwrap());
        // Each character stands under its column's index.
        assert_eq!(lines[0], "   0       1       2");
        assert_eq!(lines[1], "   a       _       /");
        assert_eq!(lines[2], "0a @ 1.000   0.000   0.000");
        assert_eq!(lines[3], "1_ + 0.500 + 0.500   0.000");
        assert_eq!(lines[4], "2/ : 0.200 - 0.300 + 0.500");
        let plain = text(&draw_panels(&[rows.to_vec()], &[], &chars, 40, &PLAIN).unwrap());
        assert_eq!(plain[3].chars().nth(1), Some('␣'));
        assert_eq!(plain[4].chars().nth(1), Some('↵'));
    }

    #[test]
    fn a_constant_matrix_does_not_divide_by_zero() {
        let lines = draw(&[vec![2.0, 2.0]], 30, &ASCII).unwrap();
        assert_eq!(text(&lines)[2], "min 2  .:-=+*#%@ max 2");
    }
}
