//! Judging an answer and recording it: the one path both the reader (`Enter` in the
//! answer prompt) and the command line (`attn-course answer ID 'ANSWER'`) take, so what
//! they store cannot drift apart (they once did: one kept the input trimmed, the other
//! as typed).

use crate::content::ProblemSpec;
use crate::problems::instance::Instance;
use crate::problems::{Judged, Problem};

use super::model::{Attempt, Progress};

/// Why an answer was not recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerError {
    /// The problem itself cannot be posed (a malformed block, parameters that draw no
    /// instance): the learner's input was not looked at.
    Problem(String),
    /// The input could not be judged (empty, not an expression, not finite): nothing
    /// was recorded and the learner may type it again.
    Input(String),
}

/// A judged and recorded answer.
#[derive(Debug, Clone)]
pub struct Answered {
    pub problem: Problem,
    pub judged: Judged,
}

impl Answered {
    pub fn right(&self) -> bool {
        self.judged.verdict.is_right()
    }
}

/// The problem `spec` of lesson `slug` with this learner's numbers for its current
/// variant (the one their record says).
pub fn instance(
    progress: &Progress,
    slug: &str,
    spec: &ProblemSpec,
) -> Result<(Problem, Instance), String> {
    let problem = Problem::from_spec(spec)?;
    let variant = progress.problem(slug, &spec.id).map_or(0, |p| p.variant);
    let instance = problem.instance(progress.learner_seed, slug, variant)?;
    Ok((problem, instance))
}

/// Judges `input` as an answer to problem `spec` of lesson `slug` and records the
/// attempt at `now` (Unix seconds, from the caller's clock): the input trimmed, the
/// value as the evaluator printed it, right or wrong, and the variant answered. An
/// input that cannot be judged records nothing.
pub fn judge_and_record(
    progress: &mut Progress,
    slug: &str,
    spec: &ProblemSpec,
    input: &str,
    now: u64,
) -> Result<Answered, AnswerError> {
    let (problem, instance) = instance(progress, slug, spec).map_err(AnswerError::Problem)?;
    let input = input.trim();
    let judged = problem
        .judge(&instance, input)
        .map_err(AnswerError::Input)?;
    let variant = progress.problem(slug, &spec.id).map_or(0, |p| p.variant);
    let right = judged.verdict.is_right();
    let attempt = Attempt::new(now, input, &judged.shown, right, variant);
    progress.record_attempt(slug, &spec.id, attempt);
    Ok(Answered { problem, judged })
}
