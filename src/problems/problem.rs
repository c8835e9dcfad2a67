//! A problem ready to be drawn and checked: its generators parsed, its tolerance read,
//! its answer and mistakes kept as evaluator expressions.

use super::card::Card;
use super::instance::{self, Instance, Shaped};
use super::mutants::{self, Mutant};
use super::params::{Drawn, Generator};
use super::seed::problem_seed;
use super::template::{self, Piece};
use super::verdict::{self, Mistake, Scale, Verdict};
use crate::content::ProblemSpec;
use crate::content::tolerance::Tolerance;
use crate::eval;

/// Longest answer a learner may submit: answers are typed by hand.
pub const MAX_INPUT: usize = 4096;

#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub id: String,
    /// The prompt as written (`<<slots>>` unfilled): its symbols make the card.
    pub prompt: String,
    pub params: Vec<(String, Generator)>,
    pub where_: Option<String>,
    pub answer: String,
    pub tolerance: Tolerance,
    /// (expression, what it means, where it applies) triples.
    pub mistakes: Vec<(String, String, Option<String>)>,
    /// Wrong methods generated from the answer (`mutants`), parsed once.
    pub mutants: Vec<Mutant>,
}

/// A problem's answer and mistakes evaluated for one instance.
pub struct Evaluated<'a> {
    problem: &'a Problem,
    inst: &'a Instance,
    pub expected: Shaped,
    pub mistakes: Vec<Mistake>,
    /// The value of each generated mutant (`Problem::mutants`, same order) on this draw;
    /// `None` where it does not evaluate (a shape the rewrite does not fit).
    pub mutants: Vec<Option<Shaped>>,
    scales: Vec<Scale>,
}

impl Evaluated<'_> {
    /// The verdict on `got` under `tol`. Where nothing else explains a wrong value, a
    /// generated mutant that gives it is named, if exactly one message fits.
    pub fn judge(&self, got: &Shaped, tol: Tolerance) -> Verdict {
        let structural = |name: &str| self.problem.depends_on(self.inst, name);
        let verdict = verdict::judge(
            &self.expected,
            got,
            tol,
            &self.mistakes,
            &self.scales,
            &structural,
        );
        match verdict {
            Verdict::Wrong {
                diagnosis: None,
                relative_error,
            } => Verdict::Wrong {
                diagnosis: self.mutant_giving(got, tol),
                relative_error,
            },
            other => other,
        }
    }

    /// The message of the one generated mutant whose value `got` is (within `tol`, or
    /// to four figures), if the mutants that give it all say the same and it reads well
    /// (`mutants::reads_well`).
    fn mutant_giving(&self, got: &Shaped, tol: Tolerance) -> Option<String> {
        let mut says: Vec<&str> = self
            .problem
            .mutants
            .iter()
            .zip(&self.mutants)
            .filter_map(|(m, v)| {
                let v = v.as_ref()?;
                (v.shape == got.shape
                    && (verdict::close(v, got, tol) || verdict::close(v, got, verdict::TYPED)))
                .then_some(m.says.as_str())
            })
            .collect();
        says.dedup();
        match says.as_slice() {
            [one] if mutants::reads_well(one) => Some(one.to_string()),
            _ => None,
        }
    }
}

/// The learner's input, evaluated and judged.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// The value as the evaluator prints it, all its digits (what the record keeps).
    pub shown: String,
    pub value: Shaped,
    pub expected: Shaped,
    pub verdict: Verdict,
}

