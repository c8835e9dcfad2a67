//! The learner's numbers in a problem's texts. A slot `<<expr>>` holds an evaluator
//! expression over the parameters (`<<d>>`, `<<t + 3>>`, `<<1/a>>`) and shows its value.
//! The syntax is deliberately not TeX grouping: `e^{z}` in a solution stays the symbol
//! z, and arithmetic on a learner's numbers is done before they see it.

use super::params::{Drawn, Number};
use crate::eval::{self, Env, Value, format_number};

pub const OPEN: &str = "<<";
pub const CLOSE: &str = ">>";

/// A piece of a template: text as written, or a slot's expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    /// The expression, and whether the slot stands inside `$…$` math.
    Slot(&'a str, bool),
}

/// Splits a template into text and slots; an unclosed `<<` is an error.
pub fn pieces(template: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut out = Vec::new();
    let mut rest = template;
    let mut in_math = false;
    while let Some(open) = rest.find(OPEN) {
        let text = &rest[..open];
        in_math ^= math_toggles(text);
        out.push(Piece::Text(text));
        let after = &rest[open + OPEN.len()..];
        let close = after
            .find(CLOSE)
            .ok_or_else(|| format!("`{OPEN}` without `{CLOSE}` in `{}`", snippet(after)))?;
        out.push(Piece::Slot(after[..close].trim(), in_math));
        rest = &after[close + CLOSE.len()..];
    }
    out.push(Piece::Text(rest));
    Ok(out)
}

/// Whether `text` opens or closes math an odd number of times (`$$` counts once,
/// `\$` not at all).
fn math_toggles(text: &str) -> bool {
    let mut odd = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '$' => {
                if chars.peek() == Some(&'$') {
                    chars.next();
                }
                odd = !odd;
            }
            _ => {}
        }
    }
    odd
}

fn snippet(text: &str) -> String {
    text.chars().take(20).collect()
}

/// A slot's value, as the learner reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Shown {
    /// A parameter keeps the decimals it was written with (`0.30`).
    Drawn(Drawn),
    Value(Value),
}

impl Shown {
    /// The scalar, if the slot holds one number.
    pub fn scalar(&self) -> Option<f64> {
        match self {
            Shown::Drawn(Drawn::Scalar(n)) => Some(n.value),
            Shown::Value(Value::Scalar(x)) => Some(*x),
            _ => None,
        }
    }

    /// Inside math: a braced group, so `x^<<a>>` and `\sqrt<<d>>` stay right and
    /// matrices become matrices. In text: the plain number, or a matrix as math.
    pub fn render(&self, in_math: bool) -> String {
        let latex = self.latex();
        match (in_math, self.scalar()) {
            (true, _) => format!("{{{latex}}}"),
            (false, Some(_)) => latex,
            (false, None) => format!("${latex}$"),
        }
    }

    fn latex(&self) -> String {
        match self {
            Shown::Drawn(d) => d.latex(),
            Shown::Value(v) => value_latex(v),
        }
    }
}

fn value_latex(v: &Value) -> String {
    let cells = |xs: &[f64]| xs.iter().map(|&x| format_number(x)).collect::<Vec<_>>();
    match v {
        Value::Scalar(x) => format_number(*x),
        Value::Vector(xs) => format!("[{}]", cells(xs).join(", ")),
        Value::Matrix(m) => {
            let rows: Vec<String> = v
                .elements()
                .chunks(m.cols().max(1))
                .map(|r| cells(r).join(" & "))
                .collect();
            format!("\\begin{{bmatrix}}{}\\end{{bmatrix}}", rows.join(" \\\\ "))
        }
    }
}

/// Evaluates a slot: a bare parameter name shows the drawn value as written, anything
/// else is computed in `env` (where every parameter is bound).
pub fn evaluate(expr: &str, drawn: Option<&Drawn>, env: &mut Env) -> Result<Shown, String> {
    if let Some(d) = drawn {
        return Ok(Shown::Drawn(d.clone()));
    }
    let value = eval::run(expr, env).map_err(|e| format!("`{OPEN}{expr}{CLOSE}`: {e}"))?;
    Ok(match value {
        Value::Scalar(x) if x.is_finite() => Shown::Drawn(Drawn::Scalar(Number {
            value: x,
            decimals: decimals_of(x),
        })),
        other => Shown::Value(other),
    })
}

fn decimals_of(x: f64) -> usize {
    format_number(x).split_once('.').map_or(0, |(_, f)| f.len())
}

