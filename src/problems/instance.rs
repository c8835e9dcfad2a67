//! One learner's version of a problem: parameters drawn from their seed (re-drawn until
//! the `where` constraint holds) and bound by name for the evaluator.

use super::params::{Drawn, Generator};
use super::seed::SplitMix64;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

use crate::eval::{self, Budget, Env};

/// How many draws a `where` constraint may reject before the problem is reported broken.
pub const MAX_TRIES: u32 = 200;

#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub name: String,
    pub value: Drawn,
}

/// The parameters of one draw, in name order.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    pub bindings: Vec<Binding>,
    /// How many draws it took to satisfy `where` (1 when there is no constraint).
    pub tries: u32,
    /// What the draw's `where` tries left of its one evaluator budget, for the answer
    /// and the mistakes evaluated with these numbers (each copy of the instance spends
    /// its own).
    pub budget: RefCell<Budget>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DrawError {
    #[error("`where = \"{0}\"` held for none of {MAX_TRIES} draws")]
    Unsatisfiable(String),
    #[error("`where`: {0}")]
    Where(eval::EvalError),
}

/// Draws the parameters for `seed`. Parameters are drawn in name order, so the numbers
/// do not depend on how the TOML table happens to be ordered.
pub fn draw(
    params: &[(String, Generator)],
    where_: Option<&str>,
    seed: u64,
) -> Result<Instance, DrawError> {
    let key = format!("{seed}\0{where_:?}\0{params:?}");
    let mut drawn = DRAWN.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(done) = drawn.get(&key) {
        return done.clone();
    }
    // Not held while drawing: another thread's draw of another problem need not wait.
    drop(drawn);
    let done = draw_afresh(params, where_, seed);
    drawn = DRAWN.lock().unwrap_or_else(PoisonError::into_inner);
    if drawn.len() >= MAX_REMEMBERED {
        drawn.clear();
    }
    drawn.insert(key, done.clone());
    done
}

/// Draws already made, by (seed, `where`, parameters): a draw is a pure function of
/// those, and the reader lays a problem out again on every redraw, so a costly `where`
/// would otherwise be paid each time.
static DRAWN: LazyLock<Mutex<HashMap<String, Result<Instance, DrawError>>>> =
    LazyLock::new(Mutex::default);

/// Enough for every problem of a course for a few learners' variants; then it starts over.
const MAX_REMEMBERED: usize = 4096;

fn draw_afresh(
    params: &[(String, Generator)],
    where_: Option<&str>,
    seed: u64,
) -> Result<Instance, DrawError> {
    // One budget for all the tries: 200 tries of a costly `where` cost what one may.
    let mut budget = Budget::default();
    let mut params: Vec<&(String, Generator)> = params.iter().collect();
    params.sort_by(|a, b| a.0.cmp(&b.0));
    let mut rng = SplitMix64::new(seed);
    for tries in 1..=MAX_TRIES {
        let instance = Instance {
            bindings: params
                .iter()
                .map(|(name, g)| Binding {
                    name: name.clone(),
                    value: g.draw(&mut rng),
                })
                .collect(),
            tries,
            budget: RefCell::default(),
        };
        let Some(condition) = where_ else {
            return Ok(instance);
        };
        let mut env = instance.env().map_err(DrawError::Where)?;
        let value = eval::run_within(condition, &mut env, &mut budget).map_err(DrawError::Where)?;
        if Shaped::of(&value).holds() {
            instance.budget.replace(budget);
            return Ok(instance);
        }
    }
    Err(DrawError::Unsatisfiable(
        where_.unwrap_or_default().to_string(),
    ))
}

impl Instance {
    /// An evaluator environment with every parameter bound by name.
    pub fn env(&self) -> Result<Env, eval::EvalError> {
        let mut env = Env::new();
        for b in &self.bindings {
            eval::run(
                &format!("let {} = {}; 0", b.name, b.value.literal()),
                &mut env,
            )?;
        }
        Ok(env)
    }

    pub fn get(&self, name: &str) -> Option<&Drawn> {
        self.bindings
            .iter()
            .find(|b| b.name == name)
            .map(|b| &b.value)
    }

