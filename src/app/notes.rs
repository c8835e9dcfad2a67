//! "My notes" (`m`): every note and question, by lesson in course order, each found
//! again in the lesson by its sentence's text ([`anchor::locate`]); the ones whose
//! sentence is gone are orphans, listed last and never dropped.

use super::{Action, App, Mode};
use crate::content::anchor;
use crate::progress::Note;

/// A line of the notes view: a copy of the note (a save may merge in notes from another
/// session and reorder the list, so rows do not point into it by index).
#[derive(Debug, Clone, PartialEq)]
pub struct NoteRow {
    pub note: Note,
    /// Where its sentence is now: lesson and sentence index; `None` for an orphan.
    pub at: Option<(usize, usize)>,
}

impl App {
    /// Where note `n`'s sentence is in the course now, if anywhere.
    pub(super) fn locate_note(&mut self, n: &Note) -> Option<(usize, usize)> {
        let lesson = self
            .course
            .lessons
            .iter()
            .position(|l| l.slug == n.lesson)?;
        let (section, text) = (n.section.clone(), n.sentence.clone());
        let view = self.laid_out(lesson);
        let sections = self.course.lessons[lesson].sections();
        let numbers: Vec<String> = view
            .sentences
            .iter()
            .map(|s| {
                sections
                    .iter()
                    .rev()
                    .find(|sec| sec.block <= s.block)
                    .map_or_else(String::new, |sec| {
                        sec.title
                            .split_whitespace()
                            .next()
                            .unwrap_or("")
                            .to_string()
                    })
            })
            .collect();
        let texts: Vec<String> = view.sentences.iter().map(|s| s.sentence.text()).collect();
        let candidates = numbers
            .iter()
            .zip(&texts)
            .map(|(a, b)| (a.as_str(), b.as_str()));
        anchor::locate(&section, &text, candidates).map(|i| (lesson, i))
    }

    /// `m`: the notes view, rebuilt from the progress.
    pub(super) fn open_notes(&mut self) {
        self.ask = None;
        self.note_rows = self.note_rows_now();
        self.mode = Mode::Notes { cursor: 0 };
    }

    /// Located notes in course order (lesson, then sentence, then as written), then the
    /// orphans.
    fn note_rows_now(&mut self) -> Vec<NoteRow> {
        let notes = self.progress.notes.clone();
        let mut rows: Vec<(usize, NoteRow)> = notes
            .into_iter()
            .enumerate()
            .map(|(i, note)| {
                let at = self.locate_note(&note);
                (i, NoteRow { note, at })
            })
            .collect();
        rows.sort_by_key(|(i, r)| (r.at.is_none(), r.at, *i));
        rows.into_iter().map(|(_, r)| r).collect()
    }

    pub(super) fn in_notes(&mut self, action: Action, cursor: usize) {
        let last = self.note_rows.len().saturating_sub(1);
        match action {
            Action::Down => {
                self.mode = Mode::Notes {
                    cursor: (cursor + 1).min(last),
                }
            }
            Action::Up => {
                self.mode = Mode::Notes {
                    cursor: cursor.saturating_sub(1),
                }
            }
            Action::Activate => match self.note_rows.get(cursor).map(|r| r.at) {
                Some(Some((lesson, sentence))) => self.jump_to_sentence(lesson, sentence),
                Some(None) => self.notify("this note's sentence is no longer in the course"),
                None => {}
            },
            Action::MarkAnswered => {
                if let Some(row) = self.note_rows.get(cursor).cloned() {
                    self.toggle_answered(&row.note);
                    self.note_rows = self.note_rows_now();
                }
            }
            Action::Back => self.go_back(),
            Action::Glossary => self.open_glossary(),
            _ => self.mode = Mode::Reading,
        }
    }

    /// Marks `note` answered, or not answered again.
    pub(super) fn toggle_answered(&mut self, note: &Note) {
        let now = self.now();
        if let Some(note) = self.progress.notes.iter_mut().find(|n| n.is_same(note)) {
            note.answered = !note.answered;
            note.at = now.max(note.at + 1);
            self.save = super::SaveNeed::Now;
        }
    }

    /// Opens `lesson` with sentence `sentence` selected, remembering the place.
    fn jump_to_sentence(&mut self, lesson: usize, sentence: usize) {
        self.push_place();
        if lesson != self.lesson {
            self.open(lesson, 0);
        }
        self.sentence = Some(sentence);
        self.mode = Mode::Select;
        self.show_sentence();
        self.notify("a asks, Backspace goes back");
    }
}
