//! The way back: a jump (from the glossary, the ask panel, the notes, the lens)
//! remembers where it left from, and Backspace returns there, with the sentence that was
//! selected there selected again and the lens it left open again.

use super::{App, LensView, Mode, Place};

impl App {
    /// Remembers the place for Backspace, before a jump, with the sentence that was
    /// selected there (if any), to select it again.
    pub(super) fn push_place(&mut self, sentence: Option<usize>) {
        let place = self.place_here(sentence, None);
        self.back.push(place);
    }

    /// Where the reader stands now, with the sentence selected and the lens open there.
    pub(super) fn place_here(&self, sentence: Option<usize>, lens: Option<LensView>) -> Place {
        Place {
            lesson: self.lesson,
            scroll_block: self.view().block_at(self.scroll),
            scroll: self.scroll,
            width: self.text_width(),
            sentence,
            lens: lens.map(Box::new),
        }
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
