//! Figures computed live: a `figure` block's data are evaluator expressions, so a figure
//! can never disagree with the numbers of its lesson. Pure: figures become styled lines
//! at a width, cached with the rest of the lesson; no terminal code here.

pub mod bars;
pub mod chart;
pub mod heatmap;
pub mod lines;
pub mod look;

use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use serde::Deserialize;

use crate::eval::{self, Env};
use crate::problems::instance::Shaped;
pub use look::{Colors, Look};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Heatmap,
    Line,
    Scatter,
    Histogram,
    Bars,
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
    /// Series names (line, scatter, histogram) or bar labels.
    #[serde(default)]
    pub labels: Vec<String>,
    /// Histogram bins (default 20).
    pub bins: Option<usize>,
    #[serde(default)]
    pub xlabel: String,
    #[serde(default)]
    pub ylabel: String,
}

/// A figure with its data evaluated and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Figure {
    pub spec: FigureSpec,
    rows: Vec<Vec<f64>>,
    x: Option<Vec<f64>>,
}

/// Largest number of values a figure may hold: enough for a 64x64 table or 4 series of
/// 10,000 samples, small enough to draw in well under a millisecond.
const MAX_VALUES: usize = 40_000;

impl FigureSpec {
    pub fn parse(toml_text: &str) -> Result<FigureSpec, String> {
        toml::from_str(toml_text).map_err(|e| e.message().to_string())
    }

    /// Evaluates and checks the data: finite values, shapes that fit the kind.
    pub fn evaluate(&self) -> Result<Figure, String> {
        let data = evaluate(&self.data).map_err(|e| format!("data: {e}"))?;
        let rows = as_rows(&data);
        if self.kind == Kind::Bars && rows.len() != 1 {
            return Err(format!(
                "data: bars need a vector, got {}",
                data.describe_shape()
            ));
        }
        let x = match &self.x {
            None => None,
            Some(expr) => {
                let x = evaluate(expr).map_err(|e| format!("x: {e}"))?;
                let n = rows.first().map_or(0, Vec::len);
                if x.shape.len() != 1 || x.data.len() != n {
                    return Err(format!(
                        "x: needs a vector of {n} to match the data, got {}",
                        x.describe_shape()
                    ));
                }
                Some(x.data)
            }
        };
        let labels_needed = if self.kind == Kind::Bars {
            rows[0].len()
        } else {
            rows.len()
        };
        if !self.labels.is_empty() && self.labels.len() != labels_needed {
            return Err(format!(
                "labels: {} given, the data has {labels_needed}",
                self.labels.len()
            ));
        }
        Ok(Figure {
            spec: self.clone(),
            rows,
            x,
        })
    }
}

fn evaluate(expr: &str) -> Result<Shaped, String> {
    let value = eval::run(expr, &mut Env::new()).map_err(|e| e.to_string())?;
    let shaped = Shaped::of(&value);
    if shaped.data.is_empty() || shaped.data.len() > MAX_VALUES {
        return Err(format!(
            "needs 1 to {MAX_VALUES} values, got {}",
            shaped.data.len()
        ));
    }
    if let Some(i) = shaped.data.iter().position(|x| !x.is_finite()) {
        return Err(format!(
            "entry {i} is {}, a figure needs finite values",
            shaped.data[i]
        ));
    }
    Ok(shaped)
}

fn as_rows(v: &Shaped) -> Vec<Vec<f64>> {
    match v.shape.as_slice() {
        [_, cols] => v.data.chunks(*cols).map(<[f64]>::to_vec).collect(),
        _ => vec![v.data.clone()],
    }
}

impl Figure {
    /// The figure as lines at most `width` wide: title, drawing, caption. Too narrow for
    /// the drawing: a one-line summary and a hint, never a garbled picture.
    pub fn render(&self, width: usize, look: &Look) -> Vec<Line<'static>> {
        let mut out = Vec::new();
        if !self.spec.title.is_empty() {
            out.push(Line::styled(
                self.spec.title.clone(),
                Style::new().add_modifier(Modifier::BOLD),
            ));
        }
        out.extend(
            self.draw(width, look)
                .unwrap_or_else(|| vec![Line::from(self.summary())]),
        );
        if !self.spec.caption.is_empty() {
            out.push(Line::styled(
                self.spec.caption.clone(),
                Style::new().add_modifier(Modifier::ITALIC),
            ));
        }
        out
    }

    fn draw(&self, width: usize, look: &Look) -> Option<Vec<Line<'static>>> {
        match self.spec.kind {
            Kind::Heatmap => heatmap::draw(&self.rows, width, look),
            Kind::Bars => {
                let labels = self.labels_or_indices(self.rows[0].len());
                bars::draw_bars(&labels, &self.rows[0], width, look)
            }
            Kind::Histogram => {
                let bins = self.spec.bins.unwrap_or(20);
                bars::draw_histograms(&self.rows, &self.spec.labels, bins, width, look)
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
                chart::draw(&series, self.spec.kind == Kind::Scatter, axes, width, look)
            }
        }
    }

    fn labels_or_indices(&self, n: usize) -> Vec<String> {
        if self.spec.labels.is_empty() {
            (0..n).map(|i| i.to_string()).collect()
        } else {
            self.spec.labels.clone()
        }
    }

    /// "[heatmap 8x64, min -1, max 1: widen the terminal to see it]".
    pub fn summary(&self) -> String {
        let (lo, hi) = heatmap::range(&self.rows).unwrap_or((0.0, 0.0));
        let shape = format!(
            "{}x{}",
            self.rows.len(),
            self.rows.first().map_or(0, Vec::len)
        );
        let kind = format!("{:?}", self.spec.kind).to_lowercase();
        format!(
            "[{kind} {shape}, min {}, max {}: widen the terminal to see it]",
            lines::number(lo),
            lines::number(hi)
        )
    }
}
