//! `attn-course read N [--width W]`: a lesson as plain text, for pipes and pagers.
//! The text is always plain (no escape codes), so it can be piped, saved or grepped.

use std::io::IsTerminal;
use std::process::ExitCode;

use crate::content::Course;
use crate::layout::{self, Theme, line_text};
use crate::progress::ProblemStates;
use crate::settings::Settings;

/// Used when stdout is not a terminal and no `--width` is given.
const PIPE_WIDTH: usize = 80;

pub fn run(settings: &Settings, n: usize, width: Option<u16>) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let count = course.lessons.len();
    if n == 0 || n > count {
        anyhow::bail!("no lesson {n}: lessons are numbered 1 to {count}");
    }
    let width = match width {
        Some(0) => anyhow::bail!("--width must be at least 1"),
        Some(w) => usize::from(w),
        None => terminal_width().unwrap_or(PIPE_WIDTH),
    };
    let opened = super::open_store(settings);
    let lesson = &course.lessons[n - 1];
    let ctx = layout::Context {
        theme: Theme::new(settings.ascii, false),
        lesson_number: n,
        problems: &ProblemStates::of(opened.progress.lessons.get(&lesson.slug)),
        learner_seed: opened.progress.learner_seed,
    };
    let laid_out = layout::lesson(lesson, width, &ctx);
    for line in &laid_out.lines {
        if !super::say(line_text(line).trim_end()) {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn terminal_width() -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    ratatui::crossterm::terminal::size()
        .ok()
        .map(|(w, _)| usize::from(w))
}
