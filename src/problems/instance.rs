//! One learner's version of a problem: parameters drawn from their seed (re-drawn until
//! the `where` constraint holds) and bound by name for the evaluator.

use super::params::{Drawn, Generator};
use super::seed::SplitMix64;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

use crate::eval::{self, Budget, Env};

use super::template::{self, Piece, Shown};

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
        if instance.satisfies_within(where_, &mut budget)? {
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

    /// Whether the `where` constraint (if any) holds for this draw.
    pub fn satisfies(&self, where_: Option<&str>) -> Result<bool, DrawError> {
        self.satisfies_within(where_, &mut Budget::default())
    }

    /// [`Instance::satisfies`] charging `budget`, which the tries of one draw share.
    fn satisfies_within(
        &self,
        where_: Option<&str>,
        budget: &mut Budget,
    ) -> Result<bool, DrawError> {
        let Some(condition) = where_ else {
            return Ok(true);
        };
        let mut env = self.env().map_err(DrawError::Where)?;
        let value = eval::run_within(condition, &mut env, budget).map_err(DrawError::Where)?;
        Ok(Shaped::of(&value).holds())
    }

    /// The same draw with parameter `name` set to `value`.
    pub fn with(&self, name: &str, value: Drawn) -> Instance {
        let mut out = self.clone();
        if let Some(b) = out.bindings.iter_mut().find(|b| b.name == name) {
            b.value = value;
        }
        out
    }

    pub fn get(&self, name: &str) -> Option<&Drawn> {
        self.bindings
            .iter()
            .find(|b| b.name == name)
            .map(|b| &b.value)
    }

    /// Fills every `<<expr>>` slot of a template with this learner's value (see
    /// [`template`]); a slot that does not evaluate is left as written, for `check` to
    /// report.
    pub fn fill(&self, text: &str) -> String {
        let Ok(pieces) = template::pieces(text) else {
            return text.to_string();
        };
        let Ok(mut env) = self.env() else {
            return text.to_string();
        };
        pieces
            .iter()
            .map(|piece| match *piece {
                Piece::Text(t) => t.to_string(),
                Piece::Slot(expr, in_math) => {
                    match template::evaluate(expr, self.get(expr), &mut env) {
                        Ok(shown) => shown.render(in_math),
                        Err(_) => format!("{}{expr}{}", template::OPEN, template::CLOSE),
                    }
                }
            })
            .collect()
    }

    /// Every slot of `text` evaluated, in order, or the first slot that fails.
    pub fn shown(&self, pieces: &[Piece<'_>]) -> Result<Vec<Option<Shown>>, String> {
        let mut env = self.env().map_err(|e| e.to_string())?;
        pieces
            .iter()
            .map(|piece| match *piece {
                Piece::Text(_) => Ok(None),
                Piece::Slot(expr, _) => {
                    template::evaluate(expr, self.get(expr), &mut env).map(Some)
                }
            })
            .collect()
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
            i.fill("with d = <<d>>, $\\sqrt<<d>>$ and $e^{d}$"),
            "with d = 64, $\\sqrt{64}$ and $e^{d}$"
        );
        assert_eq!(i.fill("keep <<x>> and {d}"), "keep <<x>> and {d}");
        assert_eq!(
            i.fill("$$A=<<A>>$$ then <<d>>, <<d/2 + 3>> and <<1/d>>"),
            "$$A={\\begin{bmatrix}1 & 2\\end{bmatrix}}$$ then 64, 35 and 0.015625"
        );
        assert_eq!(
            i.fill("A is <<A>>, $<<A @ A.T>>$"),
            "A is $\\begin{bmatrix}1 & 2\\end{bmatrix}$, ${\\begin{bmatrix}5\\end{bmatrix}}$"
        );
    }
}
