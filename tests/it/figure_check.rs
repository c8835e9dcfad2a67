//! `attn-course check` evaluates every figure's data: a bad expression, a value that is
//! not finite or a shape that does not fit is a `file:line: message` finding at the
//! line of the key that holds it, and the check fails (exit 1).

use std::fs;
use std::process::Command;

const COURSE: &str = r#"title = "T"
tagline = "t"

[[lesson]]
slug = "a"
file = "01.md"
title = "A"
blurb = "b"
"#;

const LESSON: &str = r#"# A

Text.

```figure
kind = "heatmap"
title = "A shape error"
data = "softmax([1, 2]) @ [1]"
```

```figure
kind = "line"
data = "randn(3, 7)"
x = "linspace(0, 1, 4)"
```

```figure
kind = "histogram"
data = "log([1, 0])"
```

```figure
kind = "scatter"
data = "rand(5, 1)"
x = "linspace(0, 1, 5)"
```
"#;

#[test]
fn bad_figure_data_are_check_errors_at_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("course.toml"), COURSE).unwrap();
    fs::write(dir.path().join("01.md"), LESSON).unwrap();
    let home = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .arg("check")
        .arg("--course")
        .arg(dir.path())
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let findings: Vec<&str> = text.lines().filter(|l| l.starts_with("01.md:")).collect();
    assert_eq!(findings.len(), 3, "{text}");
    assert!(
        findings[0].starts_with("01.md:8: figure: data: shape mismatch"),
        "{text}"
    );
    assert_eq!(
        findings[1],
        "01.md:14: figure: x: needs a vector of 3 to match the data, got a vector of 4"
    );
    assert!(
        findings[2].starts_with("01.md:19: figure: data: entry 1 is -inf"),
        "{text}"
    );
    // The good figure is counted.
    assert!(text.contains("1 figures"), "{text}");
}
