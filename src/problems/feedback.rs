//! What the learner is told after an answer, worded once for the reader and the CLI.

use super::problem::Judged;
use super::verdict::Verdict;
use crate::figure::lines::number;

/// The feedback lines for a judged answer: the first says right or wrong, the rest why.
pub fn lines(judged: &Judged, tolerance: &super::tolerance::Tolerance) -> Vec<String> {
    match &judged.verdict {
        Verdict::Right => vec![
            format!("Right: {}", judged.shown),
            format!(
                "The exact value is {} (accepted {tolerance}).",
                exact(&judged.expected.data)
            ),
        ],
        Verdict::WrongShape {
            expected,
            got,
            hint,
        } => {
            let mut out = vec![format!(
                "Wrong shape: the answer is {expected}, yours is {got}."
            )];
            out.extend(hint.iter().map(|h| format!("Your shape {h}")));
            out
        }
        Verdict::Wrong {
            diagnosis,
            relative_error,
        } => {
            let mut out = vec![format!("Not right: your value is {}.", judged.shown)];
            if let Some(r) = relative_error {
                out.push(format!(
                    "It is off by {}% (accepted {tolerance}).",
                    number(r * 100.0)
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

fn exact(data: &[f64]) -> String {
    let shown: Vec<String> = data.iter().map(|x| format!("{x}")).collect();
    if shown.len() == 1 {
        shown[0].clone()
    } else {
        format!("[{}]", shown.join(", "))
    }
}
