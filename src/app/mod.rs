//! Application state and key handling (no drawing, no I/O).
//!
//! The loop in `tui.rs` turns terminal events into [`Action`]s with the pure [`keymap`],
//! feeds them to [`App::update`], draws `&App`, and saves the progress when
//! [`App::save_need`] says so. Nothing here touches the terminal or the disk, so the
//! tests drive it with synthetic key events.

mod action;
mod ask;
mod coverage;
mod geometry;
mod glossary;
pub mod keymap;
mod notes;
mod problem;
mod prompt;
mod review;
mod scratch;
mod search;
mod sentence;
mod standing;

use std::sync::{Arc, OnceLock};

use ratatui::crossterm::event::{KeyCode, KeyModifiers};

pub use action::Action;
pub use ask::{Ask, AskItem, Target};
pub use geometry::{Geometry, MIN_SIZE, geometry};
pub use glossary::GlossaryView;
pub use notes::NoteRow;
pub use problem::{FREE_AFTER, Panel, PanelView, ProblemRef};
pub use prompt::{MAX_PROMPT_CHARS, Prompt, PromptKind};
pub use review::{Card, PER_SESSION, ReviewSession};
pub use scratch::{FIGURE_STAYS, Scratch, ScratchLine};
pub use search::{Match, Search};
pub use standing::{Standing, intro_line};

use crate::content::{Course, Section};
use crate::layout::{self, LaidOut, LayoutCache, Mark, PanelCache, Theme};
use crate::progress::{Changes, LessonRecord, Position, ProblemStates, Progress};
use prompt::Previews;

/// What the keyboard is talking to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mode {
    Reading,
    /// The key list, scrolled by `scroll` rows.
    Help {
        scroll: usize,
    },
    /// A one-line input at the bottom of the screen.
    Prompt(Prompt),
    /// The `i` glossary: its index filtered by what is typed.
    Glossary(GlossaryView),
    /// The sentence cursor (`v`): [`App::selected_sentence`] is highlighted.
    Select,
    /// The ask panel on the selected sentence ([`App::ask`]).
    Ask,
    /// My notes (`m`), the row `cursor` of [`App::note_rows`] selected.
    Notes {
        cursor: usize,
    },
}

/// What the bottom pane shows, when it is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    Scratch,
    Problem(ProblemRef),
    Ask,
}

/// Where a jump (from the ask panel or the notes) left from, for Backspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    pub lesson: usize,
    /// The block at the top of the screen (a width-independent place).
    pub scroll_block: usize,
    /// The exact top line, good while the text width is `width`.
    pub scroll: usize,
    pub width: usize,
    /// The sentence that was selected, if any.
    pub sentence: Option<usize>,
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

/// How soon the progress should reach the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SaveNeed {
    None,
    /// The place moved: save within a few seconds.
    Soon,
    /// A lesson change or quitting: save now.
    Now,
}

