//! What the learner is told after an answer, worded once for the reader and the CLI.
//! Lines may hold `$…$` inline math (a problem's own mistake messages do): the display
//! lays it out, as it does the lesson's prose.

use super::problem::Judged;
use super::tolerance::{EXACT, Tolerance};
use super::verdict::Verdict;
use crate::figure::lines::number;

/// The feedback lines for a judged answer: the first says right or wrong, the rest why.
pub fn lines(judged: &Judged, tolerance: &Tolerance) -> Vec<String> {
    match &judged.verdict {
        Verdict::Right => {
            let mut out = vec![format!("Right: {}", judged.shown)];
            if !is_exact(tolerance) {
                out.push(format!(
                    "The exact value is {}; {}.",
                    exact(&judged.expected.data),
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
                    "It is off by {}%; {}.",
                    number(r * 100.0),
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
        Tolerance::Absolute(t) => format!("answers within ±{} count as right", number(t)),
        Tolerance::Relative(r) => format!("answers within {}% count as right", number(r * 100.0)),
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
