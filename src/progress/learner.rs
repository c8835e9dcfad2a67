//! The one owner of the learner's record in a session: every change the reader or the
//! command line makes to it is a method here, stamped with the session's one clock.
//!
//! Before there was an owner the record was written from ten places, and three pairs of
//! them drifted: the command line's `answer` never applied the review grade the reader
//! did, hints and solutions were recorded one way by `h`/`s` and another by `problem ID
//! --hint/--solution`, and "another one" stepped the variant by one while the review
//! drew one whose numbers the learner had not seen. Here each of those is one method.
//!
//! What a caller may read is `&Progress` ([`Learner::record`]) and the views built on
//! it; a caller outside `progress` never holds the record mutably, and the
//! architecture test holds that no code outside `progress` writes one of its fields.

use std::collections::BTreeSet;

use crate::content::ProblemSpec;
use crate::problems::Problem;

use super::answer::{AnswerError, Answered, judge_and_record};
use super::card::Card;
use super::changes::Changes;
use super::clock::{self, Clock};
use super::model::{Note, ProblemRecord, Progress};
use super::{reveal, schedule};

/// How soon the record should reach the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SaveNeed {
    None,
    /// The place moved: save within a few seconds.
    Soon,
    /// An answer, a hint, a note, a lesson change or quitting: save now.
    Now,
}

/// The learner's record, its clock, the review card being worked on and whether the
/// record has changed since it was last handed to the store.
#[derive(Debug)]
pub struct Learner {
    record: Progress,
    clock: Clock,
    save: SaveNeed,
    /// The problem under review, when one is: how its review has gone so far.
    card: Option<Card>,
    /// Lessons whose place moved since the last save: stamped by the next one.
    moved: BTreeSet<String>,
}

/// Where a session's record is saved: the store's merging save. A trait, so that the
/// record is handed to the store (the file layer) and to no one else.
pub trait Saver {
    /// What a save says besides what it changed (the store: a notice for the learner).
    type Saved;
    type Error;
    /// Saves `record` and replaces it with what was written (merged with what other
    /// readers saved); returns what that merge changed in it.
    fn save(&mut self, record: &mut Progress) -> Result<(Self::Saved, Changes), Self::Error>;
}

/// Why "another one" is not drawn yet: the attempts still needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotYet(pub usize);

impl Learner {
    /// The session's owner of `record`, on the wall clock.
    pub fn new(record: Progress) -> Learner {
        Learner {
            record,
            clock: clock::now,
            save: SaveNeed::None,
            card: None,
            moved: BTreeSet::new(),
        }
    }

    /// The clock every change is stamped with (tests pin it).
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// Unix seconds now, by the session's clock.
    pub fn now(&self) -> u64 {
        (self.clock)()
    }

    pub fn clock(&self) -> Clock {
        self.clock
    }

    pub fn record(&self) -> &Progress {
        &self.record
    }

    /// The learner's record of a problem (empty when untouched).
    pub fn problem(&self, slug: &str, id: &str) -> ProblemRecord {
        self.record.problem(slug, id).cloned().unwrap_or_default()
    }

    pub fn save_need(&self) -> SaveNeed {
        self.save
    }

    /// Takes back the save need of what was done so far: opening the course where the
    /// record says records the place it already holds.
    pub fn forget_save_need(&mut self) {
        self.save = SaveNeed::None;
    }

    /// Asks for a save at least as soon as `need` (a first start, quitting).
    pub fn want_save(&mut self, need: SaveNeed) {
        self.save = self.save.max(need);
    }

