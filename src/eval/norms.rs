//! Normalisations without gain or bias, eps inside the square root (default 1e-5):
//! `layernorm` per row (each token over its features), `batchnorm` per column (each
//! feature over the batch), `rmsnorm` per row without centring. A vector is one row.

use super::args::{eps, needs_array};
use super::budget::Budget;
use super::reduce::var_of;
use super::value::{Matrix, Value};

pub(crate) fn layernorm(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    per_row(args, budget, "layernorm's argument", standardise)
}

pub(crate) fn rmsnorm(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    per_row(args, budget, "rmsnorm's argument", |row, eps| {
        let mean_square = row.iter().map(|x| x * x).sum::<f64>() / row.len() as f64;
        let rms = (mean_square + eps).sqrt();
        row.iter().map(|x| x / rms).collect()
    })
}

/// Statistics over the rows: the matrix is transposed, standardised per row, and
/// transposed back.
pub(crate) fn batchnorm(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let x = args[0]
        .as_rows()
        .ok_or_else(|| needs_array("batchnorm's argument", args[0].shape()))?;
    let eps = eps(args)?;
    budget.work(4 * x.data.len() as u64)?;
    let columns = Matrix::from_fn(x.cols, x.rows, |j, i| x.data[i * x.cols + j]);
    let normalised: Vec<f64> = (0..x.cols)
        .flat_map(|j| standardise(columns.row(j), eps))
        .collect();
    let back = Matrix::from_fn(x.rows, x.cols, |i, j| normalised[j * x.rows + i]);
    Ok(x.rebuild(x.rows, x.cols, back.into_data()))
}

/// (x - mean) / sqrt(var + eps), population variance.
fn standardise(xs: &[f64], eps: f64) -> Vec<f64> {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let sd = (var_of(xs) + eps).sqrt();
    xs.iter().map(|x| (x - mean) / sd).collect()
}

fn per_row(
    args: &[Value],
    budget: &mut Budget,
    what: &str,
    f: impl Fn(&[f64], f64) -> Vec<f64>,
) -> Result<Value, String> {
    let x = args[0]
        .as_rows()
        .ok_or_else(|| needs_array(what, args[0].shape()))?;
    let eps = eps(args)?;
    budget.work(4 * x.data.len() as u64)?;
    let data = x.data.chunks(x.cols).flat_map(|row| f(row, eps)).collect();
    Ok(x.rebuild(x.rows, x.cols, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    type Function = fn(&[Value], &mut Budget) -> Result<Value, String>;

    fn apply(f: Function, args: &[Value]) -> Value {
        f(args, &mut Budget::default()).unwrap()
    }

    use crate::eval::test_support::assert_close;

    const S: fn(f64) -> Value = Value::Scalar;

    #[test]
    fn layernorm_by_hand() {
        // [1, 3]: mean 2, variance 1; with eps = 0 the row becomes [-1, 1].
        let r = apply(layernorm, &[Value::Vector(vec![1.0, 3.0]), S(0.0)]);
        assert_eq!(r, Value::Vector(vec![-1.0, 1.0]));
        // Default eps 1e-5: [-1, 1] / sqrt(1 + 1e-5).
        let r = apply(layernorm, &[Value::Vector(vec![1.0, 3.0])]);
        let k = 1.0 / (1.0f64 + 1e-5).sqrt();
        assert_close(&r, &[-k, k]);
        // A constant row is 0 / sqrt(eps) = 0.
        let m = Value::Matrix(Matrix::new(2, 2, vec![5.0, 5.0, 0.0, 2.0]).unwrap());
        assert_close(&apply(layernorm, &[m]), &[0.0, 0.0, -k, k]);
    }

    #[test]
    fn batchnorm_is_per_column() {
        // Columns [2, 4] and [0, 0]: the first becomes [-1, 1] / sqrt(1 + eps), the
        // second (variance 0) 0 / sqrt(eps) = 0.
        let m = Value::Matrix(Matrix::new(2, 2, vec![2.0, 0.0, 4.0, 0.0]).unwrap());
        let k = 1.0 / (1.0f64 + 1e-5).sqrt();
        assert_close(&apply(batchnorm, &[m]), &[-k, 0.0, k, 0.0]);
    }

    #[test]
    fn rmsnorm_by_hand() {
        // [3, 4]: mean square 12.5.
        let r = apply(rmsnorm, &[Value::Vector(vec![3.0, 4.0]), S(0.0)]);
        let rms = 12.5f64.sqrt();
        assert_close(&r, &[3.0 / rms, 4.0 / rms]);
    }

    #[test]
    fn norms_reject_numbers_and_bad_eps() {
        assert_eq!(
            layernorm(&[S(1.0)], &mut Budget::default()).unwrap_err(),
            "layernorm's argument must be a vector or a matrix, got a number"
        );
        assert!(rmsnorm(&[Value::Vector(vec![1.0]), S(-1.0)], &mut Budget::default()).is_err());
    }
}
