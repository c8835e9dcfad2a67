//! The ask panel (`a` on a selected sentence): what the course itself says about the
//! sentence ([`super::ask_items`] finds it), the learner's notes on it, and a line to
//! write one.
//!
//! The panel is a mode ([`Mode::Ask`]) that owns its state, [`AskView`]: it moves its
//! cursor itself, and [`AskOutcome`] says what only the application can do (jump, open
//! the scratchpad, write or mark a note).

use super::{App, AskItem, Mode, SentenceCursor, Target};
use crate::progress::Note;

/// The ask panel's state, the mode [`Mode::Ask`]: the sentence it is about (which
/// stays selected under it), what was found, and the item under the cursor.
#[derive(Debug, Clone, PartialEq)]
pub struct AskView {
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

/// What a key did in the ask panel.
#[derive(Debug, Clone, PartialEq)]
pub enum AskOutcome {
    Stay,
    /// Enter on a term or a link: go there, Backspace comes back.
    Go(Target),
    /// Enter on a term the course does not place.
    Unplaced(String),
    /// Enter or `:` on a claim: the scratchpad with its expression.
    Scratchpad(String),
    /// `:` on an item that is not a claim.
    NotAClaim,
    /// Enter on an equation: the paper lens on it.
    Explain(String),
    /// Enter on a note: mark it answered, or not.
    Toggle(Note),
    /// `n`: the note line, over the panel.
    WriteNote,
    Notes,
    Glossary,
    Back,
    /// Esc or `a`: back to the sentence cursor.
    Close,
}

impl AskView {
    /// Moves the cursor, or says what the key asks of the application.
    pub fn update(&mut self, action: super::Action) -> AskOutcome {
        use super::Action;
        let last = self.items.len().saturating_sub(1);
        match action {
            Action::Down | Action::PanelDown => self.cursor = (self.cursor + 1).min(last),
            Action::Up | Action::PanelUp => self.cursor = self.cursor.saturating_sub(1),
            Action::Activate => return self.activate(),
            Action::Scratchpad => {
                return match self.items.get(self.cursor) {
                    Some(AskItem::Claim { expr, .. }) => AskOutcome::Scratchpad(expr.clone()),
                    _ => AskOutcome::NotAClaim,
                };
            }
            Action::WriteNote => return AskOutcome::WriteNote,
            Action::MyNotes => return AskOutcome::Notes,
            Action::Glossary => return AskOutcome::Glossary,
            Action::Back => return AskOutcome::Back,
            Action::Close | Action::Ask => return AskOutcome::Close,
            _ => {}
        }
        AskOutcome::Stay
    }

    /// Enter: what the item under the cursor leads to.
    fn activate(&self) -> AskOutcome {
        match self.items.get(self.cursor) {
            Some(
                AskItem::Term {
                    target: Some(t), ..
                }
                | AskItem::Link { target: t, .. },
            ) => AskOutcome::Go(*t),
            Some(AskItem::Term { name, .. }) => AskOutcome::Unplaced(name.clone()),
            Some(AskItem::Claim { expr, .. }) => AskOutcome::Scratchpad(expr.clone()),
            Some(AskItem::Note(note)) => AskOutcome::Toggle(note.clone()),
            Some(AskItem::Equation(tex)) => AskOutcome::Explain(tex.clone()),
            None => AskOutcome::Stay,
        }
    }

    /// Lists `notes` as the panel's notes, in place of the ones it listed.
    pub fn set_notes(&mut self, notes: Vec<Note>) {
        self.items.retain(|i| !matches!(i, AskItem::Note(_)));
        // The learner's own notes before the equations: they are what the panel is for.
        let at = (self.items.iter())
            .position(|i| matches!(i, AskItem::Equation(_)))
            .unwrap_or(self.items.len());
        let notes: Vec<AskItem> = notes.into_iter().map(AskItem::Note).collect();
        self.items.splice(at..at, notes);
        self.cursor = self.cursor.min(self.items.len().saturating_sub(1));
    }
}

impl App {
    /// The ask panel, while open (also under the note line written on it).
    pub fn ask(&self) -> Option<&AskView> {
        match &self.mode {
            Mode::Ask(view) => Some(view),
            Mode::Prompt(prompt) => prompt.note_panel(),
            _ => None,
        }
    }

