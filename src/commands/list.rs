//! `attn-course list`: lessons with their progress, one line each.

use std::process::ExitCode;

use crate::app::solved_count;
use crate::content::Course;
use crate::layout::{self, Mark, Theme};
use crate::settings::Settings;
use crate::store::Store;

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
    Ok(ExitCode::SUCCESS)
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
}
