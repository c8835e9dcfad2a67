//! Properties of the record format and the merge over generated records: any record
//! (keys and inputs with quotes, newlines, control characters, any Unicode) survives a
//! write and a read; no bytes make the reader panic; a merge never loses anything and
//! settles (merging the same record again changes nothing).

use std::collections::BTreeMap;

use attn_course::progress::{
    Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review, SCHEMA,
};
use attn_course::store::format;
use proptest::prelude::*;

const MAX_TOML_INT: u64 = i64::MAX as u64;

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..8).prop_map(String::from_iter)
}

fn unknown_fields() -> impl Strategy<Value = toml::Table> {
    let value = prop_oneof![
        text().prop_map(toml::Value::String),
        any::<i64>().prop_map(toml::Value::Integer),
        any::<bool>().prop_map(toml::Value::Boolean),
        prop::collection::vec(any::<i64>().prop_map(toml::Value::Integer), 0..3)
            .prop_map(toml::Value::Array),
    ];
    // "x-" keeps them clear of the known field names.
    prop::collection::btree_map(text().prop_map(|k| format!("x-{k}")), value, 0..3)
        .prop_map(|m| m.into_iter().collect())
}

fn attempt() -> impl Strategy<Value = Attempt> {
    (
        0..=MAX_TOML_INT,
        text(),
        text(),
        any::<bool>(),
        any::<u32>(),
        unknown_fields(),
    )
        .prop_map(|(at, input, value, correct, variant, extra)| Attempt {
            at,
            input,
            value,
            correct,
            variant,
            extra,
        })
}

fn review() -> impl Strategy<Value = Review> {
    (
        (0..=MAX_TOML_INT, 0..=MAX_TOML_INT),
        any::<u32>(),
        1.3..10.0f64,
        (any::<u32>(), any::<u32>()),
        (
            prop::option::of(0.1..36_500.0f64),
            prop::option::of(1.0..10.0f64),
            prop::option::of(0..=MAX_TOML_INT),
        ),
        unknown_fields(),
    )
        .prop_map(
            |(
                (due, last),
                interval_days,
                ease,
                (reps, lapses),
                (stability, difficulty, memory_at),
                extra,
            )| Review {
                due,
                interval_days,
                ease,
                reps,
                lapses,
                last,
                stability,
                difficulty,
                memory_at,
                extra,
            },
        )
}

fn problem() -> impl Strategy<Value = ProblemRecord> {
    (
        any::<bool>(),
        any::<u32>(),
        any::<u32>(),
        any::<bool>(),
        prop::collection::vec(attempt(), 0..4),
        prop::option::of(review()),
        unknown_fields(),
    )
        .prop_map(
            |(solved, variant, hints_shown, solution_viewed, attempts, review, extra)| {
                ProblemRecord {
                    solved,
                    variant,
                    hints_shown,
                    solution_viewed,
                    attempts,
                    review,
                    extra,
                }
            },
        )
}

fn lesson() -> impl Strategy<Value = LessonRecord> {
    (
        0.0..=1.0f64,
        0..=MAX_TOML_INT as usize,
        0..=MAX_TOML_INT,
        prop::collection::btree_map(text(), problem(), 0..3),
        unknown_fields(),
    )
        .prop_map(|(read, block, at, problems, extra)| LessonRecord {
            read,
            block,
            at,
            problems,
            extra,
        })
}

fn position() -> impl Strategy<Value = Position> {
    (
        text(),
        0..=MAX_TOML_INT as usize,
        0..=MAX_TOML_INT,
        unknown_fields(),
    )
        .prop_map(|(lesson, block, at, extra)| Position {
            lesson,
            block,
            at,
            extra,
        })
}

/// Notes with ids from a small set and times from a small range, so that two records
/// often hold the same note, edited at the same second or not.
fn notes() -> impl Strategy<Value = Vec<Note>> {
    let note = (
        text(),
        text(),
        text(),
        text(),
        any::<bool>(),
        0..4u64,
        unknown_fields(),
    );
    prop::collection::btree_map("n[0-3]", note, 0..4).prop_map(|m| {
        m.into_iter()
            .map(
                |(id, (lesson, section, sentence, text, answered, at, extra))| Note {
                    id,
                    lesson,
                    section,
                    sentence,
                    text,
                    answered,
                    at,
                    extra,
                },
            )
            .collect()
    })
}

