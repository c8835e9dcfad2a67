//! Judging an answer: shape before value, the tolerance rule, and the nearest
//! diagnosis when it is wrong (the learner's value recomputed against the mistakes
//! learners of this subject actually make).

use super::instance::Shaped;
use crate::content::tolerance::Tolerance;

/// A scalar parameter of the problem, by name: a factor of it (or of its square root)
/// between the learner's value and the answer names a likely mistake.
#[derive(Debug, Clone, PartialEq)]
pub struct Scale {
    pub name: String,
    pub value: f64,
}

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

/// Judges `got` against `expected` under `tol`, naming the nearest known mistake;
/// `scales` are the problem's scalar parameters, for telling factors.
pub fn judge(
    expected: &Shaped,
    got: &Shaped,
    tol: Tolerance,
    mistakes: &[Mistake],
    scales: &[Scale],
) -> Verdict {
    if got.data.iter().any(|x| x.is_nan()) {
        return Verdict::Wrong {
            diagnosis: Some("your value is not a number (NaN)".into()),
            relative_error: None,
        };
    }
    if expected.shape != got.shape && !(expected.data.len() == 1 && got.data.len() == 1) {
        let hint = if transposed(expected, got) {
            Some("yours is its transpose: one transpose too many or too few".into())
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
        .or_else(|| generic_diagnosis(expected, got, tol, scales));
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

/// Mistakes recognisable without knowing the problem: a sign, a telling factor, a
/// constant factor over several entries, the rounding of intermediate values.
fn generic_diagnosis(
    expected: &Shaped,
    got: &Shaped,
    tol: Tolerance,
    scales: &[Scale],
) -> Option<String> {
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
    if let Some(factor) = telling_factors(scales)
        .into_iter()
        .find(|f| scaled_by(expected, got, f.value, tol))
    {
        return Some(format!("your value is the answer times {}", factor.name));
    }
    constant_factor(expected, got)
        .map(|f| format!("every entry is the answer's times {}", round_sig(f)))
}

/// A factor a wrong answer is off by, as the learner would write it.
struct Factor {
    name: String,
    value: f64,
}

/// The factors that explain a wrong number on their own: a doubled or halved term, a
/// √2, a slipped decimal point, or a parameter (or its square root) multiplied in or
/// left out — each either way round and with either sign. Any other ratio between two
/// numbers says nothing (every wrong number is *some* multiple of the answer), so it
/// is never offered for a single number.
fn telling_factors(scales: &[Scale]) -> Vec<Factor> {
    let mut out = Vec::new();
    let mut add = |name: String, value: f64| {
        out.push(Factor {
            name: format!("-{name}"),
            value: -value,
        });
        out.push(Factor { name, value });
    };
    add("2".into(), 2.0);
    add("1/2".into(), 0.5);
    add("sqrt(2)".into(), 2f64.sqrt());
    add("1/sqrt(2)".into(), 0.5f64.sqrt());
    for k in 1..=6 {
        add(format!("{}", 10f64.powi(k)), 10f64.powi(k));
        add(format!("{}", 10f64.powi(-k)), 10f64.powi(-k));
    }
    for s in scales.iter().filter(|s| s.value.abs() >= 2.0) {
        add(format!("{} = {}", s.name, round_sig(s.value)), s.value);
        add(
            format!("1/{} = {}", s.name, round_sig(1.0 / s.value)),
            1.0 / s.value,
        );
        if s.value > 0.0 {
            let root = s.value.sqrt();
            add(format!("sqrt({}) = {}", s.name, round_sig(root)), root);
            add(
                format!("1/sqrt({}) = {}", s.name, round_sig(1.0 / root)),
                1.0 / root,
            );
        }
    }
    out
}

/// `got` is `expected` times `factor`, within the tolerance or a rounding of 0.1%.
/// A value the tolerance cannot tell from zero is no multiple of anything: it would
/// match every tiny factor.
fn scaled_by(expected: &Shaped, got: &Shaped, factor: f64, tol: Tolerance) -> bool {
    expected.data.iter().any(|e| *e != 0.0)
        && expected.data.iter().zip(&got.data).all(|(e, g)| {
            let want = e * factor;
            if *e == 0.0 {
                return tol.accepts(0.0, *g);
            }
            !tol.accepts(0.0, *g)
                && (tol.accepts(want, *g) || (g - want).abs() <= 1e-3 * want.abs())
        })
}

/// The ratio every entry shares, when at least two entries are not zero: for a vector
/// or matrix a common factor is itself the evidence of one scaling slip.
fn constant_factor(expected: &Shaped, got: &Shaped) -> Option<f64> {
    let ratios: Vec<f64> = expected
        .data
        .iter()
        .zip(&got.data)
        .filter(|(e, _)| e.abs() > 1e-12)
        .map(|(e, g)| g / e)
        .collect();
    let first = *ratios.first()?;
    let constant = ratios.len() >= 2
        && ratios
            .iter()
            .all(|r| (r - first).abs() <= 1e-6 * first.abs().max(1.0));
    (constant && first.is_finite() && first != 0.0 && (first - 1.0).abs() > 1e-6).then_some(first)
}

/// A number to four decimals at most, without trailing zeros.
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
            judge(&e, &v(&[2], &[0.9104, 0.3351]), TOL, &[], &[]),
            Verdict::Right
        );
        assert!(!judge(&e, &v(&[2], &[0.9104, 0.337]), TOL, &[], &[]).is_right());
    }

    #[test]
    fn shape_is_checked_before_value_and_transposes_are_named() {
        let e = v(&[2, 3], &[1.0; 6]);
        match judge(&e, &v(&[3, 2], &[1.0; 6]), TOL, &[], &[]) {
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
        match judge(&e, &v(&[], &[1.0]), TOL, &[missing_scale], &[]) {
            Verdict::Wrong { diagnosis, .. } => {
                assert_eq!(diagnosis.unwrap(), "you left out 1/sqrt(d_k)")
            }
            other => panic!("{other:?}"),
        }
    }

    fn diagnose(expected: &Shaped, got: &Shaped, scales: &[Scale]) -> Option<String> {
        match judge(expected, got, TOL, &[], scales) {
            Verdict::Wrong { diagnosis, .. } => diagnosis,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn generic_diagnoses_sign_factor_and_rounding() {
        let e = v(&[2], &[2.0, -4.0]);
        let d = |got: &[f64]| diagnose(&e, &v(&[2], got), &[]);
        assert_eq!(d(&[-2.0, 4.0]).unwrap(), "off by a sign");
        assert_eq!(
            d(&[16.0, -32.0]).unwrap(),
            "every entry is the answer's times 8"
        );
        assert_eq!(
            d(&[1.4, -2.8]).unwrap(),
            "every entry is the answer's times 0.7"
        );
        assert!(d(&[2.005, -4.0]).unwrap().contains("rounding"));
        assert_eq!(d(&[3.0, 7.0]), None);
    }

    #[test]
    fn a_single_number_is_told_only_a_telling_factor() {
        let one = |x: f64| v(&[], &[x]);
        // Any wrong number is some multiple of the answer: these ratios say nothing.
        assert_eq!(diagnose(&one(-2.0), &one(0.5), &[]), None);
        assert_eq!(diagnose(&one(2.0), &one(3.0), &[]), None);
        // Nearly zero (within the tolerance of 0) is no multiple of anything.
        assert_eq!(diagnose(&one(0.004), &one(0.0005), &[]), None);
        // Doubled, halved, a slipped decimal point, √2: named.
        assert_eq!(
            diagnose(&one(0.3), &one(0.6), &[]).unwrap(),
            "your value is the answer times 2"
        );
        assert_eq!(
            diagnose(&one(0.3), &one(-0.15), &[]).unwrap(),
            "your value is the answer times -1/2"
        );
        assert_eq!(
            diagnose(&one(0.25), &one(25.0), &[]).unwrap(),
            "your value is the answer times 100"
        );
        // 0.354 is 1/(2·√2) rounded by the learner: 1/√2 of 0.5.
        assert_eq!(
            diagnose(&one(0.5), &one(0.354), &[]).unwrap(),
            "your value is the answer times 1/sqrt(2)"
        );
    }

    #[test]
    fn a_factor_of_a_parameter_or_its_root_is_named_with_the_parameter() {
        let one = |x: f64| v(&[], &[x]);
        let dk = [Scale {
            name: "dk".into(),
            value: 16.0,
        }];
        // 1.5 divided by sqrt(16) = 4 instead of by 16: 0.375 against 0.09375.
        assert_eq!(
            diagnose(&one(0.09375), &one(0.375), &dk).unwrap(),
            "your value is the answer times sqrt(dk) = 4"
        );
        // Not divided at all: 1.5.
        assert_eq!(
            diagnose(&one(0.09375), &one(1.5), &dk).unwrap(),
            "your value is the answer times dk = 16"
        );
        assert_eq!(
            diagnose(&one(3.0), &one(0.75), &dk).unwrap(),
            "your value is the answer times 1/sqrt(dk) = 0.25"
        );
        // A parameter of 1 explains nothing, and 3 is not 16-related.
        let unit = [Scale {
            name: "h".into(),
            value: 1.0,
        }];
        assert_eq!(diagnose(&one(3.0), &one(3.3), &unit), None);
        assert_eq!(diagnose(&one(3.0), &one(9.0), &dk), None);
    }

    #[test]
    fn nan_is_never_right() {
        assert!(!judge(&v(&[], &[1.0]), &v(&[], &[f64::NAN]), TOL, &[], &[]).is_right());
    }
}
