//! Values of the language: f64 scalars, row vectors and row-major matrices, with their
//! shapes and the two printed forms (aligned text for people, JSON for scripts).

use std::fmt;

use super::number::format_number;

/// A value. Every vector and matrix has at least one element: the language has no way
/// to write an empty one, and keeping it so spares every function an empty case.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Scalar(f64),
    /// A row vector of length >= 1.
    Vector(Vec<f64>),
    Matrix(Matrix),
}

/// A row-major matrix with at least one row and one column.
#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f64>,
}

/// The shape of a value, printed the way error messages show it: `()`, `(3)`, `(2x3)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Scalar,
    Vector(usize),
    Matrix(usize, usize),
}

impl Matrix {
    /// A matrix from row-major data; `None` unless `data.len() == rows * cols` and both
    /// dimensions are at least 1.
    pub fn new(rows: usize, cols: usize, data: Vec<f64>) -> Option<Matrix> {
        (rows >= 1 && cols >= 1 && rows.checked_mul(cols) == Some(data.len())).then_some(Matrix {
            rows,
            cols,
            data,
        })
    }

    /// Builds a matrix entry by entry; callers guarantee `rows, cols >= 1`.
    pub(crate) fn from_fn(rows: usize, cols: usize, f: impl Fn(usize, usize) -> f64) -> Matrix {
        let data = (0..rows * cols).map(|k| f(k / cols, k % cols)).collect();
        Matrix { rows, cols, data }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The entries, row-major.
    pub fn data(&self) -> &[f64] {
        &self.data
    }

    pub(crate) fn into_data(self) -> Vec<f64> {
        self.data
    }

    pub fn row(&self, i: usize) -> &[f64] {
        &self.data[i * self.cols..(i + 1) * self.cols]
    }

    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.data[i * self.cols + j]
    }

    pub fn transpose(&self) -> Matrix {
        Matrix::from_fn(self.cols, self.rows, |i, j| self.get(j, i))
    }
}

impl Value {
    /// A value of the given shape from row-major data; `None` when the lengths disagree
    /// or a dimension is 0.
    pub fn from_shape(shape: Shape, data: Vec<f64>) -> Option<Value> {
        match shape {
            Shape::Scalar => (data.len() == 1).then(|| Value::Scalar(data[0])),
            Shape::Vector(n) => (n >= 1 && data.len() == n).then_some(Value::Vector(data)),
            Shape::Matrix(r, c) => Matrix::new(r, c, data).map(Value::Matrix),
        }
    }

    pub fn shape(&self) -> Shape {
        match self {
            Value::Scalar(_) => Shape::Scalar,
            Value::Vector(v) => Shape::Vector(v.len()),
            Value::Matrix(m) => Shape::Matrix(m.rows, m.cols),
        }
    }

    /// The entries, row-major (a scalar is one entry).
    pub fn elements(&self) -> &[f64] {
        match self {
            Value::Scalar(x) => std::slice::from_ref(x),
            Value::Vector(v) => v,
            Value::Matrix(m) => &m.data,
        }
    }

    pub(crate) fn into_elements(self) -> Vec<f64> {
        match self {
            Value::Scalar(x) => vec![x],
            Value::Vector(v) => v,
            Value::Matrix(m) => m.data,
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.elements().len()
    }

    /// Always false: values are never empty (kept for the `len` convention).
    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn as_scalar(&self) -> Option<f64> {
        match self {
            Value::Scalar(x) => Some(*x),
            _ => None,
        }
    }

    /// `{"shape":[...],"data":[...]}`, data flattened row-major, full f64 precision
    /// (shortest round-trip form). JSON has no infinities: like Python's `json` module,
    /// they are written `Infinity`, `-Infinity` and `NaN`.
    pub fn to_json(&self) -> String {
        let shape = self
            .shape()
            .dims()
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let data = self
            .elements()
            .iter()
            .map(|&x| json_number(x))
            .collect::<Vec<_>>()
            .join(",");
        format!("{{\"shape\":[{shape}],\"data\":[{data}]}}")
    }
}

/// A vector or matrix seen as a stack of rows: the row-vector convention (a vector is a
/// 1 x n row) that matrix products, softmax, attention and the norms all share.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rows<'a> {
    pub rows: usize,
    pub cols: usize,
    pub data: &'a [f64],
    pub is_vector: bool,
}

impl<'a> Rows<'a> {
    /// A view of `rows x cols` row-major data.
    pub fn matrix(rows: usize, cols: usize, data: &'a [f64]) -> Rows<'a> {
        Rows {
            rows,
            cols,
            data,
            is_vector: false,
        }
    }

    /// A result with this value's kind: a vector in gives a vector out when the result
    /// is still one row.
    pub fn rebuild(&self, rows: usize, cols: usize, data: Vec<f64>) -> Value {
        rows_value(self.is_vector && rows == 1, rows, cols, data)
    }
}

/// `data` as a vector (when `as_vector`) or as a `rows x cols` matrix. Callers pass
/// consistent, non-empty dimensions.
pub(crate) fn rows_value(as_vector: bool, rows: usize, cols: usize, data: Vec<f64>) -> Value {
    if as_vector {
        Value::Vector(data)
    } else {
        Value::Matrix(Matrix { rows, cols, data })
    }
}

impl Value {
    /// The value as rows, or `None` for a scalar.
    pub(crate) fn as_rows(&self) -> Option<Rows<'_>> {
        match self {
            Value::Scalar(_) => None,
            Value::Vector(v) => Some(Rows {
                rows: 1,
                cols: v.len(),
                data: v,
                is_vector: true,
            }),
            Value::Matrix(m) => Some(Rows {
                rows: m.rows,
                cols: m.cols,
                data: &m.data,
                is_vector: false,
            }),
        }
    }

