//! The paper lens in the reader (`E`, or Enter on an equation of the ask panel): an
//! equation from a paper, drawn, then its legend ([`crate::lens`]), one entry selected.
//! Enter follows the entry's link to the section that derives it; Backspace there comes
//! back to the lens as it was (the view travels with the place, see [`super::Place`]).
//!
//! The view owns its state and moves its own cursor; [`LensOutcome`] says what only the
//! application can do (jump, close).

use super::{Action, App, Mode, Prompt, PromptKind};
use crate::lens::{self, Legend};

/// The lens's state, the mode [`Mode::Lens`].
#[derive(Debug, Clone, PartialEq)]
pub struct LensView {
    pub legend: Legend,
    /// Index into the legend's entries.
    pub selected: usize,
}

/// What a key did in the lens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LensOutcome {
    Stay,
    Close,
    /// Go to this section (lesson, block).
    Go(usize, usize),
    /// Enter on an entry the course does not place.
    Unplaced,
    Back,
    /// A key of the "anywhere" group: help, the glossary, my notes.
    Elsewhere(Action),
}

impl LensView {
    pub fn new(legend: Legend) -> LensView {
        LensView {
            legend,
            selected: 0,
        }
    }

    pub fn update(&mut self, action: Action) -> LensOutcome {
        let last = self.legend.entries.len().saturating_sub(1);
        match action {
            Action::Down | Action::PanelDown => self.selected = (self.selected + 1).min(last),
            Action::Up | Action::PanelUp => self.selected = self.selected.saturating_sub(1),
            Action::PageDown => self.selected = (self.selected + 10).min(last),
            Action::PageUp => self.selected = self.selected.saturating_sub(10),
            Action::Activate | Action::PromptSubmit => {
                return match (self.legend.entries.get(self.selected)).and_then(|e| e.link.as_ref())
                {
                    Some(link) => LensOutcome::Go(link.lesson, link.block),
                    None => LensOutcome::Unplaced,
                };
            }
            Action::Back => return LensOutcome::Back,
            Action::Help | Action::Glossary | Action::MyNotes => {
                return LensOutcome::Elsewhere(action);
            }
            Action::Close | Action::PromptCancel | Action::Explain => return LensOutcome::Close,
            _ => {}
        }
        LensOutcome::Stay
    }
}

impl App {
    /// `E`: the line to paste an equation into.
    pub(super) fn open_explain_line(&mut self) {
        self.mode = Mode::Prompt(Prompt::new(PromptKind::Explain, ""));
    }

    /// Opens the lens on `tex`; LaTeX the math engine cannot draw is said in the status
    /// bar, in one line.
    pub(super) fn explain(&mut self, tex: &str) {
        let tex = tex.trim();
        if tex.is_empty() {
            self.mode = Mode::Reading;
            return;
        }
        match lens::explain(&self.course, tex) {
            Ok(legend) => self.mode = Mode::Lens(LensView::new(legend)),
            Err(e) => {
                self.mode = Mode::Reading;
                self.notify(format!("the lens cannot read that equation: {e}"));
            }
        }
    }

    pub(super) fn after_lens(&mut self, outcome: LensOutcome) {
        match outcome {
            LensOutcome::Stay => {}
            LensOutcome::Close => self.mode = Mode::Reading,
            LensOutcome::Back => self.go_back(),
            LensOutcome::Elsewhere(action) => {
                self.mode = Mode::Reading;
                self.reading(action);
            }
            LensOutcome::Unplaced => self.notify("not in this course: no section to go to"),
            LensOutcome::Go(lesson, block) => {
                let Mode::Lens(view) = std::mem::replace(&mut self.mode, Mode::Reading) else {
                    return;
                };
                let place = self.place_here(None, Some(view));
                self.back.push(place);
                self.open(lesson, block);
                self.notify("Backspace: back to the lens");
            }
        }
    }
}
