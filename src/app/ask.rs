//! The ask panel (`a` on a selected sentence): what the course itself says about the
//! sentence, found at once and offline.
//!
//! - its terms and symbols, from the glossary (`terms_in` on the prose, `symbols_in` on
//!   each formula), with the lesson and section that introduce them;
//! - the computed claims behind it: the `eval` claims between its paragraph and the next
//!   heading whose expected value the sentence states (one of the claim's numbers
//!   appears in the sentence as written), run live;
//! - the places it points to: "section N.k", "Lesson N", and links whose target names a
//!   section `N.k` (found by [`crate::content::refs`]);
//! - the learner's notes on it, and a box to write one.

use super::{App, Mode, Prompt, PromptKind};
use crate::content::Section;
use crate::content::refs::{Reference, references};
use crate::eval;
use crate::layout;
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
    /// The learner's note: Enter marks it answered (or not).
    Note(Note),
}

/// The open panel: the sentence it is about and what was found.
#[derive(Debug, Clone, PartialEq)]
pub struct Ask {
    pub lesson: usize,
    /// Index into the lesson's laid-out sentences.
    pub sentence: usize,
    /// The sentence's text, as notes anchor it.
    pub text: String,
    /// Section number ("2.3"), empty in a lesson's opening.
    pub section: String,
    pub items: Vec<AskItem>,
    pub cursor: usize,
}

impl App {
    /// `a`: the panel for the selected sentence.
    pub(super) fn open_ask(&mut self) {
        let Some(index) = self.sentence else { return };
        let Some(spot) = self.view().sentences.get(index).cloned() else {
            return;
        };
        let text = spot.sentence.text();
        let section = self.section_number_at(spot.block);
        let mut items = self.terms_of(&spot.sentence);
        items.extend(self.claims_of(spot.block, &text));
        items.extend(self.links_of(&spot.sentence));
        self.ask = Some(Ask {
            lesson: self.lesson,
            sentence: index,
            text,
            section,
            items,
            cursor: 0,
        });
        self.refresh_ask_notes();
        self.mode = Mode::Ask;
        self.show_sentence();
    }

    pub(super) fn asking(&mut self, action: super::Action) {
        use super::Action;
        let Some(ask) = &mut self.ask else {
            self.mode = Mode::Reading;
            return;
        };
        let last = ask.items.len().saturating_sub(1);
        match action {
            Action::Down | Action::PanelDown => ask.cursor = (ask.cursor + 1).min(last),
            Action::Up | Action::PanelUp => ask.cursor = ask.cursor.saturating_sub(1),
            Action::Activate => self.activate_ask_item(),
            Action::Scratchpad => self.claim_to_scratchpad(),
            Action::WriteNote => {
                self.mode = Mode::Prompt(Prompt::new(PromptKind::Note, ""));
            }
            Action::MyNotes => self.open_notes(),
            // "From anywhere": the glossary replaces the panel, as the notes view does.
            Action::Glossary => {
                self.ask = None;
                self.stop_selecting();
                self.open_glossary();
            }
            Action::Back => self.go_back(),
            Action::Close | Action::Ask => {
                self.ask = None;
                self.mode = Mode::Select;
            }
            _ => {}
        }
    }

    /// Saves the note typed in the panel's box against its sentence.
    pub(super) fn save_note(&mut self, text: &str) {
        let text = text.trim();
        let Some(ask) = &self.ask else { return };
        if text.is_empty() {
            self.mode = Mode::Ask;
            return;
        }
        let slug = &self.course.lessons[ask.lesson].slug;
        let note = Note::new(slug, &ask.section, &ask.text, text, self.now());
        self.progress.notes.push(note);
        self.save = super::SaveNeed::Now;
        self.refresh_ask_notes();
        self.mode = Mode::Ask;
        self.notify("note saved: m lists your notes");
    }

    /// The panel's note items: the notes whose sentence is found at this one.
    fn refresh_ask_notes(&mut self) {
        let Some(ask) = &self.ask else { return };
        let here = Some((ask.lesson, ask.sentence));
        let mut mine = Vec::new();
        for note in self.progress.notes.clone() {
            if self.locate_note(&note) == here {
                mine.push(AskItem::Note(note));
            }
        }
        let Some(ask) = &mut self.ask else { return };
        ask.items.retain(|i| !matches!(i, AskItem::Note(_)));
        ask.items.extend(mine);
        ask.cursor = ask.cursor.min(ask.items.len().saturating_sub(1));
    }

    fn activate_ask_item(&mut self) {
        let Some(item) = self
            .ask
            .as_ref()
            .and_then(|a| a.items.get(a.cursor))
            .cloned()
        else {
            return;
        };
        match item {
            AskItem::Term {
                target: Some(t), ..
            }
            | AskItem::Link { target: t, .. } => self.jump_to(t),
            AskItem::Term { name, .. } => self.notify(format!(
                "the course does not say where {name} is introduced"
            )),
            AskItem::Claim { .. } => self.claim_to_scratchpad(),
            AskItem::Note(note) => {
                self.toggle_answered(&note);
                self.refresh_ask_notes();
            }
        }
    }

    /// `:` or Enter on a claim: the scratchpad with its expression, to change numbers in.
    fn claim_to_scratchpad(&mut self) {
        let item = self.ask.as_ref().and_then(|a| a.items.get(a.cursor));
        let Some(AskItem::Claim { expr, .. }) = item else {
            return self.notify("select a computed claim to open it in the scratchpad");
        };
        let expr = expr.clone();
        self.ask = None;
        self.sentence = None;
        self.mode = Mode::Prompt(Prompt::new(PromptKind::Scratchpad, &expr));
        self.preview = self.scratch.preview(&expr);
    }

    /// Leaves the panel for `target`, remembering the place for Backspace.
    pub(super) fn jump_to(&mut self, target: Target) {
        self.push_place();
        self.ask = None;
        self.sentence = None;
        self.mode = Mode::Reading;
        if target.lesson != self.lesson {
            self.open(target.lesson, target.block);
        } else {
            let line = self.view().line_of_block(target.block);
            self.scroll_to(line);
        }
        self.notify("Backspace goes back");
    }

    /// Remembers the place for Backspace, before a jump.
    pub(super) fn push_place(&mut self) {
        self.back.push(super::Place {
            lesson: self.lesson,
            scroll_block: self.view().block_at(self.scroll),
            scroll: self.scroll,
            width: self.text_width(),
            sentence: self.sentence,
        });
    }

    /// Backspace: back to where the last jump left from, the sentence selected again.
    pub(super) fn go_back(&mut self) {
        let Some(place) = self.back.pop() else {
            return self.notify("nothing to go back to");
        };
        self.ask = None;
        if place.lesson != self.lesson {
            self.open(place.lesson, place.scroll_block);
        }
        let line = if place.width == self.text_width() {
            place.scroll
        } else {
            self.view().line_of_block(place.scroll_block)
        };
        self.scroll_to(line);
        match place.sentence {
            Some(i) if i < self.view().sentences.len() => {
                self.sentence = Some(i);
                self.mode = Mode::Select;
                self.show_sentence();
            }
            _ => self.stop_selecting(),
        }
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
