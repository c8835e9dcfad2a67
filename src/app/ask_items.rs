//! What the course itself says about a sentence, found at once and offline, for the ask
//! panel:
//!
//! - its terms and symbols, from the glossary (`terms_in` on the prose, `symbols_in` on
//!   each formula), with the lesson and section that introduce them;
//! - the computed claims behind it: the `eval` claims between its paragraph and the next
//!   heading whose expected value the sentence states (one of the claim's numbers
//!   appears in the sentence as written), run live;
//! - the places it points to: "section N.k", "Lesson N", and links whose target names a
//!   section `N.k` (found by [`crate::content::refs`]).

use super::App;
use crate::content::Section;
use crate::content::refs::{Reference, references};
use crate::eval;
use crate::layout::{self, SentenceSpot};
use crate::progress::Note;

/// A place in the course to jump to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub lesson: usize,
    pub block: usize,
}

/// One thing the panel says about the sentence.
#[derive(Debug, Clone, PartialEq)]
pub enum AskItem {
    /// A glossary term or symbol: Enter jumps to where it is introduced.
    Term {
        name: String,
        /// Markdown with `$math$`.
        definition: String,
        shape: Option<String>,
        /// "Lesson 2, 2.3"
        introduced: String,
        target: Option<Target>,
    },
    /// A computed claim: Enter opens it in the scratchpad.
    Claim {
        expr: String,
        expected: String,
        /// Its value now, as the evaluator prints it, or the error.
        value: Result<String, String>,
    },
    /// A place the sentence refers to: Enter jumps there.
    Link { label: String, target: Target },
    /// An equation of the sentence, or the display equation right after its
    /// paragraph: Enter opens it in the paper lens. Listed last, after the notes.
    Equation(String),
    /// The learner's note: Enter marks it answered (or not).
    Note(Note),
}

impl App {
    /// The panel's items for the sentence at `spot`, whose text is `text`: its terms,
    /// the claims it states, the places it refers to.
    pub(super) fn items_of(&self, spot: &SentenceSpot, text: &str) -> Vec<AskItem> {
        let mut items = self.terms_of(&spot.sentence);
        items.extend(self.claims_of(spot.block, text));
        items.extend(self.links_of(&spot.sentence));
        items.extend(self.equations_of(spot));
        items
    }

    /// The sentence's formulas, then the display equation that follows its block,
    /// each once: every equation of a lesson opens in the lens from the sentence that
    /// leads into it.
    fn equations_of(&self, spot: &SentenceSpot) -> Vec<AskItem> {
        let mut found: Vec<String> = spot
            .sentence
            .math()
            .into_iter()
            .map(str::to_string)
            .collect();
        let blocks = self.course.lessons[self.lesson].blocks();
        if let Some(crate::content::BlockKind::DisplayMath(tex)) =
            blocks.get(spot.block + 1).map(|b| &b.kind)
        {
            found.push(tex.clone());
        }
        let mut items: Vec<AskItem> = Vec::new();
        for tex in found {
            if !items.contains(&AskItem::Equation(tex.clone())) {
                items.push(AskItem::Equation(tex));
            }
        }
        items
    }

    /// "2.3" for the section block `block` is in; empty in the opening.
    pub(super) fn section_number_at(&self, block: usize) -> String {
        self.sections()
            .iter()
            .rev()
            .find(|s| s.block <= block)
            .map_or_else(String::new, |s| section_number(s).to_string())
    }

    /// Glossary terms in the prose, then symbols in the math, each once.
    fn terms_of(&self, sentence: &crate::content::sentence::Sentence) -> Vec<AskItem> {
        let glossary = &self.course.glossary;
        let mut terms = glossary.terms_in(&sentence.prose());
        for tex in sentence.math() {
            terms.extend(glossary.symbols_in(tex));
        }
        let mut seen = Vec::new();
        let mut items = Vec::new();
        for term in terms {
            if seen.contains(&term.name) {
                continue;
            }
            seen.push(term.name.clone());
            let place = self.course.introduction(term);
            let target = place.map(|(lesson, block)| Target { lesson, block });
            let introduced = match place {
                Some((l, _)) => format!("Lesson {}, {}", l + 1, term.section),
                None => format!("{} {}", term.lesson, term.section),
            };
            items.push(AskItem::Term {
                name: term.name.clone(),
                definition: term.definition.clone(),
                shape: term.shape.clone(),
                introduced,
                target,
            });
        }
        items
    }

    /// The claims under the sentence's paragraph (up to the next heading) that state
    /// one of the sentence's numbers, run live.
    fn claims_of(&self, block: usize, text: &str) -> Vec<AskItem> {
        (self
            .course
            .claims_stating(self.lesson, block, text)
            .into_iter())
        .map(|claim| AskItem::Claim {
            expr: claim.expr.clone(),
            expected: claim.expected.clone(),
            value: run(&claim.expr),
        })
        .collect()
    }

    /// "section N.k", "Lesson N", and links naming a section.
    fn links_of(&self, sentence: &crate::content::sentence::Sentence) -> Vec<AskItem> {
        let mut items: Vec<AskItem> = Vec::new();
        let mut add = |label: String, target: Option<Target>| {
            if let Some(target) = target
                && !items
                    .iter()
                    .any(|i| matches!(i, AskItem::Link { target: t, .. } if *t == target))
            {
                items.push(AskItem::Link { label, target });
            }
        };
        let text = sentence.prose();
        for reference in references(&text) {
            match reference {
                Reference::Section(n) => {
                    add(self.section_label(&n, ""), self.section_target(&n));
                }
                Reference::Lesson(n) => {
                    let target = (1..=self.course.lessons.len())
                        .contains(&n)
                        .then_some(Target {
                            lesson: n - 1,
                            block: 0,
                        });
                    let title = target.map_or("", |t| self.title(t.lesson));
                    add(format!("Lesson {n}: {title}"), target);
                }
            }
        }
        for url in sentence.links() {
            for reference in references(&url.replace(['#', '-', '/'], " ")) {
                if let Reference::Section(n) = reference {
                    add(self.section_label(&n, " (linked)"), self.section_target(&n));
                }
            }
        }
        items
    }

    /// "section 2.1: Saturation ..." (the number alone when the course has no such
    /// section).
    fn section_label(&self, number: &str, note: &str) -> String {
        let title = self.section_target(number).and_then(|t| {
            let lesson = &self.course.lessons[t.lesson];
            let heading = lesson.blocks().get(t.block)?.plain_text();
            let rest = heading.strip_prefix(number)?.trim().to_string();
            Some(layout::inline_text(&rest, self.theme))
        });
        match title {
            Some(t) if !t.is_empty() => format!("section {number}{note}: {t}"),
            _ => format!("section {number}{note}"),
        }
    }

    fn section_target(&self, number: &str) -> Option<Target> {
        let (lesson, block) = self.course.section_place(number)?;
        Some(Target { lesson, block })
    }
}

/// The leading "N.k" of a section's title.
fn section_number(s: &Section) -> &str {
    s.title
        .split_whitespace()
        .next()
        .filter(|w| w.contains('.') && w.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .unwrap_or("")
}

fn run(expr: &str) -> Result<String, String> {
    let mut env = eval::Env::default();
    eval::run(expr, &mut env)
        .map(|v| eval::Shown::of(expr, v).to_string())
        .map_err(|e| e.to_string())
}
