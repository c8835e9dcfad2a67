//! Figures asked for by a call in the scratchpad: `heatmap(A)`, `plot(x, y)`, `hist(v)`,
//! `bars(v)`. They are not evaluator functions (a value cannot be a picture, and the
//! evaluator stays free of drawing); the scratchpad recognises the call, evaluates the
//! arguments with the evaluator, and hands the values here.
//!
//! - `heatmap(A[, B, ...])`: matrices of the same number of rows side by side, one
//!   scale for all.
//! - `plot(y)`, `plot(x, y[, y2, ...])`: lines; each `y` a vector, or a matrix whose
//!   rows are series; `scatter(...)` the same as points.
//! - `hist(v[, bins])`: a histogram of a vector (or one per row of a matrix), 20 bins
//!   by default.
//! - `bars(values)` labels the bars by index; `bars(labels, values)` by the words of a
//!   first list of strings (`bars(["keys", "queries"], s)`) or the numbers of a first
//!   vector (`bars([4, 64, 512], s)`). The evaluator has no values that are words, so
//!   the words are read from the call's syntax ([`words`]) and given to [`with_words`].

use super::{Figure, FigureSpec, Kind, MAX_BINS};
use crate::eval::{Expr, ExprKind, Matrix, Value, format_number};

/// The figure calls, with how each is written (for the messages).
const CALLS: [(&str, &str); 5] = [
    ("heatmap", "heatmap(A[, B, ...])"),
    ("plot", "plot(y) or plot(x, y[, y2, ...])"),
    ("scatter", "scatter(y) or scatter(x, y[, y2, ...])"),
    ("hist", "hist(v[, bins])"),
    ("bars", "bars(values) or bars(labels, values)"),
];

/// Most panels or series one call draws: more would not tell apart.
const MAX_PARTS: usize = 8;

/// Whether `name` is a figure call.
pub fn is_figure_call(name: &str) -> bool {
    CALLS.iter().any(|(n, _)| *n == name)
}

/// The figure `name(args)` draws, or a one-line message naming what is wrong.
pub fn figure(name: &str, args: &[Value]) -> Result<Figure, String> {
    let usage = CALLS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, u)| *u)
        .ok_or_else(|| format!("{name} is not a figure"))?;
    let arity = |lo: usize, hi: usize| {
        if (lo..=hi).contains(&args.len()) {
            Ok(())
        } else {
            Err(format!("{name} takes {lo} to {hi} arguments: {usage}"))
        }
    };
    match name {
        "heatmap" => {
            arity(1, MAX_PARTS)?;
            heatmap(args)
        }
        "plot" | "scatter" => {
            arity(1, MAX_PARTS + 1)?;
            let kind = if name == "plot" {
                Kind::Line
            } else {
                Kind::Scatter
            };
            lines(kind, args)
        }
        "hist" => {
            arity(1, 2)?;
            let mut spec = FigureSpec::bare(Kind::Histogram);
            spec.bins = args.get(1).map(bins).transpose()?;
            Figure::new(spec, &args[0], None, None).map_err(|e| e.replace("data: ", ""))
        }
        _ => {
            arity(1, 2)?;
            bars(args)
        }
    }
}

/// The words of `arg` when it is a list of string literals (`["a", "b"]`).
pub fn words(arg: &Expr) -> Option<Vec<String>> {
    let ExprKind::List(items) = &arg.kind else {
        return None;
    };
    items
        .iter()
        .map(|item| match &item.kind {
            ExprKind::Str(word) => Some(word.clone()),
            _ => None,
        })
        .collect()
}

