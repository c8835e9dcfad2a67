//! The reading mode: moving through the text and the contents, opening lessons, and
//! the place and reading progress this records. Scroll limits are computed here from the
//! geometry, so drawing only reads them.

use std::sync::Arc;

use super::{Action, App, Entry, Focus, Mode, PanelView, Prompt, PromptKind, Search, help};
use crate::content::Section;
use crate::layout::{self, LaidOut, Mark};
use crate::progress::{self, LessonRecord, ProblemStates, SaveNeed};

/// The row below the top of the text where a jump puts what it jumps to: two lines of
/// what comes before stay in view.
pub(super) const JUMP_ROW: usize = 2;

impl App {
    /// The section the top of the text pane is in.
    pub fn current_section(&self) -> Option<&Section> {
        let block = self.view.block_at(self.scroll);
        self.sections().iter().rev().find(|s| s.block <= block)
    }

    pub fn record(&self, lesson: usize) -> Option<&LessonRecord> {
        (self.learner.record().lessons).get(&self.course.lessons[lesson].slug)
    }

    /// Read, partly read or unread.
    pub fn mark(&self, lesson: usize) -> Mark {
        Mark::of_read(self.record(lesson).map_or(0.0, |r| r.read))
    }

    /// Percentage of the open lesson read so far (the furthest the learner has seen).
    pub fn percent_read(&self) -> u32 {
        progress::percent(self.record(self.lesson).map_or(0.0, |r| r.read))
    }

    /// A first start: the fresh record is saved as soon as the first screen is drawn.
    pub fn save_first(&mut self) {
        self.learner.want_save(SaveNeed::Now);
    }

    pub(super) fn reading(&mut self, action: Action) {
        let page = self.text_height().saturating_sub(2).max(1);
        let half = (self.text_height() / 2).max(1);
        let contents = self.focus == Focus::Contents;
        match action {
            Action::Down if contents => self.move_cursor(1),
            Action::Up if contents => self.move_cursor(-1),
            Action::Down => self.scroll_by(1),
            Action::Up => self.scroll_by(-1),
            Action::PageDown => self.scroll_by(page as isize),
            Action::PageUp => self.scroll_by(-(page as isize)),
            Action::HalfPageDown => self.scroll_by(half as isize),
            Action::HalfPageUp => self.scroll_by(-(half as isize)),
            Action::GoTo(digit) => {
                self.mode = Mode::Prompt(Prompt::new(PromptKind::GoTo, &digit.to_string()))
            }
            Action::Wheel(n) => self.scroll_by(isize::from(n)),
            Action::Top => self.scroll_to(0),
            Action::Bottom => self.scroll_to(usize::MAX),
            Action::NextLesson if self.lesson + 1 < self.course.lessons.len() => {
                self.open_at_last_place(self.lesson + 1)
            }
            Action::PrevLesson if self.lesson > 0 => self.open_at_last_place(self.lesson - 1),
            Action::NextLesson => self.notify("this is the last lesson"),
            Action::PrevLesson => self.notify("this is the first lesson"),
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
            Action::Close if self.pane().is_some() => {
                self.panel = None;
                self.stop_review();
            }
            Action::Close => self.search = None,
            Action::Help => self.mode = Mode::Help(help::HelpView::default()),
            Action::Glossary => self.open_glossary(),
            Action::Explain => self.open_explain_line(),
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
            Action::WhereAmI => self.where_am_i(),
            Action::PanelDown => self.scroll_panel(1),
            Action::PanelUp => self.scroll_panel(-1),
            _ => {}
        }
    }

