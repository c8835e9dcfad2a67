//! The card's symbols work where the learner types (issue 28): what a prompt shows with a
//! value is bound under the printed name in `attn-course answer`, in the reader's answer
//! line and in the scratchpad; `check` fails a prompt whose shown value or code does not
//! work there. The answers typed here use only the printed symbols, never the author's
//! parameter names (`a`, `lam`).

use std::process::{Command, Output};

use attn_course::app::{App, Mode, PromptKind, ScratchLine};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use crate::common::{self, key, keys};

fn answer(id: &str, input: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .args(["answer", id, input])
        .env("LANG", "C.UTF-8")
        .output()
        .expect("run attn-course")
}

#[test]
fn answers_from_the_printed_symbols_are_right_on_the_command_line() {
    for (id, input) in [
        ("1.1", "softmax(s) @ V"),
        ("1.5", "softmax(S[2])[0]"),
        ("1.5", "softmax([2, z, 0])[0]"),
        ("2.1", "max(softmax(λ * [1, 0, -1]))"),
        ("2.1", "max(softmax(lambda * [1, 0, -1]))"),
        ("1.15", "3 * h * d_model * dₖ"),
    ] {
        let out = answer(id, input);
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{id} {input}: {text}");
        assert!(text.starts_with("Right"), "{id} {input}: {text}");
    }
    // The author's parameter names are not the learner's.
    let out = answer("1.1", "softmax([a, 0, 1]) @ V");
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("unknown name 'a'"), "{text}");
}

fn reader() -> App {
    App::new(
        Course::load(None).expect("the embedded course"),
        Progress::new(7),
        Theme::new(false, true),
        (100, 30),
    )
}

#[test]
fn the_scratchpad_and_the_answer_line_know_the_card_s_symbols() {
    let mut a = reader();
    keys(&mut a, "p:");
    assert_eq!(
        a.scratch().lines.last(),
        Some(&ScratchLine::Note(
            "problem 1.1: s, V bound as printed".into()
        ))
    );
    keys(&mut a, "softmax(s) @ V");
    key(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    match a.scratch().lines.last() {
        Some(ScratchLine::Result { output: Ok(_), .. }) => {}
        other => panic!("{other:?}"),
    }
    key(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    // The answer line: typed from the symbols, previewed and judged with them bound.
    key(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    assert!(
        matches!(a.mode(), Mode::Prompt(p) if matches!(p.kind, PromptKind::Answer(_))),
        "{:?}",
        a.mode()
    );
    keys(&mut a, "softmax(s) @ V");
    assert!(matches!(a.preview(), Some(Ok(_))), "{:?}", a.preview());
    key(&mut a, KeyCode::Enter, KeyModifiers::NONE);
    let p = a.problem_refs()[0];
    assert!(a.problem_record(p).solved);
}

#[test]
fn check_fails_a_value_or_code_the_card_cannot_bind_or_run() {
    let dir = common::fixture_dir("card-course");
    let findings = common::findings(Some(&dir), 5);
    assert_eq!(findings.len(), 2, "{findings:#?}");
    assert!(
        findings[0].starts_with("01-card.md:7: problem `unbindable-value`: shows p = [")
            && findings[0]
                .ends_with(", 50\\%] but the card cannot bind it: not written in numbers"),
        "{findings:#?}"
    );
    assert_eq!(
        findings[1],
        "01-card.md:24: problem `code-does-not-run`: prompt code `sum(w)` does not run where the learner types: unknown name 'w' at 1:5"
    );
}