    /// The same shape with `f` applied to every entry.
    pub(crate) fn map(&self, f: impl Fn(f64) -> f64) -> Value {
        match self {
            Value::Scalar(x) => Value::Scalar(f(*x)),
            Value::Vector(v) => Value::Vector(v.iter().map(|&x| f(x)).collect()),
            Value::Matrix(m) => Value::Matrix(Matrix {
                rows: m.rows,
                cols: m.cols,
                data: m.data.iter().map(|&x| f(x)).collect(),
            }),
        }
    }
}

impl Shape {
    /// How messages name a value of this shape: "a number", "a (3) vector".
    pub fn describe(&self) -> String {
        match self {
            Shape::Scalar => "a number".into(),
            Shape::Vector(_) => format!("a {self} vector"),
            Shape::Matrix(..) => format!("a {self} matrix"),
        }
    }

    /// The dimensions as NumPy lists them: `[]`, `[n]`, `[r, c]`.
    pub fn dims(&self) -> Vec<usize> {
        match *self {
            Shape::Scalar => vec![],
            Shape::Vector(n) => vec![n],
            Shape::Matrix(r, c) => vec![r, c],
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        match *self {
            Shape::Scalar => 1,
            Shape::Vector(n) => n,
            Shape::Matrix(r, c) => r * c,
        }
    }

    /// Always false: see [`Value::is_empty`].
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Scalar => write!(f, "()"),
            Shape::Vector(n) => write!(f, "({n})"),
            Shape::Matrix(r, c) => write!(f, "({r}x{c})"),
        }
    }
}

fn json_number(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        format!("{x:?}")
    }
}

impl fmt::Display for Value {
    /// Scalars as numbers, vectors as `[a, b, c]`, matrices one row per line with the
    /// columns right-aligned. Every form is also a valid literal of the language.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Scalar(x) => write!(f, "{}", format_number(*x)),
            Value::Vector(v) => {
                let cells: Vec<String> = v.iter().map(|&x| format_number(x)).collect();
                write!(f, "[{}]", cells.join(", "))
            }
            Value::Matrix(m) => {
                let cells: Vec<String> = m.data.iter().map(|&x| format_number(x)).collect();
                let widths: Vec<usize> = (0..m.cols)
                    .map(|j| {
                        (0..m.rows)
                            .map(|i| cells[i * m.cols + j].chars().count())
                            .max()
                            .unwrap_or(0)
                    })
                    .collect();
                for i in 0..m.rows {
                    f.write_str(if i == 0 { "[[" } else { " [" })?;
                    for (j, width) in widths.iter().enumerate() {
                        if j > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{:>width$}", cells[i * m.cols + j])?;
                    }
                    f.write_str(if i + 1 == m.rows { "]]" } else { "],\n" })?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::Matrix(Matrix::new(rows, cols, data.to_vec()).unwrap())
    }

    #[test]
    fn vectors_and_matrices_print_as_literals_with_aligned_columns() {
        assert_eq!(
            Value::Vector(vec![1.0, -2.5, 0.0]).to_string(),
            "[1, -2.5, 0]"
        );
        let m = matrix(2, 2, &[1.0, -20.0, 300.0, 4.5]);
        assert_eq!(m.to_string(), "[[  1, -20],\n [300, 4.5]]");
        assert_eq!(matrix(1, 2, &[1.0, 2.0]).to_string(), "[[1, 2]]");
    }

    #[test]
    fn json_has_shape_and_full_precision_row_major_data() {
        assert_eq!(
            Value::Scalar(0.1 + 0.2).to_json(),
            r#"{"shape":[],"data":[0.30000000000000004]}"#
        );
        assert_eq!(
            Value::Vector(vec![1.0, 2.0]).to_json(),
            r#"{"shape":[2],"data":[1.0,2.0]}"#
        );
        let m = matrix(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, f64::NEG_INFINITY]);
        assert_eq!(
            m.to_json(),
            r#"{"shape":[2,3],"data":[1.0,2.0,3.0,4.0,5.0,-Infinity]}"#
        );
    }

    #[test]
    fn shapes_print_as_error_messages_show_them() {
        assert_eq!(Shape::Scalar.to_string(), "()");
        assert_eq!(Shape::Vector(3).to_string(), "(3)");
        assert_eq!(Shape::Matrix(2, 3).to_string(), "(2x3)");
        assert_eq!(Shape::Matrix(2, 3).dims(), vec![2, 3]);
    }

    #[test]
    fn constructors_reject_inconsistent_data() {
        assert!(Matrix::new(2, 2, vec![1.0; 3]).is_none());
        assert!(Matrix::new(0, 2, vec![]).is_none());
        assert!(Value::from_shape(Shape::Vector(0), vec![]).is_none());
        assert_eq!(
            Value::from_shape(Shape::Scalar, vec![2.0]),
            Some(Value::Scalar(2.0))
        );
    }
}