    /// `h`, `s`, `A` on the current problem.
    pub(super) fn on_problem(&mut self, action: Action) {
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
    pub(super) fn open_scratchpad(&mut self) {
        if let Some(p) = self.current_problem() {
            match self.instance(p) {
                Ok((problem, inst)) => {
                    let card = problem.card(&inst);
                    self.scratch.bind(&card);
                    let names = card.names(self.theme.ascii);
                    if !names.is_empty() {
                        self.scratch.note(format!(
                            "problem {}: {} bound as printed",
                            p.label(),
                            names.join(", ")
                        ));
                    }
                }
                Err(e) => self.scratch.note(e),
            }
        }
        self.mode = Mode::Prompt(Prompt::new(PromptKind::Scratchpad, ""));
        self.preview = None;
    }

    pub(super) fn resize(&mut self, w: u16, h: u16) {
        self.size = (w, h);
        self.reflow();
    }

    /// Lays the text out again after its width may have changed (a resize, the contents
    /// shown or hidden beside it), keeping the block at the top in view.
    pub(super) fn reflow(&mut self) {
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
    pub(super) fn fix_focus(&mut self) {
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

    pub(super) fn text_width(&self) -> usize {
        usize::from(self.geometry().text.width)
    }

    /// What `lesson`'s layout depends on, the record's view of its problems given.
    fn context<'a>(&self, lesson: usize, problems: &'a ProblemStates) -> layout::Context<'a> {
        layout::Context {
            theme: self.theme,
            lesson_number: lesson + 1,
            problems,
            learner_seed: self.learner.record().learner_seed,
        }
    }

    pub(super) fn laid_out(&mut self, lesson: usize) -> Arc<LaidOut> {
        let (width, problems) = (self.text_width(), ProblemStates::of(self.record(lesson)));
        let ctx = self.context(lesson, &problems);
        (self.cache).get(lesson, &self.course.lessons[lesson], width, &ctx)
    }

    pub(super) fn relayout(&mut self) {
        self.settle();
        self.view = self.laid_out(self.lesson);
    }

    /// Lays out the rest of the open lesson when only its first screen's blocks are (as
    /// [`App::new`] lays it out, see [`layout::opening`]), keeping the same lines on
    /// screen. The reader's loop calls it
    /// right after drawing the first frame, and every action and relayout calls it
    /// first, so nothing but that first frame ever sees a part of a lesson.
    pub fn settle(&mut self) {
        if !std::mem::take(&mut self.opening) {
            return;
        }
        let run = Arc::unwrap_or_clone(std::mem::take(&mut self.view));
        let first = run.first_block;
        let (width, problems) = (
            self.text_width(),
            ProblemStates::of(self.record(self.lesson)),
        );
        let ctx = self.context(self.lesson, &problems);
        let text = &self.course.lessons[self.lesson];
        let whole = (self.cache).complete(self.lesson, text, width, &ctx, run);
        self.scroll += whole.line_of_block(first);
        self.view = whole;
    }

    pub(super) fn all_views(&mut self) -> Vec<Arc<LaidOut>> {
        (0..self.course.lessons.len())
            .map(|i| self.laid_out(i))
            .collect()
    }

    /// Opens lesson `lesson` with block `block` at the top.
    pub(super) fn open(&mut self, lesson: usize, block: usize) {
        // A first screen's part is completed as the lesson it is of.
        self.settle();
        self.lesson = lesson.min(self.course.lessons.len().saturating_sub(1));
        self.relayout();
        self.scroll = self.view.line_of_block(block);
        self.clamp_scroll();
        self.opened();
    }

    /// [`App::open`] for the first screen: only the blocks it shows are laid out
    /// ([`layout::opening`]), and [`App::settle`] lays out the rest once it is drawn.
    /// The screen is the one `open` would show, line for line.
    pub(super) fn open_first(&mut self, lesson: usize, block: usize) {
        self.lesson = lesson.min(self.course.lessons.len().saturating_sub(1));
        let (width, problems) = (
            self.text_width(),
            ProblemStates::of(self.record(self.lesson)),
        );
        let ctx = self.context(self.lesson, &problems);
        let text = &self.course.lessons[self.lesson];
        let (run, top) = layout::opening(text, block, self.text_height(), width, &ctx);
        self.view = Arc::new(run);
        self.opening = true;
        self.scroll = top;
        self.opened();
    }

    /// After a lesson was opened: the contents cursor on it, the place recorded.
    fn opened(&mut self) {
        self.selected_problem = None;
        self.contents_cursor = self
            .entries()
            .iter()
            .position(|e| *e == Entry::Lesson(self.lesson))
            .unwrap_or(0);
        self.note_place();
        self.learner.want_save(SaveNeed::Now);
    }

    pub(super) fn open_at_last_place(&mut self, lesson: usize) {
        let block = self.record(lesson).map_or(0, |r| r.block);
        self.open(lesson, block);
    }

    pub(super) fn activate_entry(&mut self) {
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

    pub(super) fn move_cursor(&mut self, delta: isize) {
        let last = self.entries().len().saturating_sub(1);
        self.contents_cursor = self.contents_cursor.saturating_add_signed(delta).min(last);
    }

    pub(super) fn max_scroll(&self) -> usize {
        self.view.lines.len().saturating_sub(self.text_height())
    }

    pub(super) fn clamp_scroll(&mut self) {
        self.scroll = self.scroll.min(self.max_scroll());
    }

    /// A step through the text (a line, a page, the wheel): what passes the screen is
    /// read, also when the step cannot move (a lesson shorter than the screen).
    pub(super) fn scroll_by(&mut self, delta: isize) {
        let before = self.scroll;
        self.scroll_to(self.scroll.saturating_add_signed(delta));
        let (height, total) = (self.text_height(), self.view.lines.len());
        let bottom = (before.max(self.scroll) + height).min(total);
        let from = self.source_before(before.min(self.scroll));
        let to = self.source_through(bottom.saturating_sub(1));
        let coverage = self.read_by_steps.entry(self.lesson).or_default();
        coverage.add(from, to);
        let read = coverage.fraction();
        (self.learner).mark_read(&self.course.lessons[self.lesson].slug, read);
    }

    pub(super) fn scroll_to(&mut self, line: usize) {
        let before = self.scroll;
        self.scroll = line;
        self.clamp_scroll();
        if self.scroll != before {
            self.note_place();
            self.learner.want_save(SaveNeed::Soon);
        }
    }

    /// Records where the learner is and how far into the lesson they have seen.
    pub(super) fn note_place(&mut self) {
        let block = self.view.block_at(self.scroll);
        (self.learner).move_to(&self.course.lessons[self.lesson].slug, block);
    }

    /// Runs `query`, or, when it is blank, the last one searched for (`/` Enter, as in
    /// less and vim).
    /// A repeat goes on to the next match, as less's does: the current one when the
    /// matches are shown, else the first below the row a match is shown on.
    pub(super) fn run_search(&mut self, query: &str) {
        let repeat = query.is_empty();
        self.searches.push(query);
        let Some(query) = self.searches.last().map(str::to_string) else {
            self.search = None;
            return self.notify("no earlier search to repeat");
        };
        if let Some(search) = self.search.as_mut().filter(|s| repeat && s.query == query) {
            search.step(1);
            return self.show_match();
        }
        let from = match repeat {
            true => self.scroll + JUMP_ROW + 1,
            false => self.scroll,
        };
        let query = query.as_str();
        let views = self.all_views();
        self.search = Search::run(query, &views, Some(&self.course), Some((self.lesson, from)));
        match &self.search {
            Some(_) => self.show_match(),
            None => self.notify(format!("no match for \"{query}\"")),
        }
    }

    /// `n` / `N`: the next or previous match; after Esc hid the matches, the last
    /// search runs again from here.
    pub(super) fn step_search(&mut self, delta: isize) {
        match &mut self.search {
            Some(search) => {
                search.step(delta);
                self.show_match();
            }
            None if self.searches.last().is_some() => self.run_search(""),
            None => self.notify("no search yet: / searches"),
        }
    }

    /// Scrolls the text so `line` stands [`JUMP_ROW`] rows below the top (or its
    /// section's heading at the top, when that is nearer): where a search match and a
    /// note's sentence land, so the section it is in is the one the status bar names.
    pub(super) fn show_line(&mut self, line: usize) {
        let block = self.view.block_at(line);
        let heading = (self.sections().iter().rev())
            .find(|s| s.block <= block)
            .map_or(0, |s| s.block);
        let heading = self.view.line_of_block(heading);
        self.scroll_to(line.saturating_sub(JUMP_ROW).max(heading.min(line)));
    }

    /// Scrolls the current match into view, two lines below the top.
    pub(super) fn show_match(&mut self) {
        let Some(search) = &self.search else { return };
        let Some(m) = search.current_match().copied() else {
            return;
        };
        let status = search.status();
        if m.lesson != self.lesson {
            self.open(m.lesson, 0);
        }
        self.show_line(m.line);
        self.notify(status);
    }
}
