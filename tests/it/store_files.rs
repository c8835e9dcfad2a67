//! The progress store against a real filesystem: round trips, damaged files, homes that
//! cannot be written, newer files, and several instances on one home. Every test uses
//! its own temporary home, never the real one.

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Barrier};
use std::thread;

use attn_course::progress::{Attempt, Progress};
use attn_course::store::{Store, format};
use tempfile::TempDir;

fn temp_home() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("temporary home: {e}"))
}

fn read(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) {
    fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn parse_file(path: &Path) -> Progress {
    format::parse(&read(path)).unwrap_or_else(|e| panic!("{}", e.located(&path.display())))
}

/// Files in `dir` whose names start with `prefix`, sorted.
fn files_starting(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .collect();
    found.sort();
    found
}

fn attempt(at: u64, input: &str, correct: bool) -> Attempt {
    Attempt::new(at, input, "", correct, 0)
}

#[test]
fn round_trip_keeps_every_field() {
    let home = temp_home();
    let opened = Store::open(Some(home.path()));
    assert_eq!(opened.warning, None);
    let mut store = opened.store;
    let mut progress = opened.progress;
    progress.set_position("softmax", 12, 1_000);
    progress.lessons.entry("softmax".into()).or_default().read = 0.5;
    progress.record_attempt(
        "softmax",
        "3.1",
        Attempt::new(990, "softmax([1, 2])[0]", "0.268941", true, 2),
    );
    progress.record_attempt("softmax", "3.2", attempt(995, "exp(", false));
    store.save(&progress).unwrap_or_else(|e| panic!("{e}"));
    let reopened = Store::open(Some(home.path()));
    assert_eq!(reopened.warning, None);
    assert_eq!(reopened.progress, progress);
    assert_eq!(
        reopened.store.path(),
        Some(home.path().join("progress.toml").as_path())
    );
}

#[test]
fn a_missing_home_is_created_and_the_first_seed_is_kept_for_every_instance() {
    let root = temp_home();
    let home = root.path().join("a/b/attn-course");
    let first = Store::open(Some(&home));
    assert_eq!(first.warning, None);
    assert!(home.join("progress.toml").is_file());
    let second = Store::open(Some(&home));
    assert_eq!(second.progress.learner_seed, first.progress.learner_seed);
    let other_home = Store::open(Some(&root.path().join("elsewhere")));
    assert_ne!(
        other_home.progress.learner_seed,
        first.progress.learner_seed
    );
}

/// A valid record cut inside a string, as a crash of a non-atomic writer would leave it.
fn truncated_record() -> Vec<u8> {
    let text = "schema = 1\nlearner_seed = 12\n\n[[lessons.softmax.problems.\"3.1\".attempts]]\nat = 5\ninput = \"softmax([1, 2";
    text.as_bytes().to_vec()
}

#[test]
fn unreadable_files_are_moved_aside_byte_for_byte_and_the_course_opens_fresh() {
    let cases: [(&str, Vec<u8>); 5] = [
        ("garbage", b"\x00\x01 this is not toml ]]]".to_vec()),
        ("truncated", truncated_record()),
        ("empty", Vec::new()),
        (
            "wrong type",
            b"schema = 1\nlearner_seed = 3\n[lessons.softmax]\nread = \"most\"\n".to_vec(),
        ),
        (
            "not utf-8",
            b"schema = 1\nlearner_seed = 3\nnote = \"\xc3\x28\"\n".to_vec(),
        ),
    ];
    for (name, bytes) in cases {
        let home = temp_home();
        let path = home.path().join("progress.toml");
        write(&path, &bytes);
        let opened = Store::open(Some(home.path()));
        let aside = files_starting(home.path(), "progress.corrupt-");
        assert_eq!(aside.len(), 1, "{name}: one file set aside");
        assert_eq!(read(&aside[0]), bytes, "{name}: kept byte for byte");
        let warning = opened.warning.unwrap_or_default();
        assert_eq!(
            warning,
            format!(
                "progress file was unreadable; moved to {}; starting fresh",
                aside[0].display()
            ),
            "{name}"
        );
        assert!(opened.progress.is_empty(), "{name}: fresh");
        assert_eq!(
            parse_file(&path),
            opened.progress,
            "{name}: fresh record written"
        );
    }
}

#[test]
fn a_second_corruption_never_replaces_the_first_copy() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    write(&path, b"first = [");
    drop(Store::open(Some(home.path())));
    write(&path, b"second = [");
    drop(Store::open(Some(home.path())));
    let aside = files_starting(home.path(), "progress.corrupt-");
    let mut kept: Vec<Vec<u8>> = aside.iter().map(|p| read(p)).collect();
    kept.sort();
    assert_eq!(kept, [b"first = [".to_vec(), b"second = [".to_vec()]);
}

