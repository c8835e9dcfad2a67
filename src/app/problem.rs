//! Problems in the reader: which one is current, jumping between them, answering (with a
//! live preview of the input's value), hints, the worked solution and "another one".
//! Checking is the `problems` library's; this module records what happened and says it.

use super::{App, Mode, Pane, ProblemRef, Prompt, PromptKind};
use crate::content::ProblemSpec;
use crate::problems::instance::Instance;
use crate::problems::{Problem, feedback, locate};
use crate::progress::{self, AnswerError, NotYet, ProblemRecord};

pub use crate::progress::reveal::FREE_AFTER;

/// The bottom pane for one problem.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    pub problem: ProblemRef,
    pub view: PanelView,
    /// First line shown (`J`/`K`), never past the last page ([`App::update`] keeps it so,
    /// also when a resize makes the pane taller).
    pub scroll: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PanelView {
    /// The words after an attempt; `right` picks the style.
    Feedback {
        lines: Vec<String>,
        right: bool,
    },
    /// An input that could not be judged (nothing was recorded).
    InputError(String),
    /// The hints revealed so far.
    Hints,
    /// `s` before the solution is free: asks for a second `s`.
    ConfirmSolution,
    Solution,
    /// A one-off line ("new numbers drawn").
    Note(String),
}

impl App {
    /// The problem the learner is at: the one `p`/`P` went to or the panel is about while
    /// it is on screen, else the first problem in the top half of the text.
    ///
    /// The panel's problem stays current even when its box is off screen (a resize, a
    /// scroll): the panel says which problem it is, and Enter must answer that one.
    pub fn current_problem(&self) -> Option<ProblemRef> {
        let panel = self.panel.as_ref().map(|p| p.problem);
        let selected = self
            .selected_problem
            .filter(|p| self.block_visible(p.block));
        let sticky = panel.or(selected).filter(|p| p.lesson == self.lesson);
        if sticky.is_some() {
            return sticky;
        }
        let first = self.view.block_at(self.scroll);
        let last = self.view.block_at(self.scroll + self.text_height() / 2);
        self.problem_refs()
            .into_iter()
            .find(|p| (first..=last).contains(&p.block))
    }

    /// The open lesson's problems, numbered.
    pub fn problem_refs(&self) -> Vec<ProblemRef> {
        locate::problems(&self.course.lessons[self.lesson])
            .iter()
            .enumerate()
            .map(|(i, (block, _))| ProblemRef {
                lesson: self.lesson,
                block: *block,
                number: i + 1,
            })
            .collect()
    }

    /// The learner's record of a problem (empty when untouched).
    pub fn problem_record(&self, p: ProblemRef) -> ProblemRecord {
        let lesson = &self.course.lessons[p.lesson];
        let id = self.spec(p).map(|s| s.id.as_str()).unwrap_or_default();
        self.learner.problem(&lesson.slug, id)
    }

    /// The lesson's slug and the problem's id: how the record names problem `p`.
    pub(super) fn problem_key(&self, p: ProblemRef) -> Result<(String, String), String> {
        let id = self.spec(p)?.id.clone();
        Ok((self.course.lessons[p.lesson].slug.clone(), id))
    }

    /// Problems solved and problems in all of `lesson`.
    pub fn solved_count(&self, lesson: usize) -> (usize, usize) {
        progress::solved_count(&self.course.lessons[lesson], self.record(lesson))
    }

    pub fn spec(&self, p: ProblemRef) -> Result<&ProblemSpec, String> {
        let lesson = &self.course.lessons[p.lesson];
        locate::problems(lesson)
            .into_iter()
            .find(|(b, _)| *b == p.block)
            .ok_or_else(|| format!("problem {} is gone", p.label()))?
            .1
            .map_err(|e| format!("problem {} is malformed: {e}", p.label()))
    }

    /// The problem with this learner's numbers for its current variant.
    pub fn instance(&self, p: ProblemRef) -> Result<(Problem, Instance), String> {
        let slug = &self.course.lessons[p.lesson].slug;
        progress::instance(self.learner.record(), slug, self.spec(p)?)
    }

