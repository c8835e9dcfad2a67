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
use crate::problems::{Problem, feedback};
use crate::progress::{
    self, AnswerError, Learner, ProblemStates, Progress, SaveNeed, Stage, reveal,
};
use crate::sanitize;
use crate::settings::Settings;
use crate::store::Store;

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
    let opened = super::open_store(settings);
    let (mut store, mut learner) = (opened.store, Learner::new(opened.progress));
    let (slug, pid) = (&found.lesson.slug, &found.spec.id);
    let record = learner.problem(slug, pid);
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
    if extras.solution && !extras.yes && !learner.solution_free(slug, pid) {
        bail!(
            "the solution to {label} comes free after {}; add --yes to see it now",
            reveal::still_needed(reveal::attempts_left(&record))
        );
    }
    let (problem, inst) = instance(&found, learner.record())?;
    super::say(&format!(
        "Problem {}.{} · {}",
        found.lesson_number,
        found.number,
        Stage::of(&record)
    ));
    for line in render(&found, &inst.fill(&found.spec.prompt), settings) {
        super::say(&line);
    }
    let bound = problem.card(&inst).listing(settings.ascii);
    if !bound.is_empty() {
        super::say("");
        super::say(&bound);
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
    // Recorded as the reader records `h` and `s`: what was shown counts as help.
    if extras.hint.is_some() {
        learner.show_hints(slug, pid, u32::try_from(shown_hints).unwrap_or(u32::MAX));
    }
    if extras.solution {
        learner.view_solution(slug, pid);
    }
    // One command is one visit (see `answer`).
    learner.leave_card();
    save(&mut store, &mut learner, "shown, but not recorded")?;
    Ok(ExitCode::SUCCESS)
}

pub fn answer(settings: &Settings, id: &str, input: &str) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let found = locate::find(&course, id).map_err(|e| anyhow!(e))?;
    let opened = super::open_store(settings);
    let (mut store, mut learner) = (opened.store, Learner::new(opened.progress));
    let slug = &found.lesson.slug;
    let answered = learner
        .answer(slug, found.spec, input)
        .map_err(|e| match e {
            AnswerError::Problem(e) => anyhow!("problem {}: {e}", found.spec.id),
            AnswerError::Input(e) => {
                // The evaluator's message may quote the input too (an unknown 60 KB name).
                let (input, e) = (input.trim(), sanitize::excerpt(&e, 4 * ECHO));
                anyhow!("answer `{}`: {e}", sanitize::excerpt(input, ECHO))
            }
        })?;
    for line in feedback::lines(&answered.judged, &answered.problem.tolerance) {
        super::say(&layout::math_text::plain(&line, settings.ascii));
    }
    // One command is one visit: a problem under review answered wrong here (or its
    // solution seen) is graded as a review left unsolved in the reader is.
    learner.leave_card();
    save(
        &mut store,
        &mut learner,
        "the attempt was checked but not recorded",
    )?;
    Ok(if answered.right() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Saves what the command recorded, if anything, and tells a save's notice in one
/// line on stderr; `context` says what a failed save lost.
fn save(store: &mut Store, learner: &mut Learner, context: &'static str) -> anyhow::Result<()> {
    if learner.save_need() == SaveNeed::None {
        return Ok(());
    }
    let (notice, _) = learner.save_to(store).context(context)?;
    if let Some(notice) = notice {
        eprintln!("attn-course: {}", crate::sanitize::one_line(&notice));
    }
    Ok(())
}

fn instance(found: &Located<'_>, progress: &Progress) -> anyhow::Result<(Problem, Instance)> {
    progress::instance(progress, &found.lesson.slug, found.spec)
        .map_err(|e| anyhow!("problem {}: {e}", found.spec.id))
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
        problems: ProblemStates::none(),
        learner_seed: 0,
    };
    layout::lesson(&lesson, WIDTH, &ctx)
        .lines
        .iter()
        .map(layout::line_text)
        .collect()
}
