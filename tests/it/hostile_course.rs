//! A hostile course (given with `--course`, so untrusted): escape sequences, C1 controls,
//! bidi overrides and zero-width characters in every place a course can hold text. No
//! raw one may reach the terminal through `read`, `list`, `problem`, `answer` or the
//! reader, and `attn-course check` must fail the course at `file:line:col`.

use crate::pty;

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use attn_course::sanitize::is_hidden;
use tempfile::TempDir;

/// OSC 52 (clipboard write), OSC 8 (hidden link), OSC 0 (window title), CSI 2J (clear),
/// C1 CSI, a bidi override, an isolate, zero-width space and joiner, BOM, a soft hyphen
/// and a tag character (which spells hidden ASCII).
const INJECTIONS: [&str; 12] = [
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
    "\u{AD}",
    "\u{E0041}",
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
title = 'Figure {9}'
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

/// How many places of the lesson carry an injection.
const LESSON_PLACES: usize = 14;

const MANIFEST: &str = r#"title = "Course \u001b]52;c;cm0=\u0007"
tagline = 'Tag {0}'

[[lesson]]
slug = "hostile"
file = "01-hostile.md"
title = "Lesson \u009b2J"
blurb = 'Blurb {1}'
"#;

const GLOSSARY: &str = r#"[[term]]
name = 'query {0}'
definition = "Def \x1b]8;;http://evil\x1b\\ &#x1b;[2J"
lesson = "hostile"
section = "1.1"
"#;

fn fill(template: &str, pick: impl Fn(usize) -> &'static str) -> String {
    let mut out = template.to_string();
    for i in (0..LESSON_PLACES).rev() {
        out = out.replace(&format!("{{{i}}}"), pick(i));
    }
    out
}

/// The 1-based line and column (in characters) where place `i` of `template` lands
/// once the others are filled.
fn place(template: &str, i: usize, pick: impl Fn(usize) -> &'static str) -> (usize, usize) {
    let marker = format!("{{{i}}}");
    let mut text = template.to_string();
    for j in (0..LESSON_PLACES).rev().filter(|&j| j != i) {
        text = text.replace(&format!("{{{j}}}"), pick(j));
    }
    let at = text.find(&marker).expect("the place is in the template");
    let line = text[..at].matches('\n').count() + 1;
    let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
    (line, text[line_start..at].chars().count() + 1)
}

fn pick(k: usize) -> impl Fn(usize) -> &'static str {
    move |i| INJECTIONS[(i + k) % INJECTIONS.len()]
}

