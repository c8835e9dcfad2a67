//! Merge rules, each from both sides: the result must not depend on which reader saved first.

use super::*;

fn attempt(at: u64, input: &str, correct: bool) -> Attempt {
    Attempt::new(at, input, input, correct, 0)
}

fn inputs(p: &Progress, lesson: &str, id: &str) -> Vec<(u64, String)> {
    p.lessons[lesson].problems[id]
        .attempts
        .iter()
        .map(|a| (a.at, a.input.clone()))
        .collect()
}

#[test]
fn attempts_are_a_union_in_time_order_without_duplicates() {
    let mut disk = Progress::new(1);
    disk.record_attempt("l1", "1.1", attempt(10, "a", false));
    disk.record_attempt("l1", "1.1", attempt(30, "c", false));
    let mut mine = Progress::new(1);
    mine.record_attempt("l1", "1.1", attempt(10, "a", false));
    mine.record_attempt("l1", "1.1", attempt(20, "b", false));
    disk.merge_from(&mine);
    let expected = vec![(10, "a".into()), (20, "b".into()), (30, "c".into())];
    assert_eq!(inputs(&disk, "l1", "1.1"), expected);
}

#[test]
fn same_second_and_input_but_another_variant_is_another_attempt() {
    let mut disk = Progress::new(1);
    disk.record_attempt("l1", "1.1", Attempt::new(5, "x", "", false, 0));
    let mut mine = Progress::new(1);
    mine.record_attempt("l1", "1.1", Attempt::new(5, "x", "", false, 1));
    disk.merge_from(&mine);
    assert_eq!(disk.lessons["l1"].problems["1.1"].attempts.len(), 2);
}

#[test]
fn solved_stays_solved_and_counters_take_the_maximum() {
    let mut disk = Progress::new(1);
    disk.record_attempt("l1", "1.1", attempt(10, "right", true));
    let problem = disk
        .lessons
        .get_mut("l1")
        .and_then(|l| l.problems.get_mut("1.1"));
    if let Some(problem) = problem {
        problem.hints_shown = 2;
        problem.variant = 1;
    }
    let mut mine = Progress::new(1);
    mine.record_attempt("l1", "1.1", attempt(11, "wrong", false));
    let problem = mine
        .lessons
        .get_mut("l1")
        .and_then(|l| l.problems.get_mut("1.1"));
    if let Some(problem) = problem {
        problem.hints_shown = 1;
        problem.variant = 3;
        problem.solution_viewed = true;
    }
    disk.merge_from(&mine);
    let merged = &disk.lessons["l1"].problems["1.1"];
    assert!(merged.solved);
    assert_eq!((merged.hints_shown, merged.variant), (2, 3));
    assert!(merged.solution_viewed);
}

fn reviewed(last: u64, due: u64) -> Progress {
    let mut p = Progress::new(1);
    p.record_attempt("l1", "1.1", attempt(5, "right", true));
    let problem = p
        .lessons
        .get_mut("l1")
        .and_then(|l| l.problems.get_mut("1.1"));
    if let Some(problem) = problem {
        problem.review = Some(Review {
            due,
            interval_days: 1,
            ease: 2.6,
            reps: 1,
            lapses: 0,
            last,
            stability: None,
            difficulty: None,
            memory_at: None,
            extra: toml::Table::new(),
        });
    }
    p
}

fn due_of(p: &Progress) -> Option<u64> {
    p.lessons["l1"].problems["1.1"]
        .review
        .as_ref()
        .map(|r| r.due)
}

#[test]
fn the_later_review_wins_whichever_side_it_is_on() {
    let early = reviewed(100, 1_000);
    let late = reviewed(200, 500);
    let mut merged = early.clone();
    merged.merge_from(&late);
    assert_eq!(due_of(&merged), Some(500));
    let mut merged = late.clone();
    merged.merge_from(&early);
    assert_eq!(due_of(&merged), Some(500));
    // A side that never reviewed takes the other's schedule.
    let mut fresh = Progress::new(1);
    fresh.record_attempt("l1", "1.1", attempt(5, "right", true));
    fresh.merge_from(&early);
    assert_eq!(due_of(&fresh), Some(1_000));
    // A side without a schedule never removes one.
    let mut merged = early.clone();
    merged.merge_from(&Progress::new(1));
    assert_eq!(due_of(&merged), Some(1_000));
}

