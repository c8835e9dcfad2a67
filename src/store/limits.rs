//! Bounds on a record read from disk or imported, so that a hostile or damaged file
//! costs bounded memory and time, and a record written back is never much larger than
//! the file it came from. A learner's real record is far inside every bound: eight
//! lessons, a few dozen problems, some thousands of attempts and notes.
//!
//! The file size is bounded before parsing (`file::MAX_RECORD_BYTES`); these bounds
//! apply to what it parsed into, and `store::write_record` refuses to write a record
//! over the size cap, so nothing written can fail the next read.

use crate::progress::Progress;

/// Lessons in one record.
pub const MAX_LESSONS: usize = 1_000;
/// Problem records over all lessons.
pub const MAX_PROBLEMS: usize = 20_000;
/// Attempts over all problems.
pub const MAX_ATTEMPTS: usize = 200_000;
/// Notes.
pub const MAX_NOTES: usize = 200_000;
/// Bytes in a name used as a key (lesson slug, problem id, note id): each attempt's
/// table header repeats its lesson's slug and problem's id, so a long one multiplies
/// the written size.
pub const MAX_KEY_BYTES: usize = 256;
/// Bytes in one text (an answer, a note, a sentence).
pub const MAX_TEXT_BYTES: usize = 64 << 10;
/// Values (each array element and table entry counts) in the unknown fields of the
/// whole record. Unknown fields are kept for a newer release's sake; a newer release
/// adding a field to every attempt stays far below this.
pub const MAX_UNKNOWN_VALUES: usize = 200_000;

/// The first bound `progress` exceeds, as a message; `Ok` when it is within all.
pub fn check(progress: &Progress) -> Result<(), String> {
    let mut unknown = Counter::new("values in unknown fields", MAX_UNKNOWN_VALUES);
    let mut problems = Counter::new("problem records", MAX_PROBLEMS);
    let mut attempts = Counter::new("attempts", MAX_ATTEMPTS);
    over("lessons", progress.lessons.len(), MAX_LESSONS)?;
    over("notes", progress.notes.len(), MAX_NOTES)?;
    unknown.table(&progress.extra)?;
    if let Some(position) = &progress.position {
        key("position.lesson", &position.lesson)?;
        unknown.table(&position.extra)?;
    }
    for (slug, lesson) in &progress.lessons {
        key("a lesson's slug", slug)?;
        unknown.table(&lesson.extra)?;
        problems.add(lesson.problems.len())?;
        for (id, problem) in &lesson.problems {
            key("a problem's id", id)?;
            unknown.table(&problem.extra)?;
            attempts.add(problem.attempts.len())?;
            if let Some(review) = &problem.review {
                unknown.table(&review.extra)?;
            }
            for attempt in &problem.attempts {
                text("an attempt's input", &attempt.input)?;
                text("an attempt's value", &attempt.value)?;
                unknown.table(&attempt.extra)?;
            }
        }
    }
    for note in &progress.notes {
        key("a note's id", &note.id)?;
        key("a note's lesson", &note.lesson)?;
        key("a note's section", &note.section)?;
        text("a note's sentence", &note.sentence)?;
        text("a note's text", &note.text)?;
        unknown.table(&note.extra)?;
    }
    Ok(())
}

/// Drops the oldest read marks until `progress` holds at most [`MAX_LESSONS`] lessons, so
/// that reading a course of more than a thousand lessons never writes a record its next
/// start would refuse (and then start over with a new seed). Only a lesson that holds
/// nothing but its read mark goes: not one with problem work or unknown fields, not the
/// lesson of the reading position. Returns how many were dropped.
pub fn drop_oldest_read_marks(progress: &mut Progress) -> usize {
    let excess = progress.lessons.len().saturating_sub(MAX_LESSONS);
    if excess == 0 {
        return 0;
    }
    let here = progress.position.as_ref().map(|p| p.lesson.as_str());
    let mut marks: Vec<(u64, String)> = progress
        .lessons
        .iter()
        .filter(|(slug, l)| {
            l.problems.is_empty() && l.extra.is_empty() && Some(slug.as_str()) != here
        })
        .map(|(slug, l)| (l.at, slug.clone()))
        .collect();
    marks.sort_unstable();
    marks.truncate(excess);
    for (_, slug) in &marks {
        progress.lessons.remove(slug);
    }
    marks.len()
}

