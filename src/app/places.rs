//! The way back: a jump (from the glossary, the ask panel, the notes) remembers where
//! it left from, and Backspace returns there, with the sentence that was selected
//! there selected again.

use super::{App, Mode, Place};

impl App {
    /// Remembers the place for Backspace, before a jump, with the sentence that was
    /// selected there (if any), to select it again.
    pub(super) fn push_place(&mut self, sentence: Option<usize>) {
        self.back.push(Place {
            lesson: self.lesson,
            scroll_block: self.view().block_at(self.scroll),
            scroll: self.scroll,
            width: self.text_width(),
            sentence,
            lens: None,
        });
    }

    /// Backspace: back to where the last jump left from, the sentence selected again.
    pub(super) fn go_back(&mut self) {
        let Some(place) = self.back.pop() else {
            return self.notify("nothing to go back to");
        };
        self.mode = Mode::Reading;
        if place.lesson != self.lesson {
            self.open(place.lesson, place.scroll_block);
        }
        let line = if place.width == self.text_width() {
            place.scroll
        } else {
            self.view().line_of_block(place.scroll_block)
        };
        self.scroll_to(line);
        if let Some(i) = place.sentence.filter(|&i| i < self.view().sentences.len()) {
            self.select_sentence(i);
        }
        if let Some(view) = place.lens {
            self.mode = Mode::Lens(*view);
        }
    }
}
