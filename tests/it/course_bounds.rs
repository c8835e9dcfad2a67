//! Whole-course bounds (issue 26, item 5): each course file was capped, the course was
//! not, so a `course.toml` listing one 1 MiB lesson a thousand times kept a gigabyte.
//! Loading must stop at the first lesson over a bound, with one line naming the bound
//! and the file.

use std::fs;
use std::process::Command;

use attn_course::content::bounds::{MAX_CLAIMS, MAX_COURSE_BYTES, MAX_LESSONS, MAX_PROBLEMS};
use attn_course::content::{Course, Source};
use attn_course::store::limits;

/// A manifest listing `file` `count` times, each under its own slug.
fn manifest(count: usize, file: &str) -> String {
    let mut text = String::from("title = \"C\"\n");
    for i in 0..count {
        text += &format!("[[lesson]]\nslug = \"l{i}\"\nfile = \"{file}\"\ntitle = \"L{i}\"\n");
    }
    text
}

fn load(count: usize, lesson: &str) -> Result<Course, String> {
    let manifest = manifest(count, "a.md");
    let files = [("course.toml", manifest.as_str()), ("a.md", lesson)];
    Course::from_source(Source::Files(&files)).map_err(|e| e.to_string())
}

#[test]
fn a_course_of_many_big_lessons_is_refused_at_the_lesson_over_the_byte_bound() {
    let lesson = format!("# A\n\n{}\n", "word ".repeat(200_000));
    let fit = MAX_COURSE_BYTES / lesson.len();
    assert!(load(fit, &lesson).is_ok());
    let err = load(fit + 1, &lesson).unwrap_err();
    assert_eq!(
        err,
        format!(
            "a.md: brings the course to {} bytes of lessons (8 MiB); a course may hold at most {MAX_COURSE_BYTES}",
            (fit + 1) * lesson.len()
        )
    );
}

#[test]
fn a_course_of_more_lessons_than_the_record_keeps_is_refused_at_its_line() {
    assert_eq!(MAX_LESSONS, limits::MAX_LESSONS);
    assert!(load(MAX_LESSONS, "# A\n").is_ok());
    let err = load(MAX_LESSONS + 1, "# A\n").unwrap_err();
    let line = 1 + 4 * MAX_LESSONS + 1;
    assert_eq!(
        err,
        format!("course.toml:{line}: more than 1000 lessons; a course may have at most 1000")
    );
}

#[test]
fn problems_and_claims_are_bounded_over_the_whole_course() {
    assert_eq!(MAX_PROBLEMS, limits::MAX_PROBLEMS);
    let problems = "```problem\n```\n\n".repeat(MAX_PROBLEMS / 2 + 1);
    let err = load(2, &problems).unwrap_err();
    assert!(
        err.starts_with(&format!(
            "a.md: brings the course to {} problems; a course may hold at most {MAX_PROBLEMS}",
            MAX_PROBLEMS + 2
        )),
        "{err}"
    );
    let claims = format!("```eval\n{}```\n", "1\n=> 1\n\n".repeat(MAX_CLAIMS / 2 + 1));
    let err = load(2, &claims).unwrap_err();
    assert!(
        err.ends_with(&format!(
            "{} claims; a course may hold at most {MAX_CLAIMS}",
            MAX_CLAIMS + 2
        )),
        "{err}"
    );
}

/// The command line: one line on stderr naming the file and the bound, exit 2, and no
/// more of the course read than the bound allows.
#[test]
fn the_command_line_names_the_bound_and_the_file_in_one_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let home = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("course.toml"), manifest(1000, "big.md")).expect("write");
    let big = format!("# Big\n\n{}\n", "word ".repeat(200_000));
    fs::write(dir.path().join("big.md"), big).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--course")
        .arg(dir.path())
        .arg("--home")
        .arg(home.path())
        .arg("list")
        .output()
        .expect("run attn-course");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("big.md: brings the course to"), "{said}");
    assert!(said.contains("a course may hold at most 8388608"), "{said}");
}
