//! The position-wise feed-forward block of Vaswani et al. (2017), eq. (2), row convention.

use super::ast::BinOp;
use super::budget::Budget;
use super::elementwise::relu;
use super::ops::{binary, matmul};
use super::value::Value;

/// `ffn(X, W1, b1, W2, b2)` = relu(X W1 + b1) W2 + b2, each bias added to every row.
pub(crate) fn ffn(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let [x, w1, b1, w2, b2] = args else {
        return Err("expected five arguments".into());
    };
    if x.as_scalar().is_some() {
        return Err(super::args::needs_array("X", x.shape()));
    }
    let hidden = binary(BinOp::Add, &matmul(x, w1, budget)?, b1, budget)?.map(relu);
    binary(BinOp::Add, &matmul(&hidden, w2, budget)?, b2, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::value::Matrix;

    #[test]
    fn ffn_by_hand() {
        // The XOR network: relu(X [[1,1],[1,1]] + [0,-1]) [[1],[-2]] + [0].
        let x =
            Value::Matrix(Matrix::new(4, 2, vec![0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0]).unwrap());
        let w1 = Value::Matrix(Matrix::new(2, 2, vec![1.0; 4]).unwrap());
        let b1 = Value::Vector(vec![0.0, -1.0]);
        let w2 = Value::Matrix(Matrix::new(2, 1, vec![1.0, -2.0]).unwrap());
        let b2 = Value::Vector(vec![0.0]);
        let r = ffn(&[x, w1, b1, w2, b2], &mut Budget::default()).unwrap();
        assert_eq!(
            r,
            Value::Matrix(Matrix::new(4, 1, vec![0.0, 1.0, 1.0, 0.0]).unwrap())
        );
    }

    #[test]
    fn ffn_shape_errors_name_the_shapes() {
        let x = Value::Vector(vec![1.0, 2.0]);
        let w = Value::Matrix(Matrix::new(2, 2, vec![1.0; 4]).unwrap());
        let bad_bias = Value::Vector(vec![0.0; 3]);
        let err = ffn(
            &[x.clone(), w.clone(), bad_bias, w.clone(), x],
            &mut Budget::default(),
        );
        assert_eq!(err.unwrap_err(), "shape mismatch: (2) + (3)");
    }
}
