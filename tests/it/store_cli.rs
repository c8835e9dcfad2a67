//! `attn-course progress ...` end to end: the real binary with a temporary `--home`
//! (the notes' markdown export and their import included).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use attn_course::progress::{Note, Progress};
use attn_course::store::format;
use tempfile::TempDir;

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("progress/v1.toml")
}

fn temp_dir() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

fn attn(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running attn-course: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn read_record(path: &Path) -> Progress {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    format::parse(&bytes).unwrap_or_else(|e| panic!("{}", e.located(&path.display())))
}

fn path_str(path: &Path) -> &str {
    path.to_str()
        .unwrap_or_else(|| panic!("non-UTF-8 temporary path"))
}

#[test]
fn show_on_a_first_start() {
    let home = temp_dir();
    let out = attn(home.path(), &["progress", "show"]);
    assert_eq!(out.status.code(), Some(0));
    let expected = format!(
        "progress file: {}\nno lessons read and no problems attempted yet\n",
        home.path().join("progress.toml").display()
    );
    assert_eq!(text(&out.stdout), expected);
    assert_eq!(text(&out.stderr), "");
}

fn problem_fence(id: &str) -> String {
    format!(
        "```problem\nid = \"{id}\"\nkind = \"compute-number\"\nprompt = \"p\"\nanswer = \"1\"\ntolerance = \"exact\"\nhints = [\"h\"]\nsolution = \"s\"\n```\n"
    )
}

/// A two-lesson course: `three-matrices` (problems `template-output`,
/// `identical-values`) and `sqrt-dk` (`scale-first`, `dot-product-variance`). The
/// sample's third lesson, `softmax`, is not in it.
fn small_course(dir: &Path) {
    let write = |name: &str, text: &str| {
        fs::write(dir.join(name), text).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    write(
        "course.toml",
        "title = \"Small\"\n\n[[lesson]]\nslug = \"three-matrices\"\nfile = \"one.md\"\ntitle = \"One\"\n\n[[lesson]]\nslug = \"sqrt-dk\"\nfile = \"two.md\"\ntitle = \"Two\"\n",
    );
    let one = format!(
        "# One\n\n{}\n{}",
        problem_fence("template-output"),
        problem_fence("identical-values")
    );
    write("one.md", &one);
    let two = format!(
        "# Two\n\n{}\n{}",
        problem_fence("scale-first"),
        problem_fence("dot-product-variance")
    );
    write("two.md", &two);
}

/// `attn-course answer` stores the answer as the reader does, trimmed: the two paths
/// are one function (`progress::Learner::answer`).
#[test]
fn an_answer_from_the_command_line_is_recorded_trimmed() {
    let home = temp_dir();
    let course = temp_dir();
    small_course(course.path());
    let dir = path_str(course.path());
    let out = attn(home.path(), &["--course", dir, "answer", "1.1", "  2 \t"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = attn(home.path(), &["--course", dir, "answer", "1.1", "\n 1  "]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // An input that cannot be judged records nothing.
    let out = attn(home.path(), &["--course", dir, "answer", "1.1", "   "]);
    assert_eq!(out.status.code(), Some(2));
    let record = read_record(&home.path().join("progress.toml"));
    let attempts: Vec<(&str, &str, bool)> =
        record.lessons["three-matrices"].problems["template-output"]
            .attempts
            .iter()
            .map(|a| (a.input.as_str(), a.value.as_str(), a.correct))
            .collect();
    assert_eq!(attempts, [("2", "2", false), ("1", "1", true)]);
}

#[test]
fn import_into_a_fresh_home_then_show() {
    let home = temp_dir();
    let course = temp_dir();
    small_course(course.path());
    let out = attn(home.path(), &["progress", "import", path_str(&sample())]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // A fresh home adopts the imported learner's seed, so their numbers stay theirs.
    let record = read_record(&home.path().join("progress.toml"));
    assert_eq!(record.learner_seed, 8_141_506_721_049_875_327);

    let out = attn(
        home.path(),
        &["--course", path_str(course.path()), "progress", "show"],
    );
    assert_eq!(text(&out.stderr), "");
    let expected = format!(
        "\
progress file: {}
reading: softmax, block 17 (2025-11-30 02:50:00 UTC)

1. three-matrices  read 100%  problems: 1 solved, 2 attempted
  1.1 template-output  solved, 2 attempts, 1 hint
    2025-11-29 01:25:00 UTC  wrong  [2, 0, 1] @ [[1,0],[0,1],[1,1]] = [3, 1]
    2025-11-29 01:27:00 UTC  right  softmax([2, 0, 1]) @ [[1,0],[0,1],[1,1]] = [0.909969, 0.334759]
  1.2 identical-values  1 attempt, variant 1, 2 hints, solution viewed
    2025-11-29 01:31:40 UTC  wrong  5 * 1.5 = 7.5

2. sqrt-dk  read 62%  problems: 0 solved, 1 attempted
  2.2 dot-product-variance  1 attempt
    2025-11-30 01:15:00 UTC  wrong  sqrt(64

softmax (not in this course)  read 15%  problems: 0 solved, 0 attempted
",
        home.path().join("progress.toml").display()
    );
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn show_with_a_broken_course_still_lists_the_record() {
    let home = temp_dir();
    let course = temp_dir();
    attn(home.path(), &["progress", "import", path_str(&sample())]);
    let out = attn(
        home.path(),
        &["--course", path_str(course.path()), "progress", "show"],
    );
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert!(
        stderr.ends_with("; listing the record without lesson numbers\n"),
        "{stderr}"
    );
    assert!(
        text(&out.stdout)
            .contains("\nthree-matrices  read 100%  problems: 1 solved, 2 attempted\n")
    );
}

#[test]
fn import_merges_and_never_drops_what_the_learner_has() {
    let home = temp_dir();
    let files = temp_dir();
    let mine = files.path().join("mine.toml");
    fs::write(
        &mine,
        "schema = 1\nlearner_seed = 4\n[lessons.heads.problems.\"4.1\"]\nsolved = true\n[[lessons.heads.problems.\"4.1\".attempts]]\nat = 9\ninput = \"2\"\ncorrect = true\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        attn(home.path(), &["progress", "import", path_str(&mine)])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        attn(home.path(), &["progress", "import", path_str(&sample())])
            .status
            .code(),
        Some(0)
    );
    let record = read_record(&home.path().join("progress.toml"));
    assert_eq!(
        record.learner_seed, 4,
        "a learner with work keeps their seed"
    );
    assert!(record.lessons["heads"].problems["4.1"].solved);
    assert!(record.lessons["three-matrices"].problems["template-output"].solved);
    assert_eq!(
        record.extra["editor_note"].as_str(),
        Some("kept by hand; attn-course must not drop this")
    );
}

#[test]
fn export_writes_the_record_and_it_imports_back() {
    let home = temp_dir();
    let files = temp_dir();
    attn(home.path(), &["progress", "import", path_str(&sample())]);
    let exported = files.path().join("out.toml");
    let out = attn(home.path(), &["progress", "export", path_str(&exported)]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        format!("exported your record to {}\n", exported.display())
    );
    assert_eq!(
        read_record(&exported),
        read_record(&home.path().join("progress.toml"))
    );

    let other_home = temp_dir();
    attn(
        other_home.path(),
        &["progress", "import", path_str(&exported)],
    );
    assert_eq!(
        read_record(&other_home.path().join("progress.toml")),
        read_record(&exported)
    );
}

#[test]
fn a_bad_import_is_exit_2_with_one_line_saying_where() {
    let home = temp_dir();
    let files = temp_dir();
    let cases = [
        (
            "type.toml",
            "schema = 1\nlearner_seed = 5\n\n[lessons.heads]\nread = \"most\"\n",
            ":5:8: invalid type: string \"most\", expected f64",
        ),
        ("syntax.toml", "schema = 1\nlearner_seed = = 5\n", ":2:16: "),
        (
            "missing.toml",
            "schema = 1\n",
            ":1:1: missing field `learner_seed`",
        ),
        (
            "newer.toml",
            "schema = 9\nlearner_seed = 5\n",
            ": schema 9 is newer than this attn-course reads (1); upgrade attn-course",
        ),
    ];
    // A learner's real record, with attempts, hints and notes, as another release wrote
    // it (so any save, even of the same record, would change its bytes): every failed
    // import must leave it byte for byte.
    let record = home.path().join("progress.toml");
    fs::copy(sample(), &record).unwrap_or_else(|e| panic!("{e}"));
    let before = fs::read(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(!read_record(&record).lessons.is_empty());
    assert_ne!(
        format::to_toml(&read_record(&record))
            .map(String::into_bytes)
            .ok(),
        Some(before.clone()),
        "a save would rewrite the sample"
    );
    for (name, content, expected) in cases {
        let file = files.path().join(name);
        fs::write(&file, content).unwrap_or_else(|e| panic!("{e}"));
        let out = attn(home.path(), &["progress", "import", path_str(&file)]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = text(&out.stderr);
        let prefix = format!("attn-course: {}{expected}", file.display());
        assert!(stderr.starts_with(&prefix), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
    }
    let missing = files.path().join("absent.toml");
    let out = attn(home.path(), &["progress", "import", path_str(&missing)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with(&format!("attn-course: cannot read {}: ", missing.display()))
    );
    assert_eq!(fs::read(&record).ok(), Some(before));
}

#[test]
fn reset_keeps_the_old_record_and_says_where() {
    let home = temp_dir();
    attn(home.path(), &["progress", "import", path_str(&sample())]);
    let before = fs::read(home.path().join("progress.toml")).unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["progress", "reset", "--yes"]);
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    let kept = stdout
        .strip_prefix("started fresh; your old record is kept at ")
        .and_then(|rest| rest.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert_eq!(fs::read(kept).ok(), Some(before));
    let fresh = read_record(&home.path().join("progress.toml"));
    assert!(fresh.is_empty());
    assert_ne!(fresh.learner_seed, 8_141_506_721_049_875_327);
}

#[test]
fn a_corrupt_file_is_reported_on_stderr_and_the_command_goes_on() {
    let home = temp_dir();
    fs::write(home.path().join("progress.toml"), "schema = [").unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["progress", "show"]);
    assert_eq!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("attn-course: progress file was unreadable; moved to "),
        "{stderr}"
    );
    assert!(text(&out.stdout).contains("no lessons read"));
}

/// A record of `n` attempts, as TOML.
fn record_with_attempts(n: usize) -> String {
    let mut text = String::from("schema = 1\nlearner_seed = 5\n");
    for i in 0..n {
        let _ = writeln!(
            text,
            "[[lessons.heads.problems.\"4.1\".attempts]]\nat = {i}\ninput = \"attempt number {i}\"\ncorrect = false"
        );
    }
    text
}

#[test]
fn a_write_error_leaves_the_old_file_intact_and_exits_2() {
    let home = temp_dir();
    let files = temp_dir();
    let progress = home.path().join("progress.toml");
    fs::copy(sample(), &progress).unwrap_or_else(|e| panic!("{e}"));
    let before = fs::read(&progress).unwrap_or_else(|e| panic!("{e}"));
    let large = files.path().join("large.toml");
    fs::write(&large, record_with_attempts(400)).unwrap_or_else(|e| panic!("{e}"));
    // A file size limit of 512 bytes makes the write fail as a full disk would
    // (EFBIG instead of ENOSPC; SIGXFSZ ignored so the write returns the error).
    let out = Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 1 && exec \"$@\"", "sh"])
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .args(["progress", "import"])
        .arg(&large)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    let expected = format!(
        "attn-course: could not save progress to {}: ",
        progress.display()
    );
    assert!(stderr.starts_with(&expected), "{stderr}");
    assert_eq!(fs::read(&progress).ok(), Some(before));
    let leftovers: Vec<_> = fs::read_dir(home.path())
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn with_a_home_that_cannot_exist_show_warns_and_import_fails() {
    let root = temp_dir();
    fs::write(root.path().join("file"), "").unwrap_or_else(|e| panic!("{e}"));
    let home = root.path().join("file/home");
    let shown = attn(&home, &["progress", "show"]);
    assert_eq!(shown.status.code(), Some(0));
    let warning = format!(
        "attn-course: progress will not be kept: cannot create {}: ",
        home.display()
    );
    assert!(
        text(&shown.stderr).starts_with(&warning),
        "{}",
        text(&shown.stderr)
    );
    let out = attn(&home, &["progress", "import", path_str(&sample())]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    let second = stderr.lines().nth(1).unwrap_or_default();
    assert!(
        second.starts_with("attn-course: could not save progress to "),
        "{stderr}"
    );
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
