//! The store against hostile or unlucky surroundings, end to end with the real binary:
//! export targets (the progress file itself, links, devices, existing files), a lock
//! held by another instance, special files where records are read, oversized records,
//! links in the home, a reset under an open reader, a relative HOME.

use std::fs::{self, File};
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use attn_course::progress::{Attempt, Note, Progress};
use attn_course::store::{Store, format};
use tempfile::TempDir;

fn temp_dir() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

fn attn_cmd(home: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attn-course"));
    cmd.arg("--home").arg(home).args(args);
    cmd
}

/// Runs the binary; a run that has not ended within a minute is killed and fails the
/// test (a FIFO read would otherwise hang the test suite instead of failing it).
fn attn(home: &Path, args: &[&str]) -> Output {
    finish(attn_cmd(home, args))
}

fn finish(mut cmd: Command) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("running attn-course: {e}"));
    let start = Instant::now();
    while child.try_wait().ok().flatten().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("attn-course hung: {cmd:?}");
        }
        thread::sleep(Duration::from_millis(20));
    }
    child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("attn-course output: {e}"))
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn read(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) {
    fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap_or_else(|| panic!("non-UTF-8 path"))
}

fn parse_file(path: &Path) -> Progress {
    format::parse(&read(path)).unwrap_or_else(|e| panic!("{}", e.located(&path.display())))
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap_or_else(|e| panic!("mkfifo: {e}"));
    assert!(status.success());
}

/// A home whose record holds one note with escape sequences and a bidi override.
fn home_with_a_hostile_note() -> TempDir {
    let home = temp_dir();
    let mut p = Progress::new(5);
    p.notes.push(Note::new(
        "softmax",
        "1",
        "It sums\u{1b}]52;c;cm0gLXJm\u{7} to one.",
        "why\u{1b}[2J \u{202e}txt.exe\nreally?",
        9,
    ));
    Store::open(Some(home.path()))
        .store
        .save(&p)
        .unwrap_or_else(|e| panic!("{e}"));
    home
}

// Item 2: export targets.

