//! Application state and key handling (no drawing, no I/O).
//!
//! The loop in `tui.rs` turns terminal events into [`Action`]s with the pure [`keymap`],
//! feeds them to [`App::update`], draws `&App`, and saves the progress when
//! [`App::save_need`] says so. Nothing here touches the terminal or the disk, so the
//! tests drive it with synthetic key events.

mod action;
mod ask;
mod ask_items;
mod coverage;
mod geometry;
mod glossary;
mod go_to;
pub mod help;
mod history;
pub mod keymap;
mod keys;
mod lens;
mod notes;
mod panel;
mod places;
mod problem;
mod problem_ref;
mod prompt;
mod reading;
mod review;
mod scratch;
mod search;
mod sentence;
mod welcome;

use std::sync::{Arc, OnceLock};

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

pub use action::{Action, Edit};
pub use ask::{AskOutcome, AskView};
pub use ask_items::{AskItem, Target};
pub use geometry::{Geometry, MIN_SIZE, geometry};
pub use glossary::{GlossaryOutcome, GlossaryView};
pub use help::HelpView;
pub use lens::{LensOutcome, LensView};
pub use notes::{NoteRow, NotesView};
pub use panel::pane_inner;
pub use problem::{FREE_AFTER, Panel, PanelView};
pub use problem_ref::ProblemRef;
pub use prompt::{MAX_PROMPT_CHARS, Prompt, PromptKind, PromptOutcome};
pub use review::{PER_SESSION, ReviewSession};
pub use scratch::{FIGURE_STAYS, Scratch, ScratchLine};
pub use search::{Match, Search};
pub use sentence::{SelectOutcome, SentenceCursor};
pub use welcome::Welcome;

use crate::content::{Course, Section};
use crate::layout::{self, LaidOut, LayoutCache, PanelCache, Theme};
use crate::progress::{Changes, Learner, Progress, SaveNeed, Saver};
use prompt::Previews;

/// What the keyboard is talking to. Each mode that has state of its own owns it, and
/// its `update` says what the key did; [`App::update`] routes the key and carries out
/// what the mode cannot do alone (open a lesson, save).
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    Reading,
    /// The key list, paged.
    Help(HelpView),
    /// A one-line input at the bottom of the screen.
    Prompt(Prompt),
    /// The `i` glossary: its index filtered by what is typed.
    Glossary(GlossaryView),
    /// The sentence cursor (`v`): [`App::selected_sentence`] is highlighted.
    Select(SentenceCursor),
    /// The ask panel on the selected sentence, which stays highlighted.
    Ask(AskView),
    /// My notes (`m`).
    Notes(NotesView),
    /// The paper lens on a pasted equation (`E`).
    Lens(LensView),
}

/// What the bottom pane shows, when it is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Scratch,
    Problem(ProblemRef),
    Ask,
}

/// Where a jump (from the ask panel, the notes or the lens) left from, for Backspace.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub lesson: usize,
    /// The block at the top of the screen (a width-independent place).
    pub scroll_block: usize,
    /// The exact top line, good while the text width is `width`.
    pub scroll: usize,
    pub width: usize,
    /// The sentence that was selected, if any.
    pub sentence: Option<usize>,
    /// The lens the jump left, to open again.
    pub lens: Option<Box<LensView>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Contents,
    Text,
}

/// A line of the contents pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    Lesson(usize),
    /// A section of the open lesson: index into its sections.
    Section(usize),
}

