//! Merging two records of the same learner: what two instances saved, a pending change,
//! an imported record, the other side of a sync. The merge is a join: commutative,
//! associative and idempotent (`tests/it/merge_props.rs` checks it on generated records),
//! so any order of merges between any number of copies ends with the same record. Every
//! "latest wins" rule therefore settles a tie of times by the values themselves, never
//! by which side is the base. The rules (also in `progress/FORMAT.md`) only ever add:
//! a merge never loses an attempt, a solve, a hint or an unknown field; only a reset
//! (more `resets`) supersedes the record it started over from.

mod extra;

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::model::{Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review};
use extra::{cmp_tables, merge_extra};

impl Progress {
    /// Merges `incoming` into `self`, which becomes the join of the two.
    ///
    /// A record with more `resets` wins whole: it started over from what the other
    /// holds (the store keeps the superseded file aside, see `store::Store`). With equal
    /// `resets`, everything is merged field by field. The seed goes with the record
    /// whose work depends on it: the side with problem work, then the one whose seed a
    /// sync or import set more often (`seed_changes`), then the greater seed. The
    /// result is in normal form (attempts and notes sorted and each once), so merging
    /// a record with itself gives its normal form.
    pub fn merge_from(&mut self, incoming: &Progress) {
        match incoming.resets.cmp(&self.resets) {
            Ordering::Less => {}
            Ordering::Greater => *self = incoming.clone(),
            Ordering::Equal => self.join_equal_resets(incoming),
        }
        self.normalize();
    }

    /// The field by field join of two records of one reset generation.
    fn join_equal_resets(&mut self, incoming: &Progress) {
        let seed = |p: &Progress| (p.binds_seed(), p.seed_changes, p.learner_seed);
        if seed(incoming) > seed(self) {
            self.learner_seed = incoming.learner_seed;
            self.seed_changes = incoming.seed_changes;
        }
        self.schema = self.schema.max(incoming.schema);
        merge_position(&mut self.position, incoming.position.as_ref());
        merge_map(&mut self.lessons, &incoming.lessons, merge_lesson);
        merge_notes(&mut self.notes, &incoming.notes);
        merge_extra(&mut self.extra, &incoming.extra);
    }

    /// Attempts and notes in their normal form (see [`normalize_attempts`], [`merge_notes`]).
    pub(super) fn normalize(&mut self) {
        self.lessons
            .values_mut()
            .flat_map(|lesson| lesson.problems.values_mut())
            .for_each(|problem| normalize_attempts(&mut problem.attempts));
        merge_notes(&mut self.notes, &[]);
    }
}

/// The whole position from the side with the later `at`; in the same second, the
/// greater (lesson, block). Unknown fields merged either way.
fn merge_position(base: &mut Option<Position>, incoming: Option<&Position>) {
    let Some(incoming) = incoming else { return };
    let Some(current) = base else {
        *base = Some(incoming.clone());
        return;
    };
    let rank = |p: &Position| (p.at, p.lesson.clone(), p.block);
    let mut extra = current.extra.clone();
    merge_extra(&mut extra, &incoming.extra);
    if rank(incoming) > rank(current) {
        *current = incoming.clone();
    }
    current.extra = extra;
}

/// The furthest read mark; the lesson's place from the later `at`, in the same second
/// the greater block.
fn merge_lesson(base: &mut LessonRecord, incoming: &LessonRecord) {
    base.read = base.read.max(incoming.read);
    if (incoming.at, incoming.block) > (base.at, base.block) {
        base.block = incoming.block;
        base.at = incoming.at;
    }
    merge_map(&mut base.problems, &incoming.problems, merge_problem);
    merge_extra(&mut base.extra, &incoming.extra);
}

fn merge_problem(base: &mut ProblemRecord, incoming: &ProblemRecord) {
    base.solved |= incoming.solved;
    base.variant = base.variant.max(incoming.variant);
    base.hints_shown = base.hints_shown.max(incoming.hints_shown);
    base.solution_viewed |= incoming.solution_viewed;
    base.attempts.extend(incoming.attempts.iter().cloned());
    merge_review(&mut base.review, incoming.review.as_ref());
    merge_extra(&mut base.extra, &incoming.extra);
}

/// The schedule of the later review wins: it was computed from everything the earlier
/// one knew plus one more review. Equal `last` (two sessions reviewing in the same
/// second) is settled by the fields themselves, so the result does not depend on which
/// side is the base and merging again changes nothing.
fn merge_review(base: &mut Option<Review>, incoming: Option<&Review>) {
    let Some(incoming) = incoming else { return };
    let Some(current) = base else {
        *base = Some(incoming.clone());
        return;
    };
    let rank = |r: &Review| {
        (
            r.last,
            r.due,
            r.reps,
            r.lapses,
            r.interval_days,
            r.ease.to_bits(),
            r.memory_at,
            r.stability.map(f64::to_bits),
            r.difficulty.map(f64::to_bits),
        )
    };
    let mut extra = current.extra.clone();
    merge_extra(&mut extra, &incoming.extra);
    if rank(incoming) > rank(current) {
        *current = incoming.clone();
    }
    current.extra = extra;
}

