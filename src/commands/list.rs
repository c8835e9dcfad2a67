//! `attn-course list`: lessons with their progress, one line each.

use std::process::ExitCode;

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
        let read = opened
            .progress
            .lessons
            .get(&lesson.slug)
            .map_or(0.0, |r| r.read);
        println!(
            "{}",
            line(i + 1, &layout::inline_text(&lesson.title, theme), read)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `2  partly read  Where the Square Root of d_k Comes From`, the state in words so that
/// scripts can match it and it needs no glyphs.
fn line(number: usize, title: &str, read: f64) -> String {
    let state = match Mark::of_read(read) {
        Mark::Full => "read",
        Mark::Partial => "partly read",
        Mark::Empty => "unread",
    };
    format!("{number}  {state:<11}  {title}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_lesson_with_its_state_in_words() {
        assert_eq!(line(2, "Title", 0.4), "2  partly read  Title");
        assert_eq!(line(1, "T", 1.0), "1  read         T");
        assert_eq!(line(8, "T", 0.0), "8  unread       T");
    }
}
