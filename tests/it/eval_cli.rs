//! `attn-course eval 'EXPR' [--json]` as scripts use it: stdout, stderr and exit codes.

use std::process::{Command, Output};

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("eval")
        .args(args)
        .env("ATTN_COURSE_HOME", std::env::temp_dir())
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn prints_the_value_aligned() {
    let out = eval(&["[[1, -20], [300, 4.5]]"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "[[  1, -20],\n [300, 4.5]]\n");
    assert_eq!(stdout(&eval(&["softmax([1000, 1000])"])), "[0.5, 0.5]\n");
}

#[test]
fn json_has_shape_and_full_precision() {
    let out = eval(&["[[0.1 + 0.2, 1], [2, -inf]]", "--json"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "{\"shape\":[2,2],\"data\":[0.30000000000000004,1.0,2.0,-Infinity]}\n"
    );
    assert_eq!(
        stdout(&eval(&["--json", "2"])),
        "{\"shape\":[],\"data\":[2.0]}\n"
    );
}

#[test]
fn an_expression_may_start_with_a_minus() {
    assert_eq!(stdout(&eval(&["-2^2"])), "-4\n");
}

#[test]
fn errors_exit_2_with_one_line_and_the_position() {
    let out = eval(&["[[1,2,3],[4,5,6]] @\n[[1,2,3],[4,5,6]]"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "attn-course: shape mismatch: (2x3) @ (2x3) at 1:19\n"
    );
    let out = eval(&["\u{1b}[31m"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1);
    assert!(!stderr.contains('\u{1b}'), "{stderr:?}");
}
