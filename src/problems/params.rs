//! Parameter generators of a problem block (`choice(...)`, `int(lo, hi)`,
//! `real(lo, hi, step)`, `matrix(r, c, lo, hi)`) and the values they draw.

use std::fmt;

use super::seed::SplitMix64;

/// How one parameter is drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Generator {
    /// One of the listed numbers.
    Choice(Vec<Number>),
    /// An integer in `lo..=hi`.
    Int { lo: i64, hi: i64 },
    /// `lo + k * step` for `k = 0, 1, ...` while the value stays ≤ `hi`.
    Real {
        lo: Number,
        hi: Number,
        step: Number,
    },
    /// An `r × c` matrix of integers in `lo..=hi`.
    Matrix {
        rows: usize,
        cols: usize,
        lo: i64,
        hi: i64,
    },
}

/// A number as written in the lesson, kept with its decimal count so that drawn reals
/// print as a learner would write them (`0.3`, not `0.30000000000000004`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    pub value: f64,
    pub decimals: usize,
}

/// A drawn parameter value.
#[derive(Debug, Clone, PartialEq)]
pub enum Drawn {
    Scalar(Number),
    Matrix(Vec<Vec<i64>>),
}

/// Why a generator string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("parameter generator `{text}`: {reason}")]
pub struct GeneratorError {
    pub text: String,
    pub reason: String,
}

/// Largest number of entries a `matrix(...)` may draw: problems are worked by hand.
const MAX_MATRIX_ENTRIES: usize = 64;
/// Largest number of values a `real(...)` range may hold.
const MAX_REAL_STEPS: f64 = 1e6;

impl Generator {
    pub fn parse(text: &str) -> Result<Generator, GeneratorError> {
        let fail = |reason: &str| GeneratorError {
            text: text.trim().to_string(),
            reason: reason.to_string(),
        };
        let (name, args) = split_call(text).ok_or_else(|| {
            fail("expected choice(...), int(lo, hi), real(lo, hi, step) or matrix(r, c, lo, hi)")
        })?;
        let numbers = args
            .iter()
            .map(|a| Number::parse(a).ok_or_else(|| fail(&format!("`{a}` is not a number"))))
            .collect::<Result<Vec<_>, _>>()?;
        let integer = |n: &Number| {
            (n.decimals == 0 && n.value.abs() < 1e15)
                .then_some(n.value as i64)
                .ok_or_else(|| fail(&format!("`{}` must be an integer", n.value)))
        };
        match (name, numbers.as_slice()) {
            ("choice", []) => Err(fail("choice needs at least one value")),
            ("choice", values) => Ok(Generator::Choice(values.to_vec())),
            ("int", [lo, hi]) => {
                let (lo, hi) = (integer(lo)?, integer(hi)?);
                if lo > hi {
                    return Err(fail("lo is greater than hi"));
                }
                Ok(Generator::Int { lo, hi })
            }
            ("real", [lo, hi, step]) => {
                if step.value <= 0.0 || lo.value > hi.value {
                    return Err(fail("needs lo ≤ hi and a positive step"));
                }
                if (hi.value - lo.value) / step.value > MAX_REAL_STEPS {
                    return Err(fail("the range holds too many steps"));
                }
                Ok(Generator::Real {
                    lo: *lo,
                    hi: *hi,
                    step: *step,
                })
            }
            ("matrix", [r, c, lo, hi]) => {
                let (rows, cols) = (integer(r)?, integer(c)?);
                let (lo, hi) = (integer(lo)?, integer(hi)?);
                // Checked: `rows * cols` of two huge sizes wraps to a small number.
                let entries = rows.checked_mul(cols).and_then(|n| usize::try_from(n).ok());
                if rows < 1 || cols < 1 || entries.is_none_or(|n| n > MAX_MATRIX_ENTRIES) {
                    return Err(fail("needs 1 to 64 entries"));
                }
                if lo > hi {
                    return Err(fail("lo is greater than hi"));
                }
                Ok(Generator::Matrix {
                    rows: rows as usize,
                    cols: cols as usize,
                    lo,
                    hi,
                })
            }
            ("int" | "real" | "matrix", _) => Err(fail("wrong number of arguments")),
            _ => Err(fail(&format!("unknown generator `{name}`"))),
        }
    }