    /// `p` (1) or `P` (-1): the next or previous problem of the lesson, put at the top.
    pub(super) fn jump_problem(&mut self, delta: isize) {
        let list = self.problem_refs();
        if list.is_empty() {
            self.notify("this lesson has no problems");
            return;
        }
        let here = self
            .current_problem()
            .filter(|p| Some(*p) == self.selected_problem);
        let target = match (here, delta > 0) {
            (Some(h), true) => list.iter().find(|p| p.block > h.block),
            (Some(h), false) => list.iter().rev().find(|p| p.block < h.block),
            (None, true) => list
                .iter()
                .find(|p| self.view.line_of_block(p.block) > self.scroll),
            (None, false) => list
                .iter()
                .rev()
                .find(|p| self.view.line_of_block(p.block) < self.scroll),
        };
        let Some(&target) = target else {
            let which = if delta > 0 { "after" } else { "before" };
            self.notify(format!("no problem {which} this one in the lesson"));
            return;
        };
        self.select_problem(target);
    }

    /// Makes `target` the current problem, at the top of the text.
    pub(super) fn select_problem(&mut self, target: ProblemRef) {
        if self.panel.as_ref().is_some_and(|p| p.problem != target) {
            self.panel = None;
        }
        self.selected_problem = Some(target);
        self.scroll_to(self.view.line_of_block(target.block));
        self.notify(format!("problem {}: Enter answers", target.label()));
    }

    /// Enter on a problem: the answer prompt.
    pub(super) fn open_answer(&mut self, p: ProblemRef, text: &str) {
        if let Err(e) = self.instance(p) {
            self.notify(e);
            return;
        }
        self.selected_problem = Some(p);
        self.mode = Mode::Prompt(Prompt::new(PromptKind::Answer(p), text));
        self.update_preview();
        self.reveal_pane_problem();
    }

    /// Judges and records an answer; an input error records nothing and keeps the prompt.
    pub(super) fn submit_answer(&mut self, p: ProblemRef, prompt: Prompt) {
        let spec = match self.spec(p) {
            Ok(spec) => spec.clone(),
            Err(e) => return self.notify(e),
        };
        let slug = &self.course.lessons[p.lesson].slug;
        let answered = match self.learner.answer(slug, &spec, prompt.text()) {
            Ok(answered) => answered,
            Err(AnswerError::Problem(e)) => return self.notify(e),
            Err(AnswerError::Input(e)) => {
                self.mode = Mode::Prompt(prompt);
                self.show_panel(p, PanelView::InputError(e));
                return;
            }
        };
        let right = answered.right();
        let mut lines = feedback::lines(&answered.judged, &answered.problem.tolerance);
        lines.extend(self.review_answered(p, right));
        self.show_panel(p, PanelView::Feedback { lines, right });
        self.problem_changed();
    }

    /// `h`: one more hint.
    pub(super) fn hint(&mut self, p: ProblemRef) {
        let count = self.spec(p).map_or(0, |s| s.hints.len()) as u32;
        let Some((slug, id)) = self.problem_key(p).ok().filter(|_| count > 0) else {
            return self.notify(format!("problem {} has no hints", p.label()));
        };
        let shown = self.problem_record(p).hints_shown;
        if shown >= count {
            self.notify("no more hints: s shows the solution");
        }
        self.learner
            .show_hints(&slug, &id, (shown + 1).min(count).max(shown));
        self.show_panel(p, PanelView::Hints);
    }

    /// `s`: the solution, after a right answer or three attempts, or on a second `s`.
    pub(super) fn solution(&mut self, p: ProblemRef) {
        let Ok((slug, id)) = self.problem_key(p) else {
            return;
        };
        let asked = self
            .panel
            .as_ref()
            .is_some_and(|x| x.problem == p && x.view == PanelView::ConfirmSolution);
        if asked || self.learner.solution_free(&slug, &id) {
            self.learner.view_solution(&slug, &id);
            self.show_panel(p, PanelView::Solution);
        } else {
            self.show_panel(p, PanelView::ConfirmSolution);
        }
    }