#[test]
fn notes_export_never_writes_the_progress_file_or_anything_the_store_keeps() {
    let home = home_with_a_hostile_note();
    let progress = home.path().join("progress.toml");
    let before = read(&progress);
    let elsewhere = temp_dir();
    let hard = elsewhere.path().join("hard.md");
    fs::hard_link(&progress, &hard).unwrap_or_else(|e| panic!("{e}"));
    let link = elsewhere.path().join("link.md");
    symlink(&progress, &link).unwrap_or_else(|e| panic!("{e}"));
    let lock = home.path().join("progress.lock");
    let lock_before = read(&lock);
    let pending = home.path().join("progress.pending-1-2-0.toml");
    for target in [&progress, &lock, &pending, &hard, &link] {
        for force in [false, true] {
            let mut args = vec!["progress", "export", "--notes", s(target)];
            if force {
                args.push("--force");
            }
            let out = attn(home.path(), &args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let stderr = text(&out.stderr);
            assert!(stderr.contains("attn-course's own"), "{args:?}: {stderr}");
        }
    }
    assert_eq!(read(&progress), before);
    assert_eq!(read(&lock), lock_before);
    assert!(!pending.exists());
    // The record still opens with everything in it.
    assert_eq!(parse_file(&progress).notes.len(), 1);
}

#[test]
fn an_existing_file_is_replaced_only_with_force_and_atomically() {
    let home = home_with_a_hostile_note();
    let out_dir = temp_dir();
    let target = out_dir.path().join("notes.md");
    write(&target, b"my own notes");
    let out = attn(home.path(), &["progress", "export", "--notes", s(&target)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("already exists; pass --force"));
    assert_eq!(read(&target), b"my own notes");
    let out = attn(
        home.path(),
        &["progress", "export", "--notes", s(&target), "--force"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&read(&target)).starts_with("# My notes and questions"));
    assert_eq!(
        names(out_dir.path()),
        ["notes.md"],
        "no temporary file left"
    );
}

#[test]
fn exported_notes_carry_no_escape_sequence_or_bidi_override() {
    let home = home_with_a_hostile_note();
    let out = attn(home.path(), &["progress", "export", "--notes", "-"]);
    assert_eq!(out.status.code(), Some(0));
    let md = text(&out.stdout);
    assert!(md.contains("- [ ] why"), "{md}");
    assert!(
        !md.chars()
            .any(|c| (c.is_control() && c != '\n') || ('\u{202a}'..='\u{202e}').contains(&c)),
        "{md:?}"
    );
    // The line that reports the export goes to stderr when stdout is the export.
    assert_eq!(
        text(&out.stderr),
        "attn-course: exported 1 note to standard output\n"
    );
}

#[test]
fn a_link_is_written_through_and_said_and_devices_are_refused() {
    let home = home_with_a_hostile_note();
    let dir = temp_dir();
    let real = dir.path().join("real.toml");
    let link = dir.path().join("link.toml");
    symlink("real.toml", &link).unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["progress", "export", s(&link)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
    let seed = parse_file(&home.path().join("progress.toml")).learner_seed;
    assert_eq!(parse_file(&real).learner_seed, seed);
    assert_eq!(
        text(&out.stdout),
        format!(
            "exported your record to {} (the file the link {} points to)\n",
            real.display(),
            link.display()
        )
    );
    let fifo = dir.path().join("fifo");
    mkfifo(&fifo);
    for target in [Path::new("/dev/null"), fifo.as_path(), dir.path()] {
        let out = attn(home.path(), &["progress", "export", s(target), "--force"]);
        assert_eq!(out.status.code(), Some(2), "{}", target.display());
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("not a regular file; give - to write to standard output"),
            "{stderr}"
        );
    }
    // `-` is standard output, the record itself.
    let out = attn(home.path(), &["progress", "export", "-"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(format::parse(&out.stdout).map(|p| p.learner_seed), Ok(seed));
}

#[test]
fn a_failed_export_names_no_temporary_file() {
    let home = home_with_a_hostile_note();
    let out = attn(
        home.path(),
        &[
            "progress",
            "export",
            "--notes",
            "/proc/no-such-dir/notes.md",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("attn-course: cannot write /proc/no-such-dir/notes.md: "),
        "{stderr}"
    );
    assert!(!stderr.contains(".attn-course-"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
}

// Item 3: the lock held by another instance.

/// Holds `<home>/progress.lock` as another instance would, until dropped.
fn hold_lock(home: &Path) -> File {
    let lock = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(home.join("progress.lock"))
        .unwrap_or_else(|e| panic!("{e}"));
    lock.lock().unwrap_or_else(|e| panic!("{e}"));
    lock
}

fn pending_files(home: &Path) -> Vec<String> {
    names(home)
        .into_iter()
        .filter(|n| n.starts_with("progress.pending-"))
        .collect()
}

#[test]
fn an_answer_checked_while_the_lock_is_held_is_kept_and_merged_later() {
    let home = temp_dir();
    attn(home.path(), &["progress", "show"]);
    let held = hold_lock(home.path());
    let out = attn(home.path(), &["answer", "1.1", "12345"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("your work is kept in"), "{stderr}");
    assert!(!stderr.contains("not recorded"), "{stderr}");
    assert_eq!(pending_files(home.path()).len(), 1);
    // Another instance started meanwhile sees the attempt already.
    let show = attn(home.path(), &["progress", "show"]);
    assert!(
        text(&show.stdout).contains("wrong  12345"),
        "{}",
        text(&show.stdout)
    );
    drop(held);
    // The next save merges it into the record and removes the pending file.
    let out = attn(home.path(), &["answer", "1.1", "23456"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(pending_files(home.path()), Vec::<String>::new());
    let record = parse_file(&home.path().join("progress.toml"));
    let inputs: Vec<String> = record
        .lessons
        .values()
        .flat_map(|l| l.problems.values())
        .flat_map(|p| p.attempts.iter().map(|a| a.input.clone()))
        .collect();
    assert_eq!(inputs, ["12345", "23456"]);
}

#[test]
fn a_reader_saving_while_the_lock_is_held_loses_nothing() {
    let home = temp_dir();
    let mut opened = Store::open(Some(home.path()));
    let held = hold_lock(home.path());
    let mut mine = opened.progress.clone();
    mine.set_position("softmax", 7, 100);
    let first = opened.store.save_merged(&mut mine);
    assert!(
        first.as_ref().is_ok_and(|s| s.notice.is_some()),
        "{first:?}"
    );
    mine.record_attempt("softmax", "p", Attempt::new(101, "1", "", true, 0));
    assert!(opened.store.save_merged(&mut mine).is_ok());
    // One pending file per instance: the second replaced the first.
    assert_eq!(pending_files(home.path()).len(), 1);
    drop(held);
    let later = Store::open(Some(home.path())).progress;
    assert_eq!(later.position.map(|p| p.block), Some(7));
    assert!(later.lessons["softmax"].problems["p"].solved);
}

// Item 8: special files where a record is read.

#[test]
fn devices_and_fifos_where_records_are_read_fail_at_once() {
    let home = temp_dir();
    symlink("/dev/zero", home.path().join("progress.toml")).unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["progress", "show"]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("is a device, not a regular file"),
        "{stderr}"
    );

    let home = temp_dir();
    mkfifo(&home.path().join("progress.toml"));
    let out = attn(home.path(), &["progress", "show"]);
    assert!(text(&out.stderr).contains("is a FIFO, not a regular file"));

    let home = temp_dir();
    mkfifo(&home.path().join("progress.lock"));
    let out = attn(home.path(), &["answer", "1.1", "1"]);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("progress.lock is a FIFO"), "{stderr}");

    let home = temp_dir();
    let fifo = home.path().join("in.toml");
    mkfifo(&fifo);
    let out = attn(home.path(), &["progress", "import", s(&fifo)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is a FIFO, not a regular file"));
}

// Item 9: size and volume.

#[test]
fn an_oversized_import_is_refused_and_an_oversized_record_set_aside() {
    let home = temp_dir();
    let files = temp_dir();
    let big = files.path().join("big.toml");
    let mut blob = String::from("schema = 1\nlearner_seed = 5\nblob = [");
    blob.push_str(&"1,".repeat(9 << 20));
    blob.push_str("1]\n");
    write(&big, blob.as_bytes());
    let out = attn(home.path(), &["progress", "import", s(&big)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("is larger than 16 MiB"),
        "{}",
        text(&out.stderr)
    );
    // The same file as the progress file: set aside whole, a fresh record started.
    fs::copy(&big, home.path().join("progress.toml")).unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["progress", "show"]);
    assert!(text(&out.stderr).contains("unreadable; moved to"));
    let aside: Vec<String> = names(home.path())
        .into_iter()
        .filter(|n| n.starts_with("progress.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert_eq!(
        fs::metadata(home.path().join(&aside[0]))
            .map(|m| m.len())
            .ok(),
        Some(blob.len() as u64)
    );
}

#[test]
fn a_compact_import_that_would_balloon_is_refused_and_nothing_changes() {
    let home = temp_dir();
    attn(home.path(), &["progress", "show"]);
    let before = read(&home.path().join("progress.toml"));
    let files = temp_dir();
    // Long keys repeated in every attempt's table header when written out.
    let mut hostile = format!(
        "schema = 1\nlearner_seed = 5\n[lessons.{}.problems.{}]\nattempts = [",
        "s".repeat(250),
        "p".repeat(250)
    );
    for at in 0..100_000 {
        hostile.push_str(&format!("{{at={at},input=\"\",correct=false}},"));
    }
    hostile.push_str("]\n");
    let file = files.path().join("hostile.toml");
    write(&file, hostile.as_bytes());
    let out = attn(home.path(), &["progress", "import", s(&file)]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("over the 16 MiB a record may be"),
        "{stderr}"
    );
    assert_eq!(read(&home.path().join("progress.toml")), before);
    // Unknown fields are kept, up to a bound.
    let unknown = files.path().join("unknown.toml");
    let many = vec!["0"; 250_000].join(",");
    write(
        &unknown,
        format!("schema = 1\nlearner_seed = 5\nblob = [{many}]\n").as_bytes(),
    );
    let out = attn(home.path(), &["progress", "import", s(&unknown)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("values in unknown fields"));
}

// Item 13: times in the future.

#[test]
fn a_place_stamped_in_the_future_does_not_pin_the_learner() {
    let home = temp_dir();
    let now = attn_course::progress::clock::now();
    let mut ahead = Progress::new(3);
    ahead.set_position("heads", 40, now + 10 * 365 * 86_400);
    Store::open(Some(home.path()))
        .store
        .save(&ahead)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut opened = Store::open(Some(home.path()));
    opened.progress.set_position("softmax", 2, now + 1);
    let saved = opened.store.save_merged(&mut opened.progress);
    assert!(saved.is_ok(), "{saved:?}");
    let on_disk = parse_file(&home.path().join("progress.toml"));
    let place = on_disk.position.map(|p| (p.lesson, p.block));
    assert_eq!(place, Some(("softmax".to_string(), 2)));
}

// Item 14: links in the home.

#[test]
fn a_linked_progress_file_is_written_through_and_a_linked_lock_is_refused() {
    let home = temp_dir();
    let dotfiles = temp_dir();
    let real = dotfiles.path().join("attn-progress.toml");
    let link = home.path().join("progress.toml");
    symlink(&real, &link).unwrap_or_else(|e| panic!("{e}"));
    let mut opened = Store::open(Some(home.path()));
    assert!(opened.warning.is_none(), "{:?}", opened.warning);
    opened.progress.set_position("softmax", 5, 10);
    let saved = opened.store.save_merged(&mut opened.progress);
    assert!(saved.is_ok(), "{saved:?}");
    assert!(fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink()));
    assert_eq!(parse_file(&real).position.map(|p| p.block), Some(5));
    // A reset keeps the old record's bytes, not a copy of the link.
    let (_, kept) = opened.store.reset().unwrap_or_else(|e| panic!("{e}"));
    let kept = kept.unwrap_or_else(|| panic!("nothing kept"));
    assert!(fs::symlink_metadata(&kept).is_ok_and(|m| m.file_type().is_file()));
    assert_eq!(parse_file(&kept).position.map(|p| p.block), Some(5));

    let home = temp_dir();
    let target = dotfiles.path().join("elsewhere.lock");
    symlink(&target, home.path().join("progress.lock")).unwrap_or_else(|e| panic!("{e}"));
    let out = attn(home.path(), &["answer", "1.1", "1"]);
    assert!(text(&out.stderr).contains("progress.lock is a symbolic link"));
    assert!(!target.exists(), "the dangling link was followed");
}

// Item 15: reset, newer files, cut files.

#[test]
fn a_reset_is_not_undone_by_a_reader_that_was_open() {
    let home = temp_dir();
    let mut reader = Store::open(Some(home.path()));
    reader
        .progress
        .record_attempt("softmax", "p", Attempt::new(5, "1", "", true, 0));
    assert!(reader.store.save_merged(&mut reader.progress).is_ok());
    let out = attn(home.path(), &["progress", "reset", "--yes"]);
    assert_eq!(out.status.code(), Some(0));
    // The reader, still open, moves on and saves.
    reader.progress.set_position("softmax", 9, 50);
    let notice = reader.store.save_merged(&mut reader.progress);
    assert!(
        notice
            .as_ref()
            .is_ok_and(|s| s.notice.as_deref().is_some_and(|n| n.contains("was reset"))),
        "{notice:?}"
    );
    let on_disk = parse_file(&home.path().join("progress.toml"));
    assert!(on_disk.lessons.is_empty(), "the reset was undone");
    assert_eq!(on_disk.resets, 1);
    assert_eq!(
        reader.progress, on_disk,
        "the reader goes on from the reset"
    );
}

#[test]
fn reset_refuses_a_newer_file() {
    let home = temp_dir();
    let newer = b"schema = 7\nlearner_seed = 5\n";
    write(&home.path().join("progress.toml"), newer);
    let out = attn(home.path(), &["progress", "reset", "--yes"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("newer attn-course"));
    assert_eq!(read(&home.path().join("progress.toml")), newer);
}

#[test]
fn a_record_cut_at_a_line_is_set_aside_not_loaded() {
    let home = temp_dir();
    let mut p = Progress::new(5);
    p.record_attempt("softmax", "p", Attempt::new(5, "1", "", true, 0));
    p.record_attempt("softmax", "p", Attempt::new(6, "2", "", false, 0));
    Store::open(Some(home.path()))
        .store
        .save(&p)
        .unwrap_or_else(|e| panic!("{e}"));
    let path = home.path().join("progress.toml");
    let full = text(&read(&path));
    let cut: String = full.lines().take(12).map(|l| format!("{l}\n")).collect();
    write(&path, cut.as_bytes());
    let opened = Store::open(Some(home.path()));
    let warning = opened.warning.unwrap_or_default();
    assert!(warning.contains("unreadable; moved to"), "{warning}");
}

// Item 16: a relative home.

#[test]
fn a_relative_home_is_refused_and_nothing_is_written_in_the_current_folder() {
    let cwd = temp_dir();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attn-course"));
    cmd.args(["progress", "show"])
        .current_dir(cwd.path())
        .env("HOME", "relative/home")
        .env_remove("XDG_DATA_HOME")
        .env_remove("ATTN_COURSE_HOME");
    let out = finish(cmd);
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is not an absolute path"), "{stderr}");
    assert_eq!(names(cwd.path()), Vec::<String>::new());
}

// Issue 17 item 14: a learner's numbers move with their record.

#[test]
fn an_export_imported_on_a_machine_already_opened_keeps_the_numbers() {
    let old = temp_dir();
    let mut p = Progress::new(4242);
    p.record_attempt("softmax", "p", Attempt::new(5, "1", "", false, 0));
    Store::open(Some(old.path()))
        .store
        .save(&p)
        .unwrap_or_else(|e| panic!("{e}"));
    let file = old.path().join("export.toml");
    assert_eq!(
        attn(old.path(), &["progress", "export", s(&file)])
            .status
            .code(),
        Some(0)
    );
    // The new machine: opened and read a little, no problem touched.
    let new = temp_dir();
    let opened =
        b"schema = 1\nlearner_seed = 1\n[position]\nlesson = \"heads\"\nblock = 3\nat = 7\n";
    write(&new.path().join("progress.toml"), opened);
    let problem = |home: &Path| text(&attn(home, &["problem", "1.1"]).stdout);
    assert_ne!(problem(old.path()), problem(new.path()));
    let out = attn(new.path(), &["progress", "import", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        parse_file(&new.path().join("progress.toml")).learner_seed,
        4242
    );
    assert_eq!(problem(old.path()), problem(new.path()));
}