/// The whole state of the reader.
#[derive(Debug)]
pub struct App {
    /// Per lesson, what was read by moving through it (see `coverage`).
    read_by_steps: std::collections::HashMap<usize, coverage::Coverage>,
    course: Course,
    theme: Theme,
    /// The learner's record, its clock and its save need: every change to the record
    /// is a method of it.
    learner: Learner,
    mode: Mode,
    focus: Focus,
    /// Index of the open lesson.
    lesson: usize,
    /// Top line of the text pane, into [`App::view`].
    scroll: usize,
    contents_cursor: usize,
    /// `t` overrides the width rule (contents shown from 80 columns).
    contents_override: Option<bool>,
    /// Terminal size, columns × rows.
    size: (u16, u16),
    /// Each lesson's sections, titles laid out, made when first asked for (a lesson's
    /// text is parsed only then).
    sections: Vec<OnceLock<Vec<Section>>>,
    /// Lesson titles with their inline math laid out, made when first asked for (the
    /// first screen at less than 100 columns shows none).
    titles: Vec<OnceLock<String>>,
    cache: LayoutCache,
    /// Hints, solutions and definitions laid out for the panels, once per width.
    panel_layouts: PanelCache,
    view: Arc<LaidOut>,
    /// Until [`App::settle`]: the view holds only the blocks of the first screen.
    opening: bool,
    search: Option<Search>,
    /// Queries searched for, newest last: Up/Down in the search line, `/` Enter and
    /// `n` after Esc repeat the newest.
    searches: history::History,
    /// The answers given to the problem whose prompt is open, while Up/Down walk them.
    answers: Option<(ProblemRef, history::History)>,
    /// One line for the status bar (a warning, a search result), until the next key.
    message: Option<String>,
    /// The `:` session: its environment, history and results.
    scratch: Scratch,
    /// Hints, solution or feedback of one problem, until Esc.
    panel: Option<Panel>,
    /// The problem `p`/`P` went to.
    selected_problem: Option<ProblemRef>,
    /// The open prompt's input evaluated as typed: its value or its error.
    preview: Option<Result<crate::eval::Shown, String>>,
    /// Previews wait while a batch of input is applied (see `App::hold_previews`).
    previews: Previews,
    /// The `R` session, while one runs.
    review: Option<ReviewSession>,
    /// Places to go back to with Backspace (jumps from the glossary, the ask panel and
    /// the notes), latest last.
    back: Vec<Place>,
    quit: bool,
    /// A new learner's first screen introduces the course, until the first key.
    welcome: bool,
}

impl App {
    /// Opens the course where `progress` left off, for a terminal of `size`.
    pub fn new(course: Course, progress: Progress, theme: Theme, size: (u16, u16)) -> App {
        let sections = course.lessons.iter().map(|_| OnceLock::new()).collect();
        let titles = course.lessons.iter().map(|_| OnceLock::new()).collect();
        let mut app = App {
            course,
            theme,
            learner: Learner::new(progress),
            mode: Mode::Reading,
            focus: Focus::Text,
            lesson: 0,
            scroll: 0,
            contents_cursor: 0,
            contents_override: None,
            size,
            sections,
            titles,
            cache: LayoutCache::default(),
            panel_layouts: PanelCache::default(),
            view: Arc::default(),
            opening: false,
            search: None,
            searches: Default::default(),
            answers: None,
            message: None,
            scratch: Scratch::default(),
            panel: None,
            selected_problem: None,
            preview: None,
            previews: Previews::Live,
            review: None,
            back: Vec::new(),
            quit: false,
            welcome: false,
            read_by_steps: Default::default(),
        };
        let (lesson, block) = match &app.learner.record().position {
            Some(p) => match app.course.lessons.iter().position(|l| l.slug == p.lesson) {
                Some(i) => (i, p.block),
                None => (0, 0),
            },
            None => (0, 0),
        };
        app.open_first(lesson, block);
        app.learner.forget_save_need();
        app
    }

    /// The open lesson laid out at the text width: until [`App::settle`] (which any
    /// action calls first), only the blocks of the first screen, with
    /// [`LaidOut::first_block`] and [`App::scroll`] relative to them.
    pub fn view(&self) -> &LaidOut {
        &self.view
    }

    pub fn course(&self) -> &Course {
        &self.course
    }

    pub fn theme(&self) -> Theme {
        self.theme
    }

