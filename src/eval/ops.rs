//! Operators: elementwise arithmetic with NumPy broadcasting, the matrix product,
//! transpose and indexing.

use super::ast::BinOp;
use super::budget::Budget;
use super::value::{Matrix, Shape, Value, rows_value};

/// `a op b` for the five elementwise operators and `@`.
pub(crate) fn binary(
    op: BinOp,
    a: &Value,
    b: &Value,
    budget: &mut Budget,
) -> Result<Value, String> {
    let f: fn(f64, f64) -> f64 = match op {
        BinOp::Add => |x, y| x + y,
        BinOp::Sub => |x, y| x - y,
        BinOp::Mul => |x, y| x * y,
        BinOp::Div => |x, y| x / y,
        BinOp::Pow => f64::powf,
        BinOp::MatMul => return matmul(a, b, budget),
    };
    broadcast(a, b, f, budget, || {
        format!(
            "shape mismatch: {} {} {}",
            a.shape(),
            op.symbol(),
            b.shape()
        )
    })
}

/// Applies `f` entry by entry under NumPy's broadcasting rule: shapes are aligned on the
/// right (a vector lines up with a matrix's columns, so it is applied to every row), and
/// a dimension of 1 stretches to match the other. Shapes that do not broadcast give the
/// error `mismatch` describes.
pub(crate) fn broadcast(
    a: &Value,
    b: &Value,
    f: impl Fn(f64, f64) -> f64,
    budget: &mut Budget,
    mismatch: impl FnOnce() -> String,
) -> Result<Value, String> {
    let (da, db) = (a.shape().dims(), b.shape().dims());
    let ndim = da.len().max(db.len());
    // Dimensions padded on the left to 2-D: (rows, cols).
    let pad = |d: &[usize]| match d {
        [] => (1, 1),
        [n] => (1, *n),
        [r, c, ..] => (*r, *c),
    };
    let ((ar, ac), (br, bc)) = (pad(&da), pad(&db));
    let join = |x: usize, y: usize| (x == y || x == 1 || y == 1).then(|| x.max(y));
    let (Some(rows), Some(cols)) = (join(ar, br), join(ac, bc)) else {
        return Err(mismatch());
    };
    let shape = match ndim {
        0 => Shape::Scalar,
        1 => Shape::Vector(cols),
        _ => Shape::Matrix(rows, cols),
    };
    budget.alloc("the result", rows, cols)?;
    let (xa, xb) = (a.elements(), b.elements());
    let at = |x: &[f64], r: usize, c: usize, i: usize, j: usize| x[(i % r) * c + j % c];
    let data: Vec<f64> = if (ar, ac) == (br, bc) {
        xa.iter().zip(xb).map(|(&x, &y)| f(x, y)).collect()
    } else {
        (0..rows * cols)
            .map(|k| {
                let (i, j) = (k / cols, k % cols);
                f(at(xa, ar, ac, i, j), at(xb, br, bc, i, j))
            })
            .collect()
    };
    Ok(match shape {
        Shape::Scalar => Value::Scalar(data[0]),
        _ => rows_value(ndim == 1, rows, cols, data),
    })
}

/// `A @ B` with vectors as 1 x n rows: `v @ W` is a vector, `A @ B` a matrix, and two
/// vectors never multiply (that is `dot`).
pub(crate) fn matmul(a: &Value, b: &Value, budget: &mut Budget) -> Result<Value, String> {
    let mismatch = || {
        let hint = match (a, b) {
            (Value::Vector(u), Value::Vector(_)) => {
                format!(
                    " (a vector is a 1x{} row; use dot(u, v) for two vectors)",
                    u.len()
                )
            }
            _ => String::new(),
        };
        format!("shape mismatch: {} @ {}{hint}", a.shape(), b.shape())
    };
    let (Some(x), Some(y)) = (a.as_rows(), b.as_rows()) else {
        return Err(format!(
            "@ needs vectors or matrices, got {} @ {}: use * to scale by a number",
            a.shape(),
            b.shape()
        ));
    };
    if x.cols != y.rows {
        return Err(mismatch());
    }
    let data = matmul_data(x.data, x.rows, x.cols, y.data, y.cols, budget)?;
    Ok(rows_value(x.is_vector, x.rows, y.cols, data))
}

