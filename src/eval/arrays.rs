//! Building and reshaping values: `eye zeros ones range concat reshape transpose shape
//! rows cols dot outer`, with NumPy's meaning.

use super::args::{axis, count, needs_array, scalar};
use super::budget::Budget;
use super::number::format_number;
use super::ops;
use super::value::{Matrix, Shape, Value, rows_value};

pub(crate) fn dot(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    match (&args[0], &args[1]) {
        (Value::Vector(u), Value::Vector(v)) if u.len() == v.len() => {
            budget.work(u.len() as u64)?;
            Ok(Value::Scalar(u.iter().zip(v).map(|(a, b)| a * b).sum()))
        }
        (u, v) => Err(format!(
            "dot takes two vectors of the same length, got {} and {}; use @ for matrices",
            u.shape(),
            v.shape()
        )),
    }
}

/// `outer(u, v)[i, j] = u[i] * v[j]`; like NumPy, inputs are read flattened.
pub(crate) fn outer(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (u, v) = (args[0].elements(), args[1].elements());
    budget.alloc("the outer product", u.len(), v.len())?;
    Ok(Value::Matrix(Matrix::from_fn(u.len(), v.len(), |i, j| {
        u[i] * v[j]
    })))
}

pub(crate) fn transpose(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    Ok(ops::transpose(&args[0]))
}

/// `[n]` for a vector, `[rows, cols]` for a matrix.
pub(crate) fn shape(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    let dims = args[0].shape().dims();
    if dims.is_empty() {
        return Err("a number has shape (): there are no dimensions to list".into());
    }
    Ok(Value::Vector(dims.into_iter().map(|d| d as f64).collect()))
}

/// Number of rows; a vector is one row.
pub(crate) fn rows(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    let x = args[0]
        .as_rows()
        .ok_or_else(|| needs_array("rows' argument", args[0].shape()))?;
    Ok(Value::Scalar(x.rows as f64))
}

/// Number of columns; a vector's length.
pub(crate) fn cols(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    let x = args[0]
        .as_rows()
        .ok_or_else(|| needs_array("cols' argument", args[0].shape()))?;
    Ok(Value::Scalar(x.cols as f64))
}

/// `eye(n)`: the n x n identity; `eye(n, m)` the n x m matrix with ones on the diagonal.
pub(crate) fn eye(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (n, m) = dims(args, true, budget)?;
    let m = m.unwrap_or(n);
    Ok(Value::Matrix(Matrix::from_fn(n, m, |i, j| {
        if i == j { 1.0 } else { 0.0 }
    })))
}

/// `zeros(n)` is a vector, `zeros(r, c)` a matrix (as `np.zeros(n)` and `np.zeros((r, c))`).
pub(crate) fn zeros(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    filled(args, 0.0, budget)
}

pub(crate) fn ones(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    filled(args, 1.0, budget)
}

fn filled(args: &[Value], x: f64, budget: &mut Budget) -> Result<Value, String> {
    let (n, m) = dims(args, false, budget)?;
    Ok(match m {
        None => Value::Vector(vec![x; n]),
        Some(m) => Value::Matrix(Matrix::from_fn(n, m, |_, _| x)),
    })
}

/// Reads `(n[, m])` sizes and checks the result fits the budget; a missing `m` means
/// `n` again when `square`, else 1 (a vector).
fn dims(
    args: &[Value],
    square: bool,
    budget: &mut Budget,
) -> Result<(usize, Option<usize>), String> {
    let n = count(&args[0], "the size")?;
    let m = args.get(1).map(|v| count(v, "the size")).transpose()?;
    budget.alloc("the result", n, m.unwrap_or(if square { n } else { 1 }))?;
    Ok((n, m))
}

/// `np.arange`: `range(n)` is `[0, 1, ..., n-1]`; `range(start, stop[, step])` steps from
/// `start` up to, not including, `stop`.
pub(crate) fn range(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let numbers = args
        .iter()
        .map(|v| scalar(v, "range's arguments"))
        .collect::<Result<Vec<f64>, String>>()?;
    let (start, stop, step) = match numbers[..] {
        [n] => (0.0, n, 1.0),
        [a, b] => (a, b, 1.0),
        [a, b, s] => (a, b, s),
        _ => return Err("range takes one to three numbers".into()),
    };
    if step == 0.0 || ![start, stop, step].iter().all(|x| x.is_finite()) {
        return Err("range needs finite numbers and a step that is not 0".into());
    }
    let len = ((stop - start) / step).ceil();
    if len < 1.0 {
        return Err(format!(
            "range from {} to {} by {} is empty",
            format_number(start),
            format_number(stop),
            format_number(step)
        ));
    }
    let len = if len > u32::MAX as f64 {
        usize::MAX
    } else {
        len as usize
    };
    budget.alloc("the range", 1, len)?;
    Ok(Value::Vector(
        (0..len).map(|i| start + i as f64 * step).collect(),
    ))
}

