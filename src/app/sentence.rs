//! The sentence cursor: `v` selects a sentence of the prose, `j`/`k` move by sentence,
//! `{`/`}` by paragraph, and the view follows. The sentences and their screen rows come
//! from the layout ([`LaidOut::sentences`](crate::layout::LaidOut)), so nothing here
//! measures text; a sentence is kept by its index, which no resize changes.
//!
//! The cursor is a mode ([`Mode::Select`]) that owns the selected sentence: it moves
//! itself, and [`SelectOutcome`] says what only the application can do (scroll the
//! sentence into view, open the ask panel, go back).

use super::{Action, App, Mode};
use crate::layout::SentenceSpot;

/// The sentence cursor's state: which of the open lesson's sentences is selected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SentenceCursor {
    sentence: usize,
}

/// What a key did to the sentence cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelectOutcome {
    Stay,
    /// The selection moved: the view follows it.
    Moved,
    /// `a`: the ask panel on the selected sentence.
    Ask,
    Notes,
    Glossary,
    Back,
    /// The wheel scrolls the text under the cursor.
    Wheel(i16),
    /// Esc or `v`: back to reading.
    Close,
}

impl SentenceCursor {
    /// The cursor on sentence `sentence` (an index into the view's sentences).
    pub fn at(sentence: usize) -> SentenceCursor {
        SentenceCursor { sentence }
    }

    /// The selected sentence's index.
    pub fn sentence(&self) -> usize {
        self.sentence
    }

    /// `v` with lines `top..bottom` on screen: the first sentence that starts there,
    /// else the one the top line is in; `None` without prose up to the bottom.
    pub fn start(sentences: &[SentenceSpot], top: usize, bottom: usize) -> Option<Self> {
        let on_screen = sentences
            .iter()
            .position(|s| (top..bottom).contains(&s.line()));
        let around = || sentences.iter().rposition(|s| s.line() < top);
        on_screen.or_else(around).map(SentenceCursor::at)
    }

    /// Moves the cursor over `sentences` (the open lesson's), or says what the key asks
    /// of the application.
    pub fn update(&mut self, action: Action, sentences: &[SentenceSpot]) -> SelectOutcome {
        match action {
            Action::Down => self.step(1, sentences),
            Action::Up => self.step(-1, sentences),
            Action::NextParagraph => self.step_paragraph(true, sentences),
            Action::PrevParagraph => self.step_paragraph(false, sentences),
            Action::Ask => SelectOutcome::Ask,
            Action::MyNotes => SelectOutcome::Notes,
            Action::Glossary => SelectOutcome::Glossary,
            Action::Back => SelectOutcome::Back,
            Action::Wheel(n) => SelectOutcome::Wheel(n),
            Action::Close | Action::Select => SelectOutcome::Close,
            _ => SelectOutcome::Stay,
        }
    }

    fn step(&mut self, delta: isize, sentences: &[SentenceSpot]) -> SelectOutcome {
        let last = sentences.len().saturating_sub(1);
        self.sentence = self.sentence.saturating_add_signed(delta).min(last);
        SelectOutcome::Moved
    }

    /// `}`: the first sentence of the next paragraph; `{`: the first of this paragraph,
    /// or of the previous one when already there.
    fn step_paragraph(&mut self, forward: bool, sentences: &[SentenceSpot]) -> SelectOutcome {
        let i = self.sentence;
        let Some(here) = sentences.get(i).map(|s| s.paragraph) else {
            return SelectOutcome::Stay;
        };
        let first_of = |paragraph| sentences.iter().position(|s| s.paragraph == paragraph);
        let target = if forward {
            sentences.iter().position(|s| s.paragraph > here)
        } else {
            match first_of(here) {
                Some(s) if s < i => Some(s),
                _ => sentences[..i]
                    .last()
                    .map(|prev| first_of(prev.paragraph).unwrap_or(i)),
            }
        };
        match target {
            Some(t) => {
                self.sentence = t;
                SelectOutcome::Moved
            }
            None => SelectOutcome::Stay,
        }
    }
}

impl App {
    /// The selected sentence, while the cursor is on: in the cursor, in the ask panel on
    /// it, and in the note line over that panel.
    pub fn selected_sentence(&self) -> Option<&SentenceSpot> {
        self.view().sentences.get(self.sentence_index()?)
    }

    /// The index of [`App::selected_sentence`].
    pub(super) fn sentence_index(&self) -> Option<usize> {
        match &self.mode {
            Mode::Select(cursor) => Some(cursor.sentence()),
            _ => self.ask().map(|view| view.sentence),
        }
    }

