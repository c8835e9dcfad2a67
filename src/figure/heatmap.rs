//! A matrix as a grid of shaded (or coloured) cells, with row and column indices and a
//! legend that gives the value scale; cells carry their values when the width allows.

use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::lines::number;
use super::look::{Colors, Look};

/// Draws `rows` within `width` columns, or `None` when even one column per cell does
/// not fit (the caller prints a summary instead).
pub fn draw(rows: &[Vec<f64>], width: usize, look: &Look) -> Option<Vec<Line<'static>>> {
    let (lo, hi) = range(rows)?;
    let n_cols = rows.first().map_or(0, Vec::len);
    let index_w = (rows.len().saturating_sub(1)).to_string().len();
    let gutter = index_w + 1;
    let labels: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|x| number(*x)).collect())
        .collect();
    let label_w = labels
        .iter()
        .flatten()
        .map(|s| s.width())
        .max()
        .unwrap_or(1)
        + 2;
    let fits = |cell_w: usize, gap: usize| gutter + n_cols * (cell_w + gap) <= width;
    let (cell_w, gap, labelled) = if fits(label_w, 1) {
        (label_w, 1, true)
    } else if fits(2, 1) {
        (2, 1, false)
    } else if fits(1, 0) {
        (1, 0, false)
    } else {
        return None;
    };
    let scale = |x: f64| if hi > lo { (x - lo) / (hi - lo) } else { 0.5 };
    let mut out = vec![header(n_cols, gutter, cell_w + gap)];
    for (i, row) in rows.iter().enumerate() {
        let mut spans = vec![Span::raw(format!("{i:>index_w$} "))];
        for (j, x) in row.iter().enumerate() {
            let text = if labelled {
                Some(labels[i][j].as_str())
            } else {
                None
            };
            spans.push(cell(scale(*x), text, cell_w, look));
            if gap > 0 && j + 1 < row.len() {
                spans.push(Span::raw(" "));
            }
        }
        out.push(Line::from(spans));
    }
    out.extend(legend(lo, hi, look, width));
    Some(out)
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
fn legend(lo: f64, hi: f64, look: &Look, width: usize) -> Vec<Line<'static>> {
    let ramp: Vec<Span<'static>> = (0..10)
        .map(|k| cell(k as f64 / 9.0, None, 1, look))
        .collect();
    let (min, max) = (
        format!("min {} ", number(lo)),
        format!(" max {}", number(hi)),
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

    const PLAIN: Look = Look {
        ascii: false,
        colors: Colors::None,
    };
    const ASCII: Look = Look {
        ascii: true,
        colors: Colors::None,
    };

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn min_and_max_land_on_the_ends_of_the_ramp() {
        let lines = draw(&[vec![0.0, 1.0], vec![0.5, 0.25]], 40, &PLAIN).unwrap();
        assert_eq!(
            text(&lines)[..3],
            ["  0      1", "0      0 █    1", "1 ▒  0.5 ░ 0.25"]
        );
        assert_eq!(text(&lines)[3], "min 0   ░░▒▒▓▓██ max 1");
        let wide = text(&draw(&[vec![0.0, 1.0], vec![0.5, 0.25]], 60, &PLAIN).unwrap());
        assert_eq!(wide[3], "min 0   ░░▒▒▓▓██ max 1  (darker is larger)");
        // Too narrow for one legend line: max goes on its own.
        let narrow = text(&draw(&[vec![0.0, 1.0], vec![0.5, 0.25]], 12, &PLAIN).unwrap());
        assert_eq!(narrow[1..3], ["0    ██", "1 ▒▒ ░░"]);
        assert_eq!(narrow[3..], ["min 0   ░░▒▒▓▓██", "max 1"]);
    }

    #[test]
    fn wide_panes_label_cells_with_values() {
        let lines = draw(&[vec![0.6652, 0.09]], 40, &ASCII).unwrap();
        assert_eq!(text(&lines)[1], "0 @ 0.6652     0.09");
    }

    #[test]
    fn too_narrow_gives_none_and_colour_fills_cells() {
        assert!(draw(&[vec![1.0; 30]], 20, &PLAIN).is_none());
        let color = Look {
            ascii: false,
            colors: Colors::TrueColor,
        };
        let lines = draw(&[vec![0.0, 1.0]], 8, &color).unwrap();
        assert_eq!(lines[1].spans[1].style.bg, Some(Color::Rgb(68, 1, 84)));
        assert_eq!(lines[1].spans[3].style.bg, Some(Color::Rgb(253, 231, 37)));
    }

    #[test]
    fn a_constant_matrix_does_not_divide_by_zero() {
        let lines = draw(&[vec![2.0, 2.0]], 30, &ASCII).unwrap();
        assert_eq!(text(&lines)[2], "min 2  .:-=+*#%@ max 2");
    }
}
