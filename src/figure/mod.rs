//! Figures computed live: a `figure` block's data are evaluator expressions, so a figure
//! can never disagree with the numbers of its lesson. Pure: figures become styled lines
//! at a width, cached with the rest of the lesson; no terminal code here.

pub mod bars;
pub mod call;
pub mod chart;
pub mod geometry;
pub mod heatmap;
pub mod lines;
pub mod look;

use ratatui::text::Line;
use serde::Deserialize;

use crate::eval::{self, Env, Shape, Value};
pub use look::{Colors, Look};

/// The looks and the line-to-text helper the figure kinds' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Colors, Look};
    use ratatui::text::Line;

    pub const PLAIN: Look = Look {
        ascii: false,
        colors: Colors::None,
        light: false,
    };
    pub const ASCII: Look = Look {
        ascii: true,
        colors: Colors::None,
        light: false,
    };

    pub fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Heatmap,
    Line,
    Scatter,
    Histogram,
    Bars,
    /// Plane geometry: `data` rows are 2-D vectors drawn as arrows.
    Vectors,
}

/// The TOML of a `figure` block.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FigureSpec {
    pub kind: Kind,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub caption: String,
    /// Heat map: a matrix. Line, scatter, histogram: a vector, or a matrix whose rows
    /// are series. Bars: a vector.
    pub data: String,
    /// Line and scatter: the x values (default 0, 1, 2, ...).
    pub x: Option<String>,
    /// Series names (line, scatter, histogram), panel names (heat map) or bar labels.
    #[serde(default)]
    pub labels: Vec<String>,
    /// Histogram bins (default 20).
    pub bins: Option<usize>,
    /// Heat map: the data's columns split into this many equal panels, drawn side by
    /// side on one scale (one attention matrix per head, `concat`ed along axis 1).
    pub panels: Option<usize>,
    #[serde(default)]
    pub xlabel: String,
    #[serde(default)]
    pub ylabel: String,
    /// Vectors: an n x 2 matrix of points, drawn as dots named by `point_labels`.
    pub points: Option<String>,
    #[serde(default)]
    pub point_labels: Vec<String>,
    /// Vectors: an m x 4 matrix of dotted segments `[x0, y0, x1, y1]`.
    pub segments: Option<String>,
    /// Vectors: the radius of a circle about the origin (`"1"`: the unit circle).
    pub circle: Option<String>,
    /// Vectors: each arrow starts at the previous one's tip (a sum, head to tail).
    #[serde(default)]
    pub chain: bool,
    /// Vectors: outline the convex hull of the arrows' tips.
    #[serde(default)]
    pub hull: bool,
}

/// A figure with its data evaluated and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub spec: FigureSpec,
    rows: Vec<Vec<f64>>,
    x: Option<Vec<f64>>,
    /// Heat map: the columns of each panel, left to right (one panel: all of them).
    panel_cols: Vec<usize>,
    plane: Plane,
    /// Heat map: the characters of the text its rows and columns stand for (see
    /// [`text_of`]); empty otherwise.
    chars: Vec<char>,
}

