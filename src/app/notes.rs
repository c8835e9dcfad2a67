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

/// The notes view: its rows, made when it opens, and the selected one.
#[derive(Debug, Clone, PartialEq)]
pub struct NotesView {
    pub rows: Vec<NoteRow>,
    pub cursor: usize,
    /// The sentence selected when the view opened (from the cursor or the ask panel),
    /// selected again when Backspace comes back from a note's sentence.
    from: Option<usize>,
}

/// What a key did in the notes view.
#[derive(Debug, Clone, PartialEq)]
pub enum NotesOutcome {
    Stay,
    /// Go to the selected note's sentence: lesson, sentence.
    Go(usize, usize),
    /// The selected note's sentence is gone.
    Orphan,
    /// Mark this note answered, or not.
    Toggle(Note),
    Back,
    Glossary,
    Close,
}

impl NotesView {
    pub fn update(&mut self, action: Action) -> NotesOutcome {
        let last = self.rows.len().saturating_sub(1);
        match action {
            Action::Down => self.cursor = (self.cursor + 1).min(last),
            Action::Up => self.cursor = self.cursor.saturating_sub(1),
            Action::Activate => {
                return match self.rows.get(self.cursor).map(|r| r.at) {
                    Some(Some((lesson, sentence))) => NotesOutcome::Go(lesson, sentence),
                    Some(None) => NotesOutcome::Orphan,
                    None => NotesOutcome::Stay,
                };
            }
            Action::MarkAnswered => {
                if let Some(row) = self.rows.get(self.cursor) {
                    return NotesOutcome::Toggle(row.note.clone());
                }
            }
            Action::Back => return NotesOutcome::Back,
            Action::Glossary => return NotesOutcome::Glossary,
            Action::Close => return NotesOutcome::Close,
            _ => {}
        }
        NotesOutcome::Stay
    }
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
        let from = self.sentence_index();
        let rows = self.note_rows_now();
        self.mode = Mode::Notes(NotesView {
            rows,
            cursor: 0,
            from,
        });
    }

    /// Located notes in course order (lesson, then sentence, then as written), then the
    /// orphans.
    fn note_rows_now(&mut self) -> Vec<NoteRow> {
        let notes = self.learner.record().notes.clone();
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

    /// Carries out what a key in the notes view asked for.
    pub(super) fn after_notes(&mut self, outcome: NotesOutcome) {
        match outcome {
            NotesOutcome::Stay => {}
            NotesOutcome::Go(lesson, sentence) => self.jump_to_sentence(lesson, sentence),
            NotesOutcome::Orphan => self.notify("this note's sentence is no longer in the course"),
            NotesOutcome::Toggle(note) => {
                self.learner.toggle_answered(&note);
                let rows = self.note_rows_now();
                if let Mode::Notes(view) = &mut self.mode {
                    view.rows = rows;
                }
            }
            NotesOutcome::Back => self.go_back(),
            NotesOutcome::Glossary => self.open_glossary(),
            NotesOutcome::Close => self.mode = Mode::Reading,
        }
    }

    /// Opens `lesson` with sentence `sentence` selected, remembering the place.
    fn jump_to_sentence(&mut self, lesson: usize, sentence: usize) {
        let from = match &self.mode {
            Mode::Notes(view) => view.from,
            _ => None,
        };
        self.push_place(from);
        if lesson != self.lesson {
            self.open(lesson, 0);
        }
        self.mode = Mode::Select(super::SentenceCursor::at(sentence));
        if let Some(line) = self.selected_sentence().map(|s| s.line()) {
            self.show_line(line);
        }
        self.show_sentence();
        self.notify("a asks, Backspace goes back");
    }
}
