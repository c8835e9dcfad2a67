//! Every sample in `progress/` loads with this release, forever (see `progress/FORMAT.md`).

use std::fs;
use std::path::Path;

use attn_course::progress::schedule;
use attn_course::store::{Store, format};

fn samples() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("progress");
    let mut found: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            name.starts_with('v') && name.ends_with(".toml")
        })
        .collect();
    found.sort();
    found
}

#[test]
fn every_sample_loads() {
    let samples = samples();
    assert!(!samples.is_empty(), "no progress/v*.toml samples");
    for sample in samples {
        let bytes = fs::read(&sample).unwrap_or_else(|e| panic!("{}: {e}", sample.display()));
        let progress =
            format::parse(&bytes).unwrap_or_else(|e| panic!("{}", e.located(&sample.display())));
        assert!(
            !progress.is_newer(),
            "{} is newer than this release",
            sample.display()
        );
    }
}

#[test]
fn the_v1_sample_reads_field_by_field() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("progress/v1.toml");
    let bytes = fs::read(&sample).unwrap_or_else(|e| panic!("{e}"));
    let p = format::parse(&bytes).unwrap_or_else(|e| panic!("{}", e.located(&"v1.toml")));
    assert_eq!(p.schema, 1);
    assert_eq!(p.learner_seed, 8_141_506_721_049_875_327);
    let position = p
        .position
        .as_ref()
        .map(|q| (q.lesson.as_str(), q.block, q.at));
    assert_eq!(position, Some(("softmax", 17, 1_764_471_000)));
    assert_eq!(
        p.lessons.keys().collect::<Vec<_>>(),
        ["softmax", "sqrt-dk", "three-matrices"]
    );
    let lesson = &p.lessons["three-matrices"];
    assert_eq!((lesson.read, lesson.block), (1.0, 42));
    let solved = &lesson.problems["template-output"];
    assert!(solved.solved);
    assert_eq!(solved.hints_shown, 1);
    assert_eq!(solved.attempts.len(), 2);
    assert_eq!(
        solved.attempts[1].input,
        "softmax([2, 0, 1]) @ [[1,0],[0,1],[1,1]]"
    );
    assert!(solved.attempts[1].correct);
    let open = &lesson.problems["identical-values"];
    assert!(!open.solved && open.solution_viewed);
    assert_eq!((open.variant, open.hints_shown), (1, 2));
    assert_eq!(
        p.lessons["sqrt-dk"].problems["dot-product-variance"].attempts[0].value,
        ""
    );
    assert_eq!(
        p.extra["editor_note"].as_str(),
        Some("kept by hand; attn-course must not drop this")
    );
}

#[test]
fn the_v1_sample_survives_open_and_save_unchanged_in_meaning() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("progress/v1.toml");
    fs::copy(&sample, home.path().join("progress.toml")).unwrap_or_else(|e| panic!("{e}"));
    let opened = Store::open(Some(home.path()));
    assert_eq!(opened.warning, None);
    let mut store = opened.store;
    let mut progress = opened.progress.clone();
    progress.set_position("softmax", 20, 1_764_472_000);
    store
        .save_merged(&mut progress)
        .unwrap_or_else(|e| panic!("{e}"));
    let reread = Store::open(Some(home.path())).progress;
    assert_eq!(reread, progress);
    let mut expected = opened.progress;
    expected.set_position("softmax", 20, 1_764_472_000);
    assert_eq!(reread, expected);
}

#[test]
fn the_v1_sample_has_no_review_tables_and_gets_schedules_from_its_history() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("progress/v1.toml");
    let bytes = fs::read(&sample).unwrap_or_else(|e| panic!("{e}"));
    let p = format::parse(&bytes).unwrap_or_else(|e| panic!("{}", e.located(&"v1.toml")));
    let problems = |slug: &str| p.lessons[slug].problems.clone();
    let solved = &problems("three-matrices")["template-output"];
    assert_eq!(solved.review, None);
    // Solved at 1764379620 after a wrong try and a hint: a Hard first review, due
    // FSRS's first Hard interval, its stability 1.18 days rounded: one day later.
    assert_eq!(schedule::due_at(solved), Some(1_764_379_620 + 86_400));
    // Never solved: due from its last (only) attempt.
    let open = &problems("sqrt-dk")["dot-product-variance"];
    assert_eq!(schedule::due_at(open), Some(1_764_465_300));
}