fn record() -> impl Strategy<Value = Progress> {
    (
        0..=MAX_TOML_INT,
        prop::option::of(position()),
        prop::collection::btree_map(text(), lesson(), 0..3),
        notes(),
        unknown_fields(),
        0..3u64,
    )
        .prop_map(
            |(learner_seed, position, lessons, notes, extra, resets)| Progress {
                schema: SCHEMA,
                learner_seed,
                resets,
                seed_changes: 0,
                position,
                lessons,
                notes,
                extra,
            },
        )
}

/// Every (lesson, problem, at, input, variant) attempt key in a record.
fn attempt_keys(p: &Progress) -> Vec<(String, String, u64, String, u32)> {
    let mut keys = Vec::new();
    for (slug, lesson) in &p.lessons {
        for (id, problem) in &lesson.problems {
            for a in &problem.attempts {
                keys.push((slug.clone(), id.clone(), a.at, a.input.clone(), a.variant));
            }
        }
    }
    keys
}

/// Every problem's `review.last`, where it has a review.
fn last_reviews(p: &Progress) -> BTreeMap<(String, String), u64> {
    p.lessons
        .iter()
        .flat_map(|(slug, l)| {
            l.problems.iter().filter_map(move |(id, pr)| {
                pr.review
                    .as_ref()
                    .map(|r| ((slug.clone(), id.clone()), r.last))
            })
        })
        .collect()
}

fn solved(p: &Progress) -> BTreeMap<(String, String), bool> {
    p.lessons
        .iter()
        .flat_map(|(slug, l)| {
            l.problems
                .iter()
                .map(move |(id, pr)| ((slug.clone(), id.clone()), pr.solved))
        })
        .collect()
}

proptest! {
    #[test]
    fn any_record_survives_writing_and_reading(p in record()) {
        let text = format::to_toml(&p).map_err(TestCaseError::fail)?;
        let back = format::parse(text.as_bytes()).map_err(|e| TestCaseError::fail(e.located(&"record")))?;
        prop_assert_eq!(back, p);
    }

    #[test]
    fn no_bytes_make_the_reader_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = format::parse(&bytes);
    }

    #[test]
    fn no_near_miss_record_makes_the_reader_panic(p in record(), cut in any::<prop::sample::Index>()) {
        // Cut a valid record anywhere: a truncated file.
        let text = format::to_toml(&p).map_err(TestCaseError::fail)?;
        let _ = format::parse(&text.as_bytes()[..cut.index(text.len() + 1)]);
    }

    #[test]
    fn a_merge_loses_nothing_and_settles(a in record(), b in record()) {
        // Of one reset generation (a record from a later reset supersedes the other
        // whole: `merge_props`).
        let b = Progress { resets: a.resets, ..b };
        let mut merged = a.clone();
        merged.merge_from(&b);
        let keys = attempt_keys(&merged);
        for key in attempt_keys(&a).into_iter().chain(attempt_keys(&b)) {
            prop_assert!(keys.contains(&key), "lost attempt {:?}", key);
        }
        let merged_solved = solved(&merged);
        for (key, was_solved) in solved(&a).into_iter().chain(solved(&b)) {
            prop_assert!(!was_solved || merged_solved[&key], "unsolved {:?}", key);
        }
        for key in a.extra.keys().chain(b.extra.keys()) {
            prop_assert!(merged.extra.contains_key(key));
        }
        let merged_reviews = last_reviews(&merged);
        for (key, last) in last_reviews(&a).into_iter().chain(last_reviews(&b)) {
            prop_assert!(merged_reviews.get(&key).is_some_and(|m| *m >= last), "older review kept for {:?}", key);
        }
        // Every note of either side is kept, at its latest change.
        for note in a.notes.iter().chain(&b.notes) {
            let kept = merged.notes.iter().find(|n| n.id == note.id);
            prop_assert!(kept.is_some_and(|n| n.at >= note.at), "lost note {:?}", note.id);
        }
        let mut again = merged.clone();
        again.merge_from(&b);
        again.merge_from(&a);
        prop_assert_eq!(again, merged);
    }
}