#[test]
fn a_file_that_turns_corrupt_after_open_is_set_aside_at_save() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    let opened = Store::open(Some(home.path()));
    let (mut store, mut progress) = (opened.store, opened.progress);
    write(&path, b"learner_seed = ");
    progress.record_attempt("heads", "4.1", attempt(7, "2", true));
    let notice = store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"))
        .notice;
    let aside = files_starting(home.path(), "progress.corrupt-");
    assert_eq!(aside.len(), 1);
    assert_eq!(read(&aside[0]), b"learner_seed = ");
    assert!(notice.is_some_and(|n| n.contains(&aside[0].display().to_string())));
    assert_eq!(parse_file(&path), progress);
}

#[test]
fn unknown_fields_at_every_level_survive_a_save() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    let original = r#"schema = 1
learner_seed = 77
theme = "dark"
started = 2026-11-29T10:00:00Z
[sync]
peers = ["laptop", "server"]
[sync.last]
at = 5
[position]
lesson = "heads"
block = 3
at = 100
scroll_fraction = 0.25
[lessons.heads]
read = 0.5
bookmark = 9
[lessons.heads.problems."4.1"]
flagged = true
[[lessons.heads.problems."4.1".attempts]]
at = 50
input = "3"
correct = false
duration_ms = 1200
[[notes]]
lesson = "heads"
text = "why split columns?"
"#;
    write(&path, original.as_bytes());
    let opened = Store::open(Some(home.path()));
    assert_eq!(opened.warning, None);
    let (mut store, mut progress) = (opened.store, opened.progress);
    progress.record_attempt("heads", "4.1", attempt(60, "4", true));
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));

    let saved: toml::Table =
        toml::from_str(&String::from_utf8_lossy(&read(&path))).unwrap_or_else(|e| panic!("{e}"));
    let expected: toml::Table = toml::from_str(original).unwrap_or_else(|e| panic!("{e}"));
    for key in ["theme", "started", "sync", "notes"] {
        assert_eq!(saved.get(key), expected.get(key), "top-level {key}");
    }
    let at = |table: &toml::Table, path: &[&str]| -> Option<toml::Value> {
        let mut value = toml::Value::Table(table.clone());
        for key in path {
            value = value.get(key)?.clone();
        }
        Some(value)
    };
    for path in [
        &["position", "scroll_fraction"][..],
        &["lessons", "heads", "bookmark"],
        &["lessons", "heads", "problems", "4.1", "flagged"],
    ] {
        assert_eq!(at(&saved, path), at(&expected, path), "{path:?}");
    }
    let attempts = at(&saved, &["lessons", "heads", "problems", "4.1", "attempts"]);
    let first = attempts
        .as_ref()
        .and_then(|a| a.get(0))
        .and_then(|a| a.get("duration_ms"));
    assert_eq!(first.and_then(toml::Value::as_integer), Some(1200));
    assert_eq!(attempts.and_then(|a| a.as_array().map(Vec::len)), Some(2));
}

/// True when mode bits stop this process from creating files (false for root).
fn chmod_stops_writes(dir: &Path) -> bool {
    fs::set_permissions(dir, fs::Permissions::from_mode(0o555)).unwrap_or_else(|e| panic!("{e}"));
    let stopped = fs::write(dir.join("probe"), b"").is_err();
    let _ = fs::remove_file(dir.join("probe"));
    stopped
}