impl Problem {
    /// Builds a problem from its block; the error names the bad field.
    pub fn from_spec(spec: &ProblemSpec) -> Result<Problem, String> {
        let params = spec
            .params
            .iter()
            .map(|(name, g)| {
                Generator::parse(g)
                    .map(|g| (name.clone(), g))
                    .map_err(|e| format!("params.{name}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let answer = &spec.answer;
        eval::parse(answer).map_err(|e| format!("answer `{answer}`: {e}"))?;
        let exact = matches!(spec.tolerance, Tolerance::Absolute(t) if t <= crate::content::tolerance::EXACT);
        let mutants = mutants::generate(answer, &params, exact);
        Ok(Problem {
            id: spec.id.clone(),
            prompt: spec.prompt.clone(),
            params,
            where_: spec.condition.clone(),
            answer: answer.clone(),
            tolerance: spec.tolerance,
            mistakes: spec
                .mistakes
                .iter()
                .map(|m| (m.expr.clone(), m.says.clone(), m.condition.clone()))
                .collect(),
            mutants,
        })
    }

    /// This learner's numbers for this problem (variant 0 is their first draw).
    pub fn instance(
        &self,
        learner_seed: u64,
        lesson: &str,
        variant: u32,
    ) -> Result<Instance, String> {
        let seed = problem_seed(learner_seed, lesson, &self.id, variant);
        instance::draw(&self.params, self.where_.as_deref(), seed).map_err(|e| e.to_string())
    }

    /// The right answer for an instance.
    pub fn expected(&self, inst: &Instance) -> Result<Shaped, String> {
        evaluate_in(&self.answer, inst)
    }

    /// What the card binds for an instance: the symbols its prompt shows.
    pub fn card(&self, inst: &Instance) -> Card {
        Card::of(&self.prompt, inst, &self.answer)
    }

    /// Evaluates the learner's input with the card's symbols bound (what the prompt
    /// shows, under the names it shows; the parameters' own names are not bound) and
    /// judges it.
    pub fn judge(&self, inst: &Instance, input: &str) -> Result<Judged, String> {
        let input = input.trim();
        if input.is_empty() {
            return Err("type a number, an expression or a vector/matrix literal".into());
        }
        if input.len() > MAX_INPUT {
            return Err(format!("an answer is at most {MAX_INPUT} characters"));
        }
        let value = eval::run(input, &mut self.card(inst).env()).map_err(|e| e.to_string())?;
        let shown = value.to_string();
        let value = Shaped::of(&value);
        if value.data.iter().any(|x| !x.is_finite()) {
            return Err(format!("{shown} is not a finite answer"));
        }
        let evaluated = self.evaluate(inst)?;
        let verdict = evaluated.judge(&value, self.tolerance);
        let expected = evaluated.expected;
        Ok(Judged {
            shown,
            value,
            expected,
            verdict,
        })
    }

    /// The answer and every listed mistake for an instance, ready to judge values
    /// against (a mistake that does not evaluate for this draw is left out; `check`
    /// reports it).
    pub fn evaluate<'a>(&'a self, inst: &'a Instance) -> Result<Evaluated<'a>, String> {
        let expected = self.expected(inst)?;
        let mistakes = self
            .mistakes
            .iter()
            .filter(|(_, _, condition)| inst.satisfies(condition.as_deref()).unwrap_or(false))
            .filter_map(|(expr, says, _)| {
                evaluate_in(expr, inst).ok().map(|value| Mistake {
                    value,
                    says: says.clone(),
                })
            })
            .collect();
        let mutants = self
            .mutants
            .iter()
            .map(|m| run_in(&m.program, inst).ok())
            .collect();
        let scales = inst
            .bindings
            .iter()
            .filter_map(|b| match &b.value {
                Drawn::Scalar(n) => Some(Scale {
                    name: b.name.clone(),
                    value: n.value,
                }),
                Drawn::Matrix(_) => None,
            })
            .collect();
        Ok(Evaluated {
            problem: self,
            inst,
            expected,
            mistakes,
            mutants,
            scales,
        })
    }

    /// Whether the answer changes when parameter `name` alone takes another value its
    /// generator can draw: only then is a factor of it a structural explanation.
    pub fn depends_on(&self, inst: &Instance, name: &str) -> bool {
        let Some((_, generator)) = self.params.iter().find(|(n, _)| n == name) else {
            return false;
        };
        let Ok(here) = self.expected(inst) else {
            return false;
        };
        generator.extremes().into_iter().any(|other| {
            let moved = inst.with(name, Drawn::Scalar(other));
            self.expected(&moved).is_ok_and(|v| v != here)
        })
    }

    /// Everything `check` verifies for one problem over `seeds` learners: every draw
    /// satisfiable, every answer and mistake evaluates to finite numbers, every
    /// parameter shown in the prompt.
    pub fn validate(&self, lesson: &str, prompt: &str, seeds: u32) -> Vec<String> {
        let slots = template::pieces(prompt).unwrap_or_default();
        let shown = |name: &str| {
            slots.iter().any(|p| match p {
                Piece::Slot(expr, _) => names_in(expr).any(|n| n == name),
                Piece::Text(_) => false,
            })
        };
        let mut errors: Vec<String> = self
            .params
            .iter()
            .filter(|(name, _)| !shown(name))
            .map(|(name, _)| {
                format!(
                    "parameter `{name}` is never shown in the prompt (write {}{name}{})",
                    template::OPEN,
                    template::CLOSE
                )
            })
            .collect();
        if let Ok(inst) = self.instance(0, lesson, 0) {
            let card = self.card(&inst);
            let faults = card.faults.iter().cloned();
            errors.extend(faults.chain(card.code_faults(&inst.fill(prompt))));
        }
        for seed in 0..u64::from(seeds) {
            if let Some(e) = self.validate_seed(lesson, seed) {
                errors.push(e);
                break;
            }
        }
        errors
    }

    fn validate_seed(&self, lesson: &str, seed: u64) -> Option<String> {
        let inst = match self.instance(seed, lesson, 0) {
            Ok(inst) => inst,
            Err(e) => return Some(format!("seed {seed}: {e}")),
        };
        let at =
            |what: &str, e: String| Some(format!("seed {seed} ({}): {what}: {e}", describe(&inst)));
        match self.expected(&inst) {
            Err(e) => return at("answer", e),
            Ok(v) if v.data.iter().any(|x| !x.is_finite()) => {
                return at("answer", "is not finite".into());
            }
            Ok(_) => {}
        }
        self.mistakes.iter().find_map(|(expr, _, condition)| {
            let what = format!("mistake `{expr}`");
            match inst.satisfies(condition.as_deref()) {
                Err(e) => at(&what, e.to_string()),
                Ok(false) => None,
                Ok(true) => evaluate_in(expr, &inst).err().and_then(|e| at(&what, e)),
            }
        })
    }
}

/// The names an expression mentions (identifiers, in order).
pub fn names_in(expr: &str) -> impl Iterator<Item = &str> {
    expr.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// The parameter values of an instance, `a = 2, d = 64`, for messages.
pub fn describe(inst: &Instance) -> String {
    let parts: Vec<String> = inst
        .bindings
        .iter()
        .map(|b| format!("{} = {}", b.name, b.value.literal()))
        .collect();
    parts.join(", ")
}

/// Evaluates `expr` with the instance's numbers, charging the draw's one budget.
fn evaluate_in(expr: &str, inst: &Instance) -> Result<Shaped, String> {
    run_in(&eval::parse(expr).map_err(|e| e.to_string())?, inst)
}

/// Runs a parsed program with the instance's numbers, charging the draw's one budget;
/// a value that is not finite is no value.
pub fn run_in(program: &eval::Program, inst: &Instance) -> Result<Shaped, String> {
    let mut env = inst.env().map_err(|e| e.to_string())?;
    let mut budget = inst.budget.borrow_mut();
    let value = program
        .eval_within(&mut env, &mut budget)
        .map_err(|e| e.to_string())?;
    Ok(Shaped::of(&value))
}
