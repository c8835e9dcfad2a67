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
    /// merging again never flips it; `Store::import` also carries the seed of an import
    /// without problem work). `resets` is the base's: whether a record from before a
    /// reset may be merged at all is the saver's decision (`Store::save_merged`).
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
mod tests {
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
        disk.merge_from(&mine);
        assert_eq!(disk.lessons.keys().collect::<Vec<_>>(), ["gone", "new"]);
        assert_eq!(disk.extra["theme"].as_str(), Some("dark"));
        let flags = disk.extra["flags"]
            .as_table()
            .map(|t| t.keys().cloned().collect::<Vec<_>>());
        assert_eq!(flags, Some(vec!["a".to_string(), "b".to_string()]));
    }

    #[test]
    fn a_base_without_problem_work_adopts_the_incoming_seed_and_a_working_one_keeps_its_own() {
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
        // Neither side bound to its seed: the base keeps its own, so merges settle.
        let mut opened = Progress::new(1);
        opened.set_position("l1", 0, 1);
        opened.merge_from(&Progress::new(77));
        assert_eq!(opened.learner_seed, 1);
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
}