    /// Saves the record through `saver` (the store), its place stamped with the
    /// session's clock, and clears the save need (a failed save is retried by the next
    /// one, which writes everything). Returns what the saver said and what its merge
    /// changed in the record.
    ///
    /// A place moved since the last save is stamped at least a second after that
    /// save's stamp: the merge settles equal times by the values (the greater block), so
    /// a move back up within one second must carry a later time to win over the place
    /// this session saved a moment before.
    pub fn save_to<S: Saver>(&mut self, saver: &mut S) -> Result<(S::Saved, Changes), S::Error> {
        let now = self.now();
        let later = |at: u64| now.max(at.saturating_add(1));
        let moved = !self.moved.is_empty();
        for slug in std::mem::take(&mut self.moved) {
            if let Some(lesson) = self.record.lessons.get_mut(&slug) {
                lesson.at = later(lesson.at);
            }
        }
        if let Some(p) = &mut self.record.position {
            p.at = if moved { later(p.at) } else { now };
        }
        self.save = SaveNeed::None;
        saver.save(&mut self.record)
    }

    /// Judges `input` as the answer to problem `spec` of lesson `slug` and records the
    /// attempt; when the problem is under review (a review card for it, or due again
    /// after its lesson work, see [`Card`]), a right answer also grades its review. An
    /// input that cannot be judged records nothing.
    pub fn answer(
        &mut self,
        slug: &str,
        spec: &ProblemSpec,
        input: &str,
    ) -> Result<Answered, AnswerError> {
        self.card_if_due(slug, &spec.id);
        let now = self.now();
        let answered = judge_and_record(&mut self.record, slug, spec, input, now)?;
        if let Some(card) = self.card.as_mut().filter(|c| c.is(slug, &spec.id))
            && let Some(grade) = card.answered(answered.right())
        {
            let next = schedule::review(card.before.as_ref(), grade, now);
            self.record.problem_mut(slug, &spec.id).review = Some(next);
        }
        self.save = SaveNeed::Now;
        Ok(answered)
    }

    /// Hints 1 to `upto` of a problem were shown (`h`, `problem ID --hint N`): they count
    /// as help in its review, and the record keeps the most ever shown.
    pub fn show_hints(&mut self, slug: &str, id: &str, upto: u32) {
        self.helped(slug, id, false);
        let record = self.record.problem_mut(slug, id);
        if upto > record.hints_shown {
            record.hints_shown = upto;
            self.save = SaveNeed::Now;
        }
    }

    /// The worked solution of a problem was shown (`s`, `problem ID --solution`).
    pub fn view_solution(&mut self, slug: &str, id: &str) {
        self.helped(slug, id, true);
        let record = self.record.problem_mut(slug, id);
        if !record.solution_viewed {
            record.solution_viewed = true;
            self.save = SaveNeed::Now;
        }
    }

    /// A hint or the solution of `id`: the help counts in its review.
    fn helped(&mut self, slug: &str, id: &str, solution: bool) {
        self.card_if_due(slug, id);
        if let Some(card) = self.card.as_mut().filter(|c| c.is(slug, id)) {
            card.helped(solution);
        }
    }

    /// Whether the solution of `id` is free: after a right answer or
    /// [`reveal::FREE_AFTER`] attempts; for the problem under review, in this review
    /// (an old solve does not earn it).
    pub fn solution_free(&self, slug: &str, id: &str) -> bool {
        match self.card.as_ref().filter(|c| c.is(slug, id)) {
            Some(card) => card.solution_earned(),
            None => reveal::solution_earned(&self.problem(slug, id)),
        }
    }

    /// "Another one" (`A`): fresh numbers for `problem`, once it is solved or tried
    /// [`reveal::FREE_AFTER`] times on its numbers, drawn as a review draws them (never
    /// numbers the learner has seen). `Ok(None)`: no new numbers to draw.
    pub fn another(
        &mut self,
        slug: &str,
        id: &str,
        problem: &Problem,
    ) -> Result<Option<u32>, NotYet> {
        let record = self.problem(slug, id);
        if let Some(left) = reveal::another_left(&record) {
            return Err(NotYet(left));
        }
        Ok(self.fresh_variant(slug, id, problem))
    }

    fn fresh_variant(&mut self, slug: &str, id: &str, problem: &Problem) -> Option<u32> {
        let current = self.record.problem(slug, id).map_or(0, |r| r.variant);
        let fresh = schedule::fresh_variant(problem, self.record.learner_seed, slug, current)?;
        self.record.problem_mut(slug, id).variant = fresh;
        self.save = SaveNeed::Now;
        Some(fresh)
    }