    pub fn progress(&self) -> &Progress {
        self.learner.record()
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    pub fn focus(&self) -> Focus {
        self.focus
    }

    /// Index of the open lesson.
    pub fn lesson(&self) -> usize {
        self.lesson
    }

    /// Top line of the text pane, into [`App::view`].
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    pub fn contents_cursor(&self) -> usize {
        self.contents_cursor
    }

    /// Terminal size, columns × rows.
    pub fn size(&self) -> (u16, u16) {
        self.size
    }

    pub fn search(&self) -> Option<&Search> {
        self.search.as_ref()
    }

    /// The status bar's line (a warning, a search result), until the next key.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// The `:` session: its environment, history and results.
    pub fn scratch(&self) -> &Scratch {
        &self.scratch
    }

    /// Takes back the scratchpad's history and bindings from the last run.
    pub fn restore_scratch(&mut self, session: &crate::progress::scratchpad::Session) {
        self.scratch.restore(session);
    }

    /// Hints, solution or feedback of one problem, until Esc.
    pub fn panel(&self) -> Option<&Panel> {
        self.panel.as_ref()
    }

    /// The open prompt's input evaluated as typed: its value or its error.
    pub fn preview(&self) -> Option<&Result<crate::eval::Shown, String>> {
        self.preview.as_ref()
    }

    /// The `R` session, while one runs.
    pub fn review(&self) -> Option<&ReviewSession> {
        self.review.as_ref()
    }

    /// True once the learner asked to quit.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// Takes a quit back, so a test can run the loop again on the same state.
    #[cfg(test)]
    pub(crate) fn unquit(&mut self) {
        self.quit = false;
    }

    pub fn geometry(&self) -> Geometry {
        let g = geometry(self.size, self.contents_override);
        match self.pane() {
            Some(Pane::Scratch) if self.scratch.shows_figure() => g.with_tall_pane(),
            Some(Pane::Ask) => g.with_half_pane(),
            Some(_) => g.with_pane(),
            None => g,
        }
    }

    /// The bottom pane: the scratchpad while `:` is open, else the problem panel.
    pub fn pane(&self) -> Option<Pane> {
        match &self.mode {
            Mode::Prompt(Prompt {
                kind: PromptKind::Scratchpad,
                ..
            }) => Some(Pane::Scratch),
            Mode::Prompt(Prompt {
                kind: PromptKind::Answer(p),
                ..
            }) => Some(Pane::Problem(*p)),
            Mode::Ask(_)
            | Mode::Prompt(Prompt {
                kind: PromptKind::Note(_),
                ..
            }) => Some(Pane::Ask),
            _ => self
                .panel
                .as_ref()
                .filter(|p| p.problem.lesson == self.lesson)
                .map(|p| Pane::Problem(p.problem)),
        }
    }

    pub fn contents_visible(&self) -> bool {
        self.geometry().contents.is_some()
    }

    pub fn title(&self, lesson: usize) -> &str {
        self.titles[lesson]
            .get_or_init(|| layout::inline_text(&self.course.lessons[lesson].title, self.theme))
    }

    pub fn sections(&self) -> &[Section] {
        self.sections[self.lesson].get_or_init(|| {
            let mut sections = self.course.lessons[self.lesson].sections();
            for s in &mut sections {
                s.title = layout::inline_text(&s.title, self.theme);
            }
            sections
        })
    }

    /// The contents pane's entries: every lesson, and the open lesson's sections under it.
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        for i in 0..self.course.lessons.len() {
            entries.push(Entry::Lesson(i));
            if i == self.lesson {
                entries.extend((0..self.sections().len()).map(Entry::Section));
            }
        }
        entries
    }

    pub fn save_need(&self) -> SaveNeed {
        self.learner.save_need()
    }

    /// Saves the record through `saver` (the store): see [`Learner::save_to`]. On
    /// success [`App::merged`] takes in what the merge changed.
    pub fn save_to<S: Saver>(&mut self, saver: &mut S) -> Result<S::Saved, S::Error> {
        let (said, changes) = self.learner.save_to(saver)?;
        self.merged(&changes);
        Ok(said)
    }

