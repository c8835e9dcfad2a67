//! Elementwise functions beyond `std`'s: the activations, the error functions, NumPy's
//! `maximum`/`minimum`, `round` and `full`.

use std::f64::consts::{FRAC_1_SQRT_2, PI};

use super::args::integer;
use super::budget::Budget;
use super::ops::broadcast;
use super::value::Value;

/// 1 / (1 + e^-x), written so that neither branch overflows.
pub(crate) fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// max(0, x), keeping NaN (as `np.maximum(0, x)` does).
pub(crate) fn relu(x: f64) -> f64 {
    if x < 0.0 { 0.0 } else { x }
}

/// `x` rounded to the nearest IEEE single-precision number (round half to even), as a
/// GPU stores an activation in float32: what `-1e9 + s` becomes in a masked score row
/// (the spacing of float32 near 1e9 is 64, so every small `s` is lost) and where `exp`
/// underflows to exactly 0 (below about −103.97, against −745.13 in float64). The
/// evaluator computes in float64; this only rounds the value it is given.
pub(crate) fn to_f32(x: f64) -> f64 {
    x as f32 as f64
}

/// x Φ(x) with the exact normal CDF, written Φ(x) = erfc(−x / √2) / 2: for negative x
/// `1 + erf` cancels (at x = −8 it keeps no correct digit, and below about −8.3 it is 0),
/// while `erfc` keeps the tail to a few ulps. The error functions are the `libm` crate's
/// (a port of musl's, within an ulp or two of the correctly rounded value over all of
/// f64), which `std` does not offer.
pub(crate) fn gelu(x: f64) -> f64 {
    0.5 * x * libm::erfc(-x * FRAC_1_SQRT_2)
}

/// The error function.
pub(crate) fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// The complementary error function 1 − erf(x), computed directly so that its tail
/// (erfc(10) ≈ 2.1e-45) is not lost to the cancellation of `1 - erf(x)`.
pub(crate) fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

/// The tanh approximation of GELU (Hendrycks & Gimpel, 2016).
pub(crate) fn gelu_tanh(x: f64) -> f64 {
    0.5 * x * (1.0 + ((2.0 / PI).sqrt() * (x + 0.044715 * x.powi(3))).tanh())
}

/// `maximum(A, B)`: the larger entry, broadcasting; NaN wins, as in NumPy.
pub(crate) fn maximum(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    pairwise(
        args,
        budget,
        |x, y| if x >= y || x.is_nan() { x } else { y },
    )
}

/// `minimum(A, B)`: the smaller entry, broadcasting; NaN wins, as in NumPy.
pub(crate) fn minimum(args: &[Value], budget: &mut Budget) -> Result<Value, String> {
    pairwise(
        args,
        budget,
        |x, y| if x <= y || x.is_nan() { x } else { y },
    )
}

/// The most decimals `round` takes either way: f64 holds 15 significant digits.
const MAX_DECIMALS: i64 = 15;

/// `round(x[, n])`: every entry to `n` decimals (default 0; a negative `n` rounds to
/// tens, hundreds, ...). An entry is rounded as its stored binary value is, half to
/// even, like Python's and NumPy's `round`: `round(2.5)` is 2, and `round(2.675, 2)` is
/// 2.67 because 2.675 is stored as 2.67499999….
pub(crate) fn round(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    let n = match args.get(1) {
        Some(n) => integer(n, "the number of decimals")?,
        None => 0,
    };
    if n.abs() > MAX_DECIMALS {
        return Err(format!(
            "the number of decimals must be from -{MAX_DECIMALS} to {MAX_DECIMALS}, got {n}"
        ));
    }
    Ok(args[0].map(|x| round_to(x, n)))
}

fn round_to(x: f64, decimals: i64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    if decimals >= 0 {
        // The decimal expansion printed to `decimals` places is exactly the rounding.
        let places = decimals as usize;
        format!("{x:.places$}").parse().unwrap_or(x)
    } else {
        let unit = 10f64.powi(-decimals as i32);
        (x / unit).round_ties_even() * unit
    }
}

/// `full(x)`: `x` itself. Where values are shown with 6 significant digits (the
/// scratchpad, previews), a last statement `full(...)` shows all 15.
pub(crate) fn full(args: &[Value], _: &mut Budget) -> Result<Value, String> {
    Ok(args[0].clone())
}