    /// Replaces `{name}` for every bound parameter: inside math with a braced group (so
    /// `x^{a}` and `\sqrt{d}` stay right, and matrices become matrices), elsewhere with
    /// the plain value. Braces that do not name a parameter are left alone.
    pub fn fill(&self, template: &str) -> String {
        let mut out = String::with_capacity(template.len());
        let mut in_math = false;
        let mut rest = template;
        while let Some(c) = rest.chars().next() {
            if c == '\\' {
                let n = rest.chars().nth(1).map_or(1, |c| 1 + c.len_utf8());
                out.push_str(&rest[..n.min(rest.len())]);
                rest = &rest[n.min(rest.len())..];
                continue;
            }
            if c == '$' {
                // `$$` opens or closes display math as one delimiter.
                let n = if rest.starts_with("$$") { 2 } else { 1 };
                in_math = !in_math;
                out.push_str(&rest[..n]);
                rest = &rest[n..];
                continue;
            }
            if c == '{'
                && let Some(end) = rest.find('}')
                && let Some(value) = self.get(&rest[1..end])
            {
                match (in_math, value) {
                    (true, v) => out.push_str(&format!("{{{}}}", v.latex())),
                    (false, Drawn::Matrix(_)) => out.push_str(&format!("${}$", value.latex())),
                    (false, v) => out.push_str(&v.literal()),
                }
                rest = &rest[end + 1..];
                continue;
            }
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }
}

/// A value reduced to shape and row-major data: what comparisons need.
#[derive(Debug, Clone, PartialEq)]
pub struct Shaped {
    pub shape: Vec<usize>,
    pub data: Vec<f64>,
}

impl Shaped {
    pub fn of(value: &eval::Value) -> Shaped {
        Shaped {
            shape: value.shape().dims(),
            data: value.elements().to_vec(),
        }
    }

    /// A `where` condition holds when it is one finite, non-zero number.
    fn holds(&self) -> bool {
        self.data.len() == 1 && self.data[0].is_finite() && self.data[0] != 0.0
    }

    /// "3x3", "vector of 4", "number".
    pub fn describe_shape(&self) -> String {
        match self.shape.as_slice() {
            [] => "a number".into(),
            [n] => format!("a vector of {n}"),
            dims => dims
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("x"),
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    fn params(list: &[(&str, &str)]) -> Vec<(String, Generator)> {
        list.iter()
            .map(|(n, g)| (n.to_string(), Generator::parse(g).unwrap()))
            .collect()
    }

    #[test]
    fn a_fixed_seed_gives_fixed_numbers() {
        // Pinned (values computed independently with a Python SplitMix64): a learner's numbers must never change across releases or platforms.
        let p = params(&[("d", "choice(16, 32, 64, 128)"), ("a", "int(-5, 5)")]);
        let draws: Vec<String> = (0..4)
            .map(|s| {
                let i = draw(&p, None, s).unwrap();
                format!(
                    "{}/{}",
                    i.get("a").unwrap().literal(),
                    i.get("d").unwrap().literal()
                )
            })
            .collect();
        assert_eq!(draws, ["-4/16", "4/128", "1/64", "-1/32"]);
    }

    #[test]
    fn all_the_tries_of_a_where_share_one_budget() {
        // A million operations a try, never true: 200 tries would cost 200 million.
        let costly = Some("sum(eye(100) @ eye(100)) * a * 0");
        let p = params(&[("a", "int(0, 100)")]);
        let err = draw(&p, costly, 3).unwrap_err().to_string();
        assert!(err.contains("too much computation"), "{err}");
        // What a satisfied `where` leaves is the budget of the answer and mistakes.
        let inst = draw(&p, Some("sum(eye(100) @ eye(100)) + 1"), 3).unwrap();
        let left = inst.budget.borrow_mut().work(eval::MAX_WORK - 1_000_000);
        assert!(
            left.is_err(),
            "the where's million operations were not charged"
        );
    }

    #[test]
    fn draws_do_not_depend_on_declaration_order() {
        let ab = params(&[("a", "int(0, 100)"), ("b", "int(0, 100)")]);
        let ba = params(&[("b", "int(0, 100)"), ("a", "int(0, 100)")]);
        assert_eq!(draw(&ab, None, 9), draw(&ba, None, 9));
    }

    #[test]
    fn fill_substitutes_only_declared_names_and_respects_math() {
        let i = Instance {
            budget: RefCell::default(),
            bindings: vec![
                Binding {
                    name: "d".into(),
                    value: Generator::parse("choice(64)")
                        .unwrap()
                        .draw(&mut SplitMix64::new(0)),
                },
                Binding {
                    name: "A".into(),
                    value: Drawn::Matrix(vec![vec![1, 2]]),
                },
            ],
            tries: 1,
        };
        assert_eq!(
            i.fill("with d = {d}, $\\sqrt{d}$"),
            "with d = 64, $\\sqrt{64}$"
        );
        assert_eq!(i.fill("keep {x} and \\{d\\}"), "keep {x} and \\{d\\}");
        assert_eq!(
            i.fill("$$A={A}$$ then {d}"),
            "$$A={\\begin{bmatrix}1 & 2\\end{bmatrix}}$$ then 64"
        );
        assert_eq!(
            i.fill("A is {A}"),
            "A is $\\begin{bmatrix}1 & 2\\end{bmatrix}$"
        );
    }
}
