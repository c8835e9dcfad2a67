//! Helpers shared by the unit tests of the builtin functions.

use super::budget::Budget;
use super::value::{Matrix, Value};

type Function = fn(&[Value], &mut Budget) -> Result<Value, String>;

/// Calls a builtin with a fresh budget.
pub(super) fn apply(f: Function, args: &[Value]) -> Result<Value, String> {
    f(args, &mut Budget::default())
}

/// A matrix from row-major entries.
pub(super) fn m(rows: usize, cols: usize, data: &[f64]) -> Value {
    Value::Matrix(Matrix::new(rows, cols, data.to_vec()).unwrap())
}

/// Entry-by-entry equality to 1e-12, naming both values on failure.
pub(super) fn assert_close(got: &Value, want: &[f64]) {
    assert_eq!(got.len(), want.len(), "{got}");
    for (x, y) in got.elements().iter().zip(want) {
        assert!((x - y).abs() < 1e-12, "{got} vs {want:?}");
    }
}
