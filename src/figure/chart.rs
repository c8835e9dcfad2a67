//! Lines and scatter plots, drawn by ratatui's own `Chart` (braille points in Unicode,
//! `*` in ASCII) into an off-screen buffer, then kept as lines.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, LegendPosition, Widget};

use super::lines::{from_buffer, middle};
use super::look::{Colors, Look};
use crate::eval::format_label;

/// Rows a chart takes: enough to read a curve, few enough to keep the prose in view.
const HEIGHT: usize = 14;
/// Fewest rows a chart is drawn in: below this the axes leave no room for the curve.
const MIN_HEIGHT: usize = 8;
/// Distinct series markers where it has none (7-bit, so they also serve ASCII mode).
const MARKS: [char; 4] = ['*', '+', 'o', 'x'];

pub struct Series<'a> {
    pub label: Option<&'a str>,
    pub points: Vec<(f64, f64)>,
}

/// Draws the series in `size.0` columns and at most `size.1` rows (14 at most, 8 at
/// least); `None` when that does not fit.
pub fn draw(
    series: &[Series],
    scatter: bool,
    axes: (&str, &str),
    size: (usize, usize),
    look: &Look,
) -> Option<Vec<Line<'static>>> {
    draw_at_most(series, scatter, axes, size, HEIGHT, look)
}

/// [`draw`] in at most `most` rows of chart.
fn draw_at_most(
    given: &[Series],
    scatter: bool,
    axes: (&str, &str),
    size: (usize, usize),
    most: usize,
    look: &Look,
) -> Option<Vec<Line<'static>>> {
    let (width, height) = (size.0, size.1.min(most));
    if width < 24 || height < MIN_HEIGHT {
        return None;
    }
    // x values in a geometric progression (0.25, 0.5, 1, ..., 8) are plotted on a
    // log axis with a tick at each: a linear axis squeezes the small ones together
    // and labels its middle with a value no data point has.
    let log_ticks = geometric(given);
    let series: Vec<Series> = given
        .iter()
        .map(|s| Series {
            label: s.label,
            points: s
                .points
                .iter()
                .map(|&(x, y)| (if log_ticks.is_some() { x.log2() } else { x }, y))
                .collect(),
        })
        .collect();
    let (x0, x1) = bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.0)))?;
    let (y0, y1) = bounds(series.iter().flat_map(|s| s.points.iter().map(|p| p.1)))?;
    let colored = look.colors != Colors::None;
    let axis = |lo: f64, hi: f64| {
        Axis::default().bounds([lo, hi]).labels([
            format_label(lo),
            middle(lo, hi),
            format_label(hi),
        ])
    };
    let x_axis = match &log_ticks {
        Some(ticks) => {
            let room = width.saturating_sub(8);
            let all: usize = ticks.iter().map(|t| format_label(*t).len() + 1).sum();
            let shown: Vec<String> = if all <= room {
                ticks.iter().map(|t| format_label(*t)).collect()
            } else {
                vec![format_label(ticks[0]), format_label(ticks[ticks.len() - 1])]
            };
            Axis::default().bounds([x0, x1]).labels(shown)
        }
        None => axis(x0, x1),
    };
    let corner = emptiest_corner(&series, (x0, x1), (y0, y1));
    let title_rows = usize::from(!axes.0.is_empty());
    let area = Rect::new(
        0,
        0,
        u16::try_from(width).unwrap_or(u16::MAX),
        u16::try_from(height - title_rows).unwrap_or(u16::MAX),
    );
    // Drawn with the given series only (`None`: all, with the legend).
    let render = |only: Option<Option<usize>>| {
        let datasets: Vec<Dataset> = series
            .iter()
            .enumerate()
            .filter(|(k, _)| only.is_none_or(|o| o == Some(*k)))
            .map(|(k, s)| dataset(k, s, only.is_none(), look, scatter))
            .collect();
        let chart = Chart::new(datasets)
            // ratatui writes the x title inside the plot, over the lowest points; it
            // goes on a line of its own under the axis instead.
            .x_axis(x_axis.clone())
            .y_axis(axis(y0, y1).title(axes.1.to_string()))
            .legend_position(Some(corner))
            .hidden_legend_constraints((
                ratatui::layout::Constraint::Ratio(1, 2),
                ratatui::layout::Constraint::Ratio(1, 2),
            ));
        let mut buf = Buffer::empty(area);
        chart.render(area, &mut buf);
        buf
    };
    let mut buf = render(None);
    let overlap = series.len() > 1
        && mark_overlaps(
            &mut buf,
            series.len(),
            &render,
            colored.then(|| look.overlap_color()),
        );
    let mut lines = from_buffer(&buf, look.ascii);
    if title_rows > 0 {
        lines.push(Line::from(format!("{:>width$}", axes.0)));
    }
    // The note takes a row: in a pane of fixed height the chart gives it up.
    if overlap && lines.len() + 1 > size.1 {
        return draw_at_most(given, scatter, axes, size, height - 1, look);
    }
    if overlap {
        let note = if colored && !look.ascii {
            "white: where curves share a cell"
        } else {
            "#: where curves share a cell"
        };
        lines.push(Line::from(format!("{note:>width$}")));
    }
    Some(lines)
}