    /// `a`: the panel for the selected sentence.
    pub(super) fn open_ask(&mut self) {
        let Some(index) = self.sentence_index() else {
            return;
        };
        let Some(spot) = self.view().sentences.get(index).cloned() else {
            return;
        };
        let text = spot.sentence.text();
        let section = self.section_number_at(spot.block);
        let items = self.items_of(&spot, &text);
        let mut view = AskView {
            lesson: self.lesson,
            sentence: index,
            text,
            section,
            items,
            cursor: 0,
        };
        view.set_notes(self.notes_at(view.lesson, view.sentence));
        self.mode = Mode::Ask(view);
        self.show_sentence();
    }

    /// Carries out what a key in the ask panel asked for.
    pub(super) fn after_ask(&mut self, outcome: AskOutcome) {
        match outcome {
            AskOutcome::Stay => {}
            AskOutcome::Go(target) => self.jump_to(target),
            AskOutcome::Unplaced(name) => self.notify(format!(
                "the course does not say where {name} is introduced"
            )),
            AskOutcome::Scratchpad(expr) => self.open_claim(&expr),
            AskOutcome::Explain(tex) => {
                self.mode = Mode::Reading;
                self.explain(&tex);
            }
            AskOutcome::NotAClaim => {
                self.notify("select a computed claim to open it in the scratchpad")
            }
            AskOutcome::Toggle(note) => {
                self.learner.toggle_answered(&note);
                if let Some((lesson, sentence)) = self.ask().map(|a| (a.lesson, a.sentence)) {
                    let notes = self.notes_at(lesson, sentence);
                    if let Mode::Ask(view) = &mut self.mode {
                        view.set_notes(notes);
                    }
                }
            }
            AskOutcome::WriteNote => {
                if let Mode::Ask(view) = std::mem::replace(&mut self.mode, Mode::Reading) {
                    self.open_note_line(view);
                }
            }
            AskOutcome::Notes => self.open_notes(),
            // "From anywhere": the glossary replaces the panel, as the notes view does.
            AskOutcome::Glossary => {
                self.mode = Mode::Reading;
                self.open_glossary();
            }
            AskOutcome::Back => self.go_back(),
            AskOutcome::Close => {
                if let Some(i) = self.sentence_index() {
                    self.mode = Mode::Select(SentenceCursor::at(i));
                }
            }
        }
    }

    /// The note line is done: saves its text (unless blank) against the panel's
    /// sentence, and the panel comes back listing it.
    pub(super) fn save_note(&mut self, mut view: AskView, text: &str) {
        let text = text.trim();
        if !text.is_empty() {
            let slug = &self.course.lessons[view.lesson].slug;
            (self.learner).add_note(slug, &view.section, &view.text, text);
            view.set_notes(self.notes_at(view.lesson, view.sentence));
            self.notify("note saved: m lists your notes");
        }
        self.mode = Mode::Ask(view);
    }

    /// The learner's notes whose sentence is found at sentence `sentence` of `lesson`.
    fn notes_at(&mut self, lesson: usize, sentence: usize) -> Vec<Note> {
        let here = Some((lesson, sentence));
        let notes = self.learner.record().notes.clone();
        notes
            .into_iter()
            .filter(|note| self.locate_note(note) == here)
            .collect()
    }

