//! What a sync moved one way: the work the merged record holds that one side's record
//! did not, counted the way the learner thinks of it ("12 attempts, 2 notes, lesson 4
//! place"). Linear in the record (sets of keys, never a search per item), so a record
//! at the import bounds costs a fraction of a second.

use std::collections::HashSet;

use crate::progress::Progress;

/// Counts of what `after` holds beyond `before`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Moved {
    pub new_attempts: usize,
    /// Notes new or changed (edited, marked answered).
    pub new_notes: usize,
    /// Hints seen, over all problems.
    pub hints_seen: u64,
    pub solutions_seen: usize,
    /// Problems whose review schedule changed.
    pub reviews_changed: usize,
    /// Lessons read further.
    pub read_further: usize,
    /// Slugs of the lessons whose last place moved.
    pub places_moved: Vec<String>,
    /// The seed changed (the learner's numbers).
    pub seed_changed: bool,
}

impl Moved {
    /// What `after` holds beyond `before`.
    pub fn between(before: &Progress, after: &Progress) -> Moved {
        let mut moved = Moved {
            seed_changed: before.learner_seed != after.learner_seed,
            ..Moved::default()
        };
        for (slug, lesson) in &after.lessons {
            let old = before.lessons.get(slug);
            if lesson.read > old.map_or(0.0, |l| l.read) {
                moved.read_further += 1;
            }
            if old.is_none_or(|o| (o.block, o.at) != (lesson.block, lesson.at)) && lesson.at > 0 {
                moved.places_moved.push(slug.clone());
            }
            for (id, problem) in &lesson.problems {
                let old = old.and_then(|o| o.problems.get(id));
                let known: HashSet<_> = old
                    .iter()
                    .flat_map(|o| &o.attempts)
                    .map(|a| (a.at, a.input.as_str(), a.variant))
                    .collect();
                moved.new_attempts += (problem.attempts.iter())
                    .filter(|a| !known.contains(&(a.at, a.input.as_str(), a.variant)))
                    .count();
                let hints = old.map_or(0, |o| o.hints_shown);
                moved.hints_seen += u64::from(problem.hints_shown.saturating_sub(hints));
                if problem.solution_viewed && !old.is_some_and(|o| o.solution_viewed) {
                    moved.solutions_seen += 1;
                }
                if problem.review.is_some()
                    && old.and_then(|o| o.review.as_ref()) != problem.review.as_ref()
                {
                    moved.reviews_changed += 1;
                }
            }
        }
        let note = |n: &crate::progress::Note| {
            (
                n.id.clone(),
                n.lesson.clone(),
                n.sentence.clone(),
                n.text.clone(),
                n.at,
                n.answered,
            )
        };
        let known: HashSet<_> = before.notes.iter().map(note).collect();
        moved.new_notes = after
            .notes
            .iter()
            .filter(|n| !known.contains(&note(n)))
            .count();
        moved
    }

    /// "12 attempts, 2 notes, lesson 4 place", or "nothing"; `lesson` names a lesson by
    /// its slug ("lesson 4" where the course has it).
    pub fn describe(&self, lesson: &dyn Fn(&str) -> String) -> String {
        let count = |n: u64, one: &str, many: &str| match n {
            0 => None,
            1 => Some(format!("1 {one}")),
            n => Some(format!("{n} {many}")),
        };
        let mut parts: Vec<String> = [
            count(self.new_attempts as u64, "attempt", "attempts"),
            count(self.new_notes as u64, "note", "notes"),
            count(self.hints_seen, "hint", "hints"),
            count(
                self.solutions_seen as u64,
                "solution seen",
                "solutions seen",
            ),
            count(self.reviews_changed as u64, "review", "reviews"),
            count(
                self.read_further as u64,
                "lesson read further",
                "lessons read further",
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        parts.extend(
            self.places_moved
                .iter()
                .map(|slug| format!("{} place", lesson(slug))),
        );
        if self.seed_changed {
            parts.push("the seed".to_string());
        }
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::{Attempt, Note};

    #[test]
    fn counts_what_the_other_side_lacked() {
        let before = Progress::new(1);
        let mut after = Progress::new(1);
        for t in 1..=3 {
            after.record_attempt("softmax", "2.1", Attempt::new(t, "0.5", "", false, 0));
        }
        after
            .notes
            .push(Note::new("softmax", "2.1", "A sentence.", "why?", 5));
        after.set_position("softmax", 4, 9);
        let moved = Moved::between(&before, &after);
        let name = |slug: &str| format!("lesson {slug}");
        assert_eq!(
            moved.describe(&name),
            "3 attempts, 1 note, lesson softmax place"
        );
        assert_eq!(Moved::between(&after, &after).describe(&name), "nothing");
    }
}