    /// `A`: fresh numbers for the same problem, once it is solved or tried three times.
    pub(super) fn another(&mut self, p: ProblemRef) {
        let keyed = self.problem_key(p);
        let problem = self.spec(p).and_then(Problem::from_spec);
        let ((slug, id), problem) = match (keyed, problem) {
            (Ok(key), Ok(problem)) => (key, problem),
            (Err(e), _) | (_, Err(e)) => return self.notify(e),
        };
        let text = match self.learner.another(&slug, &id, &problem) {
            Err(NotYet(left)) => {
                return self.notify(format!(
                    "another one comes after {}, or the solution (s)",
                    progress::reveal::still_needed(left)
                ));
            }
            Ok(Some(variant)) => format!(
                "New numbers for problem {} (variant {}).",
                p.label(),
                u64::from(variant) + 1
            ),
            Ok(None) => format!(
                "No new numbers to draw for problem {}: its numbers are all seen.",
                p.label()
            ),
        };
        self.show_panel(p, PanelView::Note(text));
        self.problem_changed();
        self.scroll_to(self.view.line_of_block(p.block));
    }

    pub(super) fn show_panel(&mut self, problem: ProblemRef, view: PanelView) {
        self.panel = Some(Panel {
            problem,
            view,
            scroll: 0,
        });
        self.reveal_pane_problem();
    }

    /// Scrolls the text so the bottom pane's problem box sits above the pane: whole when
    /// it fits, else from its start. The pane shortens the text, so the end of a lesson
    /// can scroll up past the pane and the last problem is never hidden behind it.
    pub(super) fn reveal_pane_problem(&mut self) {
        let Some(Pane::Problem(p)) = self.pane() else {
            return;
        };
        if p.lesson != self.lesson {
            return;
        }
        let (start, end) = self.block_lines(p.block);
        let height = self.text_height();
        let top = if start < self.scroll || end - start > height {
            start
        } else if end > self.scroll + height {
            end - height
        } else {
            return;
        };
        self.scroll_to(top);
    }

    /// The live preview of the open prompt's input.
    pub(super) fn update_preview(&mut self) {
        if self.previews != super::prompt::Previews::Live {
            self.previews = super::prompt::Previews::Stale;
            return;
        }
        self.preview = match &self.mode {
            Mode::Prompt(p) => match p.kind {
                PromptKind::Answer(problem) => {
                    // The answer is judged with the card's symbols bound: preview so too.
                    let mut env = self
                        .instance(problem)
                        .map(|(problem, inst)| problem.card(&inst).env())
                        .unwrap_or_default();
                    super::scratch::preview_in(p.text(), &mut env)
                }
                PromptKind::Scratchpad => self.scratch.preview(p.text()),
                PromptKind::Search
                | PromptKind::Note(_)
                | PromptKind::GoTo
                | PromptKind::Explain => None,
            },
            _ => None,
        };
    }

    /// The box's state line and numbers come from the record: lay the lesson out again
    /// (the layout cache sees the changed record; the record asked for its save). Only
    /// the problem's own box changes, so the lines above it, and the place, stay.
    pub(super) fn problem_changed(&mut self) {
        self.relayout();
        self.clamp_scroll();
        self.reveal_pane_problem();
    }

    fn block_visible(&self, block: usize) -> bool {
        let (start, end) = self.block_lines(block);
        start < self.scroll + self.text_height() && end > self.scroll
    }

    /// The lines `block` takes in the laid-out lesson: `start..end`.
    fn block_lines(&self, block: usize) -> (usize, usize) {
        let start = self.view.line_of_block(block);
        let end = self
            .view
            .block_starts
            .get(block + 1)
            .copied()
            .unwrap_or(self.view.lines.len());
        (start, end.max(start))
    }
}
