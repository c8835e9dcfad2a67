//! The mutation lint: every draw `check` tries must tell the answer from every wrong
//! method generated from it (`problems::mutants`). A mutant that lands within the
//! tolerance on some draws is a finding naming the problem, the draws and the mutant,
//! unless the block declares it in `equivalent` with a reason; one that gives the answer
//! on every draw is a degenerate problem, which no declaration excuses. Answers a
//! near-tie decides (an `argmax` within 1 % of its runner-up) or that sit below 1e-6 of
//! the quantity's scale fail too: such a number is an accident of precision. So does a
//! vector or matrix entry that is 0 on some draws and not on others: on the draws where
//! the numbers happen to zero it, a wrong value there has no percentage, only an
//! absolute error, and every slip that scales that entry gives the answer there.

use crate::content::ProblemSpec;
use crate::content::problem::ProblemKind;
use crate::content::tolerance::Tolerance;
use crate::eval::{self, ExprKind, Program, Statement};
use crate::problems::Problem;
use crate::problems::instance::{Instance, Shaped};
use crate::problems::problem::{Evaluated, run_in};
use crate::problems::verdict::{close, to_figures};

/// How near the runner-up may come to the maximum an `argmax` answer picks.
const TIE: f64 = 0.01;

/// Below this fraction of the largest entry, an entry is rounding noise.
const NOISE: f64 = 1e-6;

/// What the draws showed for one problem.
pub struct Tally {
    /// Per mutant: draws where it evaluated, draws where it gave the answer, the first.
    mutants: Vec<(u32, u32, Option<String>)>,
    probes: Vec<Program>,
    /// The first draw, to ask which parameters the answer depends on.
    first: Option<Instance>,
    /// (kind, line) findings of single draws: ties and noise.
    lines: Vec<(String, String)>,
    /// Per entry of the first draw's answer shape: the first draw where it was zero,
    /// and whether some draw made it non-zero.
    zeros: Option<Zeros>,
}

/// Which entries of a vector or matrix answer the draws zero, and which they do not.
struct Zeros {
    shape: Vec<usize>,
    first: Vec<Option<String>>,
    nonzero: Vec<bool>,
}

impl Zeros {
    fn record(&mut self, answer: &Shaped, at: &str) {
        if answer.shape != self.shape {
            return;
        }
        let largest = answer.data.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        for (k, e) in answer.data.iter().enumerate() {
            if e.abs() <= NOISE * largest {
                self.first[k].get_or_insert_with(|| at.to_string());
            } else {
                self.nonzero[k] = true;
            }
        }
    }

    /// The first entry (by its first zero draw) zeroed on some draws only.
    fn finding(&self) -> Option<String> {
        let (k, at) = self
            .first
            .iter()
            .enumerate()
            .filter(|(k, _)| self.nonzero[*k])
            .find_map(|(k, at)| Some((k, at.as_ref()?)))?;
        let index = match self.shape.as_slice() {
            [_, cols] => format!("[{}, {}]", k / cols, k % cols),
            _ => format!("[{k}]"),
        };
        Some(format!(
            "{at}: answer entry {index} is 0 on this draw but not on others: a wrong value there has no percentage, only an absolute error; exclude the draw with `where` or choose other numbers"
        ))
    }
}

impl Tally {
    pub fn new(problem: &Problem) -> Tally {
        Tally {
            mutants: vec![(0, 0, None); problem.mutants.len()],
            probes: argmax_probes(&problem.answer),
            first: None,
            lines: Vec::new(),
            zeros: None,
        }
    }

    /// Records one draw `at`.
    pub fn draw(&mut self, problem: &Problem, ev: &Evaluated<'_>, inst: &Instance, at: &str) {
        let tol = problem.tolerance;
        let expected = &ev.expected;
        if self.first.is_none() {
            self.first = Some(inst.clone());
        }
        for (slot, value) in self.mutants.iter_mut().zip(&ev.mutants) {
            let Some(v) = value else { continue };
            slot.0 += 1;
            if gives(v, expected, tol) {
                slot.1 += 1;
                slot.2.get_or_insert_with(|| at.to_string());
            }
        }
        if expected.data.len() >= 2 {
            let n = expected.data.len();
            self.zeros
                .get_or_insert_with(|| Zeros {
                    shape: expected.shape.clone(),
                    first: vec![None; n],
                    nonzero: vec![false; n],
                })
                .record(expected, at);
        }
        let largest = expected.data.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        if let Some(e) = expected
            .data
            .iter()
            .find(|e| **e != 0.0 && e.abs() < NOISE * largest)
        {
            self.lines.push((
                "noise".into(),
                format!("{at}: answer entry {e} is below {NOISE} of the largest, {largest}: a value that small is decided by rounding, not by the method"),
            ));
        }
        for probe in &self.probes {
            if let Ok(scores) = run_in(probe, inst)
                && let Some((top, second)) = top_two(&scores)
                && (top - second).abs() <= TIE * top.abs().max(second.abs())
            {
                self.lines.push((
                    "tie".into(),
                    format!("{at}: the argmax is decided by a near-tie ({top} against the runner-up {second}, within 1%): choose a draw with a clear winner"),
                ));
            }
        }
    }

