//! `attn-course list` and `attn-course read` as scripts use them: plain text on stdout,
//! one-line errors and exit code 2 on bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use unicode_width::UnicodeWidthStr;

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course")
}

fn run(args: &[&str], lang: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .args(args)
        .env("LANG", lang)
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .output()
        .expect("run attn-course")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn read_writes_plain_text_without_escape_codes() {
    let out = run(&["read", "1"], "C.UTF-8");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.stdout.is_empty());
    assert!(!out.stdout.contains(&0x1b), "an ESC byte in `read` output");
    // The embedded lesson 1 starts with its title.
    assert!(stdout(&out).starts_with("Why Attention Needs Three Matrices, Not One\n"));
}

#[test]
fn read_wraps_to_the_width_asked_or_80_when_piped() {
    let course = fixture();
    let course = course.to_str().unwrap();
    for (args, width) in [
        (vec!["read", "2", "--width", "40"], 40),
        (vec!["read", "2"], 80),
    ] {
        let out = run(&[&["--course", course][..], &args].concat(), "C.UTF-8");
        let text = stdout(&out);
        let widest = text.lines().map(UnicodeWidthStr::width).max().unwrap();
        assert!(widest <= width, "{widest} > {width}");
        assert!(
            widest > width - 10,
            "text does not fill {width} columns: {widest}"
        );
    }
}

#[test]
fn read_in_the_c_locale_draws_ascii_only() {
    let course = fixture();
    let out = run(&["--course", course.to_str().unwrap(), "read", "2"], "C");
    let text = stdout(&out);
    assert!(text.contains("+- Problem 2.1 "), "{text}");
    assert!(text.is_ascii(), "non-ASCII in: {text}");
}

#[test]
fn lesson_numbers_out_of_range_are_a_one_line_usage_error() {
    for n in ["0", "9"] {
        let out = run(&["read", n], "C.UTF-8");
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!("attn-course: no lesson {n}: lessons are numbered 1 to 8\n")
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_course_directory_that_does_not_load_is_a_one_line_error() {
    let out = run(&["--course", "/nonexistent", "list"], "C.UTF-8");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("attn-course: /nonexistent/course.toml: "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn list_prints_one_line_per_lesson_with_its_state() {
    let out = run(
        &["--course", fixture().to_str().unwrap(), "list"],
        "C.UTF-8",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    // The course introduces itself (no track: its tagline), then a line per lesson, then
    // the whole course at a glance.
    assert_eq!(
        lines[0],
        "Fixture Course · Every block kind, in three short lessons."
    );
    assert!(
        lines[1].starts_with("1  unread       Every Block of "),
        "{text}"
    );
    assert_eq!(
        lines[2..],
        [
            "2  unread       Plain Prose  (0/1 solved)",
            "3  unread       Broken Blocks  (0/1 solved)",
            "Progress: lessons read 0/3, problems solved 0/3"
        ]
    );
    let embedded = stdout(&run(&["list"], "C.UTF-8"));
    let lessons: Vec<&str> = embedded
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains("  "))
        .collect();
    assert_eq!(lessons.len(), 8);
    assert!(
        embedded.starts_with("The Mathematics of Attention · Course 3 of 8 in a reading track: "),
        "{embedded}"
    );
    assert!(embedded.contains("\nProgress: lessons read 0/8, problems solved 0/"));
    // (The title's `$d_k$` is drawn by the math engine, so only its words are checked.)
    let second = lessons[1];
    assert!(
        second.starts_with("2  unread       Where the Square Root of "),
        "{second}"
    );
    assert!(second.contains(" Comes From  (0/"), "{second}");
    assert!(second.ends_with(" solved)"), "{second}");
}

/// A one-lesson course whose problem's mistake message `says` what it is given.
fn course_with_a_mistake(dir: &Path, says: &str) {
    std::fs::write(
        dir.join("course.toml"),
        "title = \"T\"\ntagline = \"t\"\n\n[[lesson]]\nslug = \"one\"\nfile = \"one.md\"\ntitle = \"One\"\nblurb = \"b\"\n",
    )
    .unwrap();
    let mistakes = format!("mistakes = [{{ expr = \"0.25\", says = '''{says}''' }}]");
    let problem = [
        "```problem",
        "id = \"p\"",
        "kind = \"compute-number\"",
        "prompt = \"Find it.\"",
        "answer = \"-0.25\"",
        "tolerance = \"exact\"",
        "hints = [\"h\"]",
        "solution = \"s\"",
        &mistakes,
        "```",
    ];
    let text = format!("# One\n\n{}\n", problem.join("\n"));
    std::fs::write(dir.join("one.md"), text).unwrap();
}

#[test]
fn answer_draws_the_math_of_a_mistake_message() {
    let course = tempfile::tempdir().unwrap();
    course_with_a_mistake(
        course.path(),
        r"The sign is missing: $\partial a_0/\partial s_1=-a_0a_1$.",
    );
    let dir = course.path().to_str().unwrap();
    let out = run(&["--course", dir, "answer", "1.1", "0.25"], "C.UTF-8");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "Not right: your value is 0.25.\n\
         It is off by 200%; the answer must be exact.\n\
         Likely: The sign is missing: ∂a₀/∂s₁ = −a₀a₁.\n"
    );
    let ascii = run(
        &["--course", dir, "--ascii", "answer", "1.1", "0.25"],
        "C.UTF-8",
    );
    let text = stdout(&ascii);
    assert!(text.is_ascii(), "{text}");
    assert!(
        text.ends_with("Likely: The sign is missing: da_0/ds_1 = -a_0 a_1.\n"),
        "{text}"
    );
}

#[test]
fn check_lays_out_the_math_of_mistake_messages() {
    let course = tempfile::tempdir().unwrap();
    course_with_a_mistake(course.path(), r"see $\foo$");
    let dir = course.path().to_str().unwrap();
    let out = run(&["check", "--course", dir, "--seeds", "1"], "C.UTF-8");
    assert!(!out.status.success());
    let all = format!("{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
    assert!(all.contains("one.md:3:"), "{all}");
}