    /// Leaves the panel for `target`, remembering the place for Backspace.
    fn jump_to(&mut self, target: Target) {
        self.push_place(self.sentence_index());
        self.mode = Mode::Reading;
        if target.lesson != self.lesson {
            self.open(target.lesson, target.block);
        } else {
            let line = self.view().line_of_block(target.block);
            self.scroll_to(line);
        }
        self.notify("Backspace goes back");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Action;

    const HERE: Target = Target {
        lesson: 1,
        block: 4,
    };

    fn note(text: &str) -> Note {
        Note::new(
            "scores",
            "1.1",
            "Softmax turns the scores into weights.",
            text,
            7,
        )
    }

    fn term(name: &str, target: Option<Target>) -> AskItem {
        AskItem::Term {
            name: name.to_string(),
            definition: String::new(),
            shape: None,
            introduced: String::new(),
            target,
        }
    }

    /// A panel listing a placed term, an unplaced one, a claim, a link and a note.
    fn view() -> AskView {
        AskView {
            lesson: 0,
            sentence: 3,
            text: "Softmax turns the scores into weights.".to_string(),
            section: "1.1".to_string(),
            items: vec![
                term("softmax", Some(HERE)),
                term("weight", None),
                AskItem::Claim {
                    expr: "softmax([1, 0])".to_string(),
                    expected: "0.73".to_string(),
                    value: Ok("[0.731, 0.269]".to_string()),
                },
                AskItem::Link {
                    label: "section 2.1".to_string(),
                    target: HERE,
                },
                AskItem::Note(note("why?")),
            ],
            cursor: 0,
        }
    }

    #[test]
    fn enter_says_what_the_item_under_the_cursor_leads_to() {
        let mut v = view();
        let mut outcomes = Vec::new();
        for _ in 0..v.items.len() {
            outcomes.push(v.update(Action::Activate));
            v.update(Action::Down);
        }
        assert_eq!(
            outcomes,
            [
                AskOutcome::Go(HERE),
                AskOutcome::Unplaced("weight".to_string()),
                AskOutcome::Scratchpad("softmax([1, 0])".to_string()),
                AskOutcome::Go(HERE),
                AskOutcome::Toggle(note("why?")),
            ]
        );
        assert_eq!(v.cursor, 4, "the cursor stops on the last item");
    }

    #[test]
    fn j_k_and_the_panel_keys_move_the_cursor_within_the_items() {
        let mut v = view();
        assert_eq!(v.update(Action::Up), AskOutcome::Stay);
        assert_eq!(v.cursor, 0);
        v.update(Action::PanelDown);
        v.update(Action::Down);
        assert_eq!(v.cursor, 2);
        v.update(Action::PanelUp);
        assert_eq!(v.cursor, 1);
    }

    #[test]
    fn colon_opens_only_a_claim_in_the_scratchpad() {
        let mut v = view();
        assert_eq!(v.update(Action::Scratchpad), AskOutcome::NotAClaim);
        v.cursor = 2;
        assert_eq!(
            v.update(Action::Scratchpad),
            AskOutcome::Scratchpad("softmax([1, 0])".to_string())
        );
    }

    #[test]
    fn the_other_keys_are_the_application_s() {
        let mut v = view();
        for (action, outcome) in [
            (Action::WriteNote, AskOutcome::WriteNote),
            (Action::MyNotes, AskOutcome::Notes),
            (Action::Glossary, AskOutcome::Glossary),
            (Action::Back, AskOutcome::Back),
            (Action::Close, AskOutcome::Close),
            (Action::Ask, AskOutcome::Close),
            (Action::Hint, AskOutcome::Stay),
        ] {
            assert_eq!(v.update(action), outcome, "{action:?}");
        }
        assert_eq!(v, view(), "none of them changes the panel");
    }

    #[test]
    fn new_notes_replace_the_listed_ones_and_the_cursor_stays_on_an_item() {
        let mut v = view();
        v.cursor = 4;
        v.set_notes(Vec::new());
        assert_eq!((v.items.len(), v.cursor), (4, 3));
        v.set_notes(vec![note("a"), note("b")]);
        let notes: Vec<&str> = (v.items.iter())
            .filter_map(|i| match i {
                AskItem::Note(n) => Some(n.text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(notes, ["a", "b"]);
        assert_eq!(v.items.len(), 6);
    }
}
