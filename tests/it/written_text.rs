//! What the program writes from a record holds no raw hidden character (issue 26, item
//! 9): a record brought in with `progress import` may carry C1 controls, bidi and
//! zero-width characters and line separators, which a TOML serialiser leaves raw. The
//! export escapes them (`\uXXXX`) and reads back the same; `progress show` and the
//! notes' export replace them.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use attn_course::progress::{Attempt, Note, Progress};
use attn_course::sanitize::is_hidden;
use attn_course::store::decode_record;

/// One of each class the red team planted, soft hyphens and tag characters among them.
const PLANTED: [char; 9] = [
    '\u{9b}',
    '\u{85}',
    '\u{202E}',
    '\u{2066}',
    '\u{200B}',
    '\u{200D}',
    '\u{2028}',
    '\u{AD}',
    '\u{E0041}',
];

fn planted(what: &str) -> String {
    PLANTED.iter().map(|c| format!("{what}{c}")).collect()
}

/// A record holding the planted characters in an attempt, a note, a lesson's name and
/// an unknown field, written raw as an attacker would (the serialiser leaves them).
fn hostile_record() -> Progress {
    let mut p = Progress::new(7);
    let input = planted("in");
    p.record_attempt(
        &planted("lesson"),
        "p1",
        Attempt::new(1, &input, "v", false, 0),
    );
    p.notes.push(Note {
        id: "n1".into(),
        lesson: "lesson".into(),
        text: planted("note"),
        sentence: planted("sentence"),
        ..Note::default()
    });
    p.extra
        .insert("future".into(), toml::Value::String(planted("x'\"\\")));
    p
}

fn attn(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .args(args)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("run attn-course")
}

fn hidden(bytes: &[u8]) -> Vec<char> {
    String::from_utf8_lossy(bytes)
        .chars()
        .filter(|&c| is_hidden(c))
        .collect()
}

#[test]
fn an_export_escapes_every_hidden_character_and_reads_back_the_same() {
    let home = tempfile::tempdir().expect("temp dir");
    let file = home.path().join("hostile.toml");
    let raw = toml::to_string_pretty(&hostile_record()).expect("serialise");
    assert!(
        raw.contains('\u{9b}') && raw.contains('\u{2028}'),
        "planted raw"
    );
    fs::write(&file, raw).expect("write");
    let out = attn(
        home.path(),
        &["progress", "import", file.to_str().expect("utf-8")],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let export = attn(home.path(), &["progress", "export", "-"]);
    assert!(export.status.success());
    assert_eq!(hidden(&export.stdout), []);
    let back = decode_record(&export.stdout, &"export", 10).expect("reads back");
    let want = hostile_record();
    assert_eq!(back.notes[0].text, want.notes[0].text);
    assert_eq!(back.extra["future"], want.extra["future"]);
    assert_eq!(
        back.lessons.keys().collect::<Vec<_>>(),
        want.lessons.keys().collect::<Vec<_>>()
    );
    // The progress file itself holds none raw either.
    let stored = fs::read(home.path().join("progress.toml")).expect("progress file");
    assert_eq!(hidden(&stored), []);
    for args in [
        &["progress", "show"][..],
        &["progress", "export", "--notes", "-"],
    ] {
        let out = attn(home.path(), args);
        assert!(out.status.success(), "{args:?}");
        assert_eq!(hidden(&out.stdout), [], "{args:?}");
    }
}
