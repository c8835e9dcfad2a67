//! `attn-course list`: lessons with their progress, one line each.

use std::process::ExitCode;

use crate::app::solved_count;
use crate::content::Course;
use crate::layout::{self, Mark, Theme};
use crate::problems::schedule;
use crate::settings::Settings;
use crate::store::{Store, clock};

pub fn run(settings: &Settings) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let opened = Store::open(settings.home.as_deref());
    if let Some(warning) = &opened.warning {
        eprintln!("attn-course: {}", super::one_line(warning));
    }
    let theme = Theme::new(settings.ascii, false);
    for (i, lesson) in course.lessons.iter().enumerate() {
        let record = opened.progress.lessons.get(&lesson.slug);
        let read = record.map_or(0.0, |r| r.read);
        let title = layout::inline_text(&lesson.title, theme);
        let solved = solved_count(lesson, record);
        println!("{}", line(i + 1, &title, read, solved));
    }
    let now = clock::now();
    let due = schedule::due(&course, &opened.progress, now).len();
    let next = schedule::next_due(&course, &opened.progress, now);
    println!("{}", due_line(due, next, now));
    Ok(ExitCode::SUCCESS)
}

/// The review line after the lessons: how many problems are due, else when the next
/// one is (it starts with a number or "no", unlike a lesson line's "N  state").
fn due_line(due: usize, next: Option<u64>, now: u64) -> String {
    match (due, next) {
        (1, _) => "1 problem due for review (R in the reader)".to_string(),
        (0, Some(at)) => format!(
            "no problems due for review; the next comes back {} ({})",
            schedule::from_now(at, now),
            clock::Utc::from_unix(at)
        ),
        (0, None) => "no problems due for review".to_string(),
        (n, _) => format!("{n} problems due for review (R in the reader)"),
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
    fn the_review_line_counts_or_says_when() {
        assert_eq!(
            due_line(3, None, 0),
            "3 problems due for review (R in the reader)"
        );
        assert_eq!(
            due_line(1, Some(9), 0),
            "1 problem due for review (R in the reader)"
        );
        assert_eq!(due_line(0, None, 0), "no problems due for review");
        // 1_700_000_000 is 2023-11-14 22:13:20 UTC; two days and a bit before it:
        let now = 1_700_000_000 - 2 * 86_400 - 100;
        assert_eq!(
            due_line(0, Some(1_700_000_000), now),
            "no problems due for review; the next comes back in 2 days (2023-11-14 22:13:20 UTC)"
        );
    }
}
