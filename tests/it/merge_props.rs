//! The merge is a join: over generated records it is commutative, associative and
//! idempotent, so any order of syncs between any number of machines ends with one
//! record. The records are drawn from small sets of keys, times and values, so that two
//! of them often hold the same attempt, note, place or review, changed in the same
//! second or not (ties are what a merge that favours one side gets wrong): notes edited
//! on both sides, notes without ids, unknown fields that conflict, resets, seeds bound
//! or not, and times after the reader's clock (clamped on reading, as every record read
//! from a file is). The store's own merge (the file, pending files beside it and the
//! session's save, in any order) must give the same join, each pending file joining in
//! the newer of the file's and the session's reset generations, as an import does.

use std::fs;
use std::path::Path;

use attn_course::progress::{
    Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review, SCHEMA, SeedRule,
    adopted,
};
use attn_course::store::{FILE_NAME, Store, format, record_text};
use proptest::prelude::*;

/// The reader's clock in these records: times after it are "future clocks".
const NOW: u64 = 4;

fn at() -> impl Strategy<Value = u64> {
    0..NOW + 3
}

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["", "a", "b", "é\n\"x"]).prop_map(String::from)
}

fn value() -> impl Strategy<Value = toml::Value> {
    let leaf = prop_oneof![
        (0..3i64).prop_map(toml::Value::Integer),
        prop::sample::select(vec![0.5, 1.5]).prop_map(toml::Value::Float),
        word().prop_map(toml::Value::String),
        any::<bool>().prop_map(toml::Value::Boolean),
        prop::collection::vec((0..2i64).prop_map(toml::Value::Integer), 0..2)
            .prop_map(toml::Value::Array),
    ];
    leaf.prop_recursive(2, 6, 2, |inner| {
        prop::collection::btree_map(prop::sample::select(vec!["x0", "x1"]), inner, 0..2).prop_map(
            |m| toml::Value::Table(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()),
        )
    })
}

/// Unknown fields from two names, so that both sides often have the same one.
fn extra() -> impl Strategy<Value = toml::Table> {
    prop::collection::btree_map(prop::sample::select(vec!["x0", "x1"]), value(), 0..2)
        .prop_map(|m| m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}

fn attempt() -> impl Strategy<Value = Attempt> {
    (at(), word(), word(), any::<bool>(), 0..2u32, extra()).prop_map(
        |(at, input, value, correct, variant, extra)| Attempt {
            at,
            input,
            value,
            correct,
            variant,
            extra,
        },
    )
}

fn review() -> impl Strategy<Value = Review> {
    (
        (at(), 0..3u64, 0..2u32),
        prop::sample::select(vec![1.3, 2.5]),
        (0..2u32, 0..2u32),
        (
            prop::option::of(prop::sample::select(vec![1.0, 2.0])),
            prop::option::of(prop::sample::select(vec![3.0, 5.0])),
            prop::option::of(at()),
        ),
        extra(),
    )
        .prop_map(
            |(
                (last, due, interval_days),
                ease,
                (reps, lapses),
                (stability, difficulty, memory_at),
                extra,
            )| {
                Review {
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
                }
            },
        )
}

fn problem() -> impl Strategy<Value = ProblemRecord> {
    (
        (any::<bool>(), 0..2u32, 0..3u32, any::<bool>()),
        prop::collection::vec(attempt(), 0..4),
        prop::option::of(review()),
        extra(),
    )
        .prop_map(
            |((solved, variant, hints_shown, solution_viewed), attempts, review, extra)| {
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
        prop::sample::select(vec![0.0, 0.5, 1.0]),
        0..3usize,
        at(),
        prop::collection::btree_map(prop::sample::select(vec!["p0", "p1"]), problem(), 0..2),
        extra(),
    )
        .prop_map(|(read, block, at, problems, extra)| LessonRecord {
            read,
            block,
            at,
            problems: problems
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
            extra,
        })
}

fn position() -> impl Strategy<Value = Position> {
    (
        prop::sample::select(vec!["l0", "l1"]),
        0..3usize,
        at(),
        extra(),
    )
        .prop_map(|(lesson, block, at, extra)| Position {
            lesson: lesson.to_string(),
            block,
            at,
            extra,
        })
}

/// Notes with ids from a small set (and none: a note by hand, matched by anchor and
/// text), edited to other texts and marks at nearby seconds; one record may even hold
/// one note twice.
fn note() -> impl Strategy<Value = Note> {
    (
        prop::sample::select(vec!["", "1-aa", "2-bb", "a-cc"]),
        (word(), word(), word(), word()),
        any::<bool>(),
        at(),
        extra(),
    )
        .prop_map(
            |(id, (lesson, section, sentence, text), answered, at, extra)| Note {
                id: id.to_string(),
                lesson,
                section,
                sentence,
                text,
                answered,
                at,
                extra,
            },
        )
}

fn record() -> impl Strategy<Value = Progress> {
    (
        (1..3u64, 0..2u64, 0..2u64),
        prop::option::of(position()),
        prop::collection::btree_map(prop::sample::select(vec!["l0", "l1", "l2"]), lesson(), 0..3),
        prop::collection::vec(note(), 0..4),
        extra(),
        any::<bool>(),
    )
        .prop_map(
            |((learner_seed, seed_changes, resets), position, lessons, notes, extra, read)| {
                let mut p = Progress {
                    schema: SCHEMA,
                    learner_seed,
                    resets,
                    seed_changes,
                    position,
                    lessons: lessons
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v))
                        .collect(),
                    notes,
                    extra,
                };
                // Half of them as a record read from a file is: future times clamped.
                if read {
                    p.clamp_future(NOW);
                }
                p
            },
        )
}