/// Row-major `(n x k) @ (k x m)`, charged to the budget before any work is done.
pub(crate) fn matmul_data(
    a: &[f64],
    n: usize,
    k: usize,
    b: &[f64],
    m: usize,
    budget: &mut Budget,
) -> Result<Vec<f64>, String> {
    budget.alloc("the product", n, m)?;
    budget.work((n as u64) * (k as u64) * (m as u64))?;
    let mut out = vec![0.0; n * m];
    for i in 0..n {
        let row = &mut out[i * m..(i + 1) * m];
        for (p, &x) in a[i * k..(i + 1) * k].iter().enumerate() {
            for (o, &y) in row.iter_mut().zip(&b[p * m..(p + 1) * m]) {
                *o += x * y;
            }
        }
    }
    Ok(out)
}

/// `X.T`: a matrix is transposed; like NumPy, a vector or a number is left as it is.
pub(crate) fn transpose(x: &Value) -> Value {
    match x {
        Value::Matrix(m) => Value::Matrix(m.transpose()),
        other => other.clone(),
    }
}

/// `x[i]`, `x[i, j]`: 0-based, negative indices count from the end (as in NumPy);
/// `X[i]` is row `i` of a matrix.
pub(crate) fn index(x: &Value, indices: &[Value]) -> Result<Value, String> {
    match (x, indices) {
        (Value::Scalar(_), _) => Err("cannot index a number".into()),
        (Value::Vector(v), [i]) => Ok(Value::Scalar(
            v[position(i, v.len(), "index", "the vector", ("entry", "entries"))?],
        )),
        (Value::Vector(v), _) => Err(format!(
            "too many indices: a vector of length {} takes one, as in v[i]",
            v.len()
        )),
        (Value::Matrix(m), [i]) => Ok(Value::Vector(m.row(row_index(m, i)?).to_vec())),
        (Value::Matrix(m), [i, j]) => {
            let i = row_index(m, i)?;
            let j = position(
                j,
                m.cols(),
                "column index",
                "the matrix",
                ("column", "columns"),
            )?;
            Ok(Value::Scalar(m.get(i, j)))
        }
        (Value::Matrix(m), _) => Err(format!(
            "too many indices: a {} matrix takes one or two, as in X[i] or X[i, j]",
            Shape::Matrix(m.rows(), m.cols())
        )),
    }
}

fn row_index(m: &Matrix, i: &Value) -> Result<usize, String> {
    position(i, m.rows(), "row index", "the matrix", ("row", "rows"))
}

