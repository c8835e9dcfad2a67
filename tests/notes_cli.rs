//! `attn-course progress export --notes FILE` and notes through import, end to end with
//! the real binary, a temporary `--home` and the bundled course.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use attn_course::store::{Note, Progress, format};

fn attn(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running attn-course: {e}"))
}

fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

fn write_record(path: &Path, progress: &Progress) {
    let text = format::to_toml(progress).unwrap_or_else(|e| panic!("{e}"));
    fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
}

fn with_notes(notes: &[(&str, &str)]) -> Progress {
    let mut p = Progress::new(7);
    for (i, (sentence, text)) in notes.iter().enumerate() {
        p.notes
            .push(Note::new("sqrt-dk", "2.1", sentence, text, 100 + i as u64));
    }
    p
}

#[test]
fn export_notes_writes_markdown_and_leaves_the_record_export_alone() {
    let home = temp_dir();
    write_record(
        &home.path().join("progress.toml"),
        &with_notes(&[("The scores grow.", "how fast?")]),
    );
    let out_dir = temp_dir();
    let md = out_dir.path().join("notes.md");
    let md_arg = md.to_str().unwrap_or_default();
    let out = attn(home.path(), &["progress", "export", "--notes", md_arg]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("exported 1 note to {}\n", md.display())
    );
    let text = fs::read_to_string(&md).unwrap_or_default();
    assert!(text.starts_with("# My notes and questions\n"), "{text}");
    assert!(
        text.contains("\n### 2.1\n\n> The scores grow.\n\n- [ ] how fast?\n"),
        "{text}"
    );
    // Without a file and without --notes there is nothing to export: a usage error.
    let none = attn(home.path(), &["progress", "export"]);
    assert_eq!(none.status.code(), Some(2));
    // The record export is unchanged, and carries the notes.
    let record = out_dir.path().join("r.toml");
    let out = attn(
        home.path(),
        &["progress", "export", record.to_str().unwrap_or_default()],
    );
    assert_eq!(out.status.code(), Some(0));
    let back = format::parse(&fs::read(&record).unwrap_or_default())
        .unwrap_or_else(|e| panic!("{}", e.located(&"r.toml")));
    assert_eq!(back.notes.len(), 1);
}

#[test]
fn import_adds_the_other_machine_s_notes_and_keeps_mine() {
    let home = temp_dir();
    write_record(
        &home.path().join("progress.toml"),
        &with_notes(&[("Mine.", "my note")]),
    );
    let other = temp_dir();
    let file = other.path().join("other.toml");
    write_record(&file, &with_notes(&[("Theirs.", "their note")]));
    let out = attn(
        home.path(),
        &["progress", "import", file.to_str().unwrap_or_default()],
    );
    assert_eq!(out.status.code(), Some(0));
    let merged = format::parse(&fs::read(home.path().join("progress.toml")).unwrap_or_default())
        .unwrap_or_else(|e| panic!("{}", e.located(&"progress.toml")));
    let mut texts: Vec<&str> = merged.notes.iter().map(|n| n.text.as_str()).collect();
    texts.sort();
    assert_eq!(texts, ["my note", "their note"]);
}
