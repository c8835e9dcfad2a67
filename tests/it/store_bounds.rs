//! Records the program writes but its own next read would refuse: every write checks
//! the bounds the read path checks, and keeps the old file rather than write one that
//! the next start sets aside (and starts fresh, with a new seed, from).

use std::path::Path;

use attn_course::progress::{Attempt, Progress};
use attn_course::store::Store;
use attn_course::store::limits::{MAX_LESSONS, MAX_UNKNOWN_VALUES};

fn home() -> tempfile::TempDir {
    tempfile::tempdir().expect("temp dir")
}

fn reopen(home: &Path) -> (Progress, Option<String>) {
    let opened = Store::open(Some(home));
    (opened.progress, opened.warning)
}

/// Item 3: a reader past a thousand lessons drops the oldest read marks, so the next
/// start loads the record as it is (same seed, same work).
#[test]
fn reading_more_lessons_than_a_record_holds_keeps_the_record_loadable() {
    let home = home();
    let mut opened = Store::open(Some(home.path()));
    let seed = opened.progress.learner_seed;
    let mut p = opened.progress.clone();
    p.record_attempt("first", "p1", Attempt::new(1, "x", "", true, 0));
    for k in 0..MAX_LESSONS + 101 {
        p.set_position(&format!("lesson-{k:05}"), 3, 100 + k as u64);
    }
    opened.store.save(&p).expect("saved");
    let (again, warning) = reopen(home.path());
    assert_eq!(warning, None);
    assert_eq!(again.learner_seed, seed);
    assert_eq!(again.lessons.len(), MAX_LESSONS);
    // The work and the newest marks are kept; the oldest marks went.
    assert!(again.lessons["first"].problems["p1"].solved);
    assert!(
        again
            .lessons
            .contains_key(&format!("lesson-{:05}", MAX_LESSONS + 100))
    );
    assert!(!again.lessons.contains_key("lesson-00000"));
}

/// Item 4: two imports each within every bound whose merge is not: the second is
/// refused and the file on disk stays as the first left it.
#[test]
fn an_import_whose_merge_would_exceed_a_bound_is_refused_and_the_file_kept() {
    let home = home();
    let mut opened = Store::open(Some(home.path()));
    let seed = opened.progress.learner_seed;
    let mut progress = opened.progress.clone();
    let half = MAX_UNKNOWN_VALUES * 3 / 4;
    let blob = |key: &str| {
        let mut p = Progress::new(seed);
        let items = vec![toml::Value::Integer(1); half];
        p.extra.insert(key.into(), toml::Value::Array(items));
        p
    };
    opened
        .store
        .import(&mut progress, &blob("a"))
        .expect("the first import fits");
    let file = home.path().join("progress.toml");
    let before = std::fs::read(&file).expect("the file");
    let refused = opened.store.import(&mut progress.clone(), &blob("b"));
    let reason = refused
        .expect_err("the merge is over the bound")
        .to_string();
    assert!(reason.contains("values in unknown fields"), "{reason}");
    assert!(reason.contains("the file on disk is kept"), "{reason}");
    assert_eq!(std::fs::read(&file).expect("the file"), before);
    let (again, warning) = reopen(home.path());
    assert_eq!(warning, None);
    assert_eq!(again.learner_seed, seed);
}

/// Item 4, attempts: a reader's save over the attempts bound is refused, not written.
#[test]
fn a_save_over_the_attempts_bound_is_refused_and_the_file_kept() {
    let home = home();
    let mut opened = Store::open(Some(home.path()));
    let file = home.path().join("progress.toml");
    let before = std::fs::read(&file).expect("the file");
    let mut p = opened.progress.clone();
    for k in 0..attn_course::store::limits::MAX_ATTEMPTS + 1 {
        p.record_attempt(
            "l",
            &format!("p{}", k % 50),
            Attempt::new(k as u64, "1", "", false, 0),
        );
    }
    let reason = opened
        .store
        .save(&p)
        .expect_err("over the bound")
        .to_string();
    assert!(reason.contains("more than 200000 attempts"), "{reason}");
    assert_eq!(std::fs::read(&file).expect("the file"), before);
}