/// `np.concatenate((A, B), axis)`: two vectors join end to end; two matrices stack their
/// rows (axis 0, the default) or sit side by side (axis 1).
pub(crate) fn concat(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let (a, b) = (&args[0], &args[1]);
    let mismatch = |axis: usize| {
        format!(
            "cannot concatenate {} and {} along axis {axis}",
            a.shape(),
            b.shape()
        )
    };
    match (a, b) {
        (Value::Vector(u), Value::Vector(v)) => {
            if let Some(k) = args.get(2) {
                axis(k, 1)?;
            }
            budget.alloc("the concatenation", 1, u.len() + v.len())?;
            Ok(Value::Vector([&u[..], v].concat()))
        }
        (Value::Matrix(x), Value::Matrix(y)) => {
            let k = args.get(2).map(|k| axis(k, 2)).transpose()?.unwrap_or(0);
            if k == 0 {
                if x.cols() != y.cols() {
                    return Err(mismatch(0));
                }
                budget.alloc("the concatenation", x.rows() + y.rows(), x.cols())?;
                let data = [x.data(), y.data()].concat();
                Ok(rows_value(false, x.rows() + y.rows(), x.cols(), data))
            } else {
                if x.rows() != y.rows() {
                    return Err(mismatch(1));
                }
                budget.alloc("the concatenation", x.rows(), x.cols() + y.cols())?;
                let data = (0..x.rows())
                    .flat_map(|i| [x.row(i), y.row(i)].concat())
                    .collect();
                Ok(rows_value(false, x.rows(), x.cols() + y.cols(), data))
            }
        }
        _ => Err(format!(
            "concat needs two vectors or two matrices, got {} and {}; a vector v is the one-row matrix [v]",
            a.shape(),
            b.shape()
        )),
    }
}