#[test]
fn a_home_that_cannot_be_written_opens_with_a_warning_and_saves_fail() {
    let root = temp_home();
    let sample = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("progress/v1.toml"));
    let locked = root.path().join("locked");
    fs::create_dir(&locked).unwrap_or_else(|e| panic!("{e}"));
    write(&locked.join("progress.toml"), &sample);
    let home = if chmod_stops_writes(&locked) {
        locked.clone()
    } else {
        // Root ignores mode bits; a path under a regular file fails for everyone.
        write(&root.path().join("file"), b"");
        root.path().join("file/sub")
    };
    let opened = Store::open(Some(&home));
    let warning = opened.warning.unwrap_or_default();
    assert!(
        warning.starts_with("progress will not be kept: "),
        "{warning}"
    );
    let (mut store, mut progress) = (opened.store, opened.progress);
    progress.record_attempt("softmax", "3.1", attempt(9, "1", true));
    let error = store
        .save(&progress)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(error.starts_with("could not save progress to "), "{error}");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read(&locked.join("progress.toml")), sample);
}

#[test]
fn a_home_that_is_a_file_opens_with_a_warning_and_is_not_touched() {
    let root = temp_home();
    let home = root.path().join("home");
    write(&home, b"not a folder");
    let opened = Store::open(Some(&home));
    let warning = opened.warning.unwrap_or_default();
    assert!(
        warning.starts_with("progress will not be kept: cannot create "),
        "{warning}"
    );
    let mut store = opened.store;
    assert!(store.save(&opened.progress).is_err());
    assert_eq!(read(&home), b"not a folder");
}

#[test]
fn a_progress_path_that_is_a_directory_opens_with_a_warning_and_is_not_touched() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    fs::create_dir(&path).unwrap_or_else(|e| panic!("{e}"));
    write(&path.join("inside"), b"x");
    let opened = Store::open(Some(home.path()));
    let warning = opened.warning.unwrap_or_default();
    assert!(
        warning.starts_with("progress will not be kept: cannot read "),
        "{warning}"
    );
    let mut store = opened.store;
    assert!(store.save(&opened.progress).is_err());
    assert_eq!(read(&path.join("inside")), b"x");
}

#[test]
fn no_home_at_all_opens_with_a_warning_and_saves_fail() {
    let opened = Store::open(None);
    assert_eq!(
        opened.warning.as_deref(),
        Some(
            "progress will not be kept: no home directory found (set ATTN_COURSE_HOME or pass --home)"
        )
    );
    assert_eq!(opened.store.path(), None);
    let mut store = opened.store;
    assert!(store.save(&opened.progress).is_err());
}

#[test]
fn a_newer_file_is_read_but_never_written() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    let newer = b"schema = 2\nlearner_seed = 31\nbookmarks = [3]\n[lessons.heads]\nread = 0.75\n";
    write(&path, newer);
    let opened = Store::open(Some(home.path()));
    let warning = opened.warning.unwrap_or_default();
    assert!(
        warning.contains("newer attn-course (schema 2)"),
        "{warning}"
    );
    assert_eq!(opened.progress.learner_seed, 31);
    assert_eq!(opened.progress.lessons["heads"].read, 0.75);
    let (mut store, mut progress) = (opened.store, opened.progress);
    progress.set_position("heads", 1, 10);
    assert!(store.save_merged(&mut progress).is_err());
    assert_eq!(read(&path), newer);
    assert!(files_starting(home.path(), "progress.corrupt-").is_empty());
}

#[test]
fn a_newer_file_that_no_longer_fits_is_kept_untouched_too() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    let newer = b"schema = 3\nlearner_seed = 31\nlessons = [\"a list now\"]\n";
    write(&path, newer);
    let opened = Store::open(Some(home.path()));
    assert!(opened.warning.is_some_and(|w| w.contains("schema 3")));
    let mut store = opened.store;
    assert!(store.save(&opened.progress).is_err());
    assert_eq!(read(&path), newer);
    assert!(files_starting(home.path(), "progress.corrupt-").is_empty());
}