/// The characters of the text a figure's data is computed on: the string literal a
/// model function's call takes first (`attn_weights("the key", 0, 3)`), or none. A heat
/// map over that text (as many rows, and columns per panel, as it has characters) is
/// labelled with them.
fn text_of(src: &str) -> Vec<char> {
    let Ok(program) = eval::parse(src) else {
        return Vec::new();
    };
    let [eval::Statement::Expr(expr)] = program.statements.as_slice() else {
        return Vec::new();
    };
    match &expr.kind {
        eval::ExprKind::Call(_, args) => match args.first().map(|a| &a.kind) {
            Some(eval::ExprKind::Str(text)) => text.chars().collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// Largest number of values a figure may hold: enough for a 64x64 table or 4 series of
/// 10,000 samples, small enough to draw in well under a millisecond.
const MAX_VALUES: usize = 40_000;

/// Most histogram bins: more than a terminal row has columns for anyway.
pub(crate) const MAX_BINS: usize = 200;

impl FigureSpec {
    /// A spec with no text around the drawing, for figures made from values (the
    /// scratchpad's `heatmap(A)`).
    pub fn bare(kind: Kind) -> FigureSpec {
        FigureSpec {
            kind,
            title: String::new(),
            caption: String::new(),
            data: String::new(),
            x: None,
            labels: Vec::new(),
            bins: None,
            panels: None,
            xlabel: String::new(),
            ylabel: String::new(),
            points: None,
            point_labels: Vec::new(),
            segments: None,
            circle: None,
            chain: false,
            hull: false,
        }
    }

    /// Evaluates and checks the data: finite values, shapes that fit the kind.
    pub fn evaluate(&self) -> Result<Figure, String> {
        let data = evaluate(&self.data).map_err(|e| format!("data: {e}"))?;
        let x = match &self.x {
            None => None,
            Some(expr) => Some(evaluate(expr).map_err(|e| format!("x: {e}"))?),
        };
        let panel_cols = match self.panels {
            None => None,
            Some(n) => {
                let cols = data.shape().dims().last().copied().unwrap_or(1);
                if self.kind != Kind::Heatmap {
                    return Err("panels: only a heat map has panels".into());
                }
                if n == 0 || cols % n != 0 {
                    return Err(format!(
                        "panels: {n} panels cannot split the data's {cols} columns evenly"
                    ));
                }
                Some(vec![cols / n; n])
            }
        };
        let mut figure = Figure::new(self.clone(), &data, x.as_ref(), panel_cols)?;
        figure.plane = self.plane()?;
        if self.kind == Kind::Heatmap {
            let chars = text_of(&self.data);
            let n = chars.len();
            if figure.rows.len() == n && figure.panel_cols.iter().all(|&c| c == n) {
                figure.chars = chars;
            }
        }
        Ok(figure)
    }

    /// The points, segments and circle of a `vectors` figure, evaluated and checked;
    /// any other kind may not have them.
    fn plane(&self) -> Result<Plane, String> {
        let given = self.points.is_some()
            || self.segments.is_some()
            || self.circle.is_some()
            || self.chain
            || self.hull
            || !self.point_labels.is_empty();
        if self.kind != Kind::Vectors {
            return match given {
                true => Err(
                    "points: only a vectors figure has points, segments, circle, chain or hull"
                        .into(),
                ),
                false => Ok(Plane::default()),
            };
        }
        let pairs =
            |key: &str, expr: &Option<String>, cols: usize| -> Result<Vec<Vec<f64>>, String> {
                let Some(expr) = expr else {
                    return Ok(Vec::new());
                };
                let v = evaluate(expr).map_err(|e| format!("{key}: {e}"))?;
                drawable(&v).map_err(|e| format!("{key}: {e}"))?;
                let rows = as_rows(&v);
                if rows[0].len() != cols {
                    return Err(format!(
                        "{key}: needs rows of {cols} numbers, got {}",
                        describe(&v)
                    ));
                }
                Ok(rows)
            };
        let points = pairs("points", &self.points, 2)?;
        if !self.point_labels.is_empty() && self.point_labels.len() != points.len() {
            return Err(format!(
                "point_labels: {} given, the points are {}",
                self.point_labels.len(),
                points.len()
            ));
        }
        let segments = pairs("segments", &self.segments, 4)?;
        let circle = match &self.circle {
            None => None,
            Some(expr) => match evaluate(expr).map_err(|e| format!("circle: {e}"))? {
                Value::Scalar(r) if r.is_finite() && r > 0.0 => Some(r),
                v => {
                    return Err(format!(
                        "circle: needs a positive radius, got {}",
                        describe(&v)
                    ));
                }
            },
        };
        Ok(Plane {
            points: points.iter().map(|p| (p[0], p[1])).collect(),
            segments: segments
                .iter()
                .map(|s| ((s[0], s[1]), (s[2], s[3])))
                .collect(),
            circle,
        })
    }
}

/// The extras of a `vectors` figure, in data coordinates.
#[derive(Debug, Clone, Default, PartialEq)]
struct Plane {
    points: Vec<(f64, f64)>,
    segments: Vec<((f64, f64), (f64, f64))>,
    circle: Option<f64>,
}

/// Evaluates `expr` on its own (a figure sees no bindings but its own `let`s).
fn evaluate(expr: &str) -> Result<Value, String> {
    eval::run(expr, &mut Env::new()).map_err(|e| e.to_string())
}

fn as_rows(v: &Value) -> Vec<Vec<f64>> {
    match v {
        Value::Matrix(m) => (0..m.rows()).map(|i| m.row(i).to_vec()).collect(),
        _ => vec![v.elements().to_vec()],
    }
}

/// "a vector of 3", "a 2x3 matrix", "a number".
fn describe(v: &Value) -> String {
    match v.shape() {
        Shape::Scalar => "a number".into(),
        Shape::Vector(n) => format!("a vector of {n}"),
        Shape::Matrix(r, c) => format!("a {r}x{c} matrix"),
    }
}

/// Checks that `v` can be drawn: not too many values, all finite.
fn drawable(v: &Value) -> Result<(), String> {
    let n = v.len();
    if n > MAX_VALUES {
        return Err(format!("needs 1 to {MAX_VALUES} values, got {n}"));
    }
    match v.elements().iter().position(|x| !x.is_finite()) {
        Some(i) => Err(format!(
            "entry {i} is {}, a figure needs finite values",
            v.elements()[i]
        )),
        None => Ok(()),
    }
}

impl Figure {
    /// A figure of `kind` from values already computed: `data` (see [`FigureSpec`]),
    /// the x values of a line or scatter, and the columns of each heat-map panel.
    /// Every message says which argument is wrong: `data: ...`, `x: ...`.
    pub fn new(
        spec: FigureSpec,
        data: &Value,
        x: Option<&Value>,
        panel_cols: Option<Vec<usize>>,
    ) -> Result<Figure, String> {
        drawable(data).map_err(|e| format!("data: {e}"))?;
        let rows = as_rows(data);
        let n = rows[0].len();
        if spec.kind == Kind::Bars && rows.len() != 1 {
            return Err(format!("data: bars need a vector, got {}", describe(data)));
        }
        if spec.kind == Kind::Vectors && n != 2 {
            return Err(format!(
                "data: vectors need rows of 2 numbers (x, y), got {}",
                describe(data)
            ));
        }
        if spec.bins.is_some_and(|b| !(1..=MAX_BINS).contains(&b)) {
            return Err(format!("bins: needs 1 to {MAX_BINS} bins"));
        }
        let x = match x {
            None => None,
            Some(x) => {
                drawable(x).map_err(|e| format!("x: {e}"))?;
                if !matches!(x.shape(), Shape::Vector(len) if len == n) {
                    return Err(format!(
                        "x: needs a vector of {n} to match the data, got {}",
                        describe(x)
                    ));
                }
                Some(x.elements().to_vec())
            }
        };
        let panel_cols = panel_cols.unwrap_or_else(|| vec![n]);
        let labels_needed = match spec.kind {
            Kind::Bars => n,
            Kind::Heatmap => panel_cols.len(),
            _ => rows.len(),
        };
        if !spec.labels.is_empty() && spec.labels.len() != labels_needed {
            return Err(format!(
                "labels: {} given, the data has {labels_needed}",
                spec.labels.len()
            ));
        }
        Ok(Figure {
            spec,
            rows,
            x,
            panel_cols,
            plane: Plane::default(),
            chars: Vec::new(),
        })
    }

    /// The drawing as lines at most `width` wide (title and caption are prose, wrapped
    /// by the caller). Too narrow for the drawing: a one-line summary and a hint, never
    /// a garbled picture.
    pub fn body(&self, width: usize, look: &Look) -> Vec<Line<'static>> {
        self.body_within(width, usize::MAX, look)
    }

    /// [`Figure::body`] in at most `rows` lines (a chart shrinks to fit; anything else
    /// too tall becomes the summary), for a pane of fixed height.
    pub fn body_within(&self, width: usize, rows: usize, look: &Look) -> Vec<Line<'static>> {
        let hint = match self.draw(width, rows, look) {
            Some(lines) if lines.len() <= rows => return lines,
            Some(_) => "(too tall here: enlarge the terminal)",
            None => "(widen the terminal to see it)",
        };
        vec![Line::from(self.summary()), Line::from(hint)]
    }

    fn draw(&self, width: usize, rows: usize, look: &Look) -> Option<Vec<Line<'static>>> {
        match self.spec.kind {
            Kind::Heatmap => {
                let panels = self.panels();
                heatmap::draw_panels(&panels, &self.spec.labels, &self.chars, width, look)
            }
            Kind::Bars => {
                let labels = self.labels_or_indices(self.rows[0].len());
                bars::draw_bars(&labels, &self.rows[0], width, look)
            }
            Kind::Histogram => {
                let bins = self.spec.bins.unwrap_or(20);
                bars::draw_histograms(&self.rows, &self.spec.labels, bins, width, look)
            }
            Kind::Vectors => {
                let mut from = (0.0, 0.0);
                let arrows = self
                    .rows
                    .iter()
                    .map(|r| {
                        let tip = (from.0 + r[0], from.1 + r[1]);
                        let arrow = (from, if self.spec.chain { tip } else { (r[0], r[1]) });
                        if self.spec.chain {
                            from = tip;
                        }
                        arrow
                    })
                    .collect();
                let scene = geometry::Scene {
                    arrows,
                    arrow_labels: &self.spec.labels,
                    points: self.plane.points.clone(),
                    point_labels: &self.spec.point_labels,
                    segments: self.plane.segments.clone(),
                    hull: self.spec.hull,
                    circle: self.plane.circle,
                };
                geometry::draw(&scene, width, rows, look)
            }
            Kind::Line | Kind::Scatter => {
                let series: Vec<chart::Series> = self
                    .rows
                    .iter()
                    .enumerate()
                    .map(|(k, ys)| chart::Series {
                        label: self.spec.labels.get(k).map(String::as_str),
                        points: ys
                            .iter()
                            .enumerate()
                            .map(|(i, y)| (self.x.as_ref().map_or(i as f64, |x| x[i]), *y))
                            .collect(),
                    })
                    .collect();
                let axes = (self.spec.xlabel.as_str(), self.spec.ylabel.as_str());
                let size = (width, rows);
                chart::draw(&series, self.spec.kind == Kind::Scatter, axes, size, look)
            }
        }
    }

    /// The heat map's panels: each a block of whole rows of its own columns.
    fn panels(&self) -> Vec<Vec<Vec<f64>>> {
        let mut start = 0;
        self.panel_cols
            .iter()
            .map(|&cols| {
                let panel = self
                    .rows
                    .iter()
                    .map(|r| r[start..start + cols].to_vec())
                    .collect();
                start += cols;
                panel
            })
            .collect()
    }

    fn labels_or_indices(&self, n: usize) -> Vec<String> {
        if self.spec.labels.is_empty() {
            (0..n).map(|i| i.to_string()).collect()
        } else {
            self.spec.labels.clone()
        }
    }

    /// "[heatmap 8x64, min -1, max 1]".
    pub fn summary(&self) -> String {
        let (lo, hi) = heatmap::range(&self.rows).unwrap_or((0.0, 0.0));
        let shape = format!(
            "{}x{}",
            self.rows.len(),
            self.rows.first().map_or(0, Vec::len)
        );
        let kind = format!("{:?}", self.spec.kind).to_lowercase();
        format!(
            "[{kind} {shape}, min {}, max {}]",
            eval::format_label(lo),
            eval::format_label(hi)
        )
    }
}