/// Series `k` as ratatui draws it; `named` puts it in the legend.
fn dataset<'a>(k: usize, s: &'a Series, named: bool, look: &Look, scatter: bool) -> Dataset<'a> {
    let colored = look.colors != Colors::None;
    // Without colour, series differ by their marker, which the legend shows.
    let mark = MARKS[k % MARKS.len()];
    let marker = match (colored && !look.ascii, scatter) {
        (true, false) => Marker::Braille,
        (true, true) => Marker::Dot,
        (false, _) => Marker::Custom(mark),
    };
    let graph = if scatter {
        GraphType::Scatter
    } else {
        GraphType::Line
    };
    let mut d = Dataset::default()
        .marker(marker)
        .graph_type(graph)
        .data(&s.points);
    if let (Some(label), true) = (s.label, named) {
        d = d.name(if colored {
            label.to_string()
        } else {
            format!("{mark} {label}")
        });
    }
    if colored {
        d = d.style(Style::new().fg(look.series_color(k)));
    }
    d
}

/// Where two or more series drew the same cell, the later one used to hide the
/// earlier (a curve vanished under another). Such cells are drawn in their own look:
/// the union of the braille dots in `colored` (white, or black on a light background),
/// or `#`. Says whether there were any.
fn mark_overlaps(
    buf: &mut Buffer,
    n: usize,
    render: &dyn Fn(Option<Option<usize>>) -> Buffer,
    colored: Option<Color>,
) -> bool {
    let empty = render(Some(None));
    let solos: Vec<Buffer> = (0..n).map(|k| render(Some(Some(k)))).collect();
    let mut any = false;
    for (i, cell) in buf.content.iter_mut().enumerate() {
        let drawn: Vec<&str> = solos
            .iter()
            .map(|b| b.content[i].symbol())
            .filter(|s| *s != empty.content[i].symbol())
            .collect();
        if drawn.len() < 2 {
            continue;
        }
        any = true;
        let dots = drawn.iter().try_fold(0u32, |acc, s| {
            let c = s.chars().next()? as u32;
            (0x2800..=0x28FF).contains(&c).then(|| acc | (c - 0x2800))
        });
        match (dots.and_then(|d| char::from_u32(0x2800 + d)), colored) {
            (Some(c), Some(color)) => {
                cell.set_char(c);
                cell.set_fg(color);
            }
            _ => {
                cell.set_symbol("#");
            }
        }
    }
    any
}

/// The distinct x values, when every series shares them and they form a geometric
/// progression of at least 3 positive values that is not also arithmetic.
fn geometric(series: &[Series]) -> Option<Vec<f64>> {
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    if xs.len() < 3 || xs[0] <= 0.0 {
        return None;
    }
    let ratio = xs[1] / xs[0];
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
    let geometric = xs.windows(2).all(|w| close(w[1] / w[0], ratio));
    let arithmetic = xs.windows(2).all(|w| close(w[1] - w[0], xs[1] - xs[0]));
    (geometric && !arithmetic).then_some(xs)
}

/// The corner of the plot with the fewest points, for the legend (ties: top right,
/// then top left, bottom right, bottom left), so it hides as little data as it can.
fn emptiest_corner(series: &[Series], xs: (f64, f64), ys: (f64, f64)) -> LegendPosition {
    let share = |v: f64, (lo, hi): (f64, f64)| (v - lo) / (hi - lo);
    let mut counts = [0usize; 4];
    for &(x, y) in series.iter().flat_map(|s| s.points.iter()) {
        let (right, top) = (share(x, xs) >= 0.5, share(y, ys) >= 0.5);
        counts[usize::from(!top) * 2 + usize::from(!right)] += 1;
    }
    let corners = [
        LegendPosition::TopRight,
        LegendPosition::TopLeft,
        LegendPosition::BottomRight,
        LegendPosition::BottomLeft,
    ];
    let best = (0..4).min_by_key(|&k| counts[k]).unwrap_or(0);
    corners[best]
}