/// Notes: the union by key (`NoteKey`), never dropping one, each key once. A note
/// both sides have (or one side has twice) is taken from its latest change; changes in
/// the same second are ordered by their content (answered, then text, then anchor), not
/// by side, and unknown fields are merged. The result is sorted by when each note was
/// written (the time in its id), then by key: an order both sides compute alike, and
/// the order the learner wrote them in. Linear but for the sort (a search per note
/// made 120k notes take 39 s).
fn merge_notes(base: &mut Vec<Note>, incoming: &[Note]) {
    let mut joined: BTreeMap<(u64, NoteKey), Note> = BTreeMap::new();
    for note in base.drain(..).chain(incoming.iter().cloned()) {
        match joined.entry((written(&note), NoteKey::of(&note))) {
            std::collections::btree_map::Entry::Vacant(slot) => {
                slot.insert(note);
            }
            std::collections::btree_map::Entry::Occupied(mut slot) => {
                join_note(slot.get_mut(), note)
            }
        }
    }
    base.extend(joined.into_values());
}

/// The later change of one note wins whole, its unknown fields merged with the other's.
fn join_note(current: &mut Note, incoming: Note) {
    let rank = |n: &Note| {
        (
            n.at,
            n.answered,
            n.text.clone(),
            n.lesson.clone(),
            n.section.clone(),
            n.sentence.clone(),
        )
    };
    let mut extra = current.extra.clone();
    merge_extra(&mut extra, &incoming.extra);
    if rank(&incoming) > rank(current) {
        *current = incoming;
    }
    current.extra = extra;
}

/// When a note was written: the hexadecimal time its id starts with (`Note::new`);
/// notes without one (by hand, another tool) sort after those with one.
fn written(note: &Note) -> u64 {
    note.id
        .split_once('-')
        .and_then(|(at, _)| u64::from_str_radix(at, 16).ok())
        .unwrap_or(u64::MAX)
}

/// What makes two notes the same note (`Note::is_same`): the id, or for a note without
/// one its anchor and text.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum NoteKey {
    Id(String),
    Anchor([String; 4]),
}

impl NoteKey {
    fn of(note: &Note) -> NoteKey {
        if note.id.is_empty() {
            NoteKey::Anchor([
                note.lesson.clone(),
                note.section.clone(),
                note.sentence.clone(),
                note.text.clone(),
            ])
        } else {
            NoteKey::Id(note.id.clone())
        }
    }
}

/// Attempts in their normal form, which every merge leaves: each distinct attempt once,
/// in time order. Two attempts are the same when they were made at the same second with
/// the same input for the same variant; of two such that differ otherwise (another
/// release's evaluator printed another value), the greater by (correct, value, unknown
/// fields) is kept, whichever side it came from. Distinct attempts of one second are
/// ordered wrong ones first (a solved problem seldom takes another answer), then by
/// input and variant: an order both sides compute alike.
fn normalize_attempts(attempts: &mut Vec<Attempt>) {
    let rank = |a: &Attempt, b: &Attempt| {
        (a.correct, &a.value)
            .cmp(&(b.correct, &b.value))
            .then_with(|| cmp_tables(&a.extra, &b.extra))
    };
    let mut kept: BTreeMap<(u64, String, u32), Attempt> = BTreeMap::new();
    for attempt in attempts.drain(..) {
        let key = (attempt.at, attempt.input.clone(), attempt.variant);
        match kept.get_mut(&key) {
            Some(current) if rank(&attempt, current) == Ordering::Greater => *current = attempt,
            Some(_) => {}
            None => {
                kept.insert(key, attempt);
            }
        }
    }
    attempts.extend(kept.into_values());
    attempts.sort_by(|a, b| {
        (a.at, a.correct, &a.input, a.variant).cmp(&(b.at, b.correct, &b.input, b.variant))
    });
}

/// Every key of both maps; a key only `incoming` has is merged into an empty record, so
/// it comes out in the same normal form as a merged one.
fn merge_map<T: Default>(
    base: &mut BTreeMap<String, T>,
    incoming: &BTreeMap<String, T>,
    merge: fn(&mut T, &T),
) {
    for (key, value) in incoming {
        merge(base.entry(key.clone()).or_default(), value);
    }
}

#[cfg(test)]
mod tests;
