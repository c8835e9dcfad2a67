//! A hostile course (given with `--course`, so untrusted): escape sequences, C1 controls,
//! bidi overrides and zero-width characters in every place a course can hold text. No
//! raw one may reach the terminal through `read`, `list`, `problem`, `answer` or the
//! reader, and `attn-course check` must fail the course at `file:line:col`.

mod pty;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use attn_course::sanitize::is_hidden;
use tempfile::TempDir;

/// OSC 52 (clipboard write), OSC 8 (hidden link), OSC 0 (window title), CSI 2J (clear),
/// C1 CSI, a bidi override, an isolate, zero-width space and joiner, BOM.
const INJECTIONS: [&str; 10] = [
    "\x1b]52;c;cm0gLXJmIH4=\x07",
    "\x1b]8;;http://evil\x1b\\",
    "\x1b]0;pwned\x07",
    "\x1b[2J",
    "\u{9b}2J",
    "\u{202E}",
    "\u{2066}",
    "\u{200B}",
    "\u{200D}",
    "\u{FEFF}",
];

/// The lesson: `{0}`…`{13}` mark where injections go (raw); the problem `q` and the
/// figure carry TOML escapes instead. The numbers in the comments are lines.
const LESSON: &str = r#"# Title {0}

Prose {1} with [a link](http://x) in it.

## 1.1 Heading {2}

- item {3}

> quote {4}

| a | b |
|---|---|
| cell {5} | `code {6}` |

Math $x {7}$ and more.

```eval
1 + 1
=> 2 {8}
```

```figure
kind = "heatmap"
title = "Figure {9}"
caption = "Caption \u001b]0;pwned\u0007"
data = "[[1, 0], [0, 1]]"
```

```problem
id = "p"
kind = "compute-number"
prompt = 'Prompt {10}: what is 1 + 1?'
answer = "2"
tolerance = "exact"
hints = ['Hint {11}']
solution = 'Solution {12}'
mistakes = [ { expr = "3", says = 'Says {13}' } ]
```

```problem
id = "q"
kind = "compute-number"
prompt = "Prompt \e[2J"
answer = "2"
tolerance = "exact"
hints = ['h']
solution = 's'
```
"#;

/// Where `check` must point: (line, column) in the lesson.
const LESSON_PLACES: [(usize, usize); 14] = [
    (1, 9),   // title
    (3, 7),   // prose
    (5, 16),  // heading
    (7, 8),   // list item
    (9, 9),   // quote
    (13, 10), // table cell
    (13, 22), // inline code
    (15, 9),  // inline math
    (19, 6),  // claim's expected value
    (24, 17), // figure title
    (32, 18), // problem prompt
    (35, 16), // hint
    (36, 22), // solution
    (37, 49), // mistake's `says`
];

const MANIFEST: &str = r#"title = "Course \u001b]52;c;cm0=\u0007"
tagline = "Tag {0}"

[[lesson]]
slug = "hostile"
file = "01-hostile.md"
title = "Lesson \u009b2J"
blurb = 'Blurb {1}'
"#;

const GLOSSARY: &str = r#"[[term]]
name = "query {0}"
definition = "Def \x1b]8;;http://evil\x1b\\ &#x1b;[2J"
lesson = "hostile"
section = "1.1"
"#;

fn fill(template: &str, pick: impl Fn(usize) -> &'static str) -> String {
    let mut out = template.to_string();
    for i in (0..14).rev() {
        out = out.replace(&format!("{{{i}}}"), pick(i));
    }
    out
}

/// The hostile course in a temporary directory, with injection `k` (cycling) in each
/// place.
fn course(k: usize) -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let pick = |i: usize| INJECTIONS[(i + k) % INJECTIONS.len()];
    fs::write(dir.path().join("course.toml"), fill(MANIFEST, pick)).expect("write");
    fs::write(dir.path().join("01-hostile.md"), fill(LESSON, pick)).expect("write");
    fs::write(dir.path().join("glossary.toml"), fill(GLOSSARY, pick)).expect("write");
    dir
}

fn run(course: &Path, home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--course")
        .arg(course)
        .arg("--home")
        .arg(home)
        .args(args)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("run attn-course")
}

/// Every hidden character in `bytes`, which must be UTF-8.
fn hidden_in(bytes: &[u8]) -> Vec<char> {
    let text = String::from_utf8(bytes.to_vec()).expect("output is UTF-8");
    text.chars().filter(|&c| is_hidden(c)).collect()
}