/// The finite range of the values, widened when flat so the axis has a length.
fn bounds(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold(None, |acc: Option<(f64, f64)>, v| {
            Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        })?;
    Some(if hi > lo {
        (lo, hi)
    } else {
        (lo - 1.0, hi + 1.0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_charts_are_seven_bit_and_show_the_range() {
        let look = Look {
            ascii: true,
            colors: Colors::None,
            light: false,
        };
        let s = Series {
            label: Some("T = 1"),
            points: (0..20).map(|i| (f64::from(i), f64::from(i * i))).collect(),
        };
        let lines = draw(&[s], false, ("x", "y"), (60, 20), &look).unwrap();
        assert_eq!(lines.len(), 14, "never taller than 14 rows");
        let text: String = lines.iter().map(|l| l.to_string() + "\n").collect();
        assert!(text.is_ascii(), "{text}");
        assert!(text.contains("361") && text.contains("19") && text.contains('*'));
        assert!(text.contains("* T = 1"));
        // The largest y labels the top row, the smallest the lowest plotted row; the
        // smallest x sits under the axis's corner and the largest ends the last line.
        let rows: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert!(rows[0].starts_with("361|"), "{text}");
        assert!(rows[10].starts_with("0  |"), "{text}");
        assert!(rows[11].starts_with("   +---"), "{text}");
        let ticks: Vec<&str> = rows[12].split_whitespace().collect();
        assert_eq!(ticks, ["0", "9.5", "19"]);
        assert_eq!(rows[12].find('0'), Some(3), "{text}");
        assert_eq!(rows[12].len(), 60, "{text}");
        // The x title goes on its own line, right-aligned.
        assert_eq!(rows[13].trim_start(), "x");
    }

    #[test]
    fn overlapping_series_stay_visible_and_powers_of_two_get_a_log_axis() {
        let look = Look {
            ascii: true,
            colors: Colors::None,
            light: false,
        };
        let xs = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0];
        let flat = |y: f64| Series {
            label: None,
            points: xs.iter().map(|&x| (x, y)).collect(),
        };
        let rising = Series {
            label: None,
            points: xs.iter().map(|&x| (x, x)).collect(),
        };
        let lines = draw(
            &[flat(1.0), flat(1.0), rising],
            false,
            ("", ""),
            (60, 14),
            &look,
        )
        .unwrap();
        let rows: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let text = rows.join("\n");
        // The two equal series share every cell: drawn as `#`, and said so.
        assert!(rows.iter().any(|r| r.contains("####")), "{text}");
        assert!(
            rows.last()
                .unwrap()
                .ends_with("#: where curves share a cell"),
            "{text}"
        );
        // A tick at each power of two, none in between.
        let ticks: Vec<&str> = rows[rows.len() - 2].split_whitespace().collect();
        assert_eq!(ticks, ["0.25", "0.5", "1", "2", "4", "8"], "{text}");
        assert_eq!(geometric(&[flat(0.0)]).map(|v| v.len()), Some(6));
        let evenly = Series {
            label: None,
            points: vec![(1.0, 0.0), (2.0, 0.0), (3.0, 0.0)],
        };
        assert_eq!(geometric(&[evenly]), None);
    }

    #[test]
    fn the_legend_takes_the_emptiest_corner() {
        let rising = Series {
            label: None,
            points: vec![(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)],
        };
        // (0, 0) bottom left, (1, 1) and (2, 2) top right: top left is empty.
        assert_eq!(
            emptiest_corner(&[rising], (0.0, 2.0), (0.0, 2.0)),
            LegendPosition::TopLeft
        );
        let falling = Series {
            label: None,
            points: vec![(0.0, 2.0), (2.0, 0.0)],
        };
        assert_eq!(
            emptiest_corner(&[falling], (0.0, 2.0), (0.0, 2.0)),
            LegendPosition::TopRight
        );
    }

    #[test]
    fn too_narrow_or_empty_gives_none() {
        let look = Look {
            ascii: false,
            colors: Colors::None,
            light: false,
        };
        assert!(
            draw(
                &[Series {
                    label: None,
                    points: vec![(0.0, 1.0)]
                }],
                false,
                ("", ""),
                (10, 14),
                &look
            )
            .is_none()
        );
        assert!(
            draw(
                &[Series {
                    label: None,
                    points: vec![]
                }],
                false,
                ("", ""),
                (60, 14),
                &look
            )
            .is_none()
        );
    }
}