    pub fn draw(&self, rng: &mut SplitMix64) -> Drawn {
        match self {
            Generator::Choice(values) => {
                Drawn::Scalar(values[rng.below(values.len() as u64) as usize])
            }
            Generator::Int { lo, hi } => Drawn::Scalar(Number {
                value: draw_int(rng, *lo, *hi) as f64,
                decimals: 0,
            }),
            Generator::Real { lo, hi, step } => {
                let steps = ((hi.value - lo.value) / step.value + 1e-9).floor() as u64;
                let k = rng.below(steps + 1) as f64;
                let decimals = lo.decimals.max(step.decimals);
                let value = round_to(lo.value + k * step.value, decimals);
                Drawn::Scalar(Number { value, decimals })
            }
            Generator::Matrix { rows, cols, lo, hi } => Drawn::Matrix(
                (0..*rows)
                    .map(|_| (0..*cols).map(|_| draw_int(rng, *lo, *hi)).collect())
                    .collect(),
            ),
        }
    }
}

impl Generator {
    /// The values at the ends of the range (every value of a `choice`), which `check`
    /// tries besides random draws; a matrix has none.
    pub fn extremes(&self) -> Vec<Number> {
        match self {
            Generator::Choice(values) => values.clone(),
            Generator::Int { lo, hi } => [lo, hi]
                .map(|v| Number {
                    value: *v as f64,
                    decimals: 0,
                })
                .to_vec(),
            Generator::Real { lo, hi, step } => {
                let steps = ((hi.value - lo.value) / step.value + 1e-9).floor();
                let decimals = lo.decimals.max(step.decimals);
                let last = round_to(lo.value + steps * step.value, decimals);
                vec![
                    Number {
                        value: lo.value,
                        decimals,
                    },
                    Number {
                        value: last,
                        decimals,
                    },
                ]
            }
            Generator::Matrix { .. } => Vec::new(),
        }
    }
}

fn draw_int(rng: &mut SplitMix64, lo: i64, hi: i64) -> i64 {
    let span = hi.abs_diff(lo) + 1;
    lo.wrapping_add(rng.below(span) as i64)
}

fn round_to(x: f64, decimals: usize) -> f64 {
    format!("{x:.decimals$}").parse().unwrap_or(x)
}

/// `name(a, b, c)` → ("name", ["a", "b", "c"]).
fn split_call(text: &str) -> Option<(&str, Vec<&str>)> {
    let text = text.trim();
    let open = text.find('(')?;
    let inner = text.strip_suffix(')')?.get(open + 1..)?;
    let name = text[..open].trim();
    let args = if inner.trim().is_empty() {
        Vec::new()
    } else {
        inner.split(',').map(str::trim).collect()
    };
    Some((name, args))
}

impl Number {
    /// A decimal number as written: `-2`, `0.25`, `1e-3` (exponent forms count the
    /// decimals they imply, so `1e-3` prints with 3).
    pub fn parse(text: &str) -> Option<Number> {
        let text = text.trim();
        let value: f64 = text.parse().ok().filter(|v: &f64| v.is_finite())?;
        let (mantissa, exponent) = match text.find(['e', 'E']) {
            Some(i) => (&text[..i], text[i + 1..].parse::<i64>().ok()?),
            None => (text, 0),
        };
        let written = mantissa.split_once('.').map_or(0, |(_, frac)| frac.len()) as i64;
        let decimals = (written - exponent).clamp(0, 15) as usize;
        Some(Number { value, decimals })
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.*}", self.decimals, self.value)
    }
}

impl Drawn {
    /// The value as an evaluator literal, for binding it by name.
    pub fn literal(&self) -> String {
        match self {
            Drawn::Scalar(n) => n.to_string(),
            Drawn::Matrix(rows) => {
                let rows: Vec<String> = rows
                    .iter()
                    .map(|r| {
                        let cells: Vec<String> = r.iter().map(i64::to_string).collect();
                        format!("[{}]", cells.join(", "))
                    })
                    .collect();
                format!("[{}]", rows.join(", "))
            }
        }
    }

