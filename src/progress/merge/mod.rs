//! Merging two records of the same learner: what two instances saved, or an imported
//! record and the local one. The rules (also in `progress/FORMAT.md`) only ever add:
//! a merge never loses an attempt, a solve, a hint or an unknown field.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::model::{Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review};

impl Progress {
    /// Merges `incoming` into `self` (the base: the file on disk when saving, the local
    /// record when importing). Ties on a place go to `incoming`, the newer write;
    /// conflicting unknown fields keep the base's value. The seed is the base's unless
    /// no problem record depends on it yet and one depends on the incoming seed (so
    /// merging again never flips it; `store::Store::import` also carries the seed of an import
    /// without problem work). `resets` is the base's: whether a record from before a
    /// reset may be merged at all is the saver's decision (`store::Store::save_merged`).
    pub fn merge_from(&mut self, incoming: &Progress) {
        if !self.binds_seed() && incoming.binds_seed() {
            self.learner_seed = incoming.learner_seed;
        }
        self.schema = self.schema.max(incoming.schema);
        merge_position(&mut self.position, incoming.position.as_ref());
        merge_map(&mut self.lessons, &incoming.lessons, merge_lesson);
        merge_notes(&mut self.notes, &incoming.notes);
        merge_extra(&mut self.extra, &incoming.extra);
        self.lessons
            .values_mut()
            .flat_map(|lesson| lesson.problems.values_mut())
            .for_each(|problem| normalize_attempts(&mut problem.attempts));
    }
}

fn merge_position(base: &mut Option<Position>, incoming: Option<&Position>) {
    let Some(incoming) = incoming else { return };
    match base {
        Some(current) if current.at > incoming.at => {
            merge_extra(&mut current.extra, &incoming.extra)
        }
        Some(current) => {
            let mut extra = current.extra.clone();
            merge_extra(&mut extra, &incoming.extra);
            *current = Position {
                extra,
                ..incoming.clone()
            };
        }
        None => *base = Some(incoming.clone()),
    }
}

fn merge_lesson(base: &mut LessonRecord, incoming: &LessonRecord) {
    base.read = base.read.max(incoming.read);
    if incoming.at >= base.at {
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
    if rank(incoming) > rank(current) {
        let mut extra = current.extra.clone();
        merge_extra(&mut extra, &incoming.extra);
        *current = Review {
            extra,
            ..incoming.clone()
        };
    } else {
        merge_extra(&mut current.extra, &incoming.extra);
    }
}

/// Notes: the union by id (by anchor and text for notes without one), never dropping
/// one; a note both sides have is taken from the side changed last. Two changes in the
/// same second are ordered by their content (answered, then text), not by side, so
/// merging in any order gives the same note. Matched through a map of the base's keys:
/// linear in the number of notes (a search per note made 120k notes take 39 s).
fn merge_notes(base: &mut Vec<Note>, incoming: &[Note]) {
    let mut index: HashMap<NoteKey, usize> = HashMap::with_capacity(base.len());
    for (i, note) in base.iter().enumerate() {
        // The first of two notes with one key is the one a match finds.
        index.entry(NoteKey::of(note)).or_insert(i);
    }
    let rank = |n: &Note| (n.at, n.answered, n.text.clone());
    for note in incoming {
        match index.get(&NoteKey::of(note)) {
            Some(&i) => {
                let current = &mut base[i];
                let mut extra = current.extra.clone();
                merge_extra(&mut extra, &note.extra);
                if rank(note) > rank(current) {
                    *current = note.clone();
                }
                current.extra = extra;
            }
            None => {
                index.insert(NoteKey::of(note), base.len());
                base.push(note.clone());
            }
        }
    }
}

/// What makes two notes the same note (`Note::is_same`): the id, or for a note without
/// one its anchor and text.
#[derive(PartialEq, Eq, Hash)]
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
/// the same input for the same variant; the first of them is kept.
fn normalize_attempts(attempts: &mut Vec<Attempt>) {
    let mut seen = HashSet::new();
    attempts.retain(|a| seen.insert((a.at, a.input.clone(), a.variant)));
    attempts.sort_by_key(|a| a.at);
}

/// Every key of both maps; a key only `incoming` has is merged into an empty record, so
/// it comes out in the same normal form (attempts in time order) as a merged one.
fn merge_map<T: Default>(
    base: &mut BTreeMap<String, T>,
    incoming: &BTreeMap<String, T>,
    merge: fn(&mut T, &T),
) {
    for (key, value) in incoming {
        merge(base.entry(key.clone()).or_default(), value);
    }
}

/// Unknown fields: the union, tables merged key by key, the base's value kept on any
/// other conflict (this release never changes a field it does not know, so a differing
/// value came from elsewhere and the base is as good a guess as any, and never lost).
fn merge_extra(base: &mut toml::Table, incoming: &toml::Table) {
    for (key, value) in incoming {
        match (base.get_mut(key), value) {
            (Some(toml::Value::Table(current)), toml::Value::Table(other)) => {
                merge_extra(current, other)
            }
            (Some(_), _) => {}
            (None, _) => {
                base.insert(key.clone(), value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests;