fn pairwise(args: &[Value], budget: &mut Budget, f: fn(f64, f64) -> f64) -> Result<Value, String> {
    let [a, b] = args else {
        return Err("expected two arguments".into());
    };
    broadcast(a, b, f, budget, || {
        format!("shape mismatch: {} and {}", a.shape(), b.shape())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn activations_by_hand() {
        assert_eq!(sigmoid(0.0), 0.5);
        assert!(close(sigmoid(2.0), 1.0 / (1.0 + (-2f64).exp())));
        assert_eq!(sigmoid(-1000.0), 0.0);
        assert_eq!(sigmoid(1000.0), 1.0);
        assert_eq!(relu(-2.0), 0.0);
        assert_eq!(relu(3.5), 3.5);
        assert!(relu(f64::NAN).is_nan());
        // Φ(1) = 0.841344746068543 (normal table), so gelu(1) = Φ(1).
        assert!(close(gelu(1.0), 0.841344746068543));
        assert!(close(gelu(-1.0), -(1.0 - 0.841344746068543)));
        assert_eq!(gelu(0.0), 0.0);
        // 0.5 (1 + tanh(√(2/π) · 1.044715)) = 0.841191990607...
        assert!((gelu_tanh(1.0) - 0.8411919906).abs() < 1e-9);
    }

    #[test]
    fn f32_rounds_to_single_precision() {
        // 1e9 lies in [2^29, 2^30), where float32 numbers are 2^(29-23) = 64 apart.
        assert_eq!(to_f32(3.0 - 1e9), -1e9);
        assert_eq!(to_f32(40.0 - 1e9), -1e9 + 64.0);
        assert_eq!(to_f32(0.1), 0.100_000_001_490_116_12);
        // The smallest float32 subnormal is 2^-149; half of it rounds to 0 (to even).
        assert_eq!(to_f32(2f64.powi(-149)), 2f64.powi(-149));
        assert_eq!(to_f32(2f64.powi(-150)), 0.0);
        assert_eq!(to_f32((-103.0f64).exp()), (-103.0f64).exp() as f32 as f64);
        assert!(to_f32((-103.0f64).exp()) > 0.0);
        assert_eq!(to_f32((-104.0f64).exp()), 0.0);
        assert_eq!(to_f32(f64::NEG_INFINITY), f64::NEG_INFINITY);
        assert_eq!(to_f32(1e39), f64::INFINITY);
        assert!(to_f32(f64::NAN).is_nan());
    }

    #[test]
    fn round_goes_half_to_even_on_the_stored_value() {
        let r = |x: f64, n: f64| {
            round(
                &[Value::Scalar(x), Value::Scalar(n)],
                &mut Budget::default(),
            )
            .map(|v| v.as_scalar().unwrap())
        };
        assert_eq!(r(2.675, 2.0), Ok(2.67));
        assert_eq!(r(2.5, 0.0), Ok(2.0));
        assert_eq!(r(3.5, 0.0), Ok(4.0));
        assert_eq!(r(-1.23456, 3.0), Ok(-1.235));
        assert_eq!(r(0.1 + 0.2, 1.0), Ok(0.3));
        assert_eq!(r(1250.0, -2.0), Ok(1200.0));
        assert_eq!(r(1351.0, -2.0), Ok(1400.0));
        assert_eq!(r(f64::NEG_INFINITY, 2.0), Ok(f64::NEG_INFINITY));
        assert_eq!(
            r(1.0, 16.0),
            Err("the number of decimals must be from -15 to 15, got 16".into())
        );
        assert!(r(1.0, 0.5).unwrap_err().contains("whole number"));
        let v = round(&[Value::Vector(vec![0.123, 0.987])], &mut Budget::default());
        assert_eq!(v, Ok(Value::Vector(vec![0.0, 1.0])));
    }

    #[test]
    fn maximum_and_minimum_broadcast_and_keep_nan() {
        let mut budget = Budget::default();
        let v = Value::Vector(vec![1.0, 5.0, f64::NAN]);
        let r = maximum(&[v.clone(), Value::Scalar(2.0)], &mut budget).unwrap();
        assert_eq!(r.elements()[..2], [2.0, 5.0]);
        assert!(r.elements()[2].is_nan());
        let r = minimum(&[Value::Scalar(2.0), v], &mut budget).unwrap();
        assert_eq!(r.elements()[..2], [1.0, 2.0]);
        assert!(r.elements()[2].is_nan());
        let err = maximum(
            &[Value::Vector(vec![1.0; 2]), Value::Vector(vec![1.0; 3])],
            &mut budget,
        );
        assert_eq!(err.unwrap_err(), "shape mismatch: (2) and (3)");
    }
}