/// The figure `name(words, args...)` draws: only `bars` takes words, as its labels.
pub fn with_words(name: &str, words: Vec<String>, args: &[Value]) -> Result<Figure, String> {
    let [values] = args else {
        return Err(format!(
            "{name} with labels takes them and one vector of values: bars([\"a\", \"b\"], [1, 2])"
        ));
    };
    if name != "bars" {
        return Err(format!(
            "only bars takes words, as its labels: bars([\"a\", \"b\"], [1, 2]), not {name}"
        ));
    }
    let mut spec = FigureSpec::bare(Kind::Bars);
    spec.labels = words;
    Figure::new(spec, values, None, None).map_err(|e| e.replace("data: ", "values: "))
}

/// Matrices side by side: one matrix of all their columns, split back into panels.
fn heatmap(args: &[Value]) -> Result<Figure, String> {
    let rows = rows_of(&args[0]);
    let mut data: Vec<Vec<f64>> = vec![Vec::new(); rows.len()];
    let mut panel_cols = Vec::new();
    for (k, arg) in args.iter().enumerate() {
        let panel = rows_of(arg);
        if panel.len() != rows.len() {
            return Err(format!(
                "heatmap's matrices stand side by side, so they need the same number of rows: \
                 argument {} has {}, the first has {}",
                k + 1,
                panel.len(),
                rows.len()
            ));
        }
        panel_cols.push(panel[0].len());
        for (row, part) in data.iter_mut().zip(panel) {
            row.extend(part);
        }
    }
    let mut spec = FigureSpec::bare(Kind::Heatmap);
    if args.len() > 1 {
        spec.labels = (0..args.len())
            .map(|k| format!("argument {}", k + 1))
            .collect();
    }
    Figure::new(spec, &matrix(data)?, None, Some(panel_cols)).map_err(|e| e.replace("data: ", ""))
}

/// Lines or points: an optional x, then series (vectors, or matrices of rows).
fn lines(kind: Kind, args: &[Value]) -> Result<Figure, String> {
    let (x, ys) = match args {
        [y] => (None, std::slice::from_ref(y)),
        [x, ys @ ..] => (Some(x), ys),
        [] => return Err("nothing to draw".into()),
    };
    let series: Vec<Vec<f64>> = ys.iter().flat_map(rows_of).collect();
    if let Some(bad) = series.iter().find(|s| s.len() != series[0].len()) {
        return Err(format!(
            "every series needs the same length: {} and {}",
            series[0].len(),
            bad.len()
        ));
    }
    if series.len() > MAX_PARTS {
        return Err(format!("at most {MAX_PARTS} series, got {}", series.len()));
    }
    let mut spec = FigureSpec::bare(kind);
    if series.len() > 1 {
        spec.labels = (0..series.len()).map(|k| format!("series {k}")).collect();
    }
    Figure::new(spec, &matrix(series)?, x, None).map_err(|e| e.replace("data: ", "y: "))
}

/// Bars by index, or labelled by the numbers of a first vector.
fn bars(args: &[Value]) -> Result<Figure, String> {
    let mut spec = FigureSpec::bare(Kind::Bars);
    let values = &args[args.len() - 1];
    if let [labels, _] = args {
        spec.labels = labels
            .elements()
            .iter()
            .map(|x| format_number(*x))
            .collect();
    }
    Figure::new(spec, values, None, None).map_err(|e| e.replace("data: ", "values: "))
}

/// The bins argument: a whole number from 1 to 200.
fn bins(v: &Value) -> Result<usize, String> {
    match v.as_scalar() {
        Some(b) if b.fract() == 0.0 && (1.0..=MAX_BINS as f64).contains(&b) => Ok(b as usize),
        _ => Err(format!(
            "bins must be a whole number from 1 to {MAX_BINS}, got {}",
            match v.as_scalar() {
                Some(b) => format_number(b),
                None => "an array".into(),
            }
        )),
    }
}

/// A value as rows: a matrix's rows, or a vector or number as one row.
fn rows_of(v: &Value) -> Vec<Vec<f64>> {
    match v {
        Value::Matrix(m) => (0..m.rows()).map(|i| m.row(i).to_vec()).collect(),
        _ => vec![v.elements().to_vec()],
    }
}