/// Resolves one index against a length `len`, accepting `-len..len`.
fn position(
    i: &Value,
    len: usize,
    what: &str,
    owner: &str,
    (one, many): (&str, &str),
) -> Result<usize, String> {
    let Value::Scalar(x) = *i else {
        return Err(format!(
            "{what} must be a number, got {}",
            i.shape().describe()
        ));
    };
    if x.fract() != 0.0 || !x.is_finite() {
        return Err(format!(
            "{what} must be an integer, got {}",
            super::number::format_number(x)
        ));
    }
    let n = len as f64;
    if x < -n || x >= n {
        let unit = if len == 1 { one } else { many };
        return Err(format!(
            "{what} {} is out of range: {owner} has {len} {unit} (0 to {})",
            super::number::format_number(x),
            len - 1
        ));
    }
    Ok(if x < 0.0 {
        (x + n) as usize
    } else {
        x as usize
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::Matrix(Matrix::new(rows, cols, data.to_vec()).unwrap())
    }

    fn op(o: BinOp, a: &Value, b: &Value) -> Result<Value, String> {
        binary(o, a, b, &mut Budget::default())
    }

    #[test]
    fn scalar_and_row_broadcasting() {
        let x = m(2, 2, &[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(
            op(BinOp::Add, &x, &Value::Scalar(1.0)),
            Ok(m(2, 2, &[2.0, 3.0, 4.0, 5.0]))
        );
        let v = Value::Vector(vec![10.0, 20.0]);
        assert_eq!(
            op(BinOp::Sub, &x, &v),
            Ok(m(2, 2, &[-9.0, -18.0, -7.0, -16.0]))
        );
        assert_eq!(
            op(BinOp::Mul, &v, &x),
            Ok(m(2, 2, &[10.0, 40.0, 30.0, 80.0]))
        );
        let column = m(2, 1, &[1.0, 2.0]);
        assert_eq!(
            op(BinOp::Mul, &column, &v),
            Ok(m(2, 2, &[10.0, 20.0, 20.0, 40.0]))
        );
        assert_eq!(
            op(BinOp::Pow, &Value::Scalar(2.0), &v).unwrap().elements()[0],
            1024.0
        );
    }

    #[test]
    fn division_by_zero_follows_ieee() {
        let r = op(
            BinOp::Div,
            &Value::Vector(vec![1.0, -1.0, 0.0]),
            &Value::Scalar(0.0),
        )
        .unwrap();
        assert_eq!(r.elements()[..2], [f64::INFINITY, f64::NEG_INFINITY]);
        assert!(r.elements()[2].is_nan());
    }

    #[test]
    fn mismatched_shapes_name_both() {
        let a = m(2, 3, &[0.0; 6]);
        assert_eq!(
            op(BinOp::Add, &a, &Value::Vector(vec![1.0, 2.0])).unwrap_err(),
            "shape mismatch: (2x3) + (2)"
        );
        assert_eq!(
            op(BinOp::MatMul, &a, &a).unwrap_err(),
            "shape mismatch: (2x3) @ (2x3)"
        );
        let u = Value::Vector(vec![1.0, 2.0]);
        assert_eq!(
            op(BinOp::MatMul, &u, &u).unwrap_err(),
            "shape mismatch: (2) @ (2) (a vector is a 1x2 row; use dot(u, v) for two vectors)"
        );
        assert!(
            op(BinOp::MatMul, &Value::Scalar(2.0), &a)
                .unwrap_err()
                .starts_with("@ needs vectors")
        );
    }

    #[test]
    fn matrix_products_by_hand() {
        let a = m(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let b = m(3, 2, &[7.0, 8.0, 9.0, 10.0, 11.0, 12.0]);
        assert_eq!(
            op(BinOp::MatMul, &a, &b),
            Ok(m(2, 2, &[58.0, 64.0, 139.0, 154.0]))
        );
        let v = Value::Vector(vec![1.0, 0.0, -1.0]);
        assert_eq!(
            op(BinOp::MatMul, &v, &b),
            Ok(Value::Vector(vec![-4.0, -4.0]))
        );
    }

    #[test]
    fn transpose_matrix_only() {
        let a = m(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(transpose(&a), m(3, 2, &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]));
        let v = Value::Vector(vec![1.0, 2.0]);
        assert_eq!(transpose(&v), v);
    }

    #[test]
    fn indexing_is_zero_based_with_negative_from_the_end() {
        let a = m(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let s = |x: f64| Value::Scalar(x);
        assert_eq!(index(&a, &[s(1.0)]), Ok(Value::Vector(vec![4.0, 5.0, 6.0])));
        assert_eq!(index(&a, &[s(0.0), s(2.0)]), Ok(s(3.0)));
        assert_eq!(index(&a, &[s(-1.0), s(-3.0)]), Ok(s(4.0)));
        assert_eq!(index(&Value::Vector(vec![7.0, 8.0]), &[s(1.0)]), Ok(s(8.0)));
    }

    #[test]
    fn indexing_errors() {
        let a = m(2, 3, &[0.0; 6]);
        let s = |x: f64| Value::Scalar(x);
        assert_eq!(
            index(&a, &[s(2.0)]).unwrap_err(),
            "row index 2 is out of range: the matrix has 2 rows (0 to 1)"
        );
        assert_eq!(
            index(&a, &[s(0.0), s(3.0)]).unwrap_err(),
            "column index 3 is out of range: the matrix has 3 columns (0 to 2)"
        );
        assert_eq!(
            index(&a, &[s(0.5)]).unwrap_err(),
            "row index must be an integer, got 0.5"
        );
        assert_eq!(
            index(&s(1.0), &[s(0.0)]).unwrap_err(),
            "cannot index a number"
        );
        assert!(
            index(&a, &[s(0.0), s(0.0), s(0.0)])
                .unwrap_err()
                .starts_with("too many indices")
        );
        assert_eq!(
            index(&a, &[Value::Vector(vec![0.0])]).unwrap_err(),
            "row index must be a number, got a (1) vector"
        );
    }
}