/// The arithmetic a filled template would show unevaluated next to slot `i`, if any:
/// a number or another slot across `+ − · × /` (`7 + 3`, `1/−1`, `2 + 2`), a sign
/// before a negative value (`x − −2`), a product with ±1 (`1 · X`) or a sum with 0.
pub fn unevaluated(pieces: &[Piece<'_>], shown: &[Shown], i: usize) -> Option<String> {
    let value = shown[i].scalar();
    let before = match i.checked_sub(1).map(|j| pieces[j]) {
        Some(Piece::Text(t)) => operator_at_end(t, i >= 2),
        _ => None,
    };
    let after = match pieces.get(i + 1) {
        Some(Piece::Text(t)) => operator_at_start(t, i + 2 < pieces.len()),
        _ => None,
    };
    let trivial = |op: Op| match (op, value) {
        (Op::Product, Some(x)) => x.abs() == 1.0,
        (Op::Sum, Some(x)) => x == 0.0,
        _ => false,
    };
    let slot = slot_index(pieces, i);
    if let Some((op, number_or_slot)) = before {
        let negative = matches!(op, Op::Sum | Op::Product) && value.is_some_and(|x| x < 0.0);
        if number_or_slot || negative || trivial(op) {
            return Some(format!("before slot {slot}"));
        }
    }
    if let Some((op, number_or_slot)) = after
        && (number_or_slot || trivial(op))
    {
        return Some(format!("after slot {slot}"));
    }
    None
}

fn slot_index(pieces: &[Piece<'_>], i: usize) -> String {
    match pieces[i] {
        Piece::Slot(e, _) => format!("{OPEN}{e}{CLOSE}"),
        Piece::Text(_) => String::new(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Sum,
    Product,
    Quotient,
}

const OPERATORS: [(&str, Op); 9] = [
    ("\\cdot", Op::Product),
    ("\\times", Op::Product),
    ("+", Op::Sum),
    ("-", Op::Sum),
    ("−", Op::Sum),
    ("*", Op::Product),
    ("·", Op::Product),
    ("×", Op::Product),
    ("/", Op::Quotient),
];

/// What may stand between a slot, an operator and a number. Not braces: in
/// `e^{<<a>>} + 1` the `+` adds to the power, not to the slot.
const SPACE: &[char] = &[' ', '\t', '\n', '~'];

/// An operator ending `text` (spaces and braces aside), and whether a number or the
/// previous slot (`slot_before`, when nothing else is between) stands before it.
fn operator_at_end(text: &str, slot_before: bool) -> Option<(Op, bool)> {
    let t = text.trim_end_matches(SPACE).trim_end_matches("\\,");
    let (rest, op) = OPERATORS
        .iter()
        .find_map(|(s, op)| t.strip_suffix(s).map(|r| (r, *op)))?;
    let rest = rest.trim_end_matches(SPACE);
    let number = rest.ends_with(|c: char| c.is_ascii_digit()) || (rest.is_empty() && slot_before);
    Some((op, number))
}

/// An operator starting `text`, and whether a number or the next slot follows it.
fn operator_at_start(text: &str, slot_after: bool) -> Option<(Op, bool)> {
    let t = text.trim_start_matches(SPACE).trim_start_matches("\\,");
    let (rest, op) = OPERATORS
        .iter()
        .find_map(|(s, op)| t.strip_prefix(s).map(|r| (r, *op)))?;
    let rest = rest.trim_start_matches(SPACE);
    let number = rest.starts_with(|c: char| c.is_ascii_digit()) || (rest.is_empty() && slot_after);
    Some((op, number))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(t: &str) -> Vec<(String, bool)> {
        pieces(t)
            .unwrap()
            .into_iter()
            .filter_map(|p| match p {
                Piece::Slot(e, m) => Some((e.to_string(), m)),
                Piece::Text(_) => None,
            })
            .collect()
    }

    #[test]
    fn slots_are_found_with_their_math_mode_and_tex_braces_are_text() {
        assert_eq!(
            slots("d = <<d>>, $e^{z} \\sqrt<<d>>$ and $$x = << t + 3 >>$$"),
            [
                ("d".to_string(), false),
                ("d".to_string(), true),
                ("t + 3".to_string(), true)
            ]
        );
        assert!(pieces("a <<b").unwrap_err().contains("without"));
        assert!(slots("\\$ <<a>>").iter().all(|(_, m)| !m));
    }

    fn flagged(template: &str, values: &[f64]) -> Option<String> {
        let p = pieces(template).unwrap();
        let mut k = 0;
        let shown: Vec<Shown> = p
            .iter()
            .map(|piece| match piece {
                Piece::Slot(..) => {
                    k += 1;
                    Shown::Value(Value::Scalar(values[k - 1]))
                }
                Piece::Text(_) => Shown::Value(Value::Scalar(0.5)),
            })
            .collect();
        (0..p.len())
            .filter(|i| matches!(p[*i], Piece::Slot(..)))
            .find_map(|i| unevaluated(&p, &shown, i))
    }

    #[test]
    fn unevaluated_arithmetic_is_found_and_plain_use_is_not() {
        assert!(flagged("position <<t>> + 3", &[7.0]).is_some());
        assert!(flagged("$1/<<a>>$", &[-1.0]).is_some());
        assert!(flagged("has <<a>> + <<b>> entries", &[2.0, 2.0]).is_some());
        assert!(flagged("$[0.1, 1 - <<p>>]$", &[0.1]).is_some());
        assert!(flagged("$X = <<c>> \\cdot A$", &[1.0]).is_some());
        assert!(flagged("$x - <<a>>$", &[-2.0]).is_some());
        assert!(flagged("$x + <<a>>$", &[0.0]).is_some());
        assert_eq!(flagged("$X = <<c>> \\cdot A$", &[3.0]), None);
        assert_eq!(
            flagged("$s = [<<a>>, 0, 1]$ and $e^{-<<k>>}$", &[-1.0, 2.0]),
            None
        );
        assert_eq!(flagged("position <<t + 3>>", &[10.0]), None);
        assert_eq!(flagged("$e^{<<a>>} + 1$", &[3.0]), None);
    }
}
