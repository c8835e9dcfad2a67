//! The one number formatter of the crate. Three styles share it: the evaluator's (15
//! significant digits, what `eval` prints and reads back), the learner's (6 significant
//! digits, what the scratchpad, previews and feedback show) and the label style of
//! figures (4 significant digits, whole millions grouped: `2,099,712`).

/// How a number is printed. Both styles drop trailing zeros of a plain fraction and
/// switch to scientific notation outside `plain_exponents`.
#[derive(Debug, Clone, Copy)]
struct NumberStyle {
    /// Significant digits kept.
    significant: i32,
    /// The decimal exponents (`floor(log10 |x|)`) printed without `e`.
    plain_exponents: (i32, i32),
    /// Whether a scientific mantissa loses its trailing zeros (`6.02e23`, not
    /// `6.020e23`): the evaluator's style, while labels keep a fixed width (`1.000e16`).
    trim_mantissa: bool,
    /// Whether a whole number of at least a million (below 1e15) prints in full with
    /// grouped thousands instead of in scientific notation.
    group_whole: bool,
}

/// The evaluator's style: no trailing zeros, no representation noise (f64 holds 15
/// decimal digits exactly; the 16th and 17th are noise, so `0.1 + 0.2` prints `0.3`),
/// enough to check a value to 1e-9 at the course's sizes. The result is valid input.
const EXACT: NumberStyle = NumberStyle {
    significant: 15,
    plain_exponents: (-5, 15),
    trim_mantissa: true,
    group_whole: false,
};

/// What a learner reads in the scratchpad, previews and feedback: 6 significant digits
/// (`0.333333`, `123457`, `1.5e-7`), as a calculator shows them; `full(x)` asks for
/// [`EXACT`]. Whole numbers up to 1e9 print in full, so an index or a count is never
/// rounded.
const SHORT: NumberStyle = NumberStyle {
    significant: 6,
    plain_exponents: (-4, 9),
    trim_mantissa: true,
    group_whole: false,
};

/// Labels people glance at (axis ticks, bar values, tolerances): 4 significant digits,
/// `0.09`, `0.6652`, `512`, `1,234,567`, `1.235e6`.
const LABEL: NumberStyle = NumberStyle {
    significant: 4,
    plain_exponents: (-4, 6),
    trim_mantissa: false,
    group_whole: true,
};

/// A number in the evaluator's style (see `EXACT`).
pub fn format_number(x: f64) -> String {
    format_number_as(x, EXACT)
}

/// A number in the learner's style (see `SHORT`).
pub fn format_short(x: f64) -> String {
    format_number_as(x, SHORT)
}

/// A number shown to a learner next to a tolerance `within` (absolute): the learner's
/// 6 significant digits, or more when rounding to 6 would move it by more than half
/// the tolerance, so a value shown as right is never shown wrong. At most `EXACT`'s.
pub fn format_within(x: f64, within: f64) -> String {
    let mut style = SHORT;
    while style.significant < EXACT.significant && x.is_finite() && x != 0.0 {
        let ulp = 10f64.powi(x.abs().log10().floor() as i32 - style.significant + 1);
        // Rounding moves it by at most ulp / 2.
        if ulp <= within {
            break;
        }
        style.significant += 1;
    }
    format_number_as(x, style)
}

/// A label in the figures' and feedback's style (see `LABEL`).
pub fn format_label(x: f64) -> String {
    format_number_as(x, LABEL)
}

/// A number in `style`.
fn format_number_as(x: f64, style: NumberStyle) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let exponent = x.abs().log10().floor() as i32;
    if style.group_whole && exponent >= 6 && x.fract() == 0.0 && x.abs() < 1e15 {
        return grouped(x as i64);
    }
    let (low, high) = style.plain_exponents;
    if (low..high).contains(&exponent) {
        let decimals = (style.significant - 1 - exponent).max(0) as usize;
        let text = trim_fraction(&format!("{x:.decimals$}"));
        // Rounding can print -0.000... as "-0".
        if text == "-0" { "0".into() } else { text }
    } else {
        let digits = (style.significant - 1).max(0) as usize;
        let text = format!("{x:.digits$e}");
        match text.split_once('e') {
            Some((mantissa, exp)) if style.trim_mantissa => {
                format!("{}e{exp}", trim_fraction(mantissa))
            }
            _ => text,
        }
    }
}

fn trim_fraction(text: &str) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text.to_string()
    }
}

/// A whole number with its thousands grouped: `2,099,712`.
fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    if n < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_numbers_print_without_noise() {
        assert_eq!(format_number(0.1 + 0.2), "0.3");
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(-1.5e-3), "-0.0015");
        assert_eq!(format_number(1.0 / 3.0), "0.333333333333333");
        assert_eq!(format_number(123456.789012345), "123456.789012345");
        assert_eq!(format_number(2.5e-7), "2.5e-7");
        assert_eq!(format_number(6.02e23), "6.02e23");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(f64::NEG_INFINITY), "-inf");
        assert_eq!(format_number(f64::NAN), "nan");
    }

    #[test]
    fn learners_see_six_significant_digits() {
        assert_eq!(format_short(1.0 / 3.0), "0.333333");
        assert_eq!(format_short(0.09003057317038046), "0.0900306");
        assert_eq!(format_short(2.0f64.sqrt() * 1000.0), "1414.21");
        assert_eq!(format_short(123456.789), "123457");
        assert_eq!(format_short(123456789.0), "123456789");
        assert_eq!(format_short(1234567891.5), "1.23457e9");
        assert_eq!(format_short(1.5e-7), "1.5e-7");
        assert_eq!(format_short(0.1 + 0.2), "0.3");
        assert_eq!(format_short(-0.0000001), "-1e-7");
        assert_eq!(format_short(f64::INFINITY), "inf");
    }

    #[test]
    fn a_tight_tolerance_asks_for_more_digits() {
        assert_eq!(format_within(1.0 / 3.0, 0.001), "0.333333");
        assert_eq!(format_within(1.0 / 3.0, 1e-9), "0.333333333");
        assert_eq!(format_within(1.0 / 3.0, 0.0), "0.333333333333333");
        assert_eq!(format_within(0.0, 0.0), "0");
    }

    #[test]
    fn labels_keep_four_significant_digits() {
        assert_eq!(format_label(0.66524), "0.6652");
        assert_eq!(format_label(0.090003), "0.09");
        assert_eq!(format_label(512.0), "512");
        assert_eq!(format_label(-1.23456), "-1.235");
        assert_eq!(format_label(1234567.0), "1,234,567");
        assert_eq!(format_label(-2099712.0), "-2,099,712");
        assert_eq!(format_label(1234567.5), "1.235e6");
        assert_eq!(format_label(1e16), "1.000e16");
        assert_eq!(format_label(f64::NEG_INFINITY), "-inf");
        assert_eq!(format_label(f64::NAN), "nan");
    }
}
