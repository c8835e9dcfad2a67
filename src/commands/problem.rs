//! `attn-course problem ID` and `attn-course answer ID 'ANSWER'`: a problem with this
//! learner's numbers, and an answer checked and recorded (exit 0 right, 1 wrong, 2 an
//! input error).

use std::process::ExitCode;

use anyhow::{Context as _, anyhow};

use crate::content::{Course, Lesson};
use crate::layout::{self, Theme};
use crate::problems::instance::Instance;
use crate::problems::locate::{self, Located};
use crate::problems::{Problem, feedback};
use crate::settings::Settings;
use crate::store::{Attempt, ProblemRecord, Progress, clock};

/// Width of printed prompts: a pager's default.
const WIDTH: usize = 80;

pub fn show(settings: &Settings, id: &str) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let found = locate::find(&course, id).map_err(|e| anyhow!(e))?;
    let opened = super::open_store(settings);
    let record = record_of(&opened.progress, &found);
    let (_, inst) = instance(&found, &opened.progress)?;
    println!(
        "Problem {}.{} · {}",
        found.lesson_number,
        found.number,
        state(&record)
    );
    for line in render(&found, &inst.fill(&found.spec.prompt), settings) {
        println!("{line}");
    }
    println!();
    println!(
        "Answer with: attn-course answer {}.{} 'EXPRESSION'",
        found.lesson_number, found.number
    );
    Ok(ExitCode::SUCCESS)
}

pub fn answer(settings: &Settings, id: &str, input: &str) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let found = locate::find(&course, id).map_err(|e| anyhow!(e))?;
    let mut opened = super::open_store(settings);
    let (problem, inst) = instance(&found, &opened.progress)?;
    let judged = problem
        .judge(&inst, input)
        .map_err(|e| anyhow!("answer `{}`: {e}", input.trim()))?;
    for line in feedback::lines(&judged, &problem.tolerance) {
        println!("{}", layout::math_text::plain(&line, settings.ascii));
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
        eprintln!("attn-course: {notice}");
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
