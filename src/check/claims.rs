//! Computed claims in the prose (`eval` blocks): the expression must give the value the
//! lesson writes, to the precision the lesson writes it.

use crate::content::tolerance::Tolerance;
use crate::eval::{self, Env};
use crate::problems::instance::Shaped;

/// Checks one claim; the error says what the expression gave and what the lesson says.
pub fn check(expr: &str, expected: &str) -> Result<(), String> {
    let got = evaluate(expr).map_err(|e| format!("`{expr}`: {e}"))?;
    let want = evaluate(expected).map_err(|e| format!("expected value `{expected}`: {e}"))?;
    let tolerances = written_numbers(expected);
    if tolerances.len() != want.data.len() {
        return Err(format!(
            "expected value `{expected}` must be written as plain numbers (found {} numbers for {} entries)",
            tolerances.len(),
            want.data.len()
        ));
    }
    if got.shape != want.shape {
        return Err(format!(
            "`{expr}` is {}, the lesson writes {}",
            got.describe_shape(),
            want.describe_shape()
        ));
    }
    let wrong = want
        .data
        .iter()
        .zip(&got.data)
        .zip(&tolerances)
        .position(|((w, g), t)| !t.accepts(*w, *g));
    match wrong {
        None => Ok(()),
        Some(i) => Err(format!(
            "`{expr}` gives {} at entry {i}, the lesson writes {} ({})",
            got.data[i], want.data[i], tolerances[i]
        )),
    }
}

fn evaluate(src: &str) -> Result<Shaped, String> {
    let value = eval::run(src, &mut Env::new()).map_err(|e| e.to_string())?;
    Ok(Shaped::of(&value))
}

/// The tolerance of each number in a written value, in order: `[0.5761, 2, -inf]`.
fn written_numbers(text: &str) -> Vec<Tolerance> {
    let mut out = Vec::new();
    let mut token = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphanumeric()
            || c == '.'
            || ((c == '-' || c == '+') && token.ends_with(['e', 'E']))
        {
            token.push(c);
        } else if !token.is_empty() {
            out.push(Tolerance::implied_by(&token));
            token.clear();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_written_number_carries_its_own_precision() {
        let t = written_numbers("[[0.5761, 2], [-inf, 1.5e-3]]");
        assert_eq!(t.len(), 4);
        assert_eq!(t[1], Tolerance::implied_by("2"));
        assert_eq!(t[0], Tolerance::implied_by("0.5761"));
        assert_eq!(t[3], Tolerance::implied_by("1.5e-3"));
    }
}
