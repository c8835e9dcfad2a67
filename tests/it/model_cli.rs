//! The model from the command line: `help(model)`, and a course without `model/` (it
//! loads and checks as before; model functions say there is no model).

use std::process::{Command, Output};

use crate::common;

/// The fixture course's directory, as an argument.
fn course() -> String {
    common::fixture_dir("course").display().to_string()
}

pub(crate) fn attn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .args(args)
        .env("ATTN_COURSE_HOME", std::env::temp_dir())
        .output()
        .expect("the binary runs")
}

#[test]
fn help_model_lists_the_names() {
    let out = attn(&["eval", "help(model)"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("attn_weights(text, layer, head[, edit])"));
    for name in [
        "logit_attrs(",
        "heldout_loss(",
        "head_stat(",
        "composition(",
        "chars(ids)",
    ] {
        assert!(text.contains(name), "{name}");
    }
    assert!(text.contains("\"patch SITE from TEXT\""));
    assert!(text.contains("l0.h1.W_Q      64 x 16"));
}

#[test]
fn a_course_without_a_model_loads_and_its_model_functions_say_why() {
    assert!(attn(&["--course", &course(), "list"]).status.success());
    let out = attn(&["--course", &course(), "eval", "tokens(\"the key\")"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tokens: no model: this course has no model (")
            && err.contains("model/weights.safetensors is missing) at 1:1"),
        "{err}"
    );
    assert_eq!(
        String::from_utf8_lossy(&attn(&["--course", &course(), "eval", "1 + 1"]).stdout),
        "2\n"
    );
}

/// A copy of the shipped course in a temporary directory, with or without `model/`.
pub(crate) fn course_copy(with_model: bool) -> tempfile::TempDir {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let dir = tempfile::tempdir().expect("a temporary directory");
    for entry in std::fs::read_dir(&src).expect("lessons/ is there") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
        }
    }
    if with_model {
        std::fs::create_dir(dir.path().join("model")).unwrap();
        // The weights and the data beside them (held-out text, bigram counts).
        for entry in std::fs::read_dir(src.join("model")).expect("lessons/model") {
            let path = entry.expect("an entry").path();
            if path.is_file() {
                let name = path.file_name().unwrap();
                std::fs::copy(&path, dir.path().join("model").join(name)).unwrap();
            }
        }
    }
    dir
}

/// `check`'s closing line and `read 4`'s text, for the course in `dir`.
fn check_and_read(dir: &std::path::Path) -> (String, String) {
    let dir = dir.to_str().unwrap();
    let check = attn(&["--course", dir, "check", "--seeds", "1"]);
    let summary = String::from_utf8_lossy(&check.stdout).into_owned();
    assert!(
        check.status.success(),
        "{summary}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    let read = attn(&["--course", dir, "read", "4"]);
    assert!(read.status.success());
    (summary, String::from_utf8_lossy(&read.stdout).into_owned())
}

#[test]
fn without_model_the_marked_sections_their_claims_and_problems_are_left_out() {
    let (with, with_text) = check_and_read(course_copy(true).path());
    let (without, without_text) = check_and_read(course_copy(false).path());
    assert!(with_text.contains("4.6 In a trained model"), "{with_text}");
    assert!(!with_text.contains("{.model}"));
    assert!(with_text.contains("4.5 Reading the paper"));
    assert!(without_text.contains("4.5 Reading the paper"));
    assert!(
        !without_text.contains("In a trained model"),
        "{without_text}"
    );
    assert!(!without_text.contains("attn_weights"));
    // The heat maps over "the key of the key" label rows and columns with its
    // characters: row 9 is the "f" of "of", and the columns' characters stand under
    // their indices.
    assert!(
        with_text.lines().any(|l| l.starts_with(" 9f ")),
        "{with_text}"
    );
    assert!(
        with_text
            .lines()
            .any(|l| l.trim_start().starts_with("t  h  e  "))
    );
    // Fewer claims and figures are checked without the model's sections.
    let count = |summary: &str, what: &str| -> usize {
        let before = summary.split(what).next().unwrap();
        before.rsplit(' ').next().unwrap().parse().unwrap()
    };
    for what in [" computed claims", " figures"] {
        assert!(
            count(&with, what) > count(&without, what),
            "{with}\n{without}"
        );
    }
}
