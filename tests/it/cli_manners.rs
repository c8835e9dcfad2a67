//! The command line's manners (#17): help that keeps its description and documents every
//! argument, a bad `--home` refused in one line, `progress reset` that asks, hints and
//! the solution earned as in the reader, NaN named where it appears, and completions and
//! a man page generated from the same definition.

use crate::pty;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use attn_course::store::format;
use pty::{Tui, WaitStatus};

fn attn(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .arg("--course")
        .arg(pty::fixture())
        .args(args)
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .output()
        .unwrap_or_else(|e| panic!("running attn-course: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

/// The one-line error a failed command prints: exit 2, one line naming `needle`.
fn assert_one_line_error(out: &Output, needle: &str) {
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("attn-course: "), "{stderr}");
    assert!(stderr.contains(needle), "{needle:?} not in {stderr}");
}

const ABOUT: &str = "The Mathematics of Attention: a derivation-first course in your terminal";

#[test]
fn long_help_keeps_the_description_and_says_where_the_course_stands() {
    let home = temp_dir();
    let short = text(&attn(home.path(), &["-h"]).stdout);
    let long = text(&attn(home.path(), &["--help"]).stdout);
    assert!(short.starts_with(ABOUT), "{short}");
    assert!(long.starts_with(ABOUT), "{long}");
    assert!(long.contains("Course 3 of 8 in a reading track"), "{long}");
}

#[test]
fn every_argument_of_every_subcommand_is_described() {
    fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                missing.push(format!("{path} {}", arg.get_id()));
            }
        }
        for sub in cmd.get_subcommands() {
            walk(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }
    let mut missing = Vec::new();
    walk(&attn_course::cli::command(), "attn-course", &mut missing);
    assert!(missing.is_empty(), "undocumented: {missing:?}");
    let home = temp_dir();
    let math = text(&attn(home.path(), &["math", "--help"]).stdout);
    assert!(math.contains("<LATEX>  The equation in LaTeX"), "{math}");
    assert!(math.contains("--width <WIDTH>  Width in columns"), "{math}");
}

#[test]
fn a_home_that_is_a_file_is_refused_in_one_line_naming_it() {
    let dir = temp_dir();
    let file = dir.path().join("not-a-dir");
    fs::write(&file, "x").unwrap_or_else(|e| panic!("{e}"));
    for args in [&["list"][..], &["progress", "show"], &["problem", "1.1"]] {
        let out = attn(&file, args);
        assert_one_line_error(&out, &file.display().to_string());
        assert!(text(&out.stderr).contains("not a directory"));
    }
    // The file is left alone, and commands that keep no progress still run.
    assert_eq!(fs::read_to_string(&file).ok().as_deref(), Some("x"));
    assert_eq!(attn(&file, &["eval", "1+1"]).status.code(), Some(0));
}

#[test]
fn reset_without_a_terminal_needs_yes_and_changes_nothing() {
    let home = temp_dir();
    assert!(attn(home.path(), &["answer", "1.1", "0"]).status.code() == Some(1));
    let file = home.path().join("progress.toml");
    let before = fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["progress", "reset"]);
    assert_one_line_error(&out, "--yes");
    assert_eq!(fs::read(&file).ok(), Some(before.clone()));
    let out = attn(home.path(), &["progress", "reset", "--yes"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_ne!(fs::read(&file).ok(), Some(before));
}

#[test]
fn reset_in_a_terminal_asks_and_only_yes_resets() {
    let home = temp_dir();
    attn(home.path(), &["answer", "1.1", "0"]);
    let file = home.path().join("progress.toml");
    let before = fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
    let reset = || {
        let mut cmd = pty::reader(home.path());
        cmd.args(["progress", "reset"]);
        let mut tui = Tui::spawn(cmd, 80, 24);
        tui.wait_for("[y/N]");
        tui
    };
    let mut tui = reset();
    tui.send("n\r");
    assert!(matches!(tui.exit_status(), WaitStatus::Exited(_, 1)));
    assert!(tui.text().contains("nothing changed"), "{}", tui.text());
    assert_eq!(fs::read(&file).ok(), Some(before.clone()));
    let mut tui = reset();
    tui.send("y\r");
    assert!(matches!(tui.exit_status(), WaitStatus::Exited(_, 0)));
    assert!(tui.text().contains("started fresh"), "{}", tui.text());
    assert_ne!(fs::read(&file).ok(), Some(before));
}

/// The fixture's problem 1.1 record, as the progress file holds it.
fn record_of(home: &Path) -> attn_course::progress::ProblemRecord {
    let bytes = fs::read(home.join("progress.toml")).unwrap_or_else(|e| panic!("{e}"));
    let progress = format::parse(&bytes).unwrap_or_else(|e| panic!("{}", e.located(&"file")));
    let lesson = progress.lessons.values().next().expect("a lesson record");
    lesson
        .problems
        .values()
        .next()
        .cloned()
        .expect("a problem record")
}

#[test]
fn hints_from_the_command_line_are_shown_and_recorded() {
    let home = temp_dir();
    let out = attn(home.path(), &["problem", "1.1", "--hint", "1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.contains("Hint 1 of "), "{stdout}");
    assert!(!stdout.contains("Hint 2 of "), "{stdout}");
    assert_eq!(record_of(home.path()).hints_shown, 1);
    let out = attn(home.path(), &["problem", "1.1", "--hint", "99"]);
    assert_one_line_error(&out, "hints 1 to ");
    let out = attn(home.path(), &["problem", "1.1", "--hint", "0"]);
    assert_one_line_error(&out, "hints 1 to ");
    assert_eq!(record_of(home.path()).hints_shown, 1);
}

#[test]
fn the_solution_is_earned_as_in_the_reader_or_asked_for_with_yes() {
    let home = temp_dir();
    // Not earned: refused, saying how many attempts remain, and nothing is recorded.
    let out = attn(home.path(), &["problem", "1.1", "--solution"]);
    assert_one_line_error(&out, "3 more attempts");
    assert!(text(&out.stdout).is_empty());
    // (Distinct inputs: the record keeps one of identical attempts made in one second.)
    attn(home.path(), &["answer", "1.1", "0"]);
    attn(home.path(), &["answer", "1.1", "0.1"]);
    let out = attn(home.path(), &["problem", "1.1", "--solution"]);
    assert_one_line_error(&out, "1 more attempt;");
    assert!(!record_of(home.path()).solution_viewed);
    // Three attempts earn it; it is recorded as viewed, as `s` in the reader records it.
    attn(home.path(), &["answer", "1.1", "0.2"]);
    let out = attn(home.path(), &["problem", "1.1", "--solution"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("\nSolution\n"));
    assert!(record_of(home.path()).solution_viewed);
    // Before it is earned, --yes shows it all the same.
    let other = temp_dir();
    let out = attn(other.path(), &["problem", "1.1", "--solution", "--yes"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("\nSolution\n"));
    assert!(record_of(other.path()).solution_viewed);
}

#[test]
fn eval_names_the_operation_that_made_nan_and_fails() {
    let home = temp_dir();
    for (expr, what, at) in [
        ("sqrt(-1)", "sqrt gives NaN", "1:1"),
        ("2 * (1 + log(-3))", "log gives NaN", "1:10"),
        ("[1, inf - inf]", "'-' gives NaN", "1:"),
        ("0/0 + sqrt(-1)", "'/' gives NaN", "1:"),
    ] {
        let out = attn(home.path(), &["eval", expr]);
        assert_one_line_error(&out, what);
        assert!(text(&out.stderr).contains(&format!("at {at}")), "{expr}");
        assert!(out.stdout.is_empty(), "{expr}");
    }
}

#[test]
fn completions_for_bash_mention_every_subcommand() {
    let home = temp_dir();
    let out = attn(home.path(), &["completions", "bash"]);
    assert_eq!(out.status.code(), Some(0));
    let script = text(&out.stdout);
    let cmd = attn_course::cli::command();
    let names: Vec<&str> = (cmd.get_subcommands())
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name())
        .collect();
    assert!(names.len() >= 10, "{names:?}");
    for name in names {
        assert!(
            script.contains(&format!("attn__course__subcmd__{name}")),
            "{name}"
        );
    }
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = attn(home.path(), &["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(text(&out.stdout).contains("progress"), "{shell}");
    }
    assert_eq!(
        attn(home.path(), &["completions", "tcsh"]).status.code(),
        Some(2)
    );
}

#[test]
fn the_man_page_lists_every_subcommand_and_global_flag() {
    let home = temp_dir();
    let out = attn(home.path(), &["man"]);
    assert_eq!(out.status.code(), Some(0));
    let page = text(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "not roff"
    );
    // roff escapes '-' as '\-'.
    let page = page.replace("\\-", "-");
    let cmd = attn_course::cli::command();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        assert!(page.contains(sub.get_name()), "{}", sub.get_name());
    }
    for arg in cmd.get_arguments() {
        if let Some(long) = arg.get_long() {
            assert!(page.contains(&format!("--{long}")), "--{long}");
        }
    }
    assert!(page.contains("Course 3 of 8"));
}
