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

/// How close a typed value must be to a listed mistake to be named as it: within the
/// problem's tolerance, or equal to four significant figures (so a mistake is named
/// even under an exact tolerance, and even when its value is irrational).
pub const TYPED: Tolerance = Tolerance::Relative(5.0001e-4);

/// Judges `got` against `expected` under `tol`, naming the nearest known mistake;
/// `scales` are the problem's scalar parameters, for telling factors, and
/// `structural(name)` says whether the answer truly depends on that parameter (a factor
/// of a parameter the answer ignores is an accident of the drawn numbers).
pub fn judge(
    expected: &Shaped,
    got: &Shaped,
    tol: Tolerance,
    mistakes: &[Mistake],
    scales: &[Scale],
    structural: &dyn Fn(&str) -> bool,
) -> Verdict {
    if got.data.iter().any(|x| x.is_nan()) {
        return Verdict::Wrong {
            diagnosis: Some("your value is not a number (NaN)".into()),
            relative_error: None,
        };
    }
    // A mistake the value matches within the tolerance is named before rounding; one it
    // matches only to four figures comes after it (the answer rounded to fewer figures
    // may be that near a listed mistake, a count's typically).
    let fits = |m: &&Mistake, t: Tolerance| {
        (m.value.shape == got.shape || m.value.data.len() == 1) && close(&m.value, got, t)
    };
    let exact = mistakes.iter().find(|m| fits(m, tol));
    let typed = mistakes.iter().find(|m| fits(m, TYPED));
    let named = exact.or(typed);
    if expected.shape != got.shape && !(expected.data.len() == 1 && got.data.len() == 1) {
        let hint = named.map(|m| m.says.clone()).or_else(|| {
            transposed(expected, got)
                .then(|| "yours is its transpose: one transpose too many or too few".into())
        });
        return Verdict::WrongShape {
            expected: expected.describe_shape(),
            got: got.describe_shape(),
            hint,
        };
    }
    if close(expected, got, tol) {
        return Verdict::Right;
    }
    let diagnosis = exact
        .map(|m| m.says.clone())
        .or_else(|| rounding(expected, got, scales))
        .or_else(|| typed.map(|m| m.says.clone()))
        .or_else(|| generic_diagnosis(expected, got, tol, scales, structural))
        .or_else(|| miscount(expected, got, scales, structural));
    Verdict::Wrong {
        diagnosis,
        relative_error: relative_error(expected, got),
    }
}