/// Rows of equal length (checked by the callers) as one value.
fn matrix(rows: Vec<Vec<f64>>) -> Result<Value, String> {
    let (r, c) = (rows.len(), rows.first().map_or(0, Vec::len));
    Matrix::new(r, c, rows.concat())
        .map(Value::Matrix)
        .ok_or_else(|| "nothing to draw".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::look::{Colors, Look};

    const ASCII: Look = Look {
        ascii: true,
        colors: Colors::None,
        light: false,
    };

    fn v(x: &[f64]) -> Value {
        Value::Vector(x.to_vec())
    }

    fn m(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::Matrix(Matrix::new(rows, cols, data.to_vec()).unwrap())
    }

    fn text(f: &Figure, width: usize) -> Vec<String> {
        f.body(width, &ASCII)
            .iter()
            .map(|l| l.to_string())
            .collect()
    }

    #[test]
    fn heatmap_puts_matrices_side_by_side() {
        let a = m(1, 2, &[0.0, 1.0]);
        let b = m(1, 1, &[4.0]);
        let f = figure("heatmap", &[a.clone(), b]).unwrap();
        let lines = text(&f, 40);
        // Each panel as wide as its title: 10, then 3 columns apart.
        assert_eq!(lines[0], "argument 1   argument 2");
        assert_eq!(lines[2], "0   0 : 1    0 @ 4");
        let single = text(&figure("heatmap", std::slice::from_ref(&a)).unwrap(), 40);
        assert_eq!(single[1], "0   0 @ 1", "one matrix: no title");
        let err = figure("heatmap", &[a, m(2, 1, &[1.0, 2.0])]).unwrap_err();
        assert!(err.contains("argument 2 has 2, the first has 1"), "{err}");
    }

    #[test]
    fn plot_takes_x_then_series_of_equal_length() {
        let x = v(&[0.0, 1.0, 2.0]);
        let f = figure(
            "plot",
            &[x.clone(), v(&[1.0, 2.0, 3.0]), v(&[3.0, 2.0, 1.0])],
        )
        .unwrap();
        let lines = text(&f, 60).join("\n");
        assert!(
            lines.contains("* series 0") && lines.contains("+ series 1"),
            "{lines}"
        );
        let err = figure("plot", &[x.clone(), v(&[1.0, 2.0])]).unwrap_err();
        assert_eq!(
            err,
            "x: needs a vector of 2 to match the data, got a vector of 3"
        );
        assert!(figure("plot", &[x.clone(), m(2, 3, &[0.0; 6])]).is_ok());
        assert!(
            figure("scatter", &[v(&[1.0, 1.0 / 0.0])])
                .unwrap_err()
                .contains("finite")
        );
    }

    #[test]
    fn hist_and_bars_check_their_arguments() {
        assert!(figure("hist", &[v(&[1.0, 2.0, 2.0]), Value::Scalar(4.0)]).is_ok());
        assert_eq!(
            figure("hist", &[v(&[1.0]), Value::Scalar(0.0)]).unwrap_err(),
            "bins must be a whole number from 1 to 200, got 0"
        );
        let labelled = figure("bars", &[v(&[4.0, 64.0]), v(&[2.0, 8.0])]).unwrap();
        // 14 columns of bar: 8 fills them, 2 takes 3.5, rounded to 4.
        assert_eq!(text(&labelled, 20), ["4  |#### 2", "64 |############## 8"]);
        assert_eq!(
            figure("bars", &[v(&[1.0]), v(&[2.0, 8.0])]).unwrap_err(),
            "labels: 1 given, the data has 2"
        );
        assert_eq!(
            figure("bars", &[]).unwrap_err(),
            "bars takes 1 to 2 arguments: bars(values) or bars(labels, values)"
        );
        assert!(is_figure_call("hist") && !is_figure_call("softmax"));
    }
}