    /// Starts the review of `id` (`R`), leaving the card before it: its schedule as it
    /// stands, and fresh numbers for it (`None`: none left to draw).
    pub fn review(&mut self, slug: &str, id: &str, problem: Option<&Problem>) -> Option<u32> {
        self.leave_card();
        let before = schedule::state(&self.problem(slug, id));
        self.card = Some(Card::new(slug, id, before));
        problem.and_then(|p| self.fresh_variant(slug, id, p))
    }

    /// The review card being worked on.
    pub fn card(&self) -> Option<&Card> {
        self.card.as_ref()
    }

    /// Leaves the problem under review: tried and not solved, or its solution seen,
    /// it is graded Again, so it comes straight back; untouched, its schedule stays.
    pub fn leave_card(&mut self) {
        let Some(card) = self.card.take() else { return };
        if let Some(grade) = card.left() {
            let now = self.now();
            let next = schedule::review(card.before.as_ref(), grade, now);
            self.record.problem_mut(&card.slug, &card.id).review = Some(next);
            self.save = SaveNeed::Now;
        }
    }

    /// An answer, hint or solution of a problem that is due again after its lesson
    /// work is a review of it, wherever it is given (the reader, `attn-course answer`):
    /// a card is started for it, unless it has one.
    fn card_if_due(&mut self, slug: &str, id: &str) {
        if self.card.as_ref().is_some_and(|c| c.is(slug, id)) {
            return;
        }
        let record = self.problem(slug, id);
        if Card::due_again(&record, self.now()) {
            self.leave_card();
            self.card = Some(Card::new(slug, id, schedule::state(&record)));
        }
    }

    /// Writes a note on a sentence of lesson `slug` (its section number and text).
    pub fn add_note(&mut self, slug: &str, section: &str, sentence: &str, text: &str) {
        let note = Note::new(slug, section, sentence, text, self.now());
        self.record.notes.push(note);
        self.save = SaveNeed::Now;
    }

    /// Marks `note` answered, or not answered again.
    pub fn toggle_answered(&mut self, note: &Note) {
        let now = self.now();
        if let Some(note) = self.record.notes.iter_mut().find(|n| n.is_same(note)) {
            note.answered = !note.answered;
            note.at = now.max(note.at + 1);
            self.save = SaveNeed::Now;
        }
    }

    /// The learner has now seen `fraction` of lesson `slug` (the furthest is kept).
    pub fn mark_read(&mut self, slug: &str, fraction: f64) {
        let record = self.record.lessons.entry(slug.to_string()).or_default();
        if fraction > record.read {
            record.read = fraction;
            self.save = self.save.max(SaveNeed::Soon);
        }
    }