#[test]
fn two_stores_on_one_home_keep_both_attempts() {
    let home = temp_home();
    let a = Store::open(Some(home.path()));
    let b = Store::open(Some(home.path()));
    let (mut store_a, mut progress_a) = (a.store, a.progress);
    let (mut store_b, mut progress_b) = (b.store, b.progress);
    progress_a.record_attempt("softmax", "3.1", attempt(10, "from a", false));
    progress_a.set_position("softmax", 5, 10);
    progress_b.record_attempt("softmax", "3.1", attempt(11, "from b", true));
    progress_b.set_position("heads", 2, 20);
    store_a
        .save_merged(&mut progress_a)
        .unwrap_or_else(|e| panic!("{e}"));
    store_b
        .save_merged(&mut progress_b)
        .unwrap_or_else(|e| panic!("{e}"));
    // A saves again without having seen B's attempt: B's attempt stays.
    progress_a.lessons.entry("softmax".into()).or_default().read = 0.4;
    store_a
        .save_merged(&mut progress_a)
        .unwrap_or_else(|e| panic!("{e}"));

    let on_disk = Store::open(Some(home.path())).progress;
    let problem = &on_disk.lessons["softmax"].problems["3.1"];
    let inputs: Vec<&str> = problem.attempts.iter().map(|a| a.input.as_str()).collect();
    assert_eq!(inputs, ["from a", "from b"]);
    assert!(problem.solved);
    assert_eq!(
        on_disk.position.as_ref().map(|p| p.lesson.as_str()),
        Some("heads")
    );
    assert_eq!(on_disk.lessons["softmax"].read, 0.4);
    // What save_merged handed back to A is what is on disk.
    assert_eq!(progress_a, on_disk);
}

/// A save says what the merge changed in the saver's record, so the reader redraws only
/// that: the lessons whose problems another instance worked on, and a new seed.
#[test]
fn a_save_reports_what_the_merge_brought_in() {
    let home = temp_home();
    let a = Store::open(Some(home.path()));
    let b = Store::open(Some(home.path()));
    let (mut store_a, mut progress_a) = (a.store, a.progress);
    let (mut store_b, mut progress_b) = (b.store, b.progress);
    let save = |store: &mut Store, progress: &mut Progress| {
        store
            .save_merged(progress)
            .unwrap_or_else(|e| panic!("{e}"))
            .changes
    };
    progress_a.record_attempt("softmax", "3.1", attempt(10, "from a", false));
    progress_a.set_position("softmax", 5, 10);
    // A's own work is not a change brought in.
    assert!(save(&mut store_a, &mut progress_a).is_empty());
    progress_b.record_attempt("heads", "4.1", attempt(11, "from b", true));
    let changes = save(&mut store_b, &mut progress_b);
    assert_eq!(changes.problems.iter().collect::<Vec<_>>(), ["softmax"]);
    assert!(!changes.seed);
    // A place or a reading fraction from elsewhere changes no problem box.
    progress_b.set_position("heads", 9, 30);
    progress_b.lessons.entry("heads".into()).or_default().read = 0.5;
    assert!(save(&mut store_b, &mut progress_b).is_empty());
    let changes = save(&mut store_a, &mut progress_a);
    assert_eq!(changes.problems.iter().collect::<Vec<_>>(), ["heads"]);
    // Saved again with nothing new anywhere: nothing changed.
    assert!(save(&mut store_a, &mut progress_a).is_empty());
}