/// The whole state of the reader.
#[derive(Debug)]
pub struct App {
    /// Per lesson, what was read by moving through it (see `coverage`).
    read_by_steps: std::collections::HashMap<usize, coverage::Coverage>,
    pub course: Course,
    pub theme: Theme,
    pub progress: Progress,
    pub mode: Mode,
    pub focus: Focus,
    /// Index of the open lesson.
    pub lesson: usize,
    /// Top line of the text pane, into [`App::view`].
    pub scroll: usize,
    pub contents_cursor: usize,
    /// `t` overrides the width rule (contents shown from 80 columns).
    contents_override: Option<bool>,
    /// Terminal size, columns × rows.
    pub size: (u16, u16),
    /// Each lesson's sections, titles laid out, made when first asked for (a lesson's
    /// text is parsed only then).
    sections: Vec<OnceLock<Vec<Section>>>,
    /// Lesson titles with their inline math laid out.
    titles: Vec<String>,
    cache: LayoutCache,
    /// Hints, solutions and definitions laid out for the panels, once per width.
    panel_layouts: PanelCache,
    view: Arc<LaidOut>,
    pub search: Option<Search>,
    /// One line for the status bar (a warning, a search result), until the next key.
    pub message: Option<String>,
    /// The `:` session: its environment, history and results.
    pub scratch: Scratch,
    /// Hints, solution or feedback of one problem, until Esc.
    pub panel: Option<Panel>,
    /// The problem `p`/`P` went to.
    selected_problem: Option<ProblemRef>,
    /// The open prompt's input evaluated as typed: its value or its error.
    pub preview: Option<Result<crate::eval::Shown, String>>,
    /// Previews wait while a batch of input is applied (see `App::hold_previews`).
    previews: Previews,
    /// The `R` session, while one runs.
    pub review: Option<ReviewSession>,
    /// Unix seconds now: `clock::now` except in tests, which pin it.
    clock: fn() -> u64,
    /// The selected sentence (index into the view's sentences), in `Select` and `Ask`.
    sentence: Option<usize>,
    /// The ask panel, while open.
    pub ask: Option<Ask>,
    /// Places to go back to with Backspace (jumps from the glossary, the ask panel and
    /// the notes), latest last.
    back: Vec<Place>,
    /// The notes view's rows, made when it opens.
    pub note_rows: Vec<NoteRow>,
    save: SaveNeed,
    pub quit: bool,
}

impl App {
    /// Opens the course where `progress` left off, for a terminal of `size`.
    pub fn new(course: Course, progress: Progress, theme: Theme, size: (u16, u16)) -> App {
        let sections = course.lessons.iter().map(|_| OnceLock::new()).collect();
        let titles = course
            .lessons
            .iter()
            .map(|l| layout::inline_text(&l.title, theme))
            .collect();
        let mut app = App {
            course,
            theme,
            progress,
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
            search: None,
            message: None,
            scratch: Scratch::default(),
            panel: None,
            selected_problem: None,
            preview: None,
            previews: Previews::Live,
            review: None,
            clock: crate::progress::clock::now,
            sentence: None,
            ask: None,
            back: Vec::new(),
            note_rows: Vec::new(),
            save: SaveNeed::None,
            quit: false,
            read_by_steps: Default::default(),
        };
        let (lesson, block) = match &app.progress.position {
            Some(p) => match app.course.lessons.iter().position(|l| l.slug == p.lesson) {
                Some(i) => (i, p.block),
                None => (0, 0),
            },
            None => (0, 0),
        };
        app.open(lesson, block);
        app.save = SaveNeed::None;
        app
    }

