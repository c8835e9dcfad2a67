//! Plane geometry in text: vectors as arrows (from the origin, or head to tail), points,
//! dotted segments, the convex hull of the arrows' tips and a circle about the origin,
//! over faint axes. Drawn cell by cell rather than with braille, so that ASCII mode
//! keeps every stroke (`/`, `-`, `|`, `>`), and with one column for half a row of
//! height, so that a circle looks round and an angle reads true.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::lines::trim_end;
use super::look::{Colors, Look};

/// Most rows a drawing takes, and fewest it is drawn in.
const MAX_ROWS: usize = 17;
const MIN_ROWS: usize = 7;

/// What to draw, in data coordinates.
#[derive(Debug, Default)]
pub struct Scene<'a> {
    /// Arrows as (from, to), each with its label.
    pub arrows: Vec<((f64, f64), (f64, f64))>,
    pub arrow_labels: &'a [String],
    pub points: Vec<(f64, f64)>,
    pub point_labels: &'a [String],
    /// Dotted segments (from, to).
    pub segments: Vec<((f64, f64), (f64, f64))>,
    /// Outline the convex hull of the arrows' tips.
    pub hull: bool,
    /// Radius of a circle about the origin.
    pub circle: Option<f64>,
}

/// A grid of cells, each drawn by the highest layer that reached it.
struct Canvas {
    cells: Vec<Vec<(String, Style, u8)>>,
    x0: f64,
    y1: f64,
    /// Data units per column; a row is two of them.
    unit: f64,
    margin: usize,
}

impl Canvas {
    fn cell(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            (x - self.x0) / self.unit + self.margin as f64,
            (self.y1 - y) / (2.0 * self.unit),
        )
    }

    fn put(&mut self, (c, r): (f64, f64), text: &str, style: Style, layer: u8) {
        let (c, r) = (c.round(), r.round());
        if c < 0.0 || r < 0.0 {
            return;
        }
        let (c, r) = (c as usize, r as usize);
        if let Some(cell) = self.cells.get_mut(r).and_then(|row| row.get_mut(c))
            && cell.2 <= layer
        {
            *cell = (text.to_string(), style, layer);
        }
    }

    /// A straight stroke between two data points, each cell marked by the stroke's
    /// direction as seen on screen (a row is twice as tall as a column is wide).
    fn stroke(&mut self, a: (f64, f64), b: (f64, f64), glyph: &str, style: Style, layer: u8) {
        let (ca, cb) = (self.cell(a), self.cell(b));
        let (dc, dr) = (cb.0 - ca.0, cb.1 - ca.1);
        let steps = dc.abs().max(dr.abs()).ceil().max(1.0) as usize;
        for i in 0..=steps {
            let t = i as f64 / steps as f64;
            self.put((ca.0 + t * dc, ca.1 + t * dr), glyph, style, layer);
        }
    }

    fn text(&mut self, (c, r): (f64, f64), text: &str, style: Style, layer: u8) {
        let mut c = c.round().max(0.0);
        for ch in text.chars() {
            self.put((c, r), ch.encode_utf8(&mut [0; 4]), style, layer);
            c += 1.0;
        }
    }
}

/// The glyph of a stroke going `(dc, dr)` cells on screen.
fn slope_glyph((dc, dr): (f64, f64), ascii: bool) -> &'static str {
    let angle = (-2.0 * dr).atan2(dc).to_degrees().rem_euclid(180.0);
    let k = ((angle + 22.5) / 45.0).floor() as usize % 4;
    match (k, ascii) {
        (0, false) => "─",
        (1, false) => "╱",
        (2, false) => "│",
        (3, false) => "╲",
        (0, true) => "-",
        (1, true) => "/",
        (2, true) => "|",
        _ => "\\",
    }
}

/// The head of an arrow going `(dc, dr)` cells on screen.
fn head_glyph((dc, dr): (f64, f64), ascii: bool) -> &'static str {
    let angle = (-2.0 * dr).atan2(dc).to_degrees().rem_euclid(360.0);
    if ascii {
        return [">", "^", "<", "v"][((angle + 45.0) / 90.0).floor() as usize % 4];
    }
    ["→", "↗", "↑", "↖", "←", "↙", "↓", "↘"][((angle + 22.5) / 45.0).floor() as usize % 8]
}

