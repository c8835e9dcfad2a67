//! The model from the command line: `help(model)`, and a course without `model/` (it
//! loads and checks as before; model functions say there is no model).

use std::process::{Command, Output};

fn attn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .args(args)
        .env("ATTN_COURSE_HOME", std::env::temp_dir())
        .output()
        .expect("the binary runs")
}

const COURSE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/course");

#[test]
fn help_model_lists_the_names() {
    let out = attn(&["eval", "help(model)"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("attn_weights(text, layer, head)"));
    assert!(text.contains("l0.h1.W_Q      64 x 16"));
}

#[test]
fn a_course_without_a_model_loads_and_its_model_functions_say_why() {
    assert!(attn(&["--course", COURSE, "list"]).status.success());
    let out = attn(&["--course", COURSE, "eval", "tokens(\"the key\")"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("tokens: no model: this course has no model (")
            && err.contains("model/weights.safetensors is missing) at 1:1"),
        "{err}"
    );
    assert_eq!(
        String::from_utf8_lossy(&attn(&["--course", COURSE, "eval", "1 + 1"]).stdout),
        "2\n"
    );
}