    /// After a save: the record may hold what another reader recorded (merged in under
    /// the lock), and, when this session started on an empty home that another reader
    /// then wrote, that reader's learner seed, which the merge keeps (so the numbers in
    /// the boxes, the judge and `attn-course problem` stay the same). The layout cache
    /// sees the new record by itself; this only lays the open lesson out again and
    /// keeps the place when the merge changed something.
    pub fn merged(&mut self, changes: &Changes) {
        if changes.is_empty() {
            return;
        }
        self.relayout();
        self.clamp_scroll();
        self.clamp_panel_scroll();
    }

    /// A line for the status bar, made one line with its hidden characters replaced:
    /// a message may quote what the learner typed or a file held.
    pub fn notify(&mut self, message: impl Into<String>) {
        self.message = Some(crate::sanitize::one_line(&message.into()));
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        self.settle();
        if !matches!(action, Action::Resize(..)) {
            self.message = None;
            // The first key closes the welcome. A key that moves the text moves nothing
            // (the box hid the lines it would move past); the others do what the box's
            // key list says they do.
            if std::mem::take(&mut self.welcome) && action.moves_text() {
                return;
            }
        }
        match action {
            Action::Resize(w, h) => self.resize(w, h),
            // The loop suspends the process; nothing changes here.
            Action::Suspend => {}
            Action::Quit => {
                self.quit = true;
                self.learner.want_save(SaveNeed::Now);
            }
            _ => self.route(action),
        }
        self.clamp_scroll();
        self.clamp_panel_scroll();
    }

    /// Gives `action` to the mode the keyboard is talking to, then does what its
    /// outcome asks for.
    fn route(&mut self, action: Action) {
        if let Action::Unbound(code, modifiers) = action {
            return self.unbound(code, modifiers);
        }
        match &mut self.mode {
            Mode::Reading => self.reading(action),
            Mode::Select(cursor) => {
                let outcome = cursor.update(action, &self.view.sentences);
                self.after_select(outcome);
            }
            Mode::Ask(view) => {
                let outcome = view.update(action);
                self.after_ask(outcome);
            }
            Mode::Help(view) => {
                let page = help::page(self.size, self.theme.ascii);
                match view.update(action, &page) {
                    help::HelpOutcome::Stay => {}
                    help::HelpOutcome::Close => self.mode = Mode::Reading,
                    help::HelpOutcome::Glossary => self.open_glossary(),
                }
            }
            Mode::Glossary(view) => match view.update(action, &self.course) {
                GlossaryOutcome::Stay => {}
                GlossaryOutcome::Close => self.mode = Mode::Reading,
                GlossaryOutcome::Go(lesson, block) => {
                    self.push_place(None);
                    self.mode = Mode::Reading;
                    self.open(lesson, block);
                    self.notify("Backspace: back to where you were");
                }
            },
            Mode::Notes(view) => {
                let outcome = view.update(action);
                self.after_notes(outcome);
            }
            Mode::Lens(view) => {
                let outcome = view.update(action);
                self.after_lens(outcome);
            }
            Mode::Prompt(prompt) => {
                let outcome = prompt.update(action);
                self.after_prompt(outcome);
            }
        }
    }

    /// A key the mode does not bind: said in the status bar, never ignored silently.
    fn unbound(&mut self, code: KeyCode, modifiers: KeyModifiers) {
        let action = Action::Close;
        let bind = keymap::Bind {
            code,
            modifiers,
            action,
        };
        let label = keymap::key_label(&bind, self.theme.ascii);
        let name = keymap::keymap(&self.mode).name;
        self.notify(format!("{label} does nothing in {name}: ? lists the keys"));
    }

    fn open_glossary(&mut self) {
        if self.course.glossary.terms.is_empty() {
            self.mode = Mode::Reading;
            self.notify("this course has no glossary");
        } else {
            self.mode = Mode::Glossary(GlossaryView::new(&self.course.glossary));
        }
    }
}
