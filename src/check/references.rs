//! How prose refers to sections and lessons, checked by `check`:
//!
//! - `§N.k` is a section of this course, one that exists: a paper's section is written
//!   out and attributed, "the paper's Section 3.2.2", "Vaswani et al. (2017), Section
//!   3.5", "Section 2 of the paper"; so a `§` right after a citation is a paper's and
//!   wrong, and a "Section N" without its paper right beside it is ambiguous;
//! - a lesson is "Lesson 3": capital L, no leading zero ("Lesson 03", "lesson 3" and
//!   "lesson 1/8" are the same thing three ways).
//!
//! Quotations (`>` blocks, or between quotation marks) are the paper's words, not ours,
//! and are not read. Glossary definitions are read like prose.

use crate::content::{Course, GLOSSARY_FILE, Lesson};

use super::Finding;
use super::links::{Place, runs, words};

/// All reference findings of a course.
pub fn check(course: &Course) -> Vec<Finding> {
    let mut out = Vec::new();
    for lesson in &course.lessons {
        for (_, run) in runs(lesson.blocks()) {
            if run.place == Place::Quote {
                continue;
            }
            for message in findings(course, &words(run.inlines)) {
                out.push(Finding::at(lesson.file.clone(), run.line, message));
            }
        }
    }
    for term in &course.glossary.terms {
        for message in findings(course, &term.definition) {
            out.push(Finding::at(GLOSSARY_FILE.to_string(), term.line, message));
        }
    }
    out
}

/// The reference findings of one run of prose.
fn findings(course: &Course, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (at, _) in text.match_indices('§') {
        let before = &text[..at];
        if super::links::inside_quotes(before) {
            continue;
        }
        let number = number_at(&text[at + '§'.len_utf8()..]);
        if !is_idea(course, number) {
            out.push(format!(
                "`§{number}` is not a section of this course: a paper's is written \"the paper's Section {number}\""
            ));
        } else if attributed(before, "") {
            out.push(format!(
                "`§{number}` follows a citation: a paper's section is written \"Section {number}\""
            ));
        }
    }
    for (at, word) in text.match_indices("Section") {
        let before = &text[..at];
        let rest = &text[at + word.len()..];
        let rest = rest.strip_prefix('s').unwrap_or(rest);
        let Some(rest) = rest.strip_prefix(' ') else {
            continue;
        };
        let number = number_at(rest);
        if number.is_empty() || inside_quotes_or_word(before) {
            continue;
        }
        if attributed(before, &rest[number.len()..]) {
            continue;
        }
        out.push(if is_idea(course, number) {
            format!(
                "bare `Section {number}`: the course's is written §{number}, a paper's \"the paper's Section {number}\""
            )
        } else {
            format!("bare `Section {number}`: say whose, \"the paper's Section {number}\"")
        });
    }
    for (at, word) in text
        .match_indices("Lesson ")
        .chain(text.match_indices("lesson "))
        .chain(text.match_indices("Lessons "))
    {
        let number = number_at(&text[at + word.len()..]);
        let Some(first) = number.chars().next() else {
            continue;
        };
        if word.starts_with('l') || first == '0' {
            let n = number.trim_start_matches('0');
            out.push(format!(
                "`{}{number}`: a lesson is written `Lesson {n}`",
                word
            ));
        }
    }
    out
}

/// Whether `before` ends inside a quotation or inside a word ("subSection 2").
fn inside_quotes_or_word(before: &str) -> bool {
    super::links::inside_quotes(before) || before.ends_with(|c: char| c.is_alphanumeric())
}

/// The section number at the start of `text`: digits and inner dots ("3.2.2" of
/// "3.2.2, eq. 1").
fn number_at(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    text[..end].trim_end_matches('.')
}

/// Whether `number` is an idea of the course: "N.k" with lesson N and its `## N.k`.
fn is_idea(course: &Course, number: &str) -> bool {
    let Some((lesson, _)) = number.split_once('.') else {
        return false;
    };
    lesson
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| course.lessons.get(i))
        .is_some_and(|l: &Lesson| l.section_block(number).is_some())
}

/// Whether a section number between `before` and `after` is attributed to a paper
/// right beside it: "the paper's", "their", "its", "et al.", a year ("(2017, " or
/// "(2017), "), or " of the paper" after it.
fn attributed(before: &str, after: &str) -> bool {
    let b = before.trim_end().trim_end_matches([',', '(']).trim_end();
    let b = b.trim_end_matches(')');
    let year = b.len() >= 4
        && b.is_char_boundary(b.len() - 4)
        && b[b.len() - 4..].bytes().all(|c| c.is_ascii_digit());
    let possessive = ["'s", "’s", "their", "its", "et al."].iter().any(|end| {
        b.strip_suffix(end).is_some_and(|rest| {
            end.starts_with(['\'', '’']) || !rest.ends_with(char::is_alphanumeric)
        })
    });
    year || possessive || after.trim_start().starts_with("of ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribution_is_what_stands_right_beside_the_number() {
        assert!(attributed("the paper's ", ""));
        assert!(attributed("Vaswani et al. (2017), ", ""));
        assert!(attributed("Vaswani et al. (2017, ", ""));
        assert!(attributed("Geva et al., ", ""));
        assert!(attributed("and ", " of the paper"));
        assert!(attributed("their ", ""));
        assert!(attributed("\"512\" (their ", ""));
        assert!(!attributed("bits ", ""));
        assert!(!attributed("Vaswani et al. saw it drop (", ""));
        assert!(!attributed("as shown in ", ""));
        assert!(!attributed("", ""));
    }

    #[test]
    fn numbers_end_at_the_last_digit() {
        assert_eq!(number_at("3.2.2, eq"), "3.2.2");
        assert_eq!(number_at("4.5."), "4.5");
        assert_eq!(number_at("2 of"), "2");
        assert_eq!(number_at("x"), "");
    }
}
