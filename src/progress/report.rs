//! The learner's record as text: the report `progress show` prints and the notes as
//! markdown (`progress export --notes`). They live with the record, not in `commands`,
//! so that a fuzz target or another front end uses them without the command line.
//! Everything taken from the record is sanitised here (it is untrusted after an import).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

use super::clock::Utc;
use super::{Attempt, LessonRecord, Note, ProblemRecord, Progress, Stage};
use crate::content::Course;
use crate::problems::locate;
use crate::sanitize::one_line;

/// The notes as markdown to take to a teacher or a forum: by lesson (course order, then
/// lessons the course no longer has), then section; each sentence quoted once with its
/// notes under it as a task list (`[x]` answered).
pub fn notes_markdown(progress: &Progress, course: Option<&Course>) -> String {
    let lesson_order = |slug: &str| {
        course
            .and_then(|c| c.lessons.iter().position(|l| l.slug == slug))
            .unwrap_or(usize::MAX)
    };
    let mut notes: Vec<&Note> = progress.notes.iter().collect();
    notes.sort_by(|a, b| {
        (
            lesson_order(&a.lesson),
            &a.lesson,
            section_key(&a.section),
            a.id.as_str(),
        )
            .cmp(&(
                lesson_order(&b.lesson),
                &b.lesson,
                section_key(&b.section),
                b.id.as_str(),
            ))
    });
    let mut out = String::from("# My notes and questions\n");
    if notes.is_empty() {
        out.push_str("\nNo notes yet.\n");
    }
    let (mut lesson, mut section, mut sentence) = (None, None, None);
    for note in notes {
        if lesson != Some(&note.lesson) {
            let heading = match course.and_then(|c| {
                c.lessons
                    .iter()
                    .enumerate()
                    .find(|(_, l)| l.slug == note.lesson)
            }) {
                Some((i, l)) => format!("Lesson {}: {}", i + 1, one_line(&l.title)),
                None => format!("{} (not in this course)", one_line(&note.lesson)),
            };
            let _ = write!(out, "\n## {heading}\n");
            lesson = Some(&note.lesson);
            section = None;
            sentence = None;
        }
        if section != Some(&note.section) {
            let name = if note.section.is_empty() {
                "Opening".to_string()
            } else {
                one_line(&note.section)
            };
            let _ = write!(out, "\n### {name}\n");
            section = Some(&note.section);
            sentence = None;
        }
        if sentence != Some(&note.sentence) {
            let _ = write!(out, "\n> {}\n\n", one_line(&note.sentence));
            sentence = Some(&note.sentence);
        }
        let mark = if note.answered { 'x' } else { ' ' };
        let _ = writeln!(out, "- [{mark}] {}", one_line(&note.text));
    }
    // Note text comes from the record (untrusted after an import): hidden characters
    // are replaced, as on every other output path.
    crate::sanitize::clean(&out).into_owned()
}

/// "2.10" after "2.9": section numbers compared as numbers.
fn section_key(section: &str) -> Vec<u64> {
    section.split('.').filter_map(|p| p.parse().ok()).collect()
}

/// Where the record is, as the command line says it.
pub fn shown_path(path: Option<&Path>) -> String {
    path.map_or_else(|| "(nowhere)".to_string(), |p| p.display().to_string())
}

/// The record as text: where the learner is, then each lesson with its problems and
/// every attempt. With the course at hand, lessons come in course order with their
/// numbers (`2.` and problems `2.4`), and records the course no longer has are marked
/// and listed last. Everything taken from the file passes through `one_line`, so a
/// hand-edited file cannot put escape sequences on the terminal.
pub fn show(progress: &Progress, path: Option<&Path>, course: Option<&Course>) -> String {
    let mut out = format!("progress file: {}\n", one_line(&shown_path(path)));
    if let Some(position) = &progress.position {
        let _ = writeln!(
            out,
            "reading: {}, block {} ({})",
            one_line(&position.lesson),
            position.block,
            Utc::from_unix(position.at)
        );
    }
    if progress.lessons.is_empty() {
        out.push_str("no lessons read and no problems attempted yet\n");
    }
    let places = course.map(Places::of);
    let mut lessons: Vec<_> = progress.lessons.iter().collect();
    // Stable: lessons the course lacks stay in slug order, after the others.
    lessons.sort_by_key(|(slug, _)| {
        places
            .as_ref()
            .and_then(|p| p.lesson(slug))
            .unwrap_or(usize::MAX)
    });
    for (slug, lesson) in lessons {
        out.push('\n');
        show_lesson(&mut out, slug, lesson, places.as_ref());
    }
    out
}