    /// The value as LaTeX, for prompts: matrices as real matrices.
    pub fn latex(&self) -> String {
        match self {
            Drawn::Scalar(n) => n.to_string(),
            Drawn::Matrix(rows) => {
                let rows: Vec<String> = rows
                    .iter()
                    .map(|r| r.iter().map(i64::to_string).collect::<Vec<_>>().join(" & "))
                    .collect();
                format!("\\begin{{bmatrix}}{}\\end{{bmatrix}}", rows.join(" \\\\ "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(value: f64, decimals: usize) -> Number {
        Number { value, decimals }
    }

    #[test]
    fn parses_every_generator_kind() {
        assert_eq!(
            Generator::parse("choice(16, 32, -1.5)").unwrap(),
            Generator::Choice(vec![num(16.0, 0), num(32.0, 0), num(-1.5, 1)])
        );
        assert_eq!(
            Generator::parse(" int(-3, 3) ").unwrap(),
            Generator::Int { lo: -3, hi: 3 }
        );
        assert_eq!(
            Generator::parse("real(0.5, 2, 0.25)").unwrap(),
            Generator::Real {
                lo: num(0.5, 1),
                hi: num(2.0, 0),
                step: num(0.25, 2)
            }
        );
        assert_eq!(
            Generator::parse("matrix(2, 3, -2, 2)").unwrap(),
            Generator::Matrix {
                rows: 2,
                cols: 3,
                lo: -2,
                hi: 2
            }
        );
    }

    #[test]
    fn rejects_malformed_generators_with_a_reason() {
        for (text, reason) in [
            ("choice()", "at least one"),
            ("int(3, 1)", "greater"),
            ("int(1.5, 3)", "integer"),
            ("real(0, 1, 0)", "positive step"),
            ("matrix(100, 100, 0, 1)", "entries"),
            ("matrix(4294967296, 4294967296, 0, 1)", "entries"),
            ("matrix(-4294967296, -4294967296, 0, 1)", "entries"),
            ("matrix(3037000500, 3037000500, 0, 1)", "entries"),
            ("gauss(0, 1)", "unknown generator"),
            ("int(1, x)", "not a number"),
            ("int(1, 2", "expected"),
            ("int(1)", "wrong number"),
        ] {
            let err = Generator::parse(text).unwrap_err();
            assert!(err.reason.contains(reason), "{text}: {err}");
        }
    }

    #[test]
    fn draws_stay_in_their_domain() {
        let mut rng = SplitMix64::new(3);
        let real = Generator::parse("real(0.1, 0.5, 0.1)").unwrap();
        let matrix = Generator::parse("matrix(2, 2, -1, 1)").unwrap();
        for _ in 0..100 {
            match real.draw(&mut rng) {
                Drawn::Scalar(n) => {
                    assert!([0.1, 0.2, 0.3, 0.4, 0.5].contains(&n.value), "{n}");
                    assert_eq!(n.to_string().len(), 3);
                }
                other => panic!("{other:?}"),
            }
            match matrix.draw(&mut rng) {
                Drawn::Matrix(m) => assert!(m.iter().flatten().all(|x| (-1..=1).contains(x))),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn extremes_are_the_ends_of_each_range() {
        let values = |g: &str| -> Vec<String> {
            let g = Generator::parse(g).unwrap();
            g.extremes().iter().map(Number::to_string).collect()
        };
        assert_eq!(values("choice(1, 0.5, 3)"), ["1", "0.5", "3"]);
        assert_eq!(values("int(-3, 7)"), ["-3", "7"]);
        assert_eq!(values("real(0.1, 0.55, 0.1)"), ["0.1", "0.5"]);
        assert!(values("matrix(2, 2, 0, 1)").is_empty());
    }

    #[test]
    fn drawn_values_print_as_literals_and_latex() {
        let m = Drawn::Matrix(vec![vec![1, -2], vec![0, 3]]);
        assert_eq!(m.literal(), "[[1, -2], [0, 3]]");
        assert_eq!(m.latex(), "\\begin{bmatrix}1 & -2 \\\\ 0 & 3\\end{bmatrix}");
        assert_eq!(Drawn::Scalar(num(-0.5, 1)).literal(), "-0.5");
        assert_eq!(Number::parse("1e-3").unwrap().to_string(), "0.001");
    }
}
