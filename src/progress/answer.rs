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
pub(super) fn judge_and_record(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{BlockKind, Lesson};

    const PROBLEM: &str = "```problem\nid = \"p\"\nkind = \"compute-number\"\nprompt = 'P'\nanswer = \"1\"\ntolerance = \"exact\"\nhints = ['h']\nsolution = 's'\n```\n";

    fn spec(markdown: &str) -> ProblemSpec {
        let lesson = Lesson::parse(
            "l".into(),
            "f.md".into(),
            "T".into(),
            String::new(),
            markdown,
        );
        lesson
            .blocks()
            .iter()
            .find_map(|b| match &b.kind {
                BlockKind::Problem(spec) => spec.as_ref().as_ref().ok().cloned(),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no problem in {markdown}"))
    }

    fn attempts(p: &Progress) -> Vec<(u64, &str, &str, bool, u32)> {
        let record = p.problem("l", "p").map(|r| r.attempts.as_slice());
        (record.unwrap_or_default().iter())
            .map(|a| {
                (
                    a.at,
                    a.input.as_str(),
                    a.value.as_str(),
                    a.correct,
                    a.variant,
                )
            })
            .collect()
    }

    #[test]
    fn the_input_is_recorded_trimmed_with_its_value_verdict_time_and_variant() {
        let spec = spec(PROBLEM);
        let mut p = Progress::new(3);
        let wrong = judge_and_record(&mut p, "l", &spec, " \t2*1 \n", 10);
        assert!(wrong.is_ok_and(|a| !a.right()));
        p.problem_mut("l", "p").variant = 2;
        let right = judge_and_record(&mut p, "l", &spec, "  1", 11);
        assert!(right.is_ok_and(|a| a.right()));
        assert_eq!(
            attempts(&p),
            [(10, "2*1", "2", false, 0), (11, "1", "1", true, 2)]
        );
        assert!(p.problem("l", "p").is_some_and(|r| r.solved));
    }

    #[test]
    fn an_input_that_cannot_be_judged_records_nothing() {
        let spec = spec(PROBLEM);
        let mut p = Progress::new(3);
        for input in ["", "   ", "1 +", "1/0"] {
            let got = judge_and_record(&mut p, "l", &spec, input, 10);
            assert!(matches!(got, Err(AnswerError::Input(_))), "{input:?}");
        }
        assert_eq!(p, Progress::new(3));
    }

    #[test]
    fn a_problem_that_cannot_be_posed_is_not_the_input_s_fault() {
        let spec = spec(&PROBLEM.replace("answer = \"1\"", "answer = \"1 +\""));
        let mut p = Progress::new(3);
        let got = judge_and_record(&mut p, "l", &spec, "1", 10);
        assert!(matches!(got, Err(AnswerError::Problem(_))), "{got:?}");
        assert_eq!(p, Progress::new(3));
    }
}