/// The numbers the course gives its lessons and problems (1-based, as displayed).
struct Places<'a> {
    lessons: HashMap<&'a str, (usize, HashMap<&'a str, usize>)>,
}

impl<'a> Places<'a> {
    fn of(course: &'a Course) -> Places<'a> {
        let lessons = course
            .lessons
            .iter()
            .enumerate()
            .map(|(i, lesson)| {
                let problems = locate::problems(lesson)
                    .into_iter()
                    .enumerate()
                    .filter_map(|(k, (_, spec))| spec.ok().map(|s| (s.id.as_str(), k + 1)))
                    .collect();
                (lesson.slug.as_str(), (i + 1, problems))
            })
            .collect();
        Places { lessons }
    }

    fn lesson(&self, slug: &str) -> Option<usize> {
        self.lessons.get(slug).map(|(n, _)| *n)
    }

    fn problem(&self, slug: &str, id: &str) -> Option<usize> {
        self.lessons.get(slug).and_then(|(_, p)| p.get(id).copied())
    }
}

fn show_lesson(out: &mut String, slug: &str, lesson: &LessonRecord, places: Option<&Places>) {
    let solved = lesson.problems.values().filter(|p| p.solved).count();
    let attempted = lesson
        .problems
        .values()
        .filter(|p| !p.attempts.is_empty())
        .count();
    let number = places.and_then(|p| p.lesson(slug));
    let label = match (places, number) {
        (_, Some(n)) => format!("{n}. {}", one_line(slug)),
        (Some(_), None) => format!("{} (not in this course)", one_line(slug)),
        (None, None) => one_line(slug),
    };
    // The one percentage the reader shows too (floored: 100 only when read to the end).
    let read = super::view::percent(lesson.read);
    let _ = writeln!(
        out,
        "{label}  read {read}%  problems: {solved} solved, {attempted} attempted"
    );
    let place = |id: &str| places.and_then(|p| p.problem(slug, id));
    let mut problems: Vec<_> = lesson.problems.iter().collect();
    problems.sort_by_key(|(id, _)| place(id).unwrap_or(usize::MAX));
    for (id, problem) in problems {
        let label = match (number, place(id)) {
            (Some(l), Some(k)) => format!("{l}.{k} {}", one_line(id)),
            (Some(_), None) => format!("{} (not in this lesson)", one_line(id)),
            (None, _) => one_line(id),
        };
        show_problem(out, &label, problem);
    }
}

/// The problem's state in the words used everywhere, then what else the record holds
/// (a solved problem's attempts are not in the state's words).
fn show_problem(out: &mut String, label: &str, problem: &ProblemRecord) {
    let mut facts = vec![Stage::of(problem).to_string()];
    if problem.solved {
        facts.push(plural(problem.attempts.len(), "attempt"));
    }
    if problem.variant > 0 {
        facts.push(format!("variant {}", problem.variant));
    }
    if problem.hints_shown > 0 {
        facts.push(plural(problem.hints_shown as usize, "hint"));
    }
    if problem.solution_viewed {
        facts.push("solution viewed".to_string());
    }
    let _ = writeln!(out, "  {label}  {}", facts.join(", "));
    for attempt in &problem.attempts {
        let _ = writeln!(out, "    {}", show_attempt(attempt));
    }
}

fn show_attempt(attempt: &Attempt) -> String {
    let verdict = if attempt.correct { "right" } else { "wrong" };
    let mut line = format!(
        "{}  {verdict}  {}",
        Utc::from_unix(attempt.at),
        one_line(&attempt.input)
    );
    if !attempt.value.is_empty() && attempt.value != attempt.input {
        let _ = write!(line, " = {}", one_line(&attempt.value));
    }
    line
}

/// `n` with `word`, plural when `n` is not 1 ("1 attempt", "2 attempts"), never
/// "attempt(s)".
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Lesson;

    fn problem_fence(id: &str) -> String {
        format!(
            "```problem\nid = \"{id}\"\nkind = \"compute-number\"\nprompt = \"p\"\nanswer = \"1\"\ntolerance = \"exact\"\nhints = [\"h\"]\nsolution = \"s\"\n```\n"
        )
    }

