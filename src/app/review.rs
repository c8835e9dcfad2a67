//! `R`: a review session. The problems due (oldest first, at most [`PER_SESSION`]) come
//! one at a time, each with fresh numbers, and are answered in the problem panel as
//! usual; how each went updates its schedule (`progress::schedule`), saved at once.
//!
//! Fresh numbers are a new variant of the problem, the same thing "another one" draws:
//! deterministic from the learner's seed, the problem and the draw count, never a draw
//! the learner has seen, and shown in the lesson's own problem box, so the box, the
//! hints, the solution and the judge all agree on them. A review never takes a solve
//! away: it only adds attempts and a schedule.
//!
//! How the current problem's review goes (its card) and its grade are the record's
//! (`progress::Learner`); the session here is the queue and the words.

use super::{App, PanelView, ProblemRef};
use crate::problems::Problem;
use crate::progress::{Card, clock, schedule};

/// Problems in one session: enough for a sitting, few enough to finish.
pub const PER_SESSION: usize = 10;

#[derive(Debug, Clone, PartialEq)]
pub struct ReviewSession {
    /// The session's problems, oldest due first.
    pub queue: Vec<ProblemRef>,
    /// Index into `queue` of the problem being reviewed.
    pub at: usize,
    /// Problems answered right so far.
    pub right: usize,
}

impl ReviewSession {
    pub fn problem(&self) -> ProblemRef {
        self.queue[self.at]
    }

    /// "review 3 of 7".
    pub fn label(&self) -> String {
        format!("review {} of {}", self.at + 1, self.queue.len())
    }
}

impl App {
    /// The clock the reader stamps attempts and reviews with (tests pin it).
    pub fn set_clock(&mut self, clock: clock::Clock) {
        self.learner.set_clock(clock);
    }

    pub(super) fn now(&self) -> u64 {
        self.learner.now()
    }

    /// The clock the record is stamped with.
    pub fn clock(&self) -> clock::Clock {
        self.learner.clock()
    }

    /// The review card of `p`, when it is the problem under review.
    fn card_of(&self, p: ProblemRef) -> Option<&Card> {
        let (slug, id) = self.problem_key(p).ok()?;
        self.learner.card().filter(|c| c.is(&slug, &id))
    }

    /// True when the panel shows the review problem, answered right (Enter moves on).
    pub(super) fn card_done(&self) -> bool {
        self.review.as_ref().is_some_and(|r| {
            self.card_of(r.problem()).is_some_and(|c| c.right)
                && self
                    .panel
                    .as_ref()
                    .is_some_and(|x| x.problem == r.problem())
        })
    }

    /// `R`: starts a session, or moves on to the next problem of the one running.
    pub(super) fn review_key(&mut self) {
        if self.review.is_some() {
            return self.next_card();
        }
        let now = self.now();
        let due = schedule::due(&self.course, self.learner.record(), now);
        if due.is_empty() {
            let text = match schedule::next_due(&self.course, self.learner.record(), now) {
                Some(at) => format!(
                    "nothing due for review: the next problem comes back {} ({})",
                    schedule::from_now(at, now),
                    clock::Utc::from_unix(at)
                ),
                None => "nothing to review yet: problems you answer come back here".into(),
            };
            return self.notify(text);
        }
        let queue = due
            .into_iter()
            .take(PER_SESSION)
            .map(|d| ProblemRef {
                lesson: d.lesson,
                block: d.block,
                number: d.number,
            })
            .collect();
        self.review = Some(ReviewSession {
            queue,
            at: 0,
            right: 0,
        });
        self.show_card();
    }

    /// Puts the current problem on screen with fresh numbers.
    fn show_card(&mut self) {
        let Some(session) = &self.review else { return };
        let p = session.problem();
        let fresh = self.problem_key(p).and_then(|(slug, id)| {
            let problem = self.spec(p).and_then(Problem::from_spec);
            let fresh = self.learner.review(&slug, &id, problem.as_ref().ok());
            problem.map(|_| fresh)
        });
        if fresh.is_err() {
            self.learner.leave_card();
        }
        self.problem_changed();
        if p.lesson != self.lesson {
            self.open(p.lesson, p.block);
        }
        self.selected_problem = Some(p);
        self.scroll_to(self.view.line_of_block(p.block));
        let keys = "Enter answers, h hints, s shows the solution, R skips, Esc stops.";
        let text = match fresh {
            Ok(Some(_)) => format!("Fresh numbers in the problem box. {keys}"),
            Ok(None) => format!("No new numbers to draw for this one: solve it again. {keys}"),
            Err(e) => format!("{e}. R skips it, Esc stops."),
        };
        self.show_panel(p, PanelView::Note(text));
    }

    /// After an answer to `p` (graded or counted by the record): the line to add to the
    /// feedback, when `p` is the session's problem.
    pub(super) fn review_answered(&mut self, p: ProblemRef, right: bool) -> Option<String> {
        let session = self.review.as_mut().filter(|r| r.problem() == p)?;
        if !right {
            return Some("Try again, h for a hint, or R to move on.".into());
        }
        session.right += 1;
        Some(if session.at + 1 < session.queue.len() {
            format!(
                "Enter or R: the next problem ({} to go).",
                session.queue.len() - session.at - 1
            )
        } else {
            "That was the last one: Enter or R ends the review.".into()
        })
    }

    fn next_card(&mut self) {
        self.learner.leave_card();
        let Some(session) = &mut self.review else {
            return;
        };
        session.at += 1;
        if session.at < session.queue.len() {
            return self.show_card();
        }
        let (right, of) = (session.right, session.queue.len());
        self.review = None;
        self.panel = None;
        let now = self.now();
        let next = match schedule::due(&self.course, self.learner.record(), now).len() {
            0 => match schedule::next_due(&self.course, self.learner.record(), now) {
                Some(at) => format!("the next comes back {}", schedule::from_now(at, now)),
                None => "nothing else is due".into(),
            },
            n => format!("{n} still due (R again)"),
        };
        self.notify(format!("review done: {right} of {of} right; {next}"));
    }

    /// Esc during a session: stops it (a problem tried and not solved is graded Again).
    pub(super) fn stop_review(&mut self) {
        if self.review.is_none() {
            return;
        }
        self.learner.leave_card();
        self.review = None;
        self.notify("review stopped: R starts again with what is still due");
    }
}
