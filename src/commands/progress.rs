//! `attn-course progress (show | export FILE | import FILE | reset)`.
//!
//! Lessons and problems are listed by the slug and id the record holds, including ones
//! the course no longer has: the record is never pruned, so this is where a learner
//! finds progress on a lesson that was renamed or removed.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

use crate::cli::ProgressAction;
use crate::commands::one_line;
use crate::settings::Settings;
use crate::store::clock::Utc;
use crate::store::{self, Attempt, LessonRecord, ProblemRecord, Progress, Store};

pub fn run(settings: &Settings, action: ProgressAction) -> anyhow::Result<ExitCode> {
    let opened = Store::open(settings.home.as_deref());
    if let Some(warning) = &opened.warning {
        eprintln!("attn-course: {}", one_line(warning));
    }
    let (mut store, mut progress) = (opened.store, opened.progress);
    match action {
        ProgressAction::Show => print!("{}", show(&progress, store.path())),
        ProgressAction::Export { file } => {
            store::write_record(&file, &progress)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", file.display()))?;
            println!("exported your record to {}", file.display());
        }
        ProgressAction::Import { file } => {
            let imported = store::read_record(&file)?;
            progress.merge_from(&imported);
            if let Some(notice) = store.save_merged(&mut progress)? {
                eprintln!("attn-course: {}", one_line(&notice));
            }
            println!(
                "merged {} into {}",
                file.display(),
                shown_path(store.path())
            );
        }
        ProgressAction::Reset => {
            let (_, kept) = store.reset().context("reset failed")?;
            match kept {
                Some(old) => println!(
                    "started fresh; your old record is kept at {}",
                    old.display()
                ),
                None => println!("started fresh (there was no record yet)"),
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn shown_path(path: Option<&Path>) -> String {
    path.map_or_else(|| "(nowhere)".to_string(), |p| p.display().to_string())
}

/// The record as text: where the learner is, then each lesson with its problems and
/// every attempt. Everything taken from the file passes through `one_line`, so a
/// hand-edited file cannot put escape sequences on the terminal.
pub fn show(progress: &Progress, path: Option<&Path>) -> String {
    let mut out = format!("progress file: {}\n", one_line(&shown_path(path)));
    if let Some(position) = &progress.position {
        let _ = writeln!(
            out,
            "reading: {}, block {} ({})",
            one_line(&position.lesson),
            position.block,
            Utc::from_unix(position.at)
        );
    }
    if progress.lessons.is_empty() {
        out.push_str("no lessons read and no problems attempted yet\n");
    }
    for (slug, lesson) in &progress.lessons {
        out.push('\n');
        show_lesson(&mut out, slug, lesson);
    }
    out
}

fn show_lesson(out: &mut String, slug: &str, lesson: &LessonRecord) {
    let solved = lesson.problems.values().filter(|p| p.solved).count();
    let attempted = lesson
        .problems
        .values()
        .filter(|p| !p.attempts.is_empty())
        .count();
    let _ = writeln!(
        out,
        "{}  read {:.0}%  problems: {solved} solved, {attempted} attempted",
        one_line(slug),
        (lesson.read.clamp(0.0, 1.0) * 100.0)
    );
    for (id, problem) in &lesson.problems {
        show_problem(out, id, problem);
    }
}

fn show_problem(out: &mut String, id: &str, problem: &ProblemRecord) {
    let mut facts = vec![
        if problem.solved {
            "solved"
        } else {
            "not solved"
        }
        .to_string(),
    ];
    facts.push(plural(problem.attempts.len(), "attempt"));
    if problem.variant > 0 {
        facts.push(format!("variant {}", problem.variant));
    }
    if problem.hints_shown > 0 {
        facts.push(plural(problem.hints_shown as usize, "hint"));
    }
    if problem.solution_viewed {
        facts.push("solution viewed".to_string());
    }
    let _ = writeln!(out, "  {}  {}", one_line(id), facts.join(", "));
    for attempt in &problem.attempts {
        let _ = writeln!(out, "    {}", show_attempt(attempt));
    }
}

fn show_attempt(attempt: &Attempt) -> String {
    let verdict = if attempt.correct { "right" } else { "wrong" };
    let mut line = format!(
        "{}  {verdict}  {}",
        Utc::from_unix(attempt.at),
        one_line(&attempt.input)
    );
    if !attempt.value.is_empty() && attempt.value != attempt.input {
        let _ = write!(line, " = {}", one_line(&attempt.value));
    }
    line
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_lists_lessons_problems_and_attempts() {
        let mut p = Progress::new(1);
        p.set_position("softmax", 12, 1_700_000_000);
        p.lessons.entry("softmax".into()).or_default().read = 0.456;
        p.record_attempt(
            "softmax",
            "2.1",
            Attempt::new(1_700_000_000, "exp(1)", "2.71828", false, 0),
        );
        p.record_attempt(
            "softmax",
            "2.1",
            Attempt::new(1_700_000_060, "0.5", "0.5", true, 0),
        );
        p.record_attempt("gone", "9.9", Attempt::new(0, "x\u{1b}[2J", "", false, 0));
        if let Some(problem) = p
            .lessons
            .get_mut("softmax")
            .and_then(|l| l.problems.get_mut("2.1"))
        {
            problem.hints_shown = 1;
        }
        let expected = "\
progress file: /h/progress.toml
reading: softmax, block 12 (2023-11-14 22:13:20 UTC)

gone  read 0%  problems: 0 solved, 1 attempted
  9.9  not solved, 1 attempt
    1970-01-01 00:00:00 UTC  wrong  x\u{FFFD}[2J

softmax  read 46%  problems: 1 solved, 1 attempted
  2.1  solved, 2 attempts, 1 hint
    2023-11-14 22:13:20 UTC  wrong  exp(1) = 2.71828
    2023-11-14 22:14:20 UTC  right  0.5
";
        assert_eq!(show(&p, Some(Path::new("/h/progress.toml"))), expected);
    }

    #[test]
    fn show_of_an_empty_record_says_so() {
        let text = show(&Progress::new(1), None);
        assert_eq!(
            text,
            "progress file: (nowhere)\nno lessons read and no problems attempted yet\n"
        );
    }
}