    /// The findings, one line each (a kind of single-draw finding once).
    pub fn findings(self, problem: &Problem, spec: &ProblemSpec) -> Vec<(String, String)> {
        let mut out = self.lines;
        if let Some(line) = self.zeros.as_ref().and_then(Zeros::finding) {
            out.push(("zero".into(), line));
        }
        for (m, (tried, equal, first)) in problem.mutants.iter().zip(self.mutants) {
            let Some(first) = first else { continue };
            // A parameter the answer does not depend on (the G of "only the product
            // matters") may be anything: rewriting it is no slip.
            let rewritten = m.id.split_once(' ').map(|(_, node)| node);
            if m.parametric
                && let (Some(name), Some(inst)) = (rewritten, &self.first)
                && problem.params.iter().any(|(n, _)| n == name)
                && !problem.depends_on(inst, name)
            {
                continue;
            }
            let declared = spec.equivalent.iter().any(|d| d.mutant == m.id);
            // Declarable on every draw: fixed data, or (until the invariance problems are
            // rewritten) the step a `predict-break` question says does not matter.
            let degenerate = m.parametric && spec.kind != ProblemKind::PredictBreak;
            let line = if equal == tried && (degenerate || !declared) {
                if degenerate {
                    format!(
                        "mutant `{}` gives the answer on every draw ({tried}): the problem cannot tell that method from the right one; change its numbers",
                        m.id
                    )
                } else {
                    format!(
                        "mutant `{}` gives the answer on every draw ({tried}): declare it in `equivalent` if the question is that this step does not matter, else change the numbers",
                        m.id
                    )
                }
            } else if declared {
                continue;
            } else {
                format!(
                    "mutant `{}` gives the answer on {equal} of {tried} draws (first {first}): exclude them with `where`, or declare it in `equivalent` with the reason",
                    m.id
                )
            };
            out.push((format!("mutant {}", m.id), line));
        }
        for d in &spec.equivalent {
            if !problem.mutants.iter().any(|m| m.id == d.mutant) {
                out.push((
                    format!("declared {}", d.mutant),
                    format!(
                        "`equivalent` names `{}`, but no mutant of the answer has that name",
                        d.mutant
                    ),
                ));
            }
        }
        out
    }
}

/// A mutant's value the verdict would accept: within the tolerance, or typed to four
/// figures.
fn gives(v: &Shaped, expected: &Shaped, tol: Tolerance) -> bool {
    let comparable = v.shape == expected.shape || (v.data.len() == 1 && expected.data.len() == 1);
    if !comparable {
        return false;
    }
    let typed = Shaped {
        shape: expected.shape.clone(),
        data: v
            .data
            .iter()
            .map(|x| {
                if x.fract() == 0.0 {
                    *x
                } else {
                    to_figures(*x, 4)
                }
            })
            .collect(),
    };
    // What the verdict calls right: the shapes agree and every entry is within `tol`.
    close(v, expected, tol) || close(expected, &typed, tol)
}

/// The largest and the second largest entry, for a vector of at least two.
fn top_two(scores: &Shaped) -> Option<(f64, f64)> {
    if scores.data.len() < 2 {
        return None;
    }
    let mut sorted = scores.data.clone();
    sorted.sort_by(|a, b| b.total_cmp(a));
    Some((sorted[0], sorted[1]))
}

/// For each `argmax(x)` without an axis in the answer: the answer's statements up to it
/// with `x` as the last, the scores whose winner the answer is.
fn argmax_probes(answer: &str) -> Vec<Program> {
    let Ok(program) = eval::parse(answer) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, statement) in program.statements.iter().enumerate() {
        let expr = match statement {
            Statement::Let { value, .. } => value,
            Statement::Expr(e) => e,
        };
        let mut found = Vec::new();
        argmax_args(expr, &mut found);
        for arg in found {
            let mut parts: Vec<String> = program.statements[..k]
                .iter()
                .map(|s| match s {
                    Statement::Let { name, value, .. } => format!("let {name} = {value}"),
                    Statement::Expr(e) => e.to_string(),
                })
                .collect();
            parts.push(arg);
            if let Ok(p) = eval::parse(&parts.join("; ")) {
                out.push(p);
            }
        }
    }
    out
}

fn argmax_args(e: &eval::Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Call(name, args) if name == "argmax" && args.len() == 1 => {
            out.push(args[0].to_string());
        }
        _ => {}
    }
    match &e.kind {
        ExprKind::List(items) | ExprKind::Call(_, items) => {
            items.iter().for_each(|c| argmax_args(c, out));
        }
        ExprKind::Neg(a) | ExprKind::Transpose(a) => argmax_args(a, out),
        ExprKind::Binary(_, a, b) => {
            argmax_args(a, out);
            argmax_args(b, out);
        }
        ExprKind::Index(a, items) => {
            argmax_args(a, out);
            items.iter().for_each(|c| argmax_args(c, out));
        }
        ExprKind::Number(_) | ExprKind::Name(_) | ExprKind::Str(_) => {}
    }
}