fn join(a: &Progress, b: &Progress) -> Progress {
    let mut joined = a.clone();
    joined.merge_from(b);
    joined
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_merge_is_commutative(a in record(), b in record()) {
        prop_assert_eq!(join(&a, &b), join(&b, &a));
    }

    #[test]
    fn the_merge_is_associative(a in record(), b in record(), c in record()) {
        prop_assert_eq!(join(&join(&a, &b), &c), join(&a, &join(&b, &c)));
    }

    #[test]
    fn the_merge_is_idempotent(a in record(), b in record()) {
        let ab = join(&a, &b);
        prop_assert_eq!(join(&ab, &a), ab.clone());
        prop_assert_eq!(join(&ab, &b), ab.clone());
        prop_assert_eq!(join(&ab, &ab), ab);
        // A record merged with itself is its normal form, which merging leaves alone.
        let aa = join(&a, &a);
        prop_assert_eq!(join(&aa, &a), aa);
    }

    #[test]
    fn three_machines_syncing_in_any_order_end_with_one_record(
        records in prop::collection::vec(record(), 3),
        order in prop::collection::vec((0..3usize, 0..3usize), 0..6),
    ) {
        // Each machine starts with its record, then syncs pairwise in a random order,
        // then once around: all three hold the join of the three records.
        let mut machines = records.clone();
        let all = join(&join(&records[0], &records[1]), &records[2]);
        let sync = |m: &mut Vec<Progress>, i: usize, j: usize| {
            let merged = join(&m[i], &m[j]);
            m[i] = merged.clone();
            m[j] = merged;
        };
        for (i, j) in order.into_iter().chain([(0, 1), (1, 2), (0, 1)]) {
            sync(&mut machines, i, j);
        }
        for machine in &machines {
            prop_assert_eq!(machine, &all);
        }
    }
}

/// Writes `record` as a pending file the store leaves when the lock is busy.
fn write_pending(home: &Path, n: usize, record: &Progress) -> Result<(), TestCaseError> {
    let text = record_text(record).map_err(TestCaseError::fail)?;
    fs::write(home.join(format!("progress.pending-1-{n}-0.toml")), text)
        .map_err(|e| TestCaseError::fail(e.to_string()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_store_merges_its_file_pending_files_and_a_save_into_the_join(
        file in record(),
        pendings in prop::collection::vec(record(), 0..3),
        saved in record(),
        reversed in any::<bool>(),
    ) {
        let home = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let text = record_text(&file).map_err(TestCaseError::fail)?;
        fs::write(home.path().join(FILE_NAME), text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut order: Vec<&Progress> = pendings.iter().collect();
        if reversed {
            order.reverse();
        }
        for (n, pending) in order.into_iter().enumerate() {
            write_pending(home.path(), n, pending)?;
        }
        let mut store = Store::open(Some(home.path())).store;
        store.save(&saved).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let bytes = fs::read(home.path().join(FILE_NAME)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let on_disk = format::parse(&bytes).map_err(|e| TestCaseError::fail(e.located(&"progress.toml")))?;
        // A pending file joins as an import does, in the newer of the file's and the
        // saver's reset generations: it never resets the record by itself (a planted
        // one would make the save drop work the session showed feedback for).
        let generation = file.resets.max(saved.resets);
        let mut expected = pendings
            .iter()
            .fold(join(&file, &saved), |acc, p| join(&acc, &adopted(p, generation)));
        // A save keeps the seed on disk while nothing binds the record (readers
        // started together settle on the first saver's numbers).
        if expected.resets == file.resets {
            expected.apply_seed(SeedRule::IfUnbound(file.learner_seed));
        }
        prop_assert_eq!(on_disk, expected);
        // Every pending file was merged and removed.
        let left = fs::read_dir(home.path()).map_err(|e| TestCaseError::fail(e.to_string()))?
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("progress.pending-"))
            .count();
        prop_assert_eq!(left, 0);
    }
}
