//! `attn-course problem ID [--hint N] [--solution [--yes]]` and `attn-course answer ID
//! 'ANSWER'`: a problem with this learner's numbers (and its hints or worked solution,
//! earned and recorded as in the reader), and an answer checked and recorded (exit 0
//! right, 1 wrong, 2 an input error).

use std::process::ExitCode;

use anyhow::{Context as _, anyhow, bail};

use crate::content::{Course, Lesson};
use crate::layout::{self, Theme};
use crate::problems::instance::Instance;
use crate::problems::locate::{self, Located};
use crate::problems::{Problem, feedback, reveal};
use crate::sanitize;
use crate::settings::Settings;
use crate::store::{Attempt, ProblemRecord, Progress, clock};

/// Width of printed prompts: a pager's default.
const WIDTH: usize = 80;
/// How much of a refused answer is echoed in its error.
const ECHO: usize = 60;

/// What `problem ID` prints besides the prompt.
#[derive(Debug, Clone, Copy, Default)]
pub struct Extras {
    /// Hints 1 to N.
    pub hint: Option<usize>,
    /// The worked solution.
    pub solution: bool,
    /// Show the solution even before it is earned.
    pub yes: bool,
}

pub fn show(settings: &Settings, id: &str, extras: Extras) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let found = locate::find(&course, id).map_err(|e| anyhow!(e))?;
    let mut opened = super::open_store(settings);
    let record = record_of(&opened.progress, &found);
    let label = format!("{}.{}", found.lesson_number, found.number);
    let hints = &found.spec.hints;
    if let Some(n) = extras.hint {
        if hints.is_empty() {
            bail!("problem {label} has no hints");
        }
        if n == 0 || n > hints.len() {
            bail!("problem {label} has hints 1 to {}, not {n}", hints.len());
        }
    }
    if extras.solution && !extras.yes && !reveal::solution_earned(&record) {
        bail!(
            "the solution to {label} comes free after a right answer or {} more attempt(s); \
             add --yes to see it now",
            reveal::attempts_left(&record)
        );
    }
    let (_, inst) = instance(&found, &opened.progress)?;
    super::say(&format!(
        "Problem {}.{} · {}",
        found.lesson_number,
        found.number,
        state(&record)
    ));
    for line in render(&found, &inst.fill(&found.spec.prompt), settings) {
        super::say(&line);
    }
    let shown_hints = extras.hint.unwrap_or(0);
    for (i, hint) in hints.iter().take(shown_hints).enumerate() {
        super::say("");
        super::say(&format!("Hint {} of {}", i + 1, hints.len()));
        for line in render(&found, &inst.fill(hint), settings) {
            super::say(&line);
        }
    }
    if extras.solution {
        super::say("");
        super::say("Solution");
        for line in render(&found, &inst.fill(&found.spec.solution), settings) {
            super::say(&line);
        }
    }
    super::say("");
    super::say(&format!(
        "Answer with: attn-course answer {label} 'EXPRESSION'"
    ));
    let hints_shown = u32::try_from(shown_hints).unwrap_or(u32::MAX);
    if hints_shown > record.hints_shown || (extras.solution && !record.solution_viewed) {
        // Recorded as the reader records `h` and `s`: what was shown counts as help.
        let entry = opened
            .progress
            .lessons
            .entry(found.lesson.slug.clone())
            .or_default()
            .problems
            .entry(found.spec.id.clone())
            .or_default();
        entry.hints_shown = entry.hints_shown.max(hints_shown);
        entry.solution_viewed |= extras.solution;
        let notice = opened
            .store
            .save_merged(&mut opened.progress)
            .context("shown, but not recorded")?;
        if let Some(notice) = notice {
            eprintln!("attn-course: {}", super::one_line(&notice));
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn answer(settings: &Settings, id: &str, input: &str) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let found = locate::find(&course, id).map_err(|e| anyhow!(e))?;
    let mut opened = super::open_store(settings);
    let (problem, inst) = instance(&found, &opened.progress)?;
    let judged = problem.judge(&inst, input).map_err(|e| {
        // The evaluator's message may quote the input too (an unknown 60 KB name).
        let (input, e) = (input.trim(), sanitize::excerpt(&e, 4 * ECHO));
        anyhow!("answer `{}`: {e}", sanitize::excerpt(input, ECHO))
    })?;
    for line in feedback::lines(&judged, &problem.tolerance) {
        super::say(&layout::math_text::plain(&line, settings.ascii));
    }
    let right = judged.verdict.is_right();
    let variant = record_of(&opened.progress, &found).variant;
    let attempt = Attempt::new(clock::now(), input, &judged.shown, right, variant);
    opened
        .progress
        .record_attempt(&found.lesson.slug, &found.spec.id, attempt);
    let notice = opened
        .store
        .save_merged(&mut opened.progress)
        .context("the attempt was checked but not recorded")?;
    if let Some(notice) = notice {
        eprintln!("attn-course: {}", super::one_line(&notice));
    }
    Ok(if right {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn record_of(progress: &Progress, found: &Located<'_>) -> ProblemRecord {
    progress
        .lessons
        .get(&found.lesson.slug)
        .and_then(|l| l.problems.get(&found.spec.id))
        .cloned()
        .unwrap_or_default()
}

fn instance(found: &Located<'_>, progress: &Progress) -> anyhow::Result<(Problem, Instance)> {
    let problem =
        Problem::from_spec(found.spec).map_err(|e| anyhow!("problem {}: {e}", found.spec.id))?;
    let variant = record_of(progress, found).variant;
    let inst = problem
        .instance(progress.learner_seed, &found.lesson.slug, variant)
        .map_err(|e| anyhow!("problem {}: {e}", found.spec.id))?;
    Ok((problem, inst))
}

fn state(record: &ProblemRecord) -> String {
    match (record.solved, record.attempts.len()) {
        (true, _) => "solved".into(),
        (false, 0) => "not attempted".into(),
        (false, 1) => "attempted once".into(),
        (false, n) => format!("attempted {n} times"),
    }
}

/// Markdown as plain text at the pager width, equations laid out.
fn render(found: &Located<'_>, markdown: &str, settings: &Settings) -> Vec<String> {
    let lesson = Lesson::parse(
        String::new(),
        found.lesson.file.clone(),
        String::new(),
        String::new(),
        markdown,
    );
    let ctx = layout::Context {
        theme: Theme::new(settings.ascii, false),
        lesson_number: found.lesson_number,
        record: None,
        learner_seed: 0,
    };
    layout::lesson(&lesson, WIDTH, &ctx)
        .lines
        .iter()
        .map(layout::line_text)
        .collect()
}
