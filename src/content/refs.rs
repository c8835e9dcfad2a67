//! What a sentence of the course points to, found in the course itself: the places it
//! names ("section 2.1", "Lesson 3", links to `#2-1`) and the computed claims under its
//! paragraph that state one of its numbers. Nothing subtler ("by the variance
//! argument") is matched: such a sentence gets no link rather than a guessed one.

use super::{BlockKind, Claim, Course};

/// A place the course names in prose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// "2.3"
    Section(String),
    /// 1-based lesson number.
    Lesson(usize),
}

impl Course {
    /// Section `number` ("2.3"): its lesson (here lesson 2) and the block of its heading.
    pub fn section_place(&self, number: &str) -> Option<(usize, usize)> {
        let lesson: usize = number.split('.').next()?.parse().ok()?;
        let lesson = lesson.checked_sub(1)?;
        let block = self.lessons.get(lesson)?.section_block(number)?;
        Some((lesson, block))
    }

    /// The claims after `block` of `lesson` (up to the next heading) that state one of
    /// the numbers written in `text`.
    pub fn claims_stating(&self, lesson: usize, block: usize, text: &str) -> Vec<&Claim> {
        let numbers = numbers_in(text);
        let Some(lesson) = self.lessons.get(lesson) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for b in lesson.blocks().iter().skip(block + 1) {
            match &b.kind {
                BlockKind::Heading { .. } => break,
                BlockKind::Claims(Ok(claims)) => found.extend(
                    claims
                        .iter()
                        .filter(|c| numbers_in(&c.expected).iter().any(|n| numbers.contains(n))),
                ),
                _ => {}
            }
        }
        found
    }
}

/// The numbers written in `text`, but for 0 and 1, which would tie almost any sentence
/// to any claim.
fn numbers_in(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty() && *w != "0" && *w != "1")
        .map(str::to_string)
        .collect()
}

/// The course places `text` names: "section 2.1", "sections 2.1 and 2.4" (each),
/// "Lesson 03".
pub fn references(text: &str) -> Vec<Reference> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let word = w.to_lowercase();
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        let next = |k: usize| {
            words
                .get(i + k)
                .map(|n| n.trim_matches(|c: char| !c.is_ascii_digit()))
        };
        match word {
            "section" | "sections" => {
                // "section 2.1", "sections 2.1 and 2.4", "sections 2.1, 2.2".
                let mut k = 1;
                while let Some(n) = next(k).filter(|n| is_section_number(n)) {
                    out.push(Reference::Section(n.to_string()));
                    let joined = words[i + k].ends_with(',');
                    let and = matches!(words.get(i + k + 1), Some(&"and" | &"or"));
                    k += if and {
                        2
                    } else if joined {
                        1
                    } else {
                        break;
                    };
                }
            }
            "lesson" | "lessons" => {
                if let Some(n) = next(1).and_then(|n| n.parse().ok()) {
                    out.push(Reference::Lesson(n));
                }
            }
            _ => {}
        }
    }
    out
}

fn is_section_number(w: &str) -> bool {
    let mut parts = w.split('.');
    matches!(
        (parts.next(), parts.next(), parts.next()),
        (Some(a), Some(b), None) if !a.is_empty() && !b.is_empty()
            && a.chars().chain(b.chars()).all(|c| c.is_ascii_digit())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_name_sections_and_lessons() {
        assert_eq!(
            references("as section 2.1 shows, and Lesson 03 (see sections 1.2 and 1.4)."),
            [
                Reference::Section("2.1".into()),
                Reference::Lesson(3),
                Reference::Section("1.2".into()),
                Reference::Section("1.4".into()),
            ]
        );
        // A paper's section sign is not the course's.
        assert_eq!(references("Vaswani et al. (2017, §3.2) scale it."), []);
    }

    #[test]
    fn numbers_are_the_ones_worth_matching() {
        assert_eq!(
            numbers_in("weights [0.5761, 0.2119] and 1 of 64 rows, 0 or 8."),
            ["0.5761", "0.2119", "64", "8"]
        );
    }
}