/// Every entry of `got` within `tol` of `expected`'s.
pub fn close(expected: &Shaped, got: &Shaped, tol: Tolerance) -> bool {
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

/// Largest relative error over the entries, or `None` when an entry that is wrong has
/// an expected value of 0: no percentage says how far a number is from 0, and the right
/// entries around it must not make it read "0 % off".
fn relative_error(expected: &Shaped, got: &Shaped) -> Option<f64> {
    let mut worst: Option<f64> = None;
    for (e, g) in expected.data.iter().zip(&got.data) {
        if !e.is_finite() {
            continue;
        }
        if *e == 0.0 {
            if *g != 0.0 {
                return None;
            }
            continue;
        }
        let r = ((g - e) / e).abs();
        worst = Some(worst.map_or(r, |w: f64| w.max(r)));
    }
    worst
}

/// Whether `x` is an integer (as every count a problem asks for is).
fn integral(x: f64) -> bool {
    x.is_finite() && x.fract() == 0.0
}

/// How a diagnosis of rounding begins, and nothing else does (the lint looks for it).
pub const ROUNDED: &str = "that is the answer rounded to";

/// `x` rounded to `figures` significant figures.
pub fn to_figures(x: f64, figures: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(figures - 1 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// The fewest figures (2 to 6, the same for every entry) at which `got` is the answer
/// rounded. An integer answer is typed in full, so a count that differs by one, or by a
/// parameter's value (a term left out), is never rounding, even when it looks like it.
fn rounded_figures(expected: &Shaped, got: &Shaped, scales: &[Scale]) -> Option<i32> {
    let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
    if expected.data.iter().all(|e| integral(*e)) {
        let counted = expected.data.iter().zip(&got.data).any(|(e, g)| {
            let off = (g - e).abs();
            off == 1.0 || scales.iter().any(|s| same(off, s.value.abs()))
        });
        if counted {
            return None;
        }
    }
    (2..=6).find(|&k| {
        expected
            .data
            .iter()
            .zip(&got.data)
            .all(|(e, g)| same(to_figures(*e, k), *g))
    })
}

/// An integer answer that a whole integer misses by one, or by a parameter the answer
/// depends on (a term of it left out or counted twice): what the numbers show is a
/// miscount, so that is what is said, not the cause (a count's ends, or an index's).
fn miscount(
    expected: &Shaped,
    got: &Shaped,
    scales: &[Scale],
    structural: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let (&[e], &[g]) = (expected.data.as_slice(), got.data.as_slice()) else {
        return None;
    };
    if !integral(e) || !integral(g) {
        return None;
    }
    let (off, more) = ((g - e).abs(), g > e);
    if off == 1.0 {
        let side = if more { "more" } else { "fewer" };
        return Some(format!(
            "off by one: one {side} than the answer; check where the count starts and ends"
        ));
    }
    let s = scales
        .iter()
        .find(|s| s.value.abs() >= 2.0 && off == s.value.abs() && structural(&s.name))?;
    let what = if more {
        "counted once too often"
    } else {
        "left out"
    };
    Some(format!(
        "off by {n} = {}: a term of {n} {what}",
        round_sig(off),
        n = s.name
    ))
}

/// The diagnosis of a value that is the answer rounded to fewer figures.
fn rounding(expected: &Shaped, got: &Shaped, scales: &[Scale]) -> Option<String> {
    let k = rounded_figures(expected, got, scales)?;
    Some(if expected.data.iter().all(|e| integral(*e)) {
        format!("{ROUNDED} {k} significant figures: type an integer in full")
    } else {
        format!(
            "{ROUNDED} {k} significant figures: keep more digits, or type the expression itself"
        )
    })
}

/// Mistakes recognisable without knowing the problem: a sign, a telling factor, a
/// constant factor over several entries. (An integer one off comes after them, in
/// [`miscount`].)
fn generic_diagnosis(
    expected: &Shaped,
    got: &Shaped,
    tol: Tolerance,
    scales: &[Scale],
    structural: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let negated = Shaped {
        shape: got.shape.clone(),
        data: got.data.iter().map(|x| -x).collect(),
    };
    if expected.data.iter().any(|x| *x != 0.0) && close(expected, &negated, tol) {
        return Some("off by a sign".into());
    }
    // A factor is named only when exactly one explains the value and it is structural:
    // two explanations at once, or a parameter the answer ignores, mean the ratio is an
    // accident of the drawn numbers.
    let matching: Vec<Factor> = telling_factors(scales)
        .into_iter()
        .filter(|f| scaled_by(expected, got, f.value, tol))
        .collect();
    if let [factor] = matching.as_slice()
        && factor.parameter.as_deref().is_none_or(structural)
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
    /// The parameter the factor is made of, if any.
    parameter: Option<String>,
}

/// The factors that explain a wrong number whatever the problem: a slipped decimal
/// point, or a parameter (or its square root) multiplied in or left out — each either
/// way round and with either sign. Constants such as 2, 1/2 or √2 are not among them:
/// whether a doubled term is a likely slip depends on the problem, so a problem lists
/// it as a mistake where it is one, and elsewhere such a ratio is a coincidence of the
/// numbers (every wrong number is *some* multiple of the answer).
fn telling_factors(scales: &[Scale]) -> Vec<Factor> {
    let mut out = Vec::new();
    let mut add = |name: String, value: f64, parameter: Option<&str>| {
        for (name, value) in [(format!("-{name}"), -value), (name, value)] {
            out.push(Factor {
                name,
                value,
                parameter: parameter.map(str::to_string),
            });
        }
    };
    for k in 1..=6 {
        add(format!("{}", 10f64.powi(k)), 10f64.powi(k), None);
        add(format!("{}", 10f64.powi(-k)), 10f64.powi(-k), None);
    }
    for s in scales.iter().filter(|s| s.value.abs() >= 2.0) {
        let p = Some(s.name.as_str());
        add(format!("{} = {}", s.name, round_sig(s.value)), s.value, p);
        let inverse = 1.0 / s.value;
        add(format!("1/{} = {}", s.name, round_sig(inverse)), inverse, p);
        if s.value > 0.0 {
            let root = s.value.sqrt();
            add(format!("sqrt({}) = {}", s.name, round_sig(root)), root, p);
            let inverse = 1.0 / root;
            add(
                format!("1/sqrt({}) = {}", s.name, round_sig(inverse)),
                inverse,
                p,
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

    fn all(_: &str) -> bool {
        true
    }
    const ALL: fn(&str) -> bool = all;

    #[test]
    fn right_within_tolerance_elementwise() {
        let e = v(&[2], &[0.91, 0.3348]);
        assert_eq!(
            judge(&e, &v(&[2], &[0.9104, 0.3351]), TOL, &[], &[], &ALL),
            Verdict::Right
        );
        assert!(!judge(&e, &v(&[2], &[0.9104, 0.337]), TOL, &[], &[], &ALL).is_right());
    }

    #[test]
    fn shape_is_checked_before_value_and_transposes_are_named() {
        let e = v(&[2, 3], &[1.0; 6]);
        match judge(&e, &v(&[3, 2], &[1.0; 6]), TOL, &[], &[], &ALL) {
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
        match judge(&e, &v(&[], &[1.0]), TOL, &[missing_scale], &[], &ALL) {
            Verdict::Wrong { diagnosis, .. } => {
                assert_eq!(diagnosis.unwrap(), "you left out 1/sqrt(d_k)")
            }
            other => panic!("{other:?}"),
        }
    }

    fn diagnose(expected: &Shaped, got: &Shaped, scales: &[Scale]) -> Option<String> {
        match judge(expected, got, TOL, &[], scales, &ALL) {
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
        // 2.005 is no rounding of 2: within 1 %, but not what rounding gives.
        assert_eq!(d(&[2.005, -4.0]), None);
        assert_eq!(d(&[3.0, 7.0]), None);
    }

    #[test]
    fn a_single_number_is_told_only_a_telling_factor() {
        let one = |x: f64| v(&[], &[x]);
        // Any wrong number is some multiple of the answer: these ratios say nothing.
        assert_eq!(diagnose(&one(-2.0), &one(0.5), &[]), None);
        // (3 for 2 is a miscount, told so: `miscount`; 5 for 2 is nothing.)
        assert_eq!(diagnose(&one(2.0), &one(5.0), &[]), None);
        // Nearly zero (within the tolerance of 0) is no multiple of anything.
        assert_eq!(diagnose(&one(0.004), &one(0.0005), &[]), None);
        // Doubled, halved, √2: coincidences unless the problem lists them.
        assert_eq!(diagnose(&one(0.3), &one(0.6), &[]), None);
        assert_eq!(diagnose(&one(0.5), &one(0.354), &[]), None);
        // A slipped decimal point: named.
        assert_eq!(
            diagnose(&one(0.25), &one(25.0), &[]).unwrap(),
            "your value is the answer times 100"
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
        // A parameter the answer does not depend on explains nothing either.
        let none = |_: &str| false;
        let got = judge(&one(0.09375), &one(1.5), TOL, &[], &dk, &none);
        assert!(
            matches!(
                got,
                Verdict::Wrong {
                    diagnosis: None,
                    ..
                }
            ),
            "{got:?}"
        );
        // Two factors at once (dk = 10 and a slipped decimal point): ambiguous, unnamed.
        let ten = [Scale {
            name: "n".into(),
            value: 10.0,
        }];
        assert_eq!(diagnose(&one(1.5), &one(15.0), &ten), None);
    }

    #[test]
    fn a_mistake_is_named_at_four_figures_under_an_exact_tolerance_and_across_shapes() {
        let e = v(&[], &[1.0]);
        let m = Mistake {
            value: v(&[], &[2f64.sqrt()]),
            says: "root".into(),
        };
        let exact = Tolerance::Absolute(crate::content::tolerance::EXACT);
        let got = judge(
            &e,
            &v(&[], &[1.414]),
            exact,
            std::slice::from_ref(&m),
            &[],
            &ALL,
        );
        assert!(matches!(got, Verdict::Wrong { diagnosis: Some(d), .. } if d == "root"));
        let e = v(&[2, 3], &[1.0; 6]);
        let m = Mistake {
            value: v(&[3, 3], &[2.0; 9]),
            says: "K not transposed".into(),
        };
        match judge(&e, &v(&[3, 3], &[2.0; 9]), TOL, &[m], &[], &ALL) {
            Verdict::WrongShape { hint, .. } => assert_eq!(hint.unwrap(), "K not transposed"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn nan_is_never_right() {
        assert!(!judge(&v(&[], &[1.0]), &v(&[], &[f64::NAN]), TOL, &[], &[], &ALL).is_right());
    }
}