/// The hostile course in a temporary directory, with injection `k` (cycling) in each
/// place.
fn course(k: usize) -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::write(dir.path().join("course.toml"), fill(MANIFEST, pick(k))).expect("write");
    fs::write(dir.path().join("01-hostile.md"), fill(LESSON, pick(k))).expect("write");
    fs::write(dir.path().join("glossary.toml"), fill(GLOSSARY, pick(k))).expect("write");
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
        "quote \u{FFFD}2J",
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
        let at = |file: &str, template: &str, i: usize| {
            let (line, col) = place(template, i, pick(k));
            format!("{file}:{line}:{col}: U+")
        };
        // Title, prose, heading, list item, quote, table cell, inline code, inline math,
        // a claim's expected value, figure title, prompt, hint, solution, a mistake's
        // `says`: each where its injection starts.
        let mut expected: Vec<String> = (0..LESSON_PLACES)
            .map(|i| at("01-hostile.md", LESSON, i))
            .collect();
        expected.extend([
            at("course.toml", MANIFEST, 0),
            at("course.toml", MANIFEST, 1),
            at("glossary.toml", GLOSSARY, 0),
            "01-hostile.md:25:20: U+001B".to_string(), // figure caption, TOML escape
            "01-hostile.md:43:18: U+001B".to_string(), // problem prompt, TOML `\e`
            "course.toml:1:17: U+001B".to_string(),
            "course.toml:7:17: U+009B".to_string(),
            "glossary.toml:3:19: U+001B".to_string(), // TOML 1.1 `\x1b`
            "glossary.toml:3:45: U+001B".to_string(), // `&#x1b;`, a markdown reference
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
    // At 80 columns the contents pane opens on `t` (it is shown by default from 100):
    // its border is what this test keeps straight.
    tui.send("t");
    tui.wait_for("1. Lesson");
    // vt100 drops U+FFFD (the replacement shown for hidden characters) where a real
    // terminal draws it one cell wide: replay the bytes with `?` in its place.
    let replayed = String::from_utf8_lossy(&tui.bytes).replace('\u{FFFD}', "?");
    let rows = std::num::NonZeroU16::new(24).expect("rows");
    let cols = std::num::NonZeroU16::new(80).expect("cols");
    let mut parser = vt100::Parser::new(rows, cols, 0);
    parser.process(replayed.as_bytes());
    let screen = parser.screen();
    let cell = |r: u16, c: u16| {
        screen
            .cell(r, c)
            .map_or(String::new(), |x| x.contents().to_string())
    };
    let column_of =
        |r: u16, what: &str| (0..80).filter(|&c| cell(r, c) == what).collect::<Vec<_>>();
    // The table's rule row: its `┼` must sit under the header's `│` and over the
    // hostile cell row's `│`, cell for cell (a character counted but not drawn shifts it).
    let rule = (0..24)
        .find(|&r| !column_of(r, "┼").is_empty())
        .unwrap_or_else(|| panic!("no table on screen:\n{}", screen.contents()));
    let cross = column_of(rule, "┼");
    for r in [rule - 1, rule + 1] {
        assert!(
            cross.iter().all(|c| column_of(r, "│").contains(c)),
            "row {r} is shifted against the rule {cross:?}:\n{}",
            screen.contents()
        );
    }
    // The pane border: one column on every row of the page.
    let border = column_of(rule, "│")[0];
    for r in 0..22 {
        assert_eq!(cell(r, border), "│", "row {r}:\n{}", screen.contents());
    }
    assert!(!tui.bytes.contains(&0x07), "BEL reached the terminal");
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

/// A one-lesson course in a temporary directory.
fn one_lesson(lesson: &str) -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let manifest = "title = \"C\"\n[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"A\"\n";
    fs::write(dir.path().join("course.toml"), manifest).expect("write");
    fs::write(dir.path().join("a.md"), lesson).expect("write");
    dir
}

#[test]
fn deep_nesting_is_read_and_checked_without_overflowing_the_stack() {
    let home = tempfile::tempdir().expect("temp dir");
    for opener in ["- ", "> ", "1. ", "- > "] {
        let lesson = format!("# Deep\n\n{}x\n", opener.repeat(20_000 / opener.len()));
        let dir = one_lesson(&lesson);
        for width in ["80", "20"] {
            let out = run(dir.path(), home.path(), &["read", "1", "--width", width]);
            assert!(out.status.success(), "{opener:?}: {out:?}");
            assert!(String::from_utf8_lossy(&out.stdout).contains('x'));
        }
        let out = run(dir.path(), home.path(), &["check", "--seeds", "1"]);
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(!out.status.success(), "{opener:?}");
        assert!(
            said.contains("a.md:3: lists and quotes nested more than 16 deep"),
            "{said}"
        );
    }
}

#[test]
fn a_matrix_parameter_whose_size_wraps_is_refused_not_allocated() {
    let home = tempfile::tempdir().expect("temp dir");
    let lesson = "# M\n\n```problem\nid = \"m\"\nkind = \"compute-number\"\nprompt = 'Sum {a}?'\nparams = { a = \"matrix(4294967296, 4294967296, 0, 1)\" }\nanswer = \"sum(a)\"\ntolerance = \"exact\"\nhints = ['h']\nsolution = 's'\n```\n";
    let dir = one_lesson(lesson);
    let out = run(dir.path(), home.path(), &["check", "--seeds", "1"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{said} {out:?}");
    assert!(
        said.contains("a.md:3:") && said.contains("entries"),
        "{said}"
    );
    let out = run(dir.path(), home.path(), &["problem", "1.1"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn two_lessons_with_one_slug_fail_to_load() {
    let home = tempfile::tempdir().expect("temp dir");
    let dir = one_lesson("# A\n");
    let twice = "title = \"C\"\n[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"A\"\n[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"B\"\n";
    fs::write(dir.path().join("course.toml"), twice).expect("write");
    let out = run(dir.path(), home.path(), &["check"]);
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("course.toml:6: lesson slug \"a\" is used twice"),
        "{said}"
    );
}

#[test]
fn a_lesson_over_the_size_cap_or_not_a_regular_file_is_refused_by_name() {
    let home = tempfile::tempdir().expect("temp dir");
    let big = format!("# Big\n\n{}\n", "word ".repeat(210_000));
    let dir = one_lesson(&big);
    let out = run(dir.path(), home.path(), &["list"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("a.md: 1050008 bytes; a course file may hold at most 1048576"),
        "{said}"
    );
    // A FIFO would block the open forever; a directory is no lesson either.
    for make in ["mkfifo", "mkdir"] {
        let dir = one_lesson("");
        let lesson = dir.path().join("a.md");
        fs::remove_file(&lesson).expect("remove");
        assert!(
            Command::new(make)
                .arg(&lesson)
                .status()
                .expect(make)
                .success()
        );
        let out = run(dir.path(), home.path(), &["list"]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("a.md: not a regular file"), "{make}: {said}");
    }
}

#[test]
fn an_over_long_answer_is_named_by_its_start_and_length_not_echoed() {
    let home = tempfile::tempdir().expect("temp dir");
    let dir = course(3);
    for answer in ["1+".repeat(50_000) + "1", "x".repeat(60_000)] {
        let out = run(dir.path(), home.path(), &["answer", "1.1", &answer]);
        let said = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(said.len() < 600, "{} bytes: {said}", said.len());
        assert!(
            said.contains(&format!("… ({} characters)", answer.len())),
            "{said}"
        );
    }
}