fn over(what: &str, n: usize, max: usize) -> Result<(), String> {
    if n > max {
        Err(format!(
            "more than {max} {what} ({n}): not a record this release will load"
        ))
    } else {
        Ok(())
    }
}

fn key(what: &str, s: &str) -> Result<(), String> {
    if s.len() > MAX_KEY_BYTES {
        Err(format!(
            "{what} is {} bytes long, over the {MAX_KEY_BYTES} a name may be",
            s.len()
        ))
    } else {
        Ok(())
    }
}

fn text(what: &str, s: &str) -> Result<(), String> {
    if s.len() > MAX_TEXT_BYTES {
        Err(format!(
            "{what} is {} bytes long, over the {} KiB a text may be",
            s.len(),
            MAX_TEXT_BYTES >> 10
        ))
    } else {
        Ok(())
    }
}

/// A running total with its bound.
struct Counter {
    what: &'static str,
    n: usize,
    max: usize,
}

impl Counter {
    fn new(what: &'static str, max: usize) -> Counter {
        Counter { what, n: 0, max }
    }

    fn add(&mut self, n: usize) -> Result<(), String> {
        self.n = self.n.saturating_add(n);
        over(self.what, self.n, self.max)
    }

    /// Counts every value in an unknown-field table, nested ones included. Iterative:
    /// a deeply nested table must not overflow the stack.
    fn table(&mut self, table: &toml::Table) -> Result<(), String> {
        let mut stack: Vec<&toml::Value> = table.values().collect();
        self.add(stack.len())?;
        while let Some(value) = stack.pop() {
            let inner: Box<dyn Iterator<Item = &toml::Value>> = match value {
                toml::Value::Array(items) => Box::new(items.iter()),
                toml::Value::Table(t) => Box::new(t.values()),
                _ => continue,
            };
            let before = stack.len();
            stack.extend(inner);
            self.add(stack.len() - before)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Attempt;

    #[test]
    fn a_learners_record_is_within_every_bound() {
        let mut p = Progress::new(1);
        for k in 0..3_000 {
            p.record_attempt(
                "softmax",
                &format!("p{}", k % 40),
                Attempt::new(k, "x", "", false, 0),
            );
        }
        assert_eq!(check(&p), Ok(()));
    }

    #[test]
    fn each_bound_is_enforced() {
        let mut long_slug = Progress::new(1);
        long_slug.set_position(&"s".repeat(MAX_KEY_BYTES + 1), 0, 0);
        assert!(check(&long_slug).is_err_and(|e| e.contains("position.lesson")));
        let mut long_input = Progress::new(1);
        let input = "1".repeat(MAX_TEXT_BYTES + 1);
        long_input.record_attempt("l", "p", Attempt::new(0, &input, "", false, 0));
        assert!(check(&long_input).is_err_and(|e| e.contains("input")));
        let mut unknown = Progress::new(1);
        let items = vec![toml::Value::Integer(1); MAX_UNKNOWN_VALUES];
        unknown
            .extra
            .insert("blob".into(), toml::Value::Array(items));
        assert!(check(&unknown).is_err_and(|e| e.contains("unknown")));
    }

    #[test]
    fn the_oldest_bare_read_marks_go_first() {
        let mut p = Progress::new(1);
        for k in 0..MAX_LESSONS + 3 {
            p.set_position(&format!("l{k:04}"), 0, 10_000 - k as u64);
        }
        p.record_attempt("l9999", "p", Attempt::new(0, "x", "", false, 0));
        p.set_position("l1002", 0, 1);
        assert_eq!(drop_oldest_read_marks(&mut p), 4);
        assert_eq!(p.lessons.len(), MAX_LESSONS);
        assert_eq!(check(&p), Ok(()));
        for kept in ["l9999", "l1002", "l0000"] {
            assert!(p.lessons.contains_key(kept), "{kept}");
        }
        for gone in ["l1001", "l1000", "l0999", "l0998"] {
            assert!(!p.lessons.contains_key(gone), "{gone}");
        }
    }
}