#[test]
fn reviews_in_the_same_second_merge_the_same_either_way() {
    let a = reviewed(100, 1_000);
    let b = reviewed(100, 2_000);
    let mut ab = a.clone();
    ab.merge_from(&b);
    let mut ba = b.clone();
    ba.merge_from(&a);
    assert_eq!(ab, ba);
    assert_eq!(due_of(&ab), Some(2_000));
}

/// `reviewed(last, due)` with FSRS memory state computed at `last`.
fn with_memory(last: u64, due: u64, stability: f64) -> Progress {
    let mut p = reviewed(last, due);
    for review in p.lessons.values_mut().flat_map(|l| l.problems.values_mut()) {
        if let Some(r) = review.review.as_mut() {
            (r.stability, r.difficulty, r.memory_at) = (Some(stability), Some(5.0), Some(last));
        }
    }
    p
}

#[test]
fn fsrs_memory_goes_with_its_review_and_settles_same_second_ties() {
    let review = |p: &Progress| p.lessons["l1"].problems["1.1"].review.clone();
    // The later review wins with its memory, whichever side it is on.
    let early = with_memory(100, 1_000, 3.0);
    let late = with_memory(200, 900, 11.0);
    for (base, incoming) in [(&early, &late), (&late, &early)] {
        let mut merged = base.clone();
        merged.merge_from(incoming);
        assert_eq!(review(&merged), review(&late));
    }
    // Reviews in one second that differ only in their memory: the same either way.
    let a = with_memory(100, 1_000, 3.0);
    let b = with_memory(100, 1_000, 4.0);
    let mut ab = a.clone();
    ab.merge_from(&b);
    let mut ba = b.clone();
    ba.merge_from(&a);
    assert_eq!(ab, ba);
    assert_eq!(review(&ab), review(&b));
    // A later review by a release without FSRS (no memory fields) wins whole.
    let sm2 = reviewed(300, 800);
    let mut merged = late.clone();
    merged.merge_from(&sm2);
    assert_eq!(review(&merged), review(&sm2));
}

#[test]
fn the_latest_position_wins_whichever_side_it_is_on() {
    let mut disk = Progress::new(1);
    disk.set_position("l2", 7, 200);
    let mut mine = Progress::new(1);
    mine.set_position("l1", 3, 100);
    let mut merged = disk.clone();
    merged.merge_from(&mine);
    let at = |p: &Progress| p.position.as_ref().map(|q| (q.lesson.clone(), q.block));
    assert_eq!(at(&merged), Some(("l2".to_string(), 7)));
    mine.merge_from(&disk);
    assert_eq!(at(&mine), Some(("l2".to_string(), 7)));
    // Each lesson keeps its own last place.
    assert_eq!(mine.lessons["l1"].block, 3);
}

#[test]
fn read_is_the_furthest_and_lesson_place_the_latest() {
    let mut disk = Progress::new(1);
    disk.lessons.insert(
        "l1".into(),
        LessonRecord {
            read: 0.8,
            block: 40,
            at: 50,
            ..LessonRecord::default()
        },
    );
    let mut mine = Progress::new(1);
    mine.lessons.insert(
        "l1".into(),
        LessonRecord {
            read: 0.3,
            block: 12,
            at: 60,
            ..LessonRecord::default()
        },
    );
    disk.merge_from(&mine);
    let l1 = &disk.lessons["l1"];
    assert_eq!((l1.read, l1.block, l1.at), (0.8, 12, 60));
}

