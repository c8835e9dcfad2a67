//! Positional information: the sinusoidal table (Vaswani et al., 2017, §3.5) and rotary
//! embeddings (Su et al., RoFormer), both counting positions and pairs from 0.

use super::args::{count, needs_array, scalar};
use super::budget::Budget;
use super::number::format_number;
use super::value::{Matrix, Value};

/// `sinusoidal_pe(n, d)`: row t, column 2i is sin(t w_i) and column 2i+1 is cos(t w_i),
/// with w_i = 10000^(-2i/d). An odd d ends with a sine column.
pub(crate) fn sinusoidal_pe(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let n = count(&args[0], "n")?;
    let d = count(&args[1], "d")?;
    budget.alloc("the table", n, d)?;
    Ok(Value::Matrix(Matrix::from_fn(n, d, |t, j| {
        let angle = t as f64 * frequency(10000.0, j / 2, d);
        if j % 2 == 0 { angle.sin() } else { angle.cos() }
    })))
}

/// `rope(X[, base])`: rotates pair (x_2i, x_2i+1) of row t by the angle t base^(-2i/d),
/// d the number of columns, as the row-convention rotation
/// [x_2i cos - x_2i+1 sin, x_2i sin + x_2i+1 cos]. An odd last column is left alone; a
/// vector is the single row at position 0, so it comes back unchanged.
pub(crate) fn rope(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    let x = args[0]
        .as_rows()
        .ok_or_else(|| needs_array("rope's argument", args[0].shape()))?;
    let base = match args.get(1) {
        None => 10000.0,
        Some(b) => {
            let b = scalar(b, "the base")?;
            if !(b > 0.0 && b.is_finite()) {
                return Err(format!(
                    "the base must be a finite number > 0, got {}",
                    format_number(b)
                ));
            }
            b
        }
    };
    budget.work(4 * x.data.len() as u64)?;
    let d = x.cols;
    let mut out = x.data.to_vec();
    for (t, row) in out.chunks_mut(d).enumerate() {
        for (i, pair) in row.chunks_exact_mut(2).enumerate() {
            let (sin, cos) = (t as f64 * frequency(base, i, d)).sin_cos();
            let (a, b) = (pair[0], pair[1]);
            pair[0] = a * cos - b * sin;
            pair[1] = a * sin + b * cos;
        }
    }
    Ok(x.rebuild(x.rows, d, out))
}

/// base^(-2i/d): the angle per position of pair i.
fn frequency(base: f64, i: usize, d: usize) -> f64 {
    base.powf(-2.0 * i as f64 / d as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::eval::test_support::assert_close;

    #[test]
    fn sinusoidal_table_by_hand() {
        let pe = sinusoidal_pe(
            &[Value::Scalar(3.0), Value::Scalar(4.0)],
            &mut Budget::default(),
        )
        .unwrap();
        // d = 4: pair 0 has w = 1, pair 1 has w = 10000^(-1/2) = 0.01.
        assert_close(
            &pe,
            &[
                0.0,
                1.0,
                0.0,
                1.0,
                1f64.sin(),
                1f64.cos(),
                0.01f64.sin(),
                0.01f64.cos(),
                2f64.sin(),
                2f64.cos(),
                0.02f64.sin(),
                0.02f64.cos(),
            ],
        );
        let odd = sinusoidal_pe(
            &[Value::Scalar(2.0), Value::Scalar(3.0)],
            &mut Budget::default(),
        )
        .unwrap();
        // d = 3: pair 1 has w = 10000^(-2/3); column 2 is its sine.
        assert_close(
            &odd,
            &[
                0.0,
                1.0,
                0.0,
                1f64.sin(),
                1f64.cos(),
                10000f64.powf(-2.0 / 3.0).sin(),
            ],
        );
    }

    #[test]
    fn rope_by_hand() {
        // Row 1 of a 2x2: pair 0 rotates by 1 radian; base is irrelevant for pair 0.
        let x = Value::Matrix(Matrix::new(2, 2, vec![1.0, 2.0, 1.0, 2.0]).unwrap());
        let r = rope(&[x], &mut Budget::default()).unwrap();
        let (s, c) = 1f64.sin_cos();
        assert_close(&r, &[1.0, 2.0, c - 2.0 * s, s + 2.0 * c]);
        // d = 4, base 100: pair 1 of row 1 rotates by 100^(-1/2) = 0.1.
        let x =
            Value::Matrix(Matrix::new(2, 4, vec![0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]).unwrap());
        let r = rope(&[x, Value::Scalar(100.0)], &mut Budget::default()).unwrap();
        assert_close(
            &r,
            &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1f64.cos(), 0.1f64.sin()],
        );
        let v = Value::Vector(vec![3.0, 4.0, 5.0]);
        assert_eq!(
            rope(std::slice::from_ref(&v), &mut Budget::default()),
            Ok(v)
        );
        assert!(rope(&[Value::Scalar(1.0)], &mut Budget::default()).is_err());
    }
}
