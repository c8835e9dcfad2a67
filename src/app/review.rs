//! `R`: a review session. The problems due (oldest first, at most [`PER_SESSION`]) come
//! one at a time, each with fresh numbers, and are answered in the problem panel as
//! usual; how each went updates its schedule (`progress::schedule`), saved at once.
//!
//! Fresh numbers are a new variant of the problem, the same thing "another one" draws:
//! deterministic from the learner's seed, the problem and the draw count, never a draw
//! the learner has seen, and shown in the lesson's own problem box, so the box, the
//! hints, the solution and the judge all agree on them. A review never takes a solve
//! away: it only adds attempts and a schedule.

use super::{App, FREE_AFTER, PanelView, ProblemRef, SaveNeed};
use crate::problems::Problem;
use crate::progress::schedule::{self, Grade};
use crate::progress::{Review, clock};

/// Problems in one session: enough for a sitting, few enough to finish.
pub const PER_SESSION: usize = 10;

#[derive(Debug, Clone, PartialEq)]
pub struct ReviewSession {
    /// The session's problems, oldest due first.
    pub queue: Vec<ProblemRef>,
    /// Index into `queue` of the problem being reviewed.
    pub at: usize,
    pub card: Card,
    /// Problems answered right so far.
    pub right: usize,
}

/// How the current problem's review is going.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Card {
    /// Its schedule before this review (taken before any attempt of it is recorded).
    pub before: Option<Review>,
    pub wrong: usize,
    pub hinted: bool,
    pub solution: bool,
    /// Answered right: graded, and Enter or `R` moves on.
    pub right: bool,
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
    pub fn set_clock(&mut self, clock: fn() -> u64) {
        self.clock = clock;
    }

    pub(super) fn now(&self) -> u64 {
        (self.clock)()
    }

    /// The session's current problem, when `p` is it.
    fn card_of(&mut self, p: ProblemRef) -> Option<&mut Card> {
        self.review
            .as_mut()
            .filter(|r| r.problem() == p)
            .map(|r| &mut r.card)
    }

    /// True when the panel shows the review problem, answered right (Enter moves on).
    pub(super) fn card_done(&self) -> bool {
        self.review.as_ref().is_some_and(|r| {
            r.card.right
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
        let due = schedule::due(&self.course, &self.progress, now);
        if due.is_empty() {
            let text = match schedule::next_due(&self.course, &self.progress, now) {
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
            card: Card::default(),
            right: 0,
        });
        self.show_card();
    }

    /// Puts the current problem on screen with fresh numbers.
    fn show_card(&mut self) {
        let Some(session) = &self.review else { return };
        let p = session.problem();
        let record = self.problem_record(p);
        let before = schedule::state(&record);
        let fresh = self.spec(p).and_then(Problem::from_spec).map(|problem| {
            let slug = &self.course.lessons[p.lesson].slug;
            schedule::fresh_variant(&problem, self.progress.learner_seed, slug, record.variant)
        });
        if let Ok(Some(variant)) = fresh {
            self.edit_record(p, |r| r.variant = variant);
        }
        self.problem_changed();
        if p.lesson != self.lesson {
            self.open(p.lesson, p.block);
        }
        self.selected_problem = Some(p);
        self.scroll_to(self.view.line_of_block(p.block));
        if let Some(session) = &mut self.review {
            session.card = Card {
                before,
                ..Card::default()
            };
        }
        let keys = "Enter answers, h hints, s shows the solution, R skips, Esc stops.";
        let text = match fresh {
            Ok(Some(_)) => format!("Fresh numbers in the problem box. {keys}"),
            Ok(None) => format!("No new numbers to draw for this one: solve it again. {keys}"),
            Err(e) => format!("{e}. R skips it, Esc stops."),
        };
        self.show_panel(p, PanelView::Note(text));
    }

    /// After an answer to `p`: grades a right one, counts a wrong one; the line to add
    /// to the feedback, when `p` is under review.
    pub(super) fn review_answered(&mut self, p: ProblemRef, right: bool) -> Option<String> {
        let now = self.now();
        let card = self.card_of(p)?;
        if !right {
            card.wrong += 1;
            return Some("Try again, h for a hint, or R to move on.".into());
        }
        card.right = true;
        let grade = Grade::of(true, card.wrong, card.hinted, card.solution);
        let before = card.before.clone();
        self.grade(p, before, grade, now);
        let session = self.review.as_mut()?;
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

    /// Whether the solution is free for `p` as the review problem: as for any problem,
    /// after a right answer or [`FREE_AFTER`] wrong ones, but in this review (an old
    /// solve does not earn it). `None` when `p` is not under review.
    pub(super) fn review_earned(&self, p: ProblemRef) -> Option<bool> {
        let review = self.review.as_ref().filter(|r| r.problem() == p)?;
        Some(review.card.right || review.card.wrong >= FREE_AFTER)
    }

    /// `h` or `s` on the problem under review: the grade can no longer be Good.
    pub(super) fn review_helped(&mut self, p: ProblemRef, solution: bool) {
        if let Some(card) = self.card_of(p) {
            card.hinted = true;
            card.solution |= solution;
        }
    }

    fn grade(&mut self, p: ProblemRef, before: Option<Review>, grade: Grade, now: u64) {
        let next = schedule::review(before.as_ref(), grade, now);
        self.edit_record(p, |r| r.review = Some(next));
        self.save = SaveNeed::Now;
    }

    /// Leaving a problem unanswered after a wrong try or the solution: graded Again,
    /// so it comes straight back. Left untouched, its schedule stays as it was.
    fn leave_card(&mut self) {
        let Some(session) = &self.review else { return };
        let (p, card) = (session.problem(), session.card.clone());
        if !card.right && (card.wrong > 0 || card.solution) {
            let now = self.now();
            self.grade(p, card.before, Grade::Again, now);
        }
    }

    fn next_card(&mut self) {
        self.leave_card();
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
        let next = match schedule::due(&self.course, &self.progress, now).len() {
            0 => match schedule::next_due(&self.course, &self.progress, now) {
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
        self.leave_card();
        self.review = None;
        self.notify("review stopped: R starts again with what is still due");
    }
}
