//! The argument checks the built-in functions share (a number, a count, an axis, ...),
//! with the wording of their errors. Below both the function table (`functions`) and the
//! files implementing the functions, so neither imports the other.

use super::number::format_number;
use super::value::{Shape, Value};

/// A number argument.
pub(crate) fn scalar(v: &Value, what: &str) -> Result<f64, String> {
    v.as_scalar()
        .ok_or_else(|| format!("{what} must be a number, got {}", v.shape().describe()))
}

/// A whole-number argument (sizes, axes, head counts).
pub(crate) fn integer(v: &Value, what: &str) -> Result<i64, String> {
    let x = scalar(v, what)?;
    if x.is_finite() && x.fract() == 0.0 && x.abs() < 2f64.powi(53) {
        Ok(x as i64)
    } else {
        Err(format!(
            "{what} must be a whole number, got {}",
            format_number(x)
        ))
    }
}

/// A size: a whole number of at least 1.
pub(crate) fn count(v: &Value, what: &str) -> Result<usize, String> {
    let n = integer(v, what)?;
    usize::try_from(n)
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| format!("{what} must be at least 1, got {n}"))
}

/// An axis of a value with `ndim` dimensions; negative axes count from the last, as in
/// NumPy.
pub(crate) fn axis(v: &Value, ndim: usize) -> Result<usize, String> {
    let k = integer(v, "the axis")?;
    let n = ndim as i64;
    if (-n..n).contains(&k) {
        Ok(k.rem_euclid(n) as usize)
    } else {
        Err(format!(
            "axis {k} is out of range for a value with {ndim} dimension(s)"
        ))
    }
}

/// The optional `eps` of the norms: default 1e-5, otherwise finite and not negative.
pub(crate) fn eps(args: &[Value]) -> Result<f64, String> {
    let Some(v) = args.get(1) else {
        return Ok(1e-5);
    };
    let eps = scalar(v, "eps")?;
    if eps.is_finite() && eps >= 0.0 {
        Ok(eps)
    } else {
        Err(format!(
            "eps must be a finite number >= 0, got {}",
            format_number(eps)
        ))
    }
}

/// Checks that no entry is NaN or infinite where an infinity would only produce NaN.
pub(crate) fn finite(v: &Value, what: &str) -> Result<(), String> {
    match v.elements().iter().find(|x| !x.is_finite()) {
        Some(&x) => Err(format!(
            "{what} contains {}; it must be finite",
            format_number(x)
        )),
        None => Ok(()),
    }
}

/// The message for a function that needs a vector or a matrix but got a number.
pub(crate) fn needs_array(what: &str, shape: Shape) -> String {
    format!(
        "{what} must be a vector or a matrix, got {}",
        shape.describe()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_checks() {
        let s = Value::Scalar;
        assert_eq!(count(&s(3.0), "n"), Ok(3));
        assert_eq!(
            count(&s(0.0), "n").unwrap_err(),
            "n must be at least 1, got 0"
        );
        assert_eq!(
            count(&s(2.5), "n").unwrap_err(),
            "n must be a whole number, got 2.5"
        );
        assert_eq!(
            count(&s(f64::INFINITY), "n").unwrap_err(),
            "n must be a whole number, got inf"
        );
        assert_eq!(
            count(&Value::Vector(vec![1.0]), "n").unwrap_err(),
            "n must be a number, got a (1) vector"
        );
        assert_eq!(axis(&s(-1.0), 2), Ok(1));
        assert_eq!(
            axis(&s(2.0), 2).unwrap_err(),
            "axis 2 is out of range for a value with 2 dimension(s)"
        );
        assert_eq!(eps(&[s(0.0)]), Ok(1e-5));
        assert_eq!(eps(&[s(0.0), s(0.0)]), Ok(0.0));
        assert!(eps(&[s(0.0), s(-1.0)]).is_err());
    }
}
