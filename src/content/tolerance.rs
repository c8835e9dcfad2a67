//! How close an answer must be: a problem's `tolerance` field, and the tolerance a
//! number written in prose implies (half a unit in its last decimal place).

use std::fmt;

/// The rule a number is accepted under; a problem block writes it as a string.
#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize)]
#[serde(try_from = "String")]
pub enum Tolerance {
    /// |got − expected| ≤ t.
    Absolute(f64),
    /// |got − expected| ≤ r·|expected|.
    Relative(f64),
}

/// "Exact" still allows for floating-point rounding in the evaluator.
pub const EXACT: f64 = 1e-9;

impl Tolerance {
    /// `"0.001"` (absolute), `"1%"` (relative) or `"exact"`.
    pub fn parse(text: &str) -> Result<Tolerance, String> {
        let text = text.trim();
        if text == "exact" {
            return Ok(Tolerance::Absolute(EXACT));
        }
        let (number, relative) = match text.strip_suffix('%') {
            Some(n) => (n.trim(), true),
            None => (text, false),
        };
        match number.parse::<f64>() {
            Ok(t) if t.is_finite() && t >= 0.0 && relative => Ok(Tolerance::Relative(t / 100.0)),
            Ok(t) if t.is_finite() && t >= 0.0 => Ok(Tolerance::Absolute(t.max(EXACT))),
            _ => Err(format!(
                "tolerance `{text}` is not \"exact\", an absolute number like \"0.001\" or a percentage like \"1%\""
            )),
        }
    }

    /// The tolerance implied by a number as written in prose: `0.5761` is right to
    /// ±0.00005, `12` exactly.
    pub fn implied_by(written: &str) -> Tolerance {
        let written = written.trim().trim_start_matches(['-', '+']);
        let (mantissa, exponent) = match written.find(['e', 'E']) {
            Some(i) => (&written[..i], written[i + 1..].parse::<i32>().unwrap_or(0)),
            None => (written, 0),
        };
        let decimals = mantissa.split_once('.').map_or(0, |(_, f)| f.len()) as i32 - exponent;
        if decimals <= 0 && exponent == 0 {
            Tolerance::Absolute(EXACT)
        } else {
            Tolerance::Absolute(0.5 * 10f64.powi(-decimals) + EXACT)
        }
    }

    pub fn accepts(&self, expected: f64, got: f64) -> bool {
        if expected.is_infinite() || got.is_infinite() {
            return expected == got;
        }
        let error = (got - expected).abs();
        match *self {
            Tolerance::Absolute(t) => error <= t,
            Tolerance::Relative(r) => error <= r * expected.abs() || error <= EXACT,
        }
    }
}

impl TryFrom<String> for Tolerance {
    type Error = String;

    fn try_from(text: String) -> Result<Tolerance, String> {
        Tolerance::parse(&text)
    }
}

impl fmt::Display for Tolerance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Tolerance::Absolute(t) if t <= EXACT => write!(f, "exact (within {EXACT:e})"),
            Tolerance::Absolute(t) => write!(f, "within ±{t}"),
            Tolerance::Relative(r) => write!(f, "within {}%", r * 100.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_three_forms() {
        assert_eq!(Tolerance::parse("0.001"), Ok(Tolerance::Absolute(0.001)));
        assert_eq!(Tolerance::parse("1%"), Ok(Tolerance::Relative(0.01)));
        assert_eq!(Tolerance::parse("exact"), Ok(Tolerance::Absolute(EXACT)));
        assert_eq!(Tolerance::parse("1e-6"), Ok(Tolerance::Absolute(1e-6)));
        assert!(Tolerance::parse("-1").is_err());
        assert!(Tolerance::parse("abc").is_err());
        assert!(Tolerance::parse("nan").is_err());
    }

    #[test]
    fn absolute_and_relative_rules() {
        let abs = Tolerance::Absolute(0.001);
        assert!(abs.accepts(0.9100, 0.9105));
        assert!(!abs.accepts(0.9100, 0.9115));
        let rel = Tolerance::Relative(0.01);
        assert!(rel.accepts(200.0, 201.9));
        assert!(!rel.accepts(200.0, 202.1));
        assert!(rel.accepts(0.0, 0.0));
        assert!(Tolerance::Absolute(EXACT).accepts(f64::NEG_INFINITY, f64::NEG_INFINITY));
        assert!(!Tolerance::Absolute(1.0).accepts(f64::INFINITY, 1e300));
    }

    #[test]
    fn written_numbers_imply_half_a_unit_in_the_last_place() {
        let t = Tolerance::implied_by("0.5761");
        assert!(t.accepts(0.5761, 0.57614));
        assert!(!t.accepts(0.5761, 0.57616));
        assert_eq!(Tolerance::implied_by("196608"), Tolerance::Absolute(EXACT));
        assert_eq!(Tolerance::implied_by("-5"), Tolerance::Absolute(EXACT));
        assert!(Tolerance::implied_by("1.5e-3").accepts(0.0015, 0.00154));
        assert!(!Tolerance::implied_by("1.5e-3").accepts(0.0015, 0.00156));
    }
}