/// The convex hull of `points`, counter-clockwise (Andrew's monotone chain).
pub fn convex_hull(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut hull: Vec<(f64, f64)> = Vec::with_capacity(2 * p.len());
    for pass in [p.clone(), p.into_iter().rev().collect()] {
        let start = hull.len();
        for q in pass {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 0.0
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull
}

/// The drawing in at most `width` columns and `rows` rows; `None` when it does not fit.
pub fn draw(scene: &Scene, width: usize, rows: usize, look: &Look) -> Option<Vec<Line<'static>>> {
    let mut xs = vec![0.0];
    let mut ys = vec![0.0];
    let mut extend = |(x, y): (f64, f64)| {
        xs.push(x);
        ys.push(y);
    };
    for &(a, b) in scene.arrows.iter().chain(&scene.segments) {
        extend(a);
        extend(b);
    }
    scene.points.iter().for_each(|&p| extend(p));
    if let Some(r) = scene.circle {
        extend((-r, -r));
        extend((r, r));
    }
    let (x0, x1) = span(&xs);
    let (y0, y1) = span(&ys);
    let labels = scene.arrow_labels.iter().chain(scene.point_labels);
    let margin = labels.map(|l| l.width() + 1).max().unwrap_or(0);
    let columns = width.checked_sub(2 * margin + 1)?;
    let max_rows = rows.min(MAX_ROWS);
    if columns < 10 || max_rows < MIN_ROWS {
        return None;
    }
    let unit = ((x1 - x0) / columns as f64).max((y1 - y0) / (2.0 * (max_rows - 1) as f64));
    let height = (((y1 - y0) / (2.0 * unit)).round() as usize + 1).min(max_rows);
    let used = ((x1 - x0) / unit).round() as usize + 1 + 2 * margin;
    let mut canvas = Canvas {
        cells: vec![vec![(" ".to_string(), Style::new(), 0); used]; height],
        x0,
        y1,
        unit,
        margin,
    };
    let ascii = look.ascii;
    let colored = look.colors != Colors::None;
    let dim = Style::new().add_modifier(Modifier::DIM);
    let (h, v, o) = if ascii {
        ("-", "|", "+")
    } else {
        ("─", "│", "┼")
    };
    canvas.stroke((x0, 0.0), (x1, 0.0), h, dim, 1);
    canvas.stroke((0.0, y0), (0.0, y1), v, dim, 1);
    canvas.put(canvas.cell((0.0, 0.0)), o, dim, 1);
    let dot = if ascii { "." } else { "·" };
    if let Some(r) = scene.circle {
        for i in 0..720 {
            let t = f64::from(i) * std::f64::consts::PI / 360.0;
            canvas.put(canvas.cell((r * t.cos(), r * t.sin())), dot, dim, 2);
        }
    }
    for &(a, b) in &scene.segments {
        canvas.stroke(a, b, dot, dim, 2);
    }
    if scene.hull {
        let tips: Vec<(f64, f64)> = scene.arrows.iter().map(|a| a.1).collect();
        let hull = convex_hull(&tips);
        for (i, &p) in hull.iter().enumerate() {
            canvas.stroke(p, hull[(i + 1) % hull.len()], dot, dim, 2);
        }
    }
    let color = |k: usize| {
        if colored {
            Style::new().fg(look.series_color(k))
        } else {
            Style::new()
        }
    };
    for (k, &(a, b)) in scene.arrows.iter().enumerate() {
        let (ca, cb) = (canvas.cell(a), canvas.cell(b));
        let d = (cb.0 - ca.0, cb.1 - ca.1);
        canvas.stroke(a, b, slope_glyph(d, ascii), color(k), 3);
        canvas.put(
            cb,
            head_glyph(d, ascii),
            color(k).add_modifier(Modifier::BOLD),
            4,
        );
    }
    let mark = if ascii { "o" } else { "●" };
    let bold = Style::new().add_modifier(Modifier::BOLD);
    for &p in &scene.points {
        canvas.put(canvas.cell(p), mark, bold, 5);
    }
    // Labels last, beside their tips, on the side the arrow points to.
    let tips = scene.arrows.iter().map(|&(a, b)| (a, b));
    let points = scene.points.iter().map(|&p| (p, p));
    for (k, ((a, b), label)) in tips
        .zip(scene.arrow_labels)
        .chain(points.zip(scene.point_labels))
        .enumerate()
    {
        let (ca, cb) = (canvas.cell(a), canvas.cell(b));
        let left = cb.0 < ca.0 || (cb.0 == ca.0 && b.0 < 0.0);
        // A blank cell between the tip and its label.
        let (c, text) = if left {
            (cb.0 - 1.0 - label.width() as f64, format!("{label} "))
        } else {
            (cb.0 + 1.0, format!(" {label}"))
        };
        let style = if k < scene.arrows.len() {
            color(k)
        } else {
            bold
        };
        canvas.text((c, cb.1), &text, style, 6);
    }
    Some(
        canvas
            .cells
            .into_iter()
            .map(|row| {
                let spans: Vec<Span<'static>> = row
                    .into_iter()
                    .map(|(t, s, _)| Span::styled(t, s))
                    .collect();
                trim_end(Line::from(spans))
            })
            .collect(),
    )
}

/// The range of the values, padded a little so that nothing sits on the border.
fn span(values: &[f64]) -> (f64, f64) {
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.05).max(1e-9);
    (lo - pad, hi + pad)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::testing::{ASCII, text};

    #[test]
    fn the_hull_drops_inner_points() {
        let hull = convex_hull(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (0.0, 2.0)]);
        assert_eq!(hull, [(0.0, 0.0), (2.0, 0.0), (0.0, 2.0)]);
    }

    #[test]
    fn arrows_point_their_way_and_carry_their_labels_in_ascii() {
        let labels = ["q".to_string(), "k".to_string()];
        let scene = Scene {
            arrows: vec![((0.0, 0.0), (2.0, 0.0)), ((0.0, 0.0), (0.0, 2.0))],
            arrow_labels: &labels,
            ..Scene::default()
        };
        let lines = text(&draw(&scene, 40, 12, &ASCII).unwrap());
        let all = lines.join("\n");
        assert!(all.is_ascii(), "{all}");
        // Up the y axis: `k` after its head near the top; along x: `q` after `>`.
        let k = lines.iter().position(|l| l.ends_with("^ k")).expect(&all);
        let q = lines.iter().position(|l| l.ends_with("-> q")).expect(&all);
        assert!(k < 2 && q > 9, "{all}");
        assert!(lines.len() <= 12);
    }

    #[test]
    fn a_circle_is_round_on_screen_and_too_narrow_gives_none() {
        let scene = Scene {
            circle: Some(1.0),
            ..Scene::default()
        };
        let lines = draw(&scene, 80, 9, &ASCII).unwrap();
        // 9 rows span 2 units of height; 2 units of width take twice as many columns.
        assert_eq!(lines.len(), 9);
        let widest = lines.iter().map(Line::width).max().unwrap();
        assert!((17..=19).contains(&widest), "{widest}: {:?}", text(&lines));
        assert!(draw(&scene, 8, 9, &ASCII).is_none());
    }
}