#[test]
fn lessons_and_unknown_fields_are_a_union_never_pruned() {
    let mut disk: Progress = toml::from_str(
        "schema = 1\nlearner_seed = 1\ntheme = \"dark\"\n[flags]\na = 1\n[lessons.gone]\nread = 1.0\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mine: Progress = toml::from_str(
        "schema = 1\nlearner_seed = 1\ntheme = \"light\"\n[flags]\nb = 2\n[lessons.new]\nread = 0.5\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut other_way = mine.clone();
    other_way.merge_from(&disk);
    disk.merge_from(&mine);
    assert_eq!(disk, other_way);
    assert_eq!(disk.lessons.keys().collect::<Vec<_>>(), ["gone", "new"]);
    // A conflict is settled by the values, not by which side is the base.
    assert_eq!(disk.extra["theme"].as_str(), Some("light"));
    let flags = disk.extra["flags"]
        .as_table()
        .map(|t| t.keys().cloned().collect::<Vec<_>>());
    assert_eq!(flags, Some(vec!["a".to_string(), "b".to_string()]));
}

#[test]
fn a_side_without_problem_work_adopts_the_other_seed_and_a_working_one_keeps_its_own() {
    // Opened and read on the new machine, but no problem touched yet.
    let mut fresh = Progress::new(1);
    fresh.set_position("l2", 3, 4);
    let mut imported = Progress::new(99);
    imported.record_attempt("l1", "1.1", attempt(5, "x", false));
    fresh.merge_from(&imported);
    assert_eq!(fresh.learner_seed, 99);
    let mut other = Progress::new(42);
    other.record_attempt("l3", "3.1", attempt(9, "y", true));
    fresh.merge_from(&other);
    assert_eq!(fresh.learner_seed, 99);
    // Neither side bound to its seed: the greater seed, whichever side it is on, so
    // merges settle.
    let mut opened = Progress::new(1);
    opened.set_position("l1", 0, 1);
    opened.merge_from(&Progress::new(77));
    assert_eq!(opened.learner_seed, 77);
    let mut other_way = Progress::new(77);
    other_way.merge_from(&opened);
    assert_eq!(other_way, opened);
}

#[test]
fn notes_with_one_key_on_either_side_merge_once() {
    let mut base = Progress::new(1);
    let note = Note::new("l", "1", "S.", "first", 1);
    base.notes.push(note.clone());
    let mut incoming = Progress::new(1);
    let mut later = note.clone();
    later.text = "edited".into();
    later.at = 2;
    incoming.notes.push(later.clone());
    incoming.notes.push(later);
    let bare = Note {
        lesson: "l".into(),
        text: "no id".into(),
        ..Note::default()
    };
    incoming.notes.push(bare.clone());
    incoming.notes.push(bare);
    base.merge_from(&incoming);
    let texts: Vec<&str> = base.notes.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(texts, ["edited", "no id"]);
}

#[test]
fn notes_are_a_union_and_edits_merge_by_latest_change() {
    let shared = Note::new("softmax", "3.1", "It sums to one.", "why?", 10);
    let mut disk = Progress::new(1);
    disk.notes.push(shared.clone());
    disk.notes
        .push(Note::new("heads", "4.2", "Heads split d.", "check", 20));
    let mut mine = Progress::new(1);
    let mut edited = shared.clone();
    edited.text = "why does it sum to one?".into();
    edited.answered = true;
    edited.at = 30;
    mine.notes.push(edited);
    mine.notes
        .push(Note::new("residual", "", "Add x.", "mine only", 25));
    let mut merged = disk.clone();
    merged.merge_from(&mine);
    let texts: Vec<(&str, bool)> = merged
        .notes
        .iter()
        .map(|n| (n.text.as_str(), n.answered))
        .collect();
    assert_eq!(
        texts,
        [
            ("why does it sum to one?", true),
            ("check", false),
            ("mine only", false)
        ]
    );
    // An older edit arriving later does not undo the newer one.
    let mut stale = Progress::new(1);
    stale.notes.push(shared);
    merged.merge_from(&stale);
    assert_eq!(merged.notes[0].text, "why does it sum to one?");
    assert_eq!(merged.notes.len(), 3);
}

#[test]
fn merging_a_record_into_itself_changes_nothing() {
    let mut p = Progress::new(3);
    p.set_position("l1", 4, 10);
    p.record_attempt("l1", "1.2", attempt(9, "q", true));
    let before = p.clone();
    p.merge_from(&before);
    assert_eq!(p, before);
}
