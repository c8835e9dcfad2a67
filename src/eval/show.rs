//! A value as a learner reads it (the scratchpad, the previews of what is typed, the
//! claims of the ask panel): 6 significant digits unless the line asks for all of them
//! with `full(...)`, and laid out at a width, so that a wide matrix is wrapped into
//! blocks of whole columns instead of being cut. `eval` on the command line and `Tab`
//! (sending a value to an answer) keep the value's full text ([`Value`]'s `Display`).

use std::fmt;

use super::ast::{ExprKind, Statement};
use super::number::{format_number, format_short};
use super::value::Value;

/// How many digits the numbers of a shown value keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Digits {
    /// 6 significant digits (`0.333333`).
    Short,
    /// The evaluator's 15 (`0.333333333333333`), asked for by `full(...)`.
    Full,
}

/// What a line of the scratchpad or a preview shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    Value {
        value: Value,
        digits: Digits,
    },
    /// Text printed as it is (`help(model)`, a figure's summary).
    Text(String),
}

impl Shown {
    /// `value`, computed from `src`, with the digits `src` asks for: all of them when
    /// its last statement is a call of `full`.
    pub fn of(src: &str, value: Value) -> Shown {
        let full = super::parse(src).is_ok_and(|p| {
            matches!(p.statements.last(),
                Some(Statement::Expr(e)) if matches!(&e.kind, ExprKind::Call(name, _) if name == "full"))
        });
        let digits = if full { Digits::Full } else { Digits::Short };
        Shown::Value { value, digits }
    }

    /// The value in lines of at most `width` columns where it can be: a vector wrapped
    /// after its commas, a matrix one row a line with aligned columns, split into blocks
    /// of whole columns (each under a `columns i-j of n:` line) when a row is too wide.
    /// Only a single number or column wider than `width` is longer.
    pub fn lines(&self, width: usize) -> Vec<String> {
        let (value, digits) = match self {
            Shown::Text(text) => return text.lines().map(str::to_string).collect(),
            Shown::Value { value, digits } => (value, *digits),
        };
        let format = match digits {
            Digits::Short => format_short,
            Digits::Full => format_number,
        };
        let cells: Vec<String> = value.elements().iter().map(|&x| format(x)).collect();
        match value {
            Value::Scalar(_) => cells,
            Value::Vector(_) => vector_lines(&cells, width),
            Value::Matrix(m) => matrix_lines(&cells, m.rows(), m.cols(), width),
        }
    }
}

impl fmt::Display for Shown {
    /// The lines at any width, joined.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines(usize::MAX).join("\n"))
    }
}

/// `[a, b, c]`, broken after a comma into lines of at most `width` (continued one
/// column in, under the first entry).
fn vector_lines(cells: &[String], width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::from("[");
    for (i, cell) in cells.iter().enumerate() {
        let end = if i + 1 == cells.len() { "]" } else { "," };
        let piece = format!("{cell}{end}");
        let sep = if line.len() > 1 { " " } else { "" };
        if line.len() > 1 && line.len() + sep.len() + piece.len() > width {
            out.push(std::mem::replace(&mut line, format!(" {piece}")));
        } else {
            line.push_str(sep);
            line.push_str(&piece);
        }
    }
    out.push(line);
    out
}

/// The matrix as a literal (`[[1, 2],` / ` [3, 4]]`) when a row fits in `width`, else
/// in blocks of whole columns, right-aligned two spaces apart.
fn matrix_lines(cells: &[String], rows: usize, cols: usize, width: usize) -> Vec<String> {
    let widths: Vec<usize> = (0..cols)
        .map(|j| {
            (0..rows)
                .map(|i| cells[i * cols + j].len())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let literal_width = widths.iter().sum::<usize>() + 2 * (cols - 1) + 4;
    let cell = |i: usize, j: usize| format!("{:>w$}", cells[i * cols + j], w = widths[j]);
    if literal_width <= width {
        return (0..rows)
            .map(|i| {
                let row: Vec<String> = (0..cols).map(|j| cell(i, j)).collect();
                let open = if i == 0 { "[[" } else { " [" };
                let close = if i + 1 == rows { "]]" } else { "]," };
                format!("{open}{}{close}", row.join(", "))
            })
            .collect();
    }
    let mut out = Vec::new();
    let mut start = 0;
    while start < cols {
        // Whole columns while they fit (two spaces before each); at least one.
        let mut end = start + 1;
        let mut used = 2 + widths[start];
        while end < cols && used + 2 + widths[end] <= width {
            used += 2 + widths[end];
            end += 1;
        }
        out.push(if end - start == 1 {
            format!("column {start} of {cols}:")
        } else {
            format!("columns {start}-{} of {cols}:", end - 1)
        });
        for i in 0..rows {
            let row: String = (start..end).map(|j| format!("  {}", cell(i, j))).collect();
            out.push(row);
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Env, run};

    fn shown(src: &str) -> Shown {
        Shown::of(src, run(src, &mut Env::new()).unwrap())
    }

    #[test]
    fn six_digits_unless_full_is_asked_for() {
        assert_eq!(shown("1/3").to_string(), "0.333333");
        assert_eq!(shown("full(1/3)").to_string(), "0.333333333333333");
        assert_eq!(
            shown("let x = 1/3; full(x)").to_string(),
            "0.333333333333333"
        );
        assert_eq!(shown("full(1/3) * 2").to_string(), "0.666667");
        assert_eq!(shown("[1/3, 2]").to_string(), "[0.333333, 2]");
        assert_eq!(Shown::Text("a\nb".into()).lines(1), ["a", "b"]);
    }

    #[test]
    fn a_matrix_that_fits_reads_as_a_literal() {
        assert_eq!(
            shown("[[1, -20], [300, 1/3]]").lines(40),
            ["[[  1,      -20],", " [300, 0.333333]]"]
        );
    }

    #[test]
    fn a_wide_matrix_is_wrapped_in_whole_columns() {
        let s = shown("softmax([[1, 2, 3], [0, 0, 0], [3, 1, 2]])");
        let whole = s.lines(80);
        assert_eq!(whole.len(), 3);
        assert!(whole[0].len() <= 80);
        let narrow = s.lines(24);
        assert_eq!(
            narrow,
            [
                "columns 0-1 of 3:",
                "  0.0900306   0.244728",
                "   0.333333   0.333333",
                "   0.665241  0.0900306",
                "column 2 of 3:",
                "  0.665241",
                "  0.333333",
                "  0.244728",
            ]
        );
        assert!(narrow.iter().all(|l| l.len() <= 24));
        // Every entry is still there.
        assert_eq!(narrow.join(" ").matches("0.0900306").count(), 2);
    }

    #[test]
    fn a_long_vector_breaks_after_commas() {
        let lines = shown("range(12)").lines(12);
        assert_eq!(
            lines,
            ["[0, 1, 2, 3,", " 4, 5, 6, 7,", " 8, 9, 10,", " 11]"]
        );
        assert!(lines.iter().all(|l| l.len() <= 12));
    }
}