    /// The learner is reading block `block` of lesson `slug`: the lesson's own place and
    /// the course-wide position (stamped when it is saved, see [`Learner::save_to`]).
    pub fn move_to(&mut self, slug: &str, block: usize) {
        let at = self.record.position.as_ref().map_or(0, |p| p.at);
        let here =
            (self.record.position.as_ref()).is_some_and(|p| p.lesson == slug && p.block == block);
        if !here {
            self.moved.insert(slug.to_string());
        }
        self.record
            .lessons
            .entry(slug.to_string())
            .or_default()
            .block = block;
        self.record.position = Some(super::Position {
            lesson: slug.to_string(),
            block,
            at,
            extra: Default::default(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{BlockKind, Lesson};
    use crate::progress::Attempt;
    use crate::progress::schedule::DAY;

    /// A problem `p` with a parameter `a` drawn from four values; the answer is `a`.
    const PROBLEM: &str = "```problem\nid = \"p\"\nkind = \"compute-number\"\nprompt = 'P'\nanswer = \"a\"\ntolerance = \"exact\"\nhints = ['h1', 'h2']\nsolution = 's'\n\n[params]\na = \"choice(1, 2, 3, 4)\"\n```\n";

    fn spec() -> ProblemSpec {
        let lesson = Lesson::parse(
            "l".into(),
            "f.md".into(),
            "T".into(),
            String::new(),
            PROBLEM,
        );
        (lesson.blocks().iter())
            .find_map(|b| match &b.kind {
                BlockKind::Problem(spec) => spec.as_ref().as_ref().ok().cloned(),
                _ => None,
            })
            .expect("the problem parses")
    }

    /// The right answer for the learner's current numbers.
    fn right(learner: &Learner) -> String {
        let (problem, instance) = super::super::instance(learner.record(), "l", &spec()).unwrap();
        format!("{}", problem.expected(&instance).unwrap().data[0])
    }

    const SOLVED_AT: u64 = 1_000_000;

    /// A learner who solved `p` at once, a month before `now`.
    fn solved_a_month_ago() -> Learner {
        let mut record = Progress::new(7);
        record.record_attempt("l", "p", Attempt::new(SOLVED_AT, "x", "x", true, 0));
        let mut learner = Learner::new(record);
        learner.set_clock(|| SOLVED_AT + 30 * DAY);
        learner
    }

    #[test]
    fn an_answer_to_a_problem_due_again_grades_its_review_wherever_it_is_given() {
        let mut learner = solved_a_month_ago();
        let before = learner.problem("l", "p");
        assert!(Card::due_again(&before, learner.now()));
        let answer = right(&learner);
        assert!(learner.answer("l", &spec(), &answer).unwrap().right());
        let review = learner.problem("l", "p").review.expect("graded");
        assert_eq!(review.last, learner.now());
        assert!(review.due > learner.now(), "no longer due");
        assert_eq!(learner.save_need(), SaveNeed::Now);
    }

    #[test]
    fn lesson_work_is_not_graded_again_and_a_wrong_answer_left_is_again() {
        let mut learner = Learner::new(Progress::new(7));
        learner.set_clock(|| 50);
        assert!(!learner.answer("l", &spec(), "-1").unwrap().right());
        assert!(learner.card().is_none(), "lesson work is no review");
        assert_eq!(learner.problem("l", "p").review, None);
        let mut due = solved_a_month_ago();
        assert!(!due.answer("l", &spec(), "-1").unwrap().right());
        assert_eq!(due.card().map(|c| c.wrong), Some(1));
        due.leave_card();
        let review = due.problem("l", "p").review.expect("graded Again");
        assert_eq!((review.lapses, review.due), (1, due.now()));
    }

    #[test]
    fn hints_and_the_solution_are_recorded_one_way() {
        let mut learner = Learner::new(Progress::new(7));
        learner.show_hints("l", "p", 2);
        learner.show_hints("l", "p", 1);
        assert_eq!(
            learner.problem("l", "p").hints_shown,
            2,
            "the most shown is kept"
        );
        assert!(!learner.solution_free("l", "p"));
        learner.view_solution("l", "p");
        assert!(learner.problem("l", "p").solution_viewed);
    }

    #[test]
    fn another_one_draws_numbers_not_seen_as_a_review_does() {
        let problem = Problem::from_spec(&spec()).unwrap();
        let mut learner = Learner::new(Progress::new(7));
        assert_eq!(learner.another("l", "p", &problem), Err(NotYet(3)));
        let answer = right(&learner);
        learner.answer("l", &spec(), &answer).unwrap();
        let seen = learner.record().clone();
        let expected = schedule::fresh_variant(&problem, 7, "l", 0);
        assert!(expected.is_some());
        assert_eq!(learner.another("l", "p", &problem), Ok(expected));
        assert_eq!(learner.problem("l", "p").variant, expected.unwrap());
        let draw = |p: &Progress| super::super::instance(p, "l", &spec()).unwrap().1.bindings;
        assert_ne!(draw(learner.record()), draw(&seen), "new numbers");
    }
}
