//! `attn-course answer ID VALUE` takes a negative value without `--`, as `eval` does, and
//! what a prompt prints (U+2212, `;` rows) is accepted as an answer.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    let home = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .args(args)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("run attn-course")
}

fn all(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_negative_answer_needs_no_double_dash() {
    for value in ["-0.5", "\u{2212}0.5", "-[1; 2]"] {
        let out = run(&["answer", "2.1", value]);
        let text = all(&out);
        assert!(!text.contains("unexpected argument"), "{value}: {text}");
        assert!(!text.contains("error:"), "{value}: {text}");
        assert!(
            text.contains("Not right") || text.contains("Wrong shape"),
            "{value}: {text}"
        );
    }
    let out = run(&["eval", "-1"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "-1",
        "{}",
        all(&out)
    );
}