/// A session that started on an empty home another reader then wrote takes that
/// reader's seed, and the save says so (every problem's numbers change with it).
#[test]
fn a_save_reports_a_seed_taken_from_another_reader() {
    let home = temp_home();
    let mut first = Store::open(Some(home.path()));
    fs::remove_file(home.path().join("progress.toml")).unwrap_or_else(|e| panic!("{e}"));
    let mut other = Progress::new(first.progress.learner_seed ^ 1);
    other.record_attempt("softmax", "3.1", attempt(10, "x", false));
    Store::open(Some(home.path()))
        .store
        .save(&other)
        .unwrap_or_else(|e| panic!("{e}"));
    let saved = first
        .store
        .save_merged(&mut first.progress)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(saved.changes.seed);
    assert_eq!(first.progress.learner_seed, other.learner_seed);
}

#[test]
fn concurrent_savers_lose_no_attempt() {
    let home = temp_home();
    // Every writer reads the file before any writes, so only the merge can combine them.
    let all_open = Arc::new(Barrier::new(4));
    let writers: Vec<_> = (0..4u64)
        .map(|w| {
            let home = home.path().to_path_buf();
            let all_open = Arc::clone(&all_open);
            thread::spawn(move || {
                let opened = Store::open(Some(&home));
                all_open.wait();
                let (mut store, mut progress) = (opened.store, opened.progress);
                for i in 0..25u64 {
                    progress.record_attempt(
                        "heads",
                        "4.1",
                        attempt(i, &format!("w{w} #{i}"), false),
                    );
                    store
                        .save_merged(&mut progress)
                        .unwrap_or_else(|e| panic!("{e}"));
                }
            })
        })
        .collect();
    for writer in writers {
        writer
            .join()
            .unwrap_or_else(|_| panic!("a writer panicked"));
    }
    let on_disk = parse_file(&home.path().join("progress.toml"));
    assert_eq!(on_disk.lessons["heads"].problems["4.1"].attempts.len(), 100);
}

#[test]
fn progress_on_lessons_the_course_no_longer_has_is_never_dropped() {
    let home = temp_home();
    let old = Store::open(Some(home.path()));
    let (mut store, mut progress) = (old.store, old.progress);
    progress.record_attempt("removed-lesson", "9.1", attempt(1, "42", true));
    store.save(&progress).unwrap_or_else(|e| panic!("{e}"));
    // A later session only touches lessons the course has now.
    let new = Store::open(Some(home.path()));
    let (mut store, mut progress) = (new.store, new.progress);
    progress.lessons.remove("removed-lesson");
    progress.set_position("softmax", 0, 2);
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(progress.lessons["removed-lesson"].problems["9.1"].solved);
}

#[test]
fn a_save_that_changes_nothing_does_not_rewrite_the_file() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    let opened = Store::open(Some(home.path()));
    let (mut store, mut progress) = (opened.store, opened.progress);
    let inode = |p: &Path| {
        fs::metadata(p)
            .map(|m| m.ino())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let before = inode(&path);
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(inode(&path), before);
    progress.set_position("heads", 1, 1);
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(inode(&path), before);
}

#[test]
fn temporary_files_left_by_a_killed_writer_are_removed_by_the_next_save() {
    let home = temp_home();
    let opened = Store::open(Some(home.path()));
    write(&home.path().join(".attn-course-Xy12Ab.tmp"), b"half a rec");
    let (mut store, mut progress) = (opened.store, opened.progress);
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(files_starting(home.path(), ".attn-course-").is_empty());
}

#[test]
fn reset_keeps_the_old_record_and_starts_with_a_new_seed() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    let opened = Store::open(Some(home.path()));
    let (mut store, mut progress) = (opened.store, opened.progress);
    progress.record_attempt("heads", "4.1", attempt(3, "x", true));
    store.save(&progress).unwrap_or_else(|e| panic!("{e}"));
    let before = read(&path);
    let (fresh, kept) = store.reset().unwrap_or_else(|e| panic!("{e}"));
    let kept = kept.unwrap_or_else(|| panic!("the old record was not kept"));
    assert_eq!(read(&kept), before);
    assert!(
        kept.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("progress.reset-"))
    );
    assert!(fresh.is_empty());
    assert_ne!(fresh.learner_seed, progress.learner_seed);
    assert_eq!(parse_file(&path), fresh);
}

