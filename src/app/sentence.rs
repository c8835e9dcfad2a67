//! The sentence cursor: `v` selects a sentence of the prose, `j`/`k` move by sentence,
//! `{`/`}` by paragraph, and the view follows. The sentences and their screen rows come
//! from the layout ([`LaidOut::sentences`](crate::layout::LaidOut)), so nothing here
//! measures text; a sentence is kept by its index, which no resize changes.

use super::{Action, App, Mode};
use crate::layout::SentenceSpot;

impl App {
    /// The selected sentence, while the cursor is on.
    pub fn selected_sentence(&self) -> Option<&SentenceSpot> {
        let on =
            matches!(self.mode, Mode::Select | Mode::Ask) || self.pane() == Some(super::Pane::Ask);
        let i = self.sentence.filter(|_| on)?;
        self.view().sentences.get(i)
    }

    /// `v`: the first sentence that starts on screen (else the one the top line is in).
    pub(super) fn start_selecting(&mut self) {
        let top = self.scroll;
        let bottom = top + self.text_height();
        let sentences = &self.view().sentences;
        let on_screen = sentences
            .iter()
            .position(|s| (top..bottom).contains(&s.line()));
        let around = || sentences.iter().rposition(|s| s.line() < top);
        match on_screen.or_else(around) {
            Some(i) => {
                self.sentence = Some(i);
                self.mode = Mode::Select;
                self.show_sentence();
            }
            None => self.notify("no prose here to select"),
        }
    }

    pub(super) fn selecting(&mut self, action: Action) {
        match action {
            Action::Down => self.step_sentence(1),
            Action::Up => self.step_sentence(-1),
            Action::NextParagraph => self.step_paragraph(true),
            Action::PrevParagraph => self.step_paragraph(false),
            Action::Ask => self.open_ask(),
            Action::MyNotes => self.open_notes(),
            Action::Glossary => {
                self.stop_selecting();
                self.open_glossary();
            }
            Action::Back => self.go_back(),
            Action::Wheel(n) => self.scroll_by(isize::from(n)),
            Action::Close | Action::Select => self.stop_selecting(),
            _ => {}
        }
    }

    pub(super) fn stop_selecting(&mut self) {
        self.sentence = None;
        self.mode = Mode::Reading;
    }

    fn step_sentence(&mut self, delta: isize) {
        let last = self.view().sentences.len().saturating_sub(1);
        if let Some(i) = self.sentence {
            self.sentence = Some(i.saturating_add_signed(delta).min(last));
            self.show_sentence();
        }
    }

    /// `}`: the first sentence of the next paragraph; `{`: the first of this paragraph,
    /// or of the previous one when already there.
    fn step_paragraph(&mut self, forward: bool) {
        let Some(i) = self.sentence else { return };
        let sentences = &self.view().sentences;
        let here = sentences[i].paragraph;
        let target = if forward {
            sentences.iter().position(|s| s.paragraph > here)
        } else {
            let start = sentences.iter().position(|s| s.paragraph == here);
            match start {
                Some(s) if s < i => Some(s),
                _ => sentences[..i].last().map(|prev| {
                    sentences
                        .iter()
                        .position(|s| s.paragraph == prev.paragraph)
                        .unwrap_or(i)
                }),
            }
        };
        if let Some(t) = target {
            self.sentence = Some(t);
            self.show_sentence();
        }
    }

    /// Scrolls just enough for the whole selected sentence to be on screen (its start
    /// wins when it is taller than the pane).
    pub(super) fn show_sentence(&mut self) {
        let Some((first, last)) = self.selected_sentence().map(|s| (s.line(), s.last_line()))
        else {
            return;
        };
        let height = self.text_height().max(1);
        let mut scroll = self.scroll;
        if last >= scroll + height {
            scroll = last + 1 - height;
        }
        if first < scroll {
            scroll = first;
        }
        self.scroll_to(scroll);
    }
}