/// `reshape(x, n)` gives a vector, `reshape(x, r, c)` a matrix, reading and writing
/// row-major; one size may be -1, meaning "whatever is left".
pub(crate) fn reshape(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let x = &args[0];
    let total = x.len();
    let mut sizes = Vec::with_capacity(2);
    for v in &args[1..] {
        let n = super::args::integer(v, "the size")?;
        sizes.push(n);
    }
    let known = sizes
        .iter()
        .filter(|&&n| n != -1)
        .try_fold(1i64, |acc, &n| acc.checked_mul(n))
        .unwrap_or(0);
    let unknown = sizes.iter().filter(|&&n| n == -1).count();
    let bad = || {
        let sizes: Vec<String> = sizes.iter().map(i64::to_string).collect();
        format!(
            "cannot reshape {} ({total} entries) to ({})",
            x.shape(),
            sizes.join("x")
        )
    };
    if unknown > 1 || sizes.iter().any(|&n| n < 1 && n != -1) || known < 1 {
        return Err(bad());
    }
    let sizes: Vec<usize> = sizes
        .iter()
        .map(|&n| {
            if n == -1 {
                total / known as usize
            } else {
                n as usize
            }
        })
        .collect();
    if sizes.iter().product::<usize>() != total {
        return Err(bad());
    }
    budget.work(total as u64)?;
    let shape = match sizes[..] {
        [n] => Shape::Vector(n),
        [r, c] => Shape::Matrix(r, c),
        _ => return Err(bad()),
    };
    Value::from_shape(shape, x.elements().to_vec()).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::eval::test_support::{apply, m};

    const S: fn(f64) -> Value = Value::Scalar;
    const V: fn(Vec<f64>) -> Value = Value::Vector;

    #[test]
    fn dot_and_outer() {
        assert_eq!(
            apply(dot, &[V(vec![1.0, 2.0, 3.0]), V(vec![4.0, -5.0, 6.0])]),
            Ok(S(12.0))
        );
        assert_eq!(
            apply(dot, &[V(vec![1.0]), V(vec![1.0, 2.0])]).unwrap_err(),
            "dot takes two vectors of the same length, got (1) and (2); use @ for matrices"
        );
        assert_eq!(
            apply(outer, &[V(vec![1.0, 2.0]), V(vec![3.0, 4.0, 5.0])]),
            Ok(m(2, 3, &[3.0, 4.0, 5.0, 6.0, 8.0, 10.0]))
        );
    }

    #[test]
    fn shapes() {
        let x = m(2, 3, &[0.0; 6]);
        assert_eq!(
            apply(shape, std::slice::from_ref(&x)),
            Ok(V(vec![2.0, 3.0]))
        );
        assert_eq!(apply(shape, &[V(vec![0.0; 4])]), Ok(V(vec![4.0])));
        assert!(apply(shape, &[S(1.0)]).is_err());
        assert_eq!(apply(rows, std::slice::from_ref(&x)), Ok(S(2.0)));
        assert_eq!(apply(cols, &[x]), Ok(S(3.0)));
        assert_eq!(apply(rows, &[V(vec![0.0; 4])]), Ok(S(1.0)));
        assert_eq!(apply(cols, &[V(vec![0.0; 4])]), Ok(S(4.0)));
        assert_eq!(
            apply(rows, &[S(1.0)]).unwrap_err(),
            "rows' argument must be a vector or a matrix, got a number"
        );
    }

    #[test]
    fn constructors() {
        assert_eq!(apply(eye, &[S(2.0)]), Ok(m(2, 2, &[1.0, 0.0, 0.0, 1.0])));
        assert_eq!(
            apply(eye, &[S(2.0), S(3.0)]),
            Ok(m(2, 3, &[1.0, 0.0, 0.0, 0.0, 1.0, 0.0]))
        );
        assert_eq!(apply(zeros, &[S(3.0)]), Ok(V(vec![0.0; 3])));
        assert_eq!(apply(ones, &[S(2.0), S(1.0)]), Ok(m(2, 1, &[1.0, 1.0])));
        assert_eq!(
            apply(eye, &[S(100_000.0)]).unwrap_err(),
            "the result would have 10000000000 entries; the limit is 65536"
        );
        assert_eq!(
            apply(zeros, &[S(0.0), S(2.0)]).unwrap_err(),
            "the size must be at least 1, got 0"
        );
    }

    #[test]
    fn ranges_like_arange() {
        assert_eq!(apply(range, &[S(3.0)]), Ok(V(vec![0.0, 1.0, 2.0])));
        assert_eq!(apply(range, &[S(2.0), S(5.0)]), Ok(V(vec![2.0, 3.0, 4.0])));
        assert_eq!(
            apply(range, &[S(1.0), S(0.0), S(-0.5)]),
            Ok(V(vec![1.0, 0.5]))
        );
        assert_eq!(
            apply(range, &[S(0.0)]).unwrap_err(),
            "range from 0 to 0 by 1 is empty"
        );
        assert!(apply(range, &[S(0.0), S(1.0), S(0.0)]).is_err());
        assert!(
            apply(range, &[S(1e300)])
                .unwrap_err()
                .contains("the limit is")
        );
    }

    #[test]
    fn concat_along_each_axis() {
        let a = m(1, 2, &[1.0, 2.0]);
        let b = m(1, 2, &[3.0, 4.0]);
        assert_eq!(
            apply(concat, &[a.clone(), b.clone(), S(0.0)]),
            Ok(m(2, 2, &[1.0, 2.0, 3.0, 4.0]))
        );
        assert_eq!(
            apply(concat, &[a.clone(), b.clone(), S(1.0)]),
            Ok(m(1, 4, &[1.0, 2.0, 3.0, 4.0]))
        );
        assert_eq!(
            apply(concat, &[a.clone(), b]),
            Ok(m(2, 2, &[1.0, 2.0, 3.0, 4.0]))
        );
        assert_eq!(
            apply(concat, &[V(vec![1.0]), V(vec![2.0]), S(0.0)]),
            Ok(V(vec![1.0, 2.0]))
        );
        let tall = m(2, 1, &[0.0, 0.0]);
        assert_eq!(
            apply(concat, &[a.clone(), tall, S(1.0)]).unwrap_err(),
            "cannot concatenate (1x2) and (2x1) along axis 1"
        );
        assert!(
            apply(concat, &[a, V(vec![1.0, 2.0])])
                .unwrap_err()
                .starts_with("concat needs two vectors")
        );
    }

    #[test]
    fn reshape_row_major() {
        let v = V(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(
            apply(reshape, &[v.clone(), S(2.0), S(3.0)]),
            Ok(m(2, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
        );
        assert_eq!(
            apply(reshape, &[v.clone(), S(-1.0), S(2.0)]),
            Ok(m(3, 2, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]))
        );
        assert_eq!(
            apply(reshape, &[m(2, 1, &[1.0, 2.0]), S(2.0)]),
            Ok(V(vec![1.0, 2.0]))
        );
        assert_eq!(
            apply(reshape, &[v, S(4.0), S(2.0)]).unwrap_err(),
            "cannot reshape (6) (6 entries) to (4x2)"
        );
    }
}
