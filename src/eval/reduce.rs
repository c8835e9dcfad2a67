//! Reductions over the whole value or along an axis, with NumPy's meaning: `axis = 0`
//! reduces over the rows (one result per column), `axis = 1` over the columns (one per
//! row); `var` is the population variance.

use super::args::axis;
use super::budget::Budget;
use super::value::Value;

pub(crate) fn sum(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, sum_of, "")
}

pub(crate) fn mean(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, mean_of, "")
}

pub(crate) fn var(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, var_of, "")
}

pub(crate) fn std(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, |xs| var_of(xs).sqrt(), "")
}

const MAX_HINT: &str = "; to compare two numbers write max([a, b]) or maximum(a, b)";
const MIN_HINT: &str = "; to compare two numbers write min([a, b]) or minimum(a, b)";

pub(crate) fn max(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, |xs| xs[extreme(xs, |a, b| a > b)], MAX_HINT)
}

pub(crate) fn min(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, |xs| xs[extreme(xs, |a, b| a < b)], MIN_HINT)
}

/// Index of the largest entry (the first one on ties; the first NaN if there is one).
/// Without an axis a matrix is read row-major, as `np.argmax` does.
pub(crate) fn argmax(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, |xs| extreme(xs, |a, b| a > b) as f64, "")
}

/// The Euclidean norm (Frobenius for a whole matrix).
pub(crate) fn norm(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    along(args, |xs| xs.iter().map(|x| x * x).sum::<f64>().sqrt(), "")
}

fn sum_of(xs: &[f64]) -> f64 {
    xs.iter().sum()
}

fn mean_of(xs: &[f64]) -> f64 {
    sum_of(xs) / xs.len() as f64
}

/// Population variance (divide by the count), computed in two passes for accuracy.
pub(crate) fn var_of(xs: &[f64]) -> f64 {
    let m = mean_of(xs);
    xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / xs.len() as f64
}

/// Position of the entry that `better` prefers over all earlier ones; NaN beats all.
fn extreme(xs: &[f64], better: fn(f64, f64) -> bool) -> usize {
    let mut best = 0;
    for (i, &x) in xs.iter().enumerate() {
        if x.is_nan() {
            return i;
        }
        if better(x, xs[best]) {
            best = i;
        }
    }
    best
}

/// Applies `f` to the whole value, or to each slice along the axis in `args[1]`.
fn along(args: &[Value], f: impl Fn(&[f64]) -> f64, hint: &str) -> Result<Value, String> {
    let x = &args[0];
    let Some(axis_arg) = args.get(1) else {
        return Ok(Value::Scalar(f(x.elements())));
    };
    match x {
        Value::Scalar(_) => Err(format!("a number has no axis to reduce along{hint}")),
        Value::Vector(v) => axis(axis_arg, 1).map(|_| Value::Scalar(f(v))),
        Value::Matrix(m) => Ok(Value::Vector(match axis(axis_arg, 2)? {
            0 => {
                let mut column = vec![0.0; m.rows()];
                (0..m.cols())
                    .map(|j| {
                        for (i, c) in column.iter_mut().enumerate() {
                            *c = m.get(i, j);
                        }
                        f(&column)
                    })
                    .collect()
            }
            _ => (0..m.rows()).map(|i| f(m.row(i))).collect(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::value::Matrix;

    type Reduction = fn(&[Value], &mut Budget) -> Result<Value, String>;

    fn apply(f: Reduction, args: &[Value]) -> Result<Value, String> {
        f(args, &mut Budget::default())
    }

    fn m() -> Value {
        // [[1, 5, 3], [4, 2, 6]]
        Value::Matrix(Matrix::new(2, 3, vec![1.0, 5.0, 3.0, 4.0, 2.0, 6.0]).unwrap())
    }

    const S: fn(f64) -> Value = Value::Scalar;
    const V: fn(Vec<f64>) -> Value = Value::Vector;

    #[test]
    fn whole_value_reductions_by_hand() {
        assert_eq!(apply(sum, &[m()]), Ok(S(21.0)));
        assert_eq!(apply(mean, &[m()]), Ok(S(3.5)));
        // Deviations ±2.5, ±1.5, ±0.5: (6.25 + 2.25 + 0.25) * 2 / 6.
        assert_eq!(apply(var, &[m()]), Ok(S(17.5 / 6.0)));
        assert_eq!(apply(std, &[V(vec![1.0, 3.0])]), Ok(S(1.0)));
        assert_eq!(apply(max, &[m()]), Ok(S(6.0)));
        assert_eq!(apply(min, &[m()]), Ok(S(1.0)));
        assert_eq!(apply(argmax, &[m()]), Ok(S(5.0)));
        assert_eq!(apply(norm, &[V(vec![3.0, 4.0])]), Ok(S(5.0)));
        assert_eq!(apply(sum, &[S(2.0)]), Ok(S(2.0)));
        assert_eq!(
            apply(var, &[V(vec![3.0, 1.0, 1.0, 1.0, -1.0, -1.0, -1.0, -3.0])]),
            Ok(S(3.0))
        );
    }

    #[test]
    fn axis_zero_is_per_column_axis_one_per_row() {
        assert_eq!(apply(sum, &[m(), S(0.0)]), Ok(V(vec![5.0, 7.0, 9.0])));
        assert_eq!(apply(sum, &[m(), S(1.0)]), Ok(V(vec![9.0, 12.0])));
        assert_eq!(apply(max, &[m(), S(-1.0)]), Ok(V(vec![5.0, 6.0])));
        assert_eq!(apply(argmax, &[m(), S(0.0)]), Ok(V(vec![1.0, 0.0, 1.0])));
        assert_eq!(apply(mean, &[V(vec![1.0, 2.0]), S(0.0)]), Ok(S(1.5)));
        assert_eq!(apply(var, &[m(), S(0.0)]), Ok(V(vec![2.25, 2.25, 2.25])));
    }

    #[test]
    fn ties_and_nan() {
        assert_eq!(apply(argmax, &[V(vec![2.0, 7.0, 7.0])]), Ok(S(1.0)));
        assert!(apply(max, &[V(vec![1.0, f64::NAN])]).unwrap().elements()[0].is_nan());
        assert_eq!(
            apply(min, &[V(vec![f64::NEG_INFINITY, 0.0])]),
            Ok(S(f64::NEG_INFINITY))
        );
    }

    #[test]
    fn axis_errors() {
        assert_eq!(
            apply(max, &[S(1.0), S(2.0)]).unwrap_err(),
            "a number has no axis to reduce along; to compare two numbers write max([a, b]) or maximum(a, b)"
        );
        assert!(
            apply(min, &[S(1.0), S(2.0)])
                .unwrap_err()
                .ends_with("min([a, b]) or minimum(a, b)")
        );
        assert_eq!(
            apply(sum, &[V(vec![1.0]), S(1.0)]).unwrap_err(),
            "axis 1 is out of range for a value with 1 dimension(s)"
        );
    }
}