#[test]
fn no_hidden_character_reaches_stdout_from_any_command() {
    let home = tempfile::tempdir().expect("temp dir");
    for k in 0..INJECTIONS.len() {
        let dir = course(k);
        for args in [
            &["list"][..],
            &["read", "1", "--width", "60"],
            &["read", "1", "--width", "20"],
            &["problem", "1.1"],
            &["answer", "1.1", "3"],
            &["answer", "1.1", "\x1b]0;typed\x07"],
            &["math", "x \x1b[2J"],
            &["eval", "\u{9b}2J"],
        ] {
            let out = run(dir.path(), home.path(), args);
            assert_eq!(hidden_in(&out.stdout), [], "{args:?} injection {k}: stdout");
            assert_eq!(hidden_in(&out.stderr), [], "{args:?} injection {k}: stderr");
        }
    }
}

#[test]
fn the_hostile_text_is_shown_replaced_not_dropped() {
    let home = tempfile::tempdir().expect("temp dir");
    let dir = course(0);
    let read = String::from_utf8(run(dir.path(), home.path(), &["read", "1"]).stdout).unwrap();
    for shown in [
        "Title \u{FFFD}]52;c;",
        "Prose \u{FFFD}]8;;",
        "quote \u{FFFD}[2J",
    ] {
        assert!(read.contains(shown), "{shown:?} not in:\n{read}");
    }
    let answer = run(dir.path(), home.path(), &["answer", "1.1", "3"]);
    let said = String::from_utf8(answer.stdout).unwrap();
    assert!(said.contains("Says \u{FFFD}"), "{said}");
    let list = String::from_utf8(run(dir.path(), home.path(), &["list"]).stdout).unwrap();
    assert!(list.contains("Lesson \u{FFFD}2J"), "{list}");
}

#[test]
fn check_fails_the_course_at_every_place_with_file_line_col() {
    let home = tempfile::tempdir().expect("temp dir");
    for k in 0..INJECTIONS.len() {
        let dir = course(k);
        let out = run(dir.path(), home.path(), &["check", "--seeds", "2"]);
        assert!(!out.status.success());
        let said = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(hidden_in(said.as_bytes()), []);
        let mut expected: Vec<String> = LESSON_PLACES
            .iter()
            .map(|(line, col)| format!("01-hostile.md:{line}:{col}: U+"))
            .collect();
        expected.extend([
            "01-hostile.md:25:20: U+001B".to_string(), // figure caption, TOML escape
            "01-hostile.md:43:18: U+001B".to_string(), // problem prompt, TOML `\e`
            "course.toml:1:17: U+001B".to_string(),
            "course.toml:2:15: U+".to_string(),
            "course.toml:7:17: U+009B".to_string(),
            "course.toml:8:16: U+".to_string(),
            "glossary.toml:2:15: U+".to_string(),
            "glossary.toml:3:20: U+001B".to_string(),
            "glossary.toml:3:52: U+001B".to_string(), // `&#x1b;`, a markdown reference
        ]);
        for place in expected {
            assert!(
                said.contains(&place),
                "injection {k}: no {place:?} in:\n{said}"
            );
        }
    }
}

#[test]
fn the_reader_keeps_its_borders_straight_on_a_hostile_course() {
    let home = tempfile::tempdir().expect("temp dir");
    let dir = course(7); // zero-width and bidi characters land in the table and prose
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attn-course"));
    cmd.arg("--course")
        .arg(dir.path())
        .arg("--home")
        .arg(home.path());
    cmd.env("TERM", "xterm-256color").env("LANG", "C.UTF-8");
    let mut tui = pty::Tui::spawn(cmd, 80, 24);
    tui.wait_for("Heading");
    let screen = tui.screen.screen();
    let rows: Vec<String> = (0..24)
        .map(|r| screen.contents_between(r, 0, r, 80))
        .collect();
    let table: Vec<&String> = rows
        .iter()
        .filter(|r| r.contains('│') || r.contains('|'))
        .collect();
    assert!(!table.is_empty(), "{rows:#?}");
    assert!(
        !tui.bytes.iter().any(|&b| b == 0x07),
        "BEL reached the terminal"
    );
    for code in ["]52;", "]0;", "]8;"] {
        let raw = format!("\x1b{code}");
        assert!(
            !tui.bytes.windows(raw.len()).any(|w| w == raw.as_bytes()),
            "{code} reached the terminal"
        );
    }
    tui.send("q");
    tui.assert_exits_restored();
}
