//! `attn-course list`: the course's title and track, the lessons with their progress
//! one line each, then the whole course's progress at a glance. Only lesson lines start
//! with a number and two spaces, so scripts that match them skip the others.

use std::process::ExitCode;

use crate::content::{Course, intro_line};
use crate::layout::{self, Mark, Theme};
use crate::progress::{Standing, clock, schedule, solved_count};
use crate::settings::Settings;

pub fn run(settings: &Settings) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let opened = super::open_store(settings);
    let theme = Theme::new(settings.ascii, false);
    let title = layout::inline_text(&course.title, theme);
    println!(
        "{}",
        intro_line(&title, &course.tagline, &course.track, theme.separator())
    );
    for (i, lesson) in course.lessons.iter().enumerate() {
        let record = opened.progress.lessons.get(&lesson.slug);
        let read = record.map_or(0.0, |r| r.read);
        let title = layout::inline_text(&lesson.title, theme);
        let solved = solved_count(lesson, record);
        super::say(&line(i + 1, &title, read, solved));
    }
    println!("Progress: {}", Standing::of(&course, &opened.progress));
    let due = schedule::due(&course, &opened.progress, clock::now()).len();
    if let Some(line) = due_line(due) {
        super::say(&line);
    }
    Ok(ExitCode::SUCCESS)
}

/// The review line after the lessons, only when something is due, so that a learner
/// with nothing to review sees the one-line-per-lesson list exactly as before. It
/// starts "N problem", never "N  " (two spaces) like a lesson line, so scripts that
/// match lesson lines skip it.
fn due_line(due: usize) -> Option<String> {
    match due {
        0 => None,
        1 => Some("1 problem due for review (R in the reader)".to_string()),
        n => Some(format!("{n} problems due for review (R in the reader)")),
    }
}

/// `2  partly read  Where the Square Root of d_k Comes From  (3/14 solved)`, the state
/// in words so that scripts can match it and it needs no glyphs; the problem count last,
/// so the columns before it stay as they were.
fn line(number: usize, title: &str, read: f64, (solved, of): (usize, usize)) -> String {
    let state = match Mark::of_read(read) {
        Mark::Full => "read",
        Mark::Partial => "partly read",
        Mark::Empty => "unread",
    };
    let problems = match of {
        0 => String::new(),
        _ => format!("  ({solved}/{of} solved)"),
    };
    format!("{number}  {state:<11}  {title}{problems}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_lesson_with_its_state_in_words() {
        assert_eq!(
            line(2, "Title", 0.4, (3, 14)),
            "2  partly read  Title  (3/14 solved)"
        );
        assert_eq!(line(1, "T", 1.0, (0, 2)), "1  read         T  (0/2 solved)");
        assert_eq!(line(8, "T", 0.0, (0, 0)), "8  unread       T");
    }

    #[test]
    fn the_review_line_counts_and_is_left_out_when_nothing_is_due() {
        assert_eq!(
            due_line(3).as_deref(),
            Some("3 problems due for review (R in the reader)")
        );
        assert_eq!(
            due_line(1).as_deref(),
            Some("1 problem due for review (R in the reader)")
        );
        assert_eq!(due_line(0), None);
    }
}
