//! Judging an answer: shape before value, the tolerance rule, and the nearest
//! diagnosis when it is wrong (the learner's value recomputed against the mistakes
//! learners of this subject actually make).

use super::instance::Shaped;
use super::tolerance::Tolerance;

/// A known way to get a problem wrong: the answer recomputed with the mistake.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    pub value: Shaped,
    pub says: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Right,
    /// The shapes differ; the hint names the likely cause (e.g. a transpose).
    WrongShape {
        expected: String,
        got: String,
        hint: Option<String>,
    },
    /// Right shape, wrong value.
    Wrong {
        diagnosis: Option<String>,
        relative_error: Option<f64>,
    },
}

impl Verdict {
    pub fn is_right(&self) -> bool {
        matches!(self, Verdict::Right)
    }
}

/// Judges `got` against `expected` under `tol`, naming the nearest known mistake.
pub fn judge(expected: &Shaped, got: &Shaped, tol: Tolerance, mistakes: &[Mistake]) -> Verdict {
    if got.data.iter().any(|x| x.is_nan()) {
        return Verdict::Wrong {
            diagnosis: Some("your value is not a number (NaN)".into()),
            relative_error: None,
        };
    }
    if expected.shape != got.shape && !(expected.data.len() == 1 && got.data.len() == 1) {
        let hint = if transposed(expected, got) {
            Some("it is the transpose of the expected shape: did you transpose?".into())
        } else {
            None
        };
        return Verdict::WrongShape {
            expected: expected.describe_shape(),
            got: got.describe_shape(),
            hint,
        };
    }
    if close(expected, got, tol) {
        return Verdict::Right;
    }
    let named = mistakes
        .iter()
        .find(|m| m.value.data.len() == got.data.len() && close(&m.value, got, tol));
    let diagnosis = named
        .map(|m| m.says.clone())
        .or_else(|| generic_diagnosis(expected, got, tol));
    Verdict::Wrong {
        diagnosis,
        relative_error: relative_error(expected, got),
    }
}

fn close(expected: &Shaped, got: &Shaped, tol: Tolerance) -> bool {
    expected.data.len() == got.data.len()
        && expected
            .data
            .iter()
            .zip(&got.data)
            .all(|(e, g)| tol.accepts(*e, *g))
}

fn transposed(expected: &Shaped, got: &Shaped) -> bool {
    matches!((expected.shape.as_slice(), got.shape.as_slice()), ([r, c], [c2, r2]) if r == r2 && c == c2)
}

/// Largest relative error over the entries, where the expected entry is not zero.
fn relative_error(expected: &Shaped, got: &Shaped) -> Option<f64> {
    expected
        .data
        .iter()
        .zip(&got.data)
        .filter(|(e, _)| **e != 0.0 && e.is_finite())
        .map(|(e, g)| ((g - e) / e).abs())
        .reduce(f64::max)
}

/// Mistakes recognisable without knowing the problem: a sign, a constant factor, the
/// rounding of intermediate values.
fn generic_diagnosis(expected: &Shaped, got: &Shaped, tol: Tolerance) -> Option<String> {
    let negated = Shaped {
        shape: got.shape.clone(),
        data: got.data.iter().map(|x| -x).collect(),
    };
    if expected.data.iter().any(|x| *x != 0.0) && close(expected, &negated, tol) {
        return Some("off by a sign".into());
    }
    if let Some(r) = relative_error(expected, got)
        && r < 0.01
    {
        return Some(format!(
            "close (off by {:.2}%): this looks like rounding of intermediate values; keep more digits or type the expression itself",
            r * 100.0
        ));
    }
    let ratios: Vec<f64> = expected
        .data
        .iter()
        .zip(&got.data)
        .filter(|(e, _)| e.abs() > 1e-12)
        .map(|(e, g)| g / e)
        .collect();
    let first = *ratios.first()?;
    let constant = ratios
        .iter()
        .all(|r| (r - first).abs() <= 1e-6 * first.abs().max(1.0));
    (constant && first.is_finite() && first != 0.0 && (first - 1.0).abs() > 1e-6)
        .then(|| format!("off by a constant factor of {}", round_sig(first)))
}

fn round_sig(x: f64) -> String {
    let s = format!("{x:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(shape: &[usize], data: &[f64]) -> Shaped {
        Shaped {
            shape: shape.to_vec(),
            data: data.to_vec(),
        }
    }

    const TOL: Tolerance = Tolerance::Absolute(0.001);

    #[test]
    fn right_within_tolerance_elementwise() {
        let e = v(&[2], &[0.91, 0.3348]);
        assert_eq!(
            judge(&e, &v(&[2], &[0.9104, 0.3351]), TOL, &[]),
            Verdict::Right
        );
        assert!(!judge(&e, &v(&[2], &[0.9104, 0.337]), TOL, &[]).is_right());
    }

    #[test]
    fn shape_is_checked_before_value_and_transposes_are_named() {
        let e = v(&[2, 3], &[1.0; 6]);
        match judge(&e, &v(&[3, 2], &[1.0; 6]), TOL, &[]) {
            Verdict::WrongShape {
                expected,
                got,
                hint,
            } => {
                assert_eq!((expected.as_str(), got.as_str()), ("2x3", "3x2"));
                assert!(hint.unwrap().contains("transpose"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_listed_mistake_is_named_first() {
        let e = v(&[], &[0.125]);
        let missing_scale = Mistake {
            value: v(&[], &[1.0]),
            says: "you left out 1/sqrt(d_k)".into(),
        };
        match judge(&e, &v(&[], &[1.0]), TOL, &[missing_scale]) {
            Verdict::Wrong { diagnosis, .. } => {
                assert_eq!(diagnosis.unwrap(), "you left out 1/sqrt(d_k)")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn generic_diagnoses_sign_factor_and_rounding() {
        let e = v(&[2], &[2.0, -4.0]);
        let diagnose = |got: &[f64]| match judge(&e, &v(&[2], got), TOL, &[]) {
            Verdict::Wrong { diagnosis, .. } => diagnosis,
            other => panic!("{other:?}"),
        };
        assert_eq!(diagnose(&[-2.0, 4.0]).unwrap(), "off by a sign");
        assert_eq!(
            diagnose(&[16.0, -32.0]).unwrap(),
            "off by a constant factor of 8"
        );
        assert!(diagnose(&[2.005, -4.0]).unwrap().contains("rounding"));
        assert_eq!(diagnose(&[3.0, 7.0]), None);
    }

    #[test]
    fn nan_is_never_right() {
        assert!(!judge(&v(&[], &[1.0]), &v(&[], &[f64::NAN]), TOL, &[]).is_right());
    }
}