    /// `v`: the first sentence that starts on screen (else the one the top line is in).
    pub(super) fn start_selecting(&mut self) {
        let (top, height) = (self.scroll, self.text_height());
        match SentenceCursor::start(&self.view().sentences, top, top + height) {
            Some(cursor) => self.select_sentence(cursor.sentence()),
            None => self.notify("no prose here to select"),
        }
    }

    /// The cursor on sentence `i` of the open lesson, scrolled into view.
    pub(super) fn select_sentence(&mut self, i: usize) {
        self.mode = Mode::Select(SentenceCursor::at(i));
        self.show_sentence();
    }

    /// Carries out what a key on the sentence cursor asked for.
    pub(super) fn after_select(&mut self, outcome: SelectOutcome) {
        match outcome {
            SelectOutcome::Stay => {}
            SelectOutcome::Moved => self.show_sentence(),
            SelectOutcome::Ask => self.open_ask(),
            SelectOutcome::Notes => self.open_notes(),
            SelectOutcome::Glossary => {
                self.mode = Mode::Reading;
                self.open_glossary();
            }
            SelectOutcome::Back => self.go_back(),
            SelectOutcome::Wheel(n) => self.scroll_by(isize::from(n)),
            SelectOutcome::Close => self.mode = Mode::Reading,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::sentence::Sentence;
    use crate::layout::Row;

    /// Sentences on consecutive lines, in paragraphs of the given sizes.
    fn sentences(paragraphs: &[usize]) -> Vec<SentenceSpot> {
        let mut out = Vec::new();
        for (paragraph, &n) in paragraphs.iter().enumerate() {
            for _ in 0..n {
                let line = out.len() * 2;
                out.push(SentenceSpot {
                    sentence: Sentence {
                        inlines: Vec::new(),
                    },
                    block: paragraph,
                    paragraph,
                    rows: vec![Row {
                        line,
                        start: 0,
                        end: 10,
                    }],
                });
            }
        }
        out
    }

    #[test]
    fn j_and_k_move_by_sentence_and_stop_at_the_ends() {
        let s = sentences(&[2, 1]);
        let mut c = SentenceCursor::at(0);
        assert_eq!(c.update(Action::Up, &s), SelectOutcome::Moved);
        assert_eq!(c.sentence(), 0);
        for _ in 0..5 {
            c.update(Action::Down, &s);
        }
        assert_eq!(c.sentence(), 2);
    }

    #[test]
    fn braces_go_to_the_start_of_this_paragraph_then_the_previous_one() {
        let s = sentences(&[2, 3, 1]);
        let mut c = SentenceCursor::at(3);
        assert_eq!(c.update(Action::NextParagraph, &s), SelectOutcome::Moved);
        assert_eq!(c.sentence(), 5);
        assert_eq!(c.update(Action::NextParagraph, &s), SelectOutcome::Stay);
        c = SentenceCursor::at(3);
        c.update(Action::PrevParagraph, &s);
        assert_eq!(c.sentence(), 2, "the start of its own paragraph first");
        c.update(Action::PrevParagraph, &s);
        assert_eq!(c.sentence(), 0, "then the previous paragraph's");
        assert_eq!(c.update(Action::PrevParagraph, &s), SelectOutcome::Stay);
    }

    #[test]
    fn a_stale_index_moves_nowhere_by_paragraph() {
        let mut c = SentenceCursor::at(9);
        assert_eq!(
            c.update(Action::NextParagraph, &sentences(&[1])),
            SelectOutcome::Stay
        );
    }

    #[test]
    fn the_cursor_starts_on_the_first_sentence_on_screen_else_the_one_above() {
        let s = sentences(&[3]);
        // Lines 0, 2, 4.
        assert_eq!(SentenceCursor::start(&s, 1, 5), Some(SentenceCursor::at(1)));
        assert_eq!(SentenceCursor::start(&s, 5, 9), Some(SentenceCursor::at(2)));
        assert_eq!(SentenceCursor::start(&[], 0, 9), None);
    }

    #[test]
    fn the_other_keys_are_the_application_s() {
        let s = sentences(&[1]);
        let mut c = SentenceCursor::at(0);
        for (action, outcome) in [
            (Action::Ask, SelectOutcome::Ask),
            (Action::MyNotes, SelectOutcome::Notes),
            (Action::Glossary, SelectOutcome::Glossary),
            (Action::Back, SelectOutcome::Back),
            (Action::Wheel(3), SelectOutcome::Wheel(3)),
            (Action::Close, SelectOutcome::Close),
            (Action::Select, SelectOutcome::Close),
            (Action::Hint, SelectOutcome::Stay),
        ] {
            assert_eq!(c.update(action, &s), outcome, "{action:?}");
        }
        assert_eq!(c, SentenceCursor::at(0));
    }
}