    /// The open lesson laid out at the text width.
    pub fn view(&self) -> &LaidOut {
        &self.view
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
            Mode::Ask
            | Mode::Prompt(Prompt {
                kind: PromptKind::Note,
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
        &self.titles[lesson]
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

    /// The section the top of the text pane is in.
    pub fn current_section(&self) -> Option<&Section> {
        let block = self.view.block_at(self.scroll);
        self.sections().iter().rev().find(|s| s.block <= block)
    }

    pub fn record(&self, lesson: usize) -> Option<&LessonRecord> {
        self.progress.lessons.get(&self.course.lessons[lesson].slug)
    }

    /// Read, partly read or unread.
    pub fn mark(&self, lesson: usize) -> Mark {
        Mark::of_read(self.record(lesson).map_or(0.0, |r| r.read))
    }

    /// Percentage of the open lesson read so far (the furthest the learner has seen).
    pub fn percent_read(&self) -> u32 {
        (self.record(self.lesson).map_or(0.0, |r| r.read) * 100.0).floor() as u32
    }

    /// Where the learner is: the percentage of the lesson down to the bottom of the
    /// screen, measured as `read` is, so the two agree at the furthest point.
    pub fn percent_here(&self) -> u32 {
        (self.seen_fraction() * 100.0).floor() as u32
    }

    /// The fraction of the lesson's lines above the bottom of the screen.
    fn seen_fraction(&self) -> f64 {
        let total = self.view.lines.len().max(1);
        (self.scroll + self.text_height()).min(total) as f64 / total as f64
    }

    /// A first start: the fresh record is saved as soon as the first screen is drawn.
    pub fn save_first(&mut self) {
        self.save = SaveNeed::Now;
    }

    pub fn save_need(&self) -> SaveNeed {
        self.save
    }

    /// The record to write now, its place stamped with the session's clock; clears the
    /// need. The store merges it with what other readers saved and writes it back here,
    /// then [`App::merged`] takes in what the merge changed.
    pub fn progress_to_save(&mut self) -> &mut Progress {
        let now = self.now();
        if let Some(p) = &mut self.progress.position {
            p.at = now;
        }
        self.save = SaveNeed::None;
        &mut self.progress
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
    }

    /// A line for the status bar.
    pub fn notify(&mut self, message: impl Into<String>) {
        self.message = Some(message.into());
    }

    /// Applies one action.
    pub fn update(&mut self, action: Action) {
        if !matches!(action, Action::Resize(..)) {
            self.message = None;
        }
        match action {
            Action::Resize(w, h) => self.resize(w, h),
            Action::Quit => {
                self.quit = true;
                self.save = SaveNeed::Now;
            }
            _ => match self.mode.clone() {
                Mode::Reading => self.reading(action),
                Mode::Help { scroll } => self.help(action, scroll),
                Mode::Prompt(prompt) => self.prompt(action, prompt),
                Mode::Glossary(view) => self.glossary(action, view),
                Mode::Select => self.selecting(action),
                Mode::Ask => self.asking(action),
                Mode::Notes { cursor } => self.in_notes(action, cursor),
            },
        }
        self.clamp_scroll();
    }

    fn reading(&mut self, action: Action) {
        let page = self.text_height().saturating_sub(2).max(1);
        let contents = self.focus == Focus::Contents;
        match action {
            Action::Down if contents => self.move_cursor(1),
            Action::Up if contents => self.move_cursor(-1),
            Action::Down => self.scroll_by(1),
            Action::Up => self.scroll_by(-1),
            Action::PageDown => self.scroll_by(page as isize),
            Action::PageUp => self.scroll_by(-(page as isize)),
            Action::Wheel(n) => self.scroll_by(isize::from(n)),
            Action::Top => self.scroll_to(0),
            Action::Bottom => self.scroll_to(usize::MAX),
            Action::NextLesson if self.lesson + 1 < self.course.lessons.len() => {
                self.open_at_last_place(self.lesson + 1)
            }
            Action::PrevLesson if self.lesson > 0 => self.open_at_last_place(self.lesson - 1),
            Action::SwitchFocus => {
                if !self.contents_visible() {
                    self.contents_override = Some(true);
                    self.reflow();
                }
                self.focus = match self.focus {
                    Focus::Contents if self.geometry().reading.is_some() => Focus::Text,
                    _ => Focus::Contents,
                };
                self.fix_focus();
            }
            Action::ToggleContents => {
                let shown = !self.contents_visible();
                self.contents_override = Some(shown);
                self.reflow();
                self.focus = if shown && self.geometry().reading.is_none() {
                    Focus::Contents
                } else {
                    self.focus
                };
                self.fix_focus();
            }
            Action::Activate if contents => self.activate_entry(),
            Action::Activate if self.card_done() => self.review_key(),
            Action::Activate => match self.current_problem() {
                Some(p) => self.open_answer(p, ""),
                None => self.notify("Enter answers a problem: p goes to the next one"),
            },
            Action::Search => self.mode = Mode::Prompt(Prompt::new(PromptKind::Search, "")),
            Action::SearchNext => self.step_search(1),
            Action::SearchPrev => self.step_search(-1),
            Action::ClearSearch if self.pane().is_some() => {
                self.panel = None;
                self.stop_review();
            }
            Action::ClearSearch => self.search = None,
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            Action::Glossary => self.open_glossary(),
            Action::Back => self.go_back(),
            Action::NextProblem => self.jump_problem(1),
            Action::PrevProblem => self.jump_problem(-1),
            Action::Hint | Action::Solution | Action::Another => self.on_problem(action),
            Action::Confirm => {
                if let Some(panel) = &self.panel
                    && panel.view == PanelView::ConfirmSolution
                {
                    self.solution(panel.problem);
                }
            }
            Action::Scratchpad => self.open_scratchpad(),
            Action::Review => self.review_key(),
            Action::Select => self.start_selecting(),
            Action::MyNotes => self.open_notes(),
            Action::PanelDown | Action::PanelUp => {
                let delta = if action == Action::PanelDown { 1 } else { -1 };
                if let Some(panel) = &mut self.panel {
                    let max = panel.max_scroll.get();
                    panel.scroll = panel.scroll.saturating_add_signed(delta).min(max);
                }
            }
            _ => {}
        }
    }

    /// `h`, `s`, `A` on the current problem.
    fn on_problem(&mut self, action: Action) {
        let Some(p) = self.current_problem() else {
            return self.notify("no problem here: p goes to the next one");
        };
        match action {
            Action::Hint => self.hint(p),
            Action::Solution => self.solution(p),
            _ => self.another(p),
        }
    }

    /// `:`, with the current problem's parameters bound by name.
    fn open_scratchpad(&mut self) {
        if let Some(p) = self.current_problem() {
            let bound = self
                .instance(p)
                .and_then(|(_, inst)| self.scratch.bind(&inst));
            match bound {
                Ok(names) if names.is_empty() => {}
                Ok(names) => self.scratch.note(format!(
                    "bound {} from problem {}",
                    names.join(", "),
                    p.label()
                )),
                Err(e) => self.scratch.note(e),
            }
        }
        self.mode = Mode::Prompt(Prompt::new(PromptKind::Scratchpad, ""));
        self.preview = None;
    }

    fn help(&mut self, action: Action, scroll: usize) {
        let last = keymap::help_rows(self.theme.ascii).len().saturating_sub(1);
        self.mode = match action {
            Action::Down => Mode::Help {
                scroll: (scroll + 1).min(last),
            },
            Action::Up => Mode::Help {
                scroll: scroll.saturating_sub(1),
            },
            Action::Wheel(_) => Mode::Help { scroll },
            Action::Glossary => return self.open_glossary(),
            _ => Mode::Reading,
        };
    }

    fn open_glossary(&mut self) {
        if self.course.glossary.terms.is_empty() {
            self.mode = Mode::Reading;
            self.notify("this course has no glossary");
        } else {
            self.mode = Mode::Glossary(GlossaryView::new(&self.course.glossary));
        }
    }

    fn glossary(&mut self, action: Action, mut view: GlossaryView) {
        let g = &self.course.glossary;
        match action {
            Action::PromptKey(key) => match key.code {
                KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                    view.push(g, c)
                }
                KeyCode::Backspace => view.pop(g),
                _ => {}
            },
            Action::Down => view.step(1),
            Action::Up => view.step(-1),
            Action::PageDown => view.step(10),
            Action::PageUp => view.step(-10),
            Action::PromptCancel => return self.mode = Mode::Reading,
            Action::PromptSubmit => {
                let place = view
                    .selected_term(g)
                    .and_then(|t| self.course.introduction(t));
                if let Some((lesson, block)) = place {
                    self.push_place();
                    self.mode = Mode::Reading;
                    self.open(lesson, block);
                    return self.notify("Backspace: back to where you were");
                }
            }
            _ => {}
        }
        self.mode = Mode::Glossary(view);
    }

    fn prompt(&mut self, action: Action, mut prompt: Prompt) {
        match action {
            Action::PromptKey(key) => {
                if !prompt.edit(key) && prompt.kind == PromptKind::Scratchpad {
                    return self.scratch_key(key.code, key.modifiers, prompt);
                }
                self.mode = Mode::Prompt(prompt);
                self.update_preview();
            }
            Action::PromptSubmit => {
                self.mode = Mode::Reading;
                self.preview = None;
                match prompt.kind {
                    PromptKind::Search => self.run_search(prompt.text().trim()),
                    PromptKind::Scratchpad => {
                        self.scratch.run(prompt.text());
                        self.mode = Mode::Prompt(Prompt::new(PromptKind::Scratchpad, ""));
                    }
                    PromptKind::Answer(p) => self.submit_answer(p, prompt),
                    PromptKind::Note => self.save_note(prompt.text()),
                }
            }
            Action::PromptCancel if prompt.kind == PromptKind::Note => self.mode = Mode::Ask,
            Action::PromptCancel => {
                self.mode = Mode::Reading;
                self.preview = None;
            }
            _ => {}
        }
    }

    /// Up/Down walk the history; Tab sends the last value to the current problem.
    fn scratch_key(&mut self, code: KeyCode, modifiers: KeyModifiers, mut prompt: Prompt) {
        let step = match code {
            KeyCode::Up => Some(-1),
            KeyCode::Down => Some(1),
            _ => None,
        };
        if let Some(delta) = step {
            if let Some(line) = self.scratch.step_history(delta, prompt.text()) {
                prompt = Prompt::new(PromptKind::Scratchpad, &line);
            }
        } else if code == KeyCode::Tab && modifiers.is_empty() {
            match (self.scratch.last.as_ref(), self.current_problem()) {
                (Some(value), Some(p)) => {
                    let text = value.to_string().replace('\n', "");
                    return self.open_answer(p, &text);
                }
                (None, _) => self.notify("no value yet to send"),
                (_, None) => self.notify("no problem here to answer"),
            }
        }
        self.mode = Mode::Prompt(prompt);
        self.update_preview();
    }

    fn resize(&mut self, w: u16, h: u16) {
        self.size = (w, h);
        self.reflow();
    }

    /// Lays the text out again after its width may have changed (a resize, the contents
    /// shown or hidden beside it), keeping the block at the top in view.
    fn reflow(&mut self) {
        let block = self.view.block_at(self.scroll);
        let before = Arc::clone(&self.view);
        self.relayout();
        // The same layout (the width did not change) leaves the place and the matches.
        if !Arc::ptr_eq(&before, &self.view) {
            self.scroll = self.view.line_of_block(block);
            if let Some(search) = &self.search {
                let query = search.query.clone();
                let current = search.current_match().copied();
                let views = self.all_views();
                self.search = Search::run(
                    &query,
                    &views,
                    Some(&self.course),
                    current.map(|m| (m.lesson, m.line)),
                );
            }
        }
        self.clamp_scroll();
        self.reveal_pane_problem();
        self.fix_focus();
    }

    /// Without a text pane the focus can only be on the contents, and vice versa.
    fn fix_focus(&mut self) {
        let g = self.geometry();
        if g.contents.is_none() {
            self.focus = Focus::Text;
        } else if g.reading.is_none() {
            self.focus = Focus::Contents;
        }
    }

    /// Rows of the text pane (also when the contents cover it on a narrow screen).
    pub fn text_height(&self) -> usize {
        usize::from(self.geometry().text.height)
    }

    fn text_width(&self) -> usize {
        usize::from(self.geometry().text.width)
    }

    /// The memo of panel markdown, which drawing reads (and so fills) through `&App`.
    pub fn panel_layouts(&self) -> &PanelCache {
        &self.panel_layouts
    }

    fn laid_out(&mut self, lesson: usize) -> Arc<LaidOut> {
        let width = self.text_width();
        let problems = ProblemStates::of(self.record(lesson));
        let ctx = layout::Context {
            theme: self.theme,
            lesson_number: lesson + 1,
            problems: &problems,
            learner_seed: self.progress.learner_seed,
        };
        (self.cache).get(lesson, &self.course.lessons[lesson], width, &ctx)
    }

    fn relayout(&mut self) {
        self.view = self.laid_out(self.lesson);
    }

    fn all_views(&mut self) -> Vec<Arc<LaidOut>> {
        (0..self.course.lessons.len())
            .map(|i| self.laid_out(i))
            .collect()
    }

    /// Opens lesson `lesson` with block `block` at the top.
    fn open(&mut self, lesson: usize, block: usize) {
        self.lesson = lesson.min(self.course.lessons.len().saturating_sub(1));
        self.selected_problem = None;
        self.relayout();
        self.contents_cursor = self
            .entries()
            .iter()
            .position(|e| *e == Entry::Lesson(self.lesson))
            .unwrap_or(0);
        self.scroll = self.view.line_of_block(block);
        self.clamp_scroll();
        self.note_place();
        self.save = SaveNeed::Now;
    }

    fn open_at_last_place(&mut self, lesson: usize) {
        let block = self.record(lesson).map_or(0, |r| r.block);
        self.open(lesson, block);
    }

    fn activate_entry(&mut self) {
        match self.entries().get(self.contents_cursor) {
            Some(Entry::Lesson(i)) if *i != self.lesson => self.open_at_last_place(*i),
            Some(Entry::Lesson(_)) => self.scroll_to(0),
            Some(Entry::Section(s)) => {
                let block = self.sections()[*s].block;
                self.scroll_to(self.view.line_of_block(block));
            }
            None => {}
        }
        if self.geometry().reading.is_none() {
            // The covered text kept its width: no new layout.
            self.contents_override = None;
        }
        self.focus = Focus::Text;
        self.fix_focus();
    }

    fn move_cursor(&mut self, delta: isize) {
        let last = self.entries().len().saturating_sub(1);
        self.contents_cursor = self.contents_cursor.saturating_add_signed(delta).min(last);
    }

    fn max_scroll(&self) -> usize {
        self.view.lines.len().saturating_sub(self.text_height())
    }

    fn clamp_scroll(&mut self) {
        self.scroll = self.scroll.min(self.max_scroll());
    }

    /// A step through the text (a line, a page, the wheel): what passes the screen is
    /// read, also when the step cannot move (a lesson shorter than the screen).
    fn scroll_by(&mut self, delta: isize) {
        let before = self.scroll;
        self.scroll_to(self.scroll.saturating_add_signed(delta));
        let (height, total) = (self.text_height(), self.view.lines.len());
        let coverage = self.read_by_steps.entry(self.lesson).or_default();
        coverage.step(before, self.scroll, height, total);
        let read = coverage.fraction();
        let slug = self.course.lessons[self.lesson].slug.clone();
        let record = self.progress.lessons.entry(slug).or_default();
        if read > record.read {
            record.read = read;
            self.save = self.save.max(SaveNeed::Soon);
        }
    }

    fn scroll_to(&mut self, line: usize) {
        let before = self.scroll;
        self.scroll = line;
        self.clamp_scroll();
        if self.scroll != before {
            self.note_place();
            self.save = self.save.max(SaveNeed::Soon);
        }
    }

    /// Records where the learner is (how far they have read is `scroll_by`'s).
    fn note_place(&mut self) {
        let block = self.view.block_at(self.scroll);
        let slug = self.course.lessons[self.lesson].slug.clone();
        let record = self.progress.lessons.entry(slug.clone()).or_default();
        record.block = block;
        let at = self.progress.position.as_ref().map_or(0, |p| p.at);
        self.progress.position = Some(Position {
            lesson: slug,
            block,
            at,
            extra: Default::default(),
        });
    }

    fn run_search(&mut self, query: &str) {
        if query.is_empty() {
            self.search = None;
            return;
        }
        let views = self.all_views();
        self.search = Search::run(
            query,
            &views,
            Some(&self.course),
            Some((self.lesson, self.scroll)),
        );
        match &self.search {
            Some(_) => self.show_match(),
            None => self.notify(format!("no match for \"{query}\"")),
        }
    }

    fn step_search(&mut self, delta: isize) {
        if let Some(search) = &mut self.search {
            search.step(delta);
            self.show_match();
        }
    }

    /// Scrolls the current match into view, two lines below the top.
    fn show_match(&mut self) {
        let Some(search) = &self.search else { return };
        let Some(m) = search.current_match().copied() else {
            return;
        };
        let status = search.status();
        if m.lesson != self.lesson {
            self.open(m.lesson, 0);
        }
        self.scroll_to(m.line.saturating_sub(2));
        self.notify(status);
    }
}