    /// Two lessons: `softmax` (problems `weights`, `temperature`) and `heads`.
    fn course() -> Course {
        let text = format!(
            "# Softmax\n\n{}\n{}",
            problem_fence("weights"),
            problem_fence("temperature")
        );
        let lesson = |slug: &str, text: &str| {
            Lesson::parse(
                slug.into(),
                format!("{slug}.md"),
                slug.into(),
                String::new(),
                text,
            )
        };
        Course {
            title: "t".into(),
            tagline: String::new(),
            track: String::new(),
            lessons: vec![lesson("heads", "# Heads\n"), lesson("softmax", &text)],
            glossary: Default::default(),
            hazards: Vec::new(),
        }
    }

    fn record() -> Progress {
        let mut p = Progress::new(1);
        p.set_position("softmax", 12, 1_700_000_000);
        p.lessons.entry("softmax".into()).or_default().read = 0.456;
        let wrong = Attempt::new(1_700_000_000, "exp(1)", "2.71828", false, 0);
        p.record_attempt("softmax", "temperature", wrong);
        let right = Attempt::new(1_700_000_060, "0.5", "0.5", true, 0);
        p.record_attempt("softmax", "temperature", right);
        p.record_attempt("softmax", "renamed", Attempt::new(5, "1", "", false, 0));
        p.record_attempt("gone", "old", Attempt::new(0, "x\u{1b}[2J", "", false, 0));
        let problem = p
            .lessons
            .get_mut("softmax")
            .and_then(|l| l.problems.get_mut("temperature"));
        if let Some(problem) = problem {
            problem.hints_shown = 1;
        }
        p
    }

    #[test]
    fn show_numbers_by_the_course_and_marks_what_it_no_longer_has() {
        let course = course();
        let expected = "\
progress file: /h/progress.toml
reading: softmax, block 12 (2023-11-14 22:13:20 UTC)

2. softmax  read 45%  problems: 1 solved, 2 attempted
  2.2 temperature  solved, 2 attempts, 1 hint
    2023-11-14 22:13:20 UTC  wrong  exp(1) = 2.71828
    2023-11-14 22:14:20 UTC  right  0.5
  renamed (not in this lesson)  1 attempt
    1970-01-01 00:00:05 UTC  wrong  1

gone (not in this course)  read 0%  problems: 0 solved, 1 attempted
  old  1 attempt
    1970-01-01 00:00:00 UTC  wrong  x\u{FFFD}[2J
";
        assert_eq!(
            show(
                &record(),
                Some(Path::new("/h/progress.toml")),
                Some(&course)
            ),
            expected
        );
    }

    #[test]
    fn show_without_a_course_lists_slugs_and_ids_as_they_are() {
        let text = show(&record(), None, None);
        let headers: Vec<&str> = text.lines().filter(|l| l.contains("read ")).collect();
        assert_eq!(
            headers,
            [
                "gone  read 0%  problems: 0 solved, 1 attempted",
                "softmax  read 45%  problems: 1 solved, 2 attempted"
            ]
        );
        assert!(text.contains("\n  renamed  1 attempt\n"));
    }

    #[test]
    fn show_floors_the_percentage_read_as_the_reader_does() {
        let mut p = Progress::new(1);
        p.lessons.entry("softmax".into()).or_default().read = 0.996;
        let text = show(&p, None, None);
        assert!(text.contains("softmax  read 99%"), "{text}");
    }

    #[test]
    fn show_of_an_empty_record_says_so() {
        let text = show(&Progress::new(1), None, None);
        assert_eq!(
            text,
            "progress file: (nowhere)\nno lessons read and no problems attempted yet\n"
        );
    }

    #[test]
    fn notes_export_as_markdown_by_lesson_section_and_sentence() {
        let mut p = Progress::new(1);
        let mut answered = Note::new("softmax", "3.10", "It sums to one.", "why one?", 5);
        answered.answered = true;
        p.notes
            .push(Note::new("softmax", "3.9", "Scores grow.", "how fast?", 9));
        p.notes.push(answered);
        p.notes.push(Note::new(
            "softmax",
            "3.10",
            "It sums to one.",
            "and zero?",
            7,
        ));
        p.notes
            .push(Note::new("gone", "", "Old text.", "lost lesson", 1));
        p.notes
            .push(Note::new("heads", "", "Split it.", "how many?", 3));
        let expected = "# My notes and questions

## Lesson 1: heads

### Opening

> Split it.

- [ ] how many?

## Lesson 2: softmax

### 3.9

> Scores grow.

- [ ] how fast?

### 3.10

> It sums to one.

- [x] why one?
- [ ] and zero?

## gone (not in this course)

### Opening

> Old text.

- [ ] lost lesson
";
        assert_eq!(notes_markdown(&p, Some(&course())), expected);
    }
}
