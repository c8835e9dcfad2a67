//! What the learner is told after an answer, worded once for the reader and the CLI.
//! Lines may hold `$…$` inline math (a problem's own mistake messages do): the display
//! lays it out, as it does the lesson's prose.

use super::instance::Shaped;
use super::problem::Judged;
use super::verdict::Verdict;
use crate::content::tolerance::{EXACT, Tolerance};
use crate::eval::{format_label, format_within};

/// The feedback lines for a judged answer: the first says right or wrong, the rest why.
pub fn lines(judged: &Judged, tolerance: &Tolerance) -> Vec<String> {
    match &judged.verdict {
        Verdict::Right => {
            let mut out = vec![format!(
                "Right: {}",
                shown(&judged.value, judged, tolerance)
            )];
            if !is_exact(tolerance) {
                out.push(format!(
                    "The exact value is {}; {}.",
                    shown(&judged.expected, judged, tolerance),
                    accepted(tolerance)
                ));
            }
            out
        }
        Verdict::WrongShape {
            expected,
            got,
            hint,
        } => {
            let mut out = vec![format!(
                "Wrong shape: the answer is {expected}, yours is {got}."
            )];
            out.extend(hint.iter().map(|h| format!("Likely: {h}.")));
            out
        }
        Verdict::Wrong {
            diagnosis,
            relative_error,
        } => {
            let mut out = vec![format!(
                "Not right: your value is {}.",
                shown(&judged.value, judged, tolerance)
            )];
            if let Some(r) = relative_error {
                out.push(format!(
                    "It is off by {}%; {}.",
                    format_label(r * 100.0),
                    accepted(tolerance)
                ));
            }
            out.extend(
                diagnosis
                    .iter()
                    .map(|d| format!("Likely: {}.", d.trim_end_matches('.'))),
            );
            out
        }
    }
}

fn is_exact(tolerance: &Tolerance) -> bool {
    matches!(*tolerance, Tolerance::Absolute(t) if t <= EXACT)
}

/// The tolerance as a rule the learner can act on.
fn accepted(tolerance: &Tolerance) -> String {
    match *tolerance {
        _ if is_exact(tolerance) => "the answer must be exact".into(),
        Tolerance::Absolute(t) => format!("answers within ±{} count as right", format_label(t)),
        Tolerance::Relative(r) => {
            format!("answers within {}% count as right", format_label(r * 100.0))
        }
    }
}

/// A value of the judged answer (the learner's or the expected one) as a literal, each
/// entry with the learner's 6 significant digits, or as many more as the tolerance
/// around its expected entry needs to tell right from wrong; never the noise of binary
/// fractions (`0.6`, not `0.6000000000000001`).
fn shown(value: &Shaped, judged: &Judged, tolerance: &Tolerance) -> String {
    let expected = &judged.expected.data;
    let entry = |(i, &x): (usize, &f64)| {
        let around = expected.get(i).copied().unwrap_or(x);
        let within = match *tolerance {
            Tolerance::Absolute(t) => t,
            Tolerance::Relative(r) => r * around.abs(),
        };
        format_within(x, within)
    };
    let cells: Vec<String> = value.data.iter().enumerate().map(entry).collect();
    match value.shape.as_slice() {
        [] => cells.join(""),
        [_, cols] if *cols >= 1 => {
            let rows: Vec<String> = cells
                .chunks(*cols)
                .map(|r| format!("[{}]", r.join(", ")))
                .collect();
            format!("[{}]", rows.join(", "))
        }
        _ => format!("[{}]", cells.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::instance::Shaped;

    fn judged(expected: f64, got: f64, verdict: Verdict) -> Judged {
        let one = |x: f64| Shaped {
            shape: Vec::new(),
            data: vec![x],
        };
        Judged {
            shown: got.to_string(),
            value: one(got),
            expected: one(expected),
            verdict,
        }
    }

    #[test]
    fn an_exact_answer_that_is_right_says_so_once() {
        let right = judged(0.25, 0.25, Verdict::Right);
        assert_eq!(lines(&right, &Tolerance::Absolute(EXACT)), ["Right: 0.25"]);
        assert_eq!(
            lines(&right, &Tolerance::Absolute(0.001)),
            [
                "Right: 0.25",
                "The exact value is 0.25; answers within ±0.001 count as right."
            ]
        );
    }

    #[test]
    fn the_exact_value_is_shown_without_float_noise() {
        // 0.2 * 3 is 0.6000000000000001 in binary floating point.
        let right = judged(0.2 * 3.0, 0.6, Verdict::Right);
        assert_eq!(
            lines(&right, &Tolerance::Relative(0.01))[1],
            "The exact value is 0.6; answers within 1% count as right."
        );
    }

    #[test]
    fn numbers_keep_six_digits_or_what_the_tolerance_needs() {
        let third = judged(1.0 / 3.0, 0.3333334, Verdict::Right);
        assert_eq!(
            lines(&third, &Tolerance::Relative(0.001)),
            [
                "Right: 0.333333",
                "The exact value is 0.333333; answers within 0.1% count as right."
            ]
        );
        // 0.9999999 is not 1 to 1e-9: six digits would print both as 1.
        let close = judged(
            1.0,
            0.9999999,
            Verdict::Wrong {
                diagnosis: None,
                relative_error: None,
            },
        );
        assert_eq!(
            lines(&close, &Tolerance::Absolute(EXACT)),
            ["Not right: your value is 0.9999999."]
        );
        let matrix = Judged {
            value: Shaped {
                shape: vec![2, 2],
                data: vec![1.0 / 3.0, 0.5, 0.25, 2.0 / 3.0],
            },
            ..judged(0.0, 0.0, Verdict::Right)
        };
        assert_eq!(
            lines(&matrix, &Tolerance::Absolute(0.01))[0],
            "Right: [[0.333333, 0.5], [0.25, 0.666667]]"
        );
    }

    #[test]
    fn a_transposed_shape_is_named_like_any_likely_mistake() {
        let shape = Verdict::WrongShape {
            expected: "2x3".into(),
            got: "3x2".into(),
            hint: Some("yours is its transpose: one transpose too many or too few".into()),
        };
        assert_eq!(
            lines(&judged(1.0, 1.0, shape), &Tolerance::Absolute(EXACT)),
            [
                "Wrong shape: the answer is 2x3, yours is 3x2.",
                "Likely: yours is its transpose: one transpose too many or too few."
            ]
        );
    }

    #[test]
    fn the_tolerance_reads_as_a_rule() {
        let wrong = judged(
            2.0,
            3.0,
            Verdict::Wrong {
                diagnosis: Some("a mistake with $x$.".into()),
                relative_error: Some(0.5),
            },
        );
        assert_eq!(
            lines(&wrong, &Tolerance::Absolute(EXACT)),
            [
                "Not right: your value is 3.",
                "It is off by 50%; the answer must be exact.",
                "Likely: a mistake with $x$."
            ]
        );
        assert_eq!(
            lines(&wrong, &Tolerance::Relative(0.01))[1],
            "It is off by 50%; answers within 1% count as right."
        );
    }
}
