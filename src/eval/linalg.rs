//! `inv` and `det` of small square matrices by Gaussian elimination with partial pivoting.

use super::args::finite;
use super::budget::Budget;
use super::value::{Matrix, Value};

/// A pivot this small relative to the matrix's largest entry counts as zero: the matrix
/// is singular to working precision.
const SINGULAR: f64 = 1e-12;

/// The inverse; a singular matrix is an error.
pub(crate) fn inv(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let a = square(&args[0], budget)?;
    let n = a.rows();
    // Eliminate on [A | I] until the left half is I; the right half is then A^-1.
    let mut work = Matrix::from_fn(n, 2 * n, |i, j| {
        if j < n {
            a.get(i, j)
        } else if j - n == i {
            1.0
        } else {
            0.0
        }
    })
    .into_data();
    let width = 2 * n;
    let scale = scale(&a);
    for col in 0..n {
        let pivot_row = pivot(&work, width, n, col);
        let pivot = work[pivot_row * width + col];
        if pivot.abs() <= SINGULAR * scale {
            return Err("the matrix is singular (it has no inverse)".into());
        }
        swap_rows(&mut work, width, col, pivot_row);
        for x in &mut work[col * width..(col + 1) * width] {
            *x /= pivot;
        }
        for r in (0..n).filter(|&r| r != col) {
            let factor = work[r * width + col];
            if factor != 0.0 {
                for j in 0..width {
                    work[r * width + j] -= factor * work[col * width + j];
                }
            }
        }
    }
    Ok(Value::Matrix(Matrix::from_fn(n, n, |i, j| {
        work[i * width + n + j]
    })))
}

/// The determinant: the product of the pivots, with the sign of the row swaps. A matrix
/// that is singular to working precision has determinant exactly 0.
pub(crate) fn det(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let a = square(&args[0], budget)?;
    let n = a.rows();
    let scale = scale(&a);
    let mut work = a.into_data();
    let mut det = 1.0;
    for col in 0..n {
        let pivot_row = pivot(&work, n, n, col);
        let pivot = work[pivot_row * n + col];
        if pivot.abs() <= SINGULAR * scale {
            return Ok(Value::Scalar(0.0));
        }
        if pivot_row != col {
            swap_rows(&mut work, n, col, pivot_row);
            det = -det;
        }
        det *= pivot;
        for r in col + 1..n {
            let factor = work[r * n + col] / pivot;
            for j in col..n {
                work[r * n + j] -= factor * work[col * n + j];
            }
        }
    }
    Ok(Value::Scalar(det))
}

/// The argument as a square matrix of finite numbers, with the elimination charged.
fn square(v: &Value, budget: &mut Budget) -> Result<Matrix, String> {
    let Value::Matrix(m) = v else {
        return Err(format!(
            "needs a square matrix, got {}",
            v.shape().describe()
        ));
    };
    if m.rows() != m.cols() {
        return Err(format!(
            "needs a square matrix, got {}",
            v.shape().describe()
        ));
    }
    finite(v, "the matrix")?;
    let n = m.rows() as u64;
    budget.work(2 * n * n * n)?;
    Ok(m.clone())
}

fn scale(m: &Matrix) -> f64 {
    m.data().iter().fold(0.0, |acc: f64, x| acc.max(x.abs()))
}

/// The row at or below `col` with the largest entry in column `col`.
fn pivot(work: &[f64], width: usize, n: usize, col: usize) -> usize {
    (col..n)
        .max_by(|&r, &s| {
            work[r * width + col]
                .abs()
                .total_cmp(&work[s * width + col].abs())
        })
        .unwrap_or(col)
}

fn swap_rows(work: &mut [f64], width: usize, r: usize, s: usize) {
    if r != s {
        for j in 0..width {
            work.swap(r * width + j, s * width + j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rows: usize, cols: usize, data: &[f64]) -> Value {
        Value::Matrix(Matrix::new(rows, cols, data.to_vec()).unwrap())
    }

    fn run(
        f: fn(&[Value], &mut Budget) -> Result<Value, String>,
        x: Value,
    ) -> Result<Value, String> {
        f(&[x], &mut Budget::default())
    }

    #[test]
    fn inverse_by_hand() {
        // [[4, 7], [2, 6]]^-1 = [[0.6, -0.7], [-0.2, 0.4]] (det 10).
        let r = run(inv, m(2, 2, &[4.0, 7.0, 2.0, 6.0])).unwrap();
        for (x, y) in r.elements().iter().zip([0.6, -0.7, -0.2, 0.4]) {
            assert!((x - y).abs() < 1e-15, "{r}");
        }
        // Needs a row swap: [[0, 1], [1, 0]] is its own inverse.
        assert_eq!(
            run(inv, m(2, 2, &[0.0, 1.0, 1.0, 0.0])),
            Ok(m(2, 2, &[0.0, 1.0, 1.0, 0.0]))
        );
    }

    #[test]
    fn determinant_by_hand() {
        assert_eq!(
            run(det, m(2, 2, &[4.0, 7.0, 2.0, 6.0])),
            Ok(Value::Scalar(10.0))
        );
        assert_eq!(
            run(det, m(2, 2, &[0.0, 1.0, 1.0, 0.0])),
            Ok(Value::Scalar(-1.0))
        );
        // [[2, 0, 1], [1, 3, 2], [1, 1, 1]]: 2(3-2) - 0 + 1(1-3) = 0.
        assert_eq!(
            run(det, m(3, 3, &[2.0, 0.0, 1.0, 1.0, 3.0, 2.0, 1.0, 1.0, 1.0])),
            Ok(Value::Scalar(0.0))
        );
        assert_eq!(run(det, m(1, 1, &[-3.0])), Ok(Value::Scalar(-3.0)));
    }

    #[test]
    fn singular_and_non_square_are_errors() {
        let singular = m(3, 3, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]);
        assert_eq!(
            run(inv, singular.clone()).unwrap_err(),
            "the matrix is singular (it has no inverse)"
        );
        assert_eq!(run(det, singular), Ok(Value::Scalar(0.0)));
        assert_eq!(
            run(inv, m(1, 2, &[1.0, 2.0])).unwrap_err(),
            "needs a square matrix, got a (1x2) matrix"
        );
        assert_eq!(
            run(det, Value::Scalar(2.0)).unwrap_err(),
            "needs a square matrix, got a number"
        );
        assert!(
            run(inv, m(1, 1, &[f64::INFINITY]))
                .unwrap_err()
                .contains("must be finite")
        );
    }
}