#[test]
fn a_failed_save_keeps_everything_for_the_next_one() {
    let home = temp_home();
    let path = home.path().join("progress.toml");
    fs::create_dir(&path).unwrap_or_else(|e| panic!("{e}"));
    let opened = Store::open(Some(home.path()));
    let (mut store, mut progress) = (opened.store, opened.progress);
    progress.record_attempt("heads", "4.1", attempt(1, "first", false));
    assert!(store.save_merged(&mut progress).is_err());
    progress.record_attempt("heads", "4.1", attempt(2, "second", true));
    // The learner clears the way; the next save succeeds with both attempts.
    fs::remove_dir(&path).unwrap_or_else(|e| panic!("{e}"));
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    let attempts = &parse_file(&path).lessons["heads"].problems["4.1"].attempts;
    let inputs: Vec<&str> = attempts.iter().map(|a| a.input.as_str()).collect();
    assert_eq!(inputs, ["first", "second"]);
}

#[test]
fn a_home_removed_after_open_is_recreated_by_the_next_save() {
    let root = temp_home();
    let home = root.path().join("home");
    let opened = Store::open(Some(&home));
    let (mut store, mut progress) = (opened.store, opened.progress);
    fs::remove_dir_all(&home).unwrap_or_else(|e| panic!("{e}"));
    progress.set_position("heads", 4, 9);
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parse_file(&home.join("progress.toml")), progress);
}

#[test]
fn the_reader_opens_a_fresh_home_without_writing_and_its_first_save_pins_the_seed() {
    let root = temp_home();
    let home = root.path().join("attn-course");
    let file = home.join("progress.toml");
    let mut opened = Store::open_deferred(Some(&home));
    assert_eq!(opened.warning, None);
    assert!(opened.unwritten);
    assert!(!file.exists(), "nothing written before the first screen");
    opened.store.save_merged(&mut opened.progress).unwrap();
    let again = Store::open_deferred(Some(&home));
    assert!(!again.unwritten, "an existing record is not left unwritten");
    assert_eq!(again.progress.learner_seed, opened.progress.learner_seed);
    // The commands write a first start's record while opening, as before.
    let other = root.path().join("other");
    assert!(!Store::open(Some(&other)).unwritten);
    assert!(other.join("progress.toml").is_file());
}

#[test]
fn readers_started_together_on_a_fresh_home_end_with_one_seed() {
    let home = temp_home();
    // Every reader opens the empty home (each with a seed of its own) before any saves,
    // as readers started at the same moment do: their first saves must settle on one.
    let all_open = Arc::new(Barrier::new(4));
    let readers: Vec<_> = (0..4)
        .map(|_| {
            let home = home.path().to_path_buf();
            let all_open = Arc::clone(&all_open);
            thread::spawn(move || {
                let mut opened = Store::open_deferred(Some(&home));
                assert!(opened.unwritten);
                all_open.wait();
                let saved = opened.store.save_merged(&mut opened.progress);
                assert_eq!(saved.unwrap_or_else(|e| panic!("{e}")).notice, None);
                opened.progress.learner_seed
            })
        })
        .collect();
    let seeds: Vec<u64> = readers
        .into_iter()
        .map(|r| r.join().unwrap_or_else(|_| panic!("a reader panicked")))
        .collect();
    let on_disk = parse_file(&home.path().join("progress.toml")).learner_seed;
    assert_eq!(
        seeds, [on_disk; 4],
        "every reader took the first saver's seed"
    );
}

#[test]
fn a_corrupt_file_is_replaced_at_once_even_at_a_deferred_open() {
    let home = temp_home();
    let file = home.path().join("progress.toml");
    write(&file, &truncated_record());
    let opened = Store::open_deferred(Some(home.path()));
    assert!(
        !opened.unwritten,
        "the fresh record replaced the corrupt one"
    );
    assert!(opened.warning.unwrap().contains("moved to"));
    assert_eq!(parse_file(&file), opened.progress);
    assert_eq!(files_starting(home.path(), "progress.corrupt-").len(), 1);
}
