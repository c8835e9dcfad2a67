//! Pending files and newer records a save must not mishandle (issue 26, items 6, 8, 12):
//! a newer release's pending file is left alone; a pending file planted with a high
//! `resets` never makes a save drop what the session showed feedback for; a newer
//! record over this release's bounds is newer, not corrupt, and never written over.

use std::fs;
use std::path::Path;

use attn_course::progress::{Attempt, Progress};
use attn_course::store::Store;

fn names(home: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(home)
        .expect("home")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && n != "progress.lock")
        .collect();
    names.sort();
    names
}

fn attempts(record: &Progress) -> Vec<String> {
    record
        .lessons
        .values()
        .flat_map(|l| l.problems.values())
        .flat_map(|p| p.attempts.iter().map(|a| a.input.clone()))
        .collect()
}

#[test]
fn a_newer_releases_pending_file_is_left_alone_by_every_save() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut opened = Store::open(Some(home.path()));
    let newer = home.path().join("progress.pending-999-1-0.toml");
    let text = "schema = 2\nlearner_seed = 5\nwhatever = \"the next release's\"\n";
    fs::write(&newer, text).expect("plant");
    let mut p = opened.progress.clone();
    p.record_attempt("l", "p", Attempt::new(1, "x", "", true, 0));
    opened.store.save(&p).expect("saved");
    opened.store.save(&p).expect("saved again");
    assert_eq!(fs::read_to_string(&newer).expect("still there"), text);
    assert_eq!(
        names(home.path()),
        ["progress.pending-999-1-0.toml", "progress.toml"]
    );
}

#[test]
fn a_planted_pending_file_with_a_high_reset_count_never_drops_the_sessions_attempt() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut opened = Store::open(Some(home.path()));
    let mut session = opened.progress.clone();
    opened.store.save(&session).expect("first save");
    // The session shows feedback for an attempt; before it saves, a pending file from
    // "a later reset" appears.
    session.record_attempt("l", "p", Attempt::new(5, "shown", "", true, 0));
    let mut planted = Progress::new(99);
    planted.resets = 50;
    planted.record_attempt("l", "q", Attempt::new(6, "planted", "", false, 0));
    let text = attn_course::store::record_text(&planted).expect("record text");
    fs::write(home.path().join("progress.pending-1-1-0.toml"), text).expect("plant");
    let saved = opened.store.save_merged(&mut session).expect("saved");
    assert_eq!(saved.notice, None);
    let (again, warning) = {
        let o = Store::open(Some(home.path()));
        (o.progress, o.warning)
    };
    assert_eq!(warning, None);
    let mut kept = attempts(&again);
    kept.sort();
    assert_eq!(kept, ["planted", "shown"]);
    assert_eq!(again.resets, 0);
    assert_eq!(names(home.path()), ["progress.toml"]);
}

/// A newer record too large, or too full, for this release's bounds: a start says it
/// is newer and keeps it; a save is refused; nothing is set aside or written over.
#[test]
fn a_newer_record_over_this_releases_bounds_is_never_written_over() {
    let too_large = format!(
        "schema = 2\nlearner_seed = 5\n{}",
        "# padding\n".repeat(1_800_000)
    );
    let too_full = format!(
        "schema = 2\nlearner_seed = 5\nx = [{}1]\n",
        "1,".repeat(1_000_001)
    );
    for text in [too_large, too_full] {
        let home = tempfile::tempdir().expect("temp dir");
        let path = home.path().join("progress.toml");
        fs::write(&path, &text).expect("plant");
        let mut opened = Store::open(Some(home.path()));
        let warning = opened.warning.clone().unwrap_or_default();
        assert!(warning.contains("schema 2"), "{warning}");
        let mut p = opened.progress.clone();
        p.record_attempt("l", "p", Attempt::new(1, "x", "", true, 0));
        let err = opened.store.save(&p).expect_err("never written over");
        assert!(err.to_string().contains("schema 2"), "{err}");
        assert!(fs::read_to_string(&path).expect("kept") == text);
        assert_eq!(names(home.path()), ["progress.toml"]);
    }
}

/// A record of `n` attempts at problem `problem`, each with a 60 KB answer.
fn heavy(problem: &str, n: u64) -> Progress {
    let mut p = Progress::new(3);
    let input = "9".repeat(60_000);
    for k in 0..n {
        p.record_attempt("l", problem, Attempt::new(10 + k, &input, "", false, 0));
    }
    p
}

fn plant_pending(home: &Path, n: usize, record: &Progress) {
    let text = attn_course::store::record_text(record).expect("a pending file within bounds");
    fs::write(home.join(format!("progress.pending-1-{n}-0.toml")), text).expect("plant");
}

/// Item 7: two pending files, each within the bounds, whose union with the record is
/// over 16 MiB. The save records the session's work, keeps the pending files aside,
/// removes them, and the saves after it succeed without a word.
#[test]
fn pending_files_over_the_bounds_together_never_make_every_save_fail() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut opened = Store::open(Some(home.path()));
    let mut session = opened.progress.clone();
    opened.store.save(&session).expect("first save");
    plant_pending(home.path(), 1, &heavy("a", 150));
    plant_pending(home.path(), 2, &heavy("b", 150));
    session.record_attempt("l", "mine", Attempt::new(5, "mine", "", true, 0));
    let saved = opened
        .store
        .save_merged(&mut session)
        .expect("the save records what it can");
    let notice = saved.notice.unwrap_or_default();
    assert!(notice.contains("over its bounds"), "{notice}");
    let left = names(home.path());
    assert!(
        !left.iter().any(|n| n.starts_with("progress.pending-")),
        "{left:?}"
    );
    assert_eq!(
        left.iter()
            .filter(|n| n.starts_with("progress.unmerged-"))
            .count(),
        2,
        "{left:?}"
    );
    let again = Store::open(Some(home.path()));
    assert_eq!(again.warning, None);
    assert!(attempts(&again.progress).contains(&"mine".to_string()));
    let mut store = again.store;
    let saved = store
        .save_merged(&mut again.progress.clone())
        .expect("saves again");
    assert_eq!(saved.notice, None);
}

/// A reader that starts with such pending files merges those that fit and can save.
#[test]
fn a_start_merges_only_the_pending_files_that_fit() {
    let home = tempfile::tempdir().expect("temp dir");
    Store::open(Some(home.path()))
        .store
        .save(&Progress::new(3))
        .expect("first save");
    plant_pending(home.path(), 1, &heavy("a", 150));
    plant_pending(home.path(), 2, &heavy("b", 150));
    let mut opened = Store::open(Some(home.path()));
    let held = attempts(&opened.progress).len();
    assert_eq!(held, 150);
    let saved = opened
        .store
        .save_merged(&mut opened.progress.clone())
        .expect("saved");
    assert!(saved.notice.is_some());
    let again = Store::open(Some(home.path()));
    assert_eq!(attempts(&again.progress).len(), 150);
}
