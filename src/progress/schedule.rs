//! Spaced review: when a problem the learner has worked on comes back.
//!
//! The schedule is FSRS (the Free Spaced Repetition Scheduler, Anki's default since
//! 23.10), computed by the `rs-fsrs` crate (see [`memory`] for how it is
//! set up and how schedules from the SM-2 releases carry over). FSRS models each
//! problem's memory by a stability (days until recall falls to 90 %) and a difficulty,
//! and brings a problem back when its predicted recall reaches 90 %: for the same
//! retention it asks for fewer reviews than SM-2's fixed multipliers.
//!
//! The grades are three, from how a review went: right at the first try with no hint
//! ([`Grade::Good`], FSRS's Good), right after a wrong try or a hint ([`Grade::Hard`],
//! FSRS's Hard), wrong or the solution viewed ([`Grade::Again`], FSRS's Again). FSRS's
//! fourth rating, Easy, is never given: it means "recalled with no effort", which a
//! checked answer cannot tell from Good, and asking the learner to rate themselves
//! would add a question to every review.
//!
//! A right grade schedules the problem after the interval FSRS gives (at least a day;
//! Hard's shorter than Good's). A wrong one makes it due at once, as it always was
//! here: FSRS's long-term scheduler would wait a day, but a problem just got wrong is
//! worth another try while it is fresh. FSRS still counts the lapse in the problem's
//! memory (lower stability, higher difficulty), so the intervals after it start short.
//!
//! A problem never reviewed gets its schedule from its history: the lesson work counts
//! as its first review, graded from the attempts. So a problem answered wrong and not
//! solved is due from that attempt on, and one solved comes back after FSRS's first
//! interval (a day for Hard, three for Good) and then at growing intervals.
//!
//! Time is always an argument (`now`, Unix seconds): nothing here reads a clock.

use rs_fsrs::Rating;

use crate::content::Course;
use crate::problems::Problem;
use crate::problems::locate;

use super::memory;
use super::model::{Attempt, INITIAL_EASE, ProblemRecord, Progress, Review};

pub const DAY: u64 = 86_400;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grade {
    /// Wrong, or right only after seeing the solution.
    Again,
    /// Right after a wrong try or a hint.
    Hard,
    /// Right at the first try, unaided.
    Good,
}

impl Grade {
    /// How a review (or the lesson work) went.
    pub fn of(right: bool, wrong_tries: usize, hinted: bool, solution_viewed: bool) -> Grade {
        match (right && !solution_viewed, wrong_tries > 0 || hinted) {
            (false, _) => Grade::Again,
            (true, true) => Grade::Hard,
            (true, false) => Grade::Good,
        }
    }

    /// FSRS's rating for the grade.
    fn rating(self) -> Rating {
        match self {
            Grade::Again => Rating::Again,
            Grade::Hard => Rating::Hard,
            Grade::Good => Rating::Good,
        }
    }
}

/// The schedule after a review graded `grade` at `now`; `before` is the schedule so far
/// (`None` for a first review). The SM-2 fields an older release reads are kept
/// meaningful: `interval_days` and `reps` as SM-2 defined them, `ease` unchanged.
pub fn review(before: Option<&Review>, grade: Grade, now: u64) -> Review {
    let memory = memory::next(before, grade.rating(), now);
    let reps = before.map_or(0, |r| r.reps);
    let lapses = before.map_or(0, |r| r.lapses);
    let (interval_days, reps, lapses) = match grade {
        Grade::Again => (0, 0, lapses.saturating_add(1)),
        Grade::Hard | Grade::Good => (memory.interval_days, reps.saturating_add(1), lapses),
    };
    Review {
        due: now.saturating_add(u64::from(interval_days) * DAY),
        interval_days,
        ease: before.map_or(INITIAL_EASE, |r| r.ease),
        reps,
        lapses,
        last: now,
        stability: Some(memory.stability),
        difficulty: Some(memory.difficulty),
        memory_at: Some(now),
        extra: before.map(|r| r.extra.clone()).unwrap_or_default(),
    }
}

/// The problem's schedule: the recorded one, else the one its history implies; `None`
/// for a problem never answered.
pub fn state(record: &ProblemRecord) -> Option<Review> {
    if let Some(review) = &record.review {
        return Some(review.clone());
    }
    let first_right = record.attempts.iter().position(|a| a.correct);
    match first_right {
        Some(i) => {
            let attempt = &record.attempts[i];
            let before = attempts_of_variant(&record.attempts[..i], attempt.variant);
            let grade = Grade::of(true, before, record.hints_shown > 0, false);
            Some(review(None, grade, attempt.at))
        }
        None => {
            let last = record.attempts.iter().map(|a| a.at).max()?;
            Some(review(None, Grade::Again, last))
        }
    }
}

fn attempts_of_variant(attempts: &[Attempt], variant: u32) -> usize {
    attempts.iter().filter(|a| a.variant == variant).count()
}

/// When the problem is due (Unix seconds), `None` for one never answered. A wrong
/// answer given after the last review (in the lesson, to "another one") and not
/// followed by a right one brings it back at once.
pub fn due_at(record: &ProblemRecord) -> Option<u64> {
    let state = state(record)?;
    let latest = record
        .attempts
        .iter()
        .filter(|a| a.at > state.last)
        .max_by_key(|a| a.at);
    Some(match latest {
        Some(a) if !a.correct => state.due.min(a.at),
        _ => state.due,
    })
}

/// How many new variants a review tries for numbers the learner has not seen.
const FRESH_TRIES: u32 = 256;

/// How many of the latest variants count as seen. Variants are drawn in order and each
/// one shown was fresh, so this is every draw a learner has seen unless they asked for
/// new numbers more than this many times (a bound on the work, not a window anyone
/// reaches by hand).
const SEEN_KEPT: usize = 1024;

/// The variant a review and "another one" draw (the one path to new numbers): the first
/// after `current` whose numbers differ from every draw the learner has seen (the
/// variants up to `current`). `None` when there is none: a problem without parameters,
/// or with so few possible draws that the learner has seen them all.
pub fn fresh_variant(
    problem: &Problem,
    learner_seed: u64,
    lesson: &str,
    current: u32,
) -> Option<u32> {
    let draw = |v| {
        problem
            .instance(learner_seed, lesson, v)
            .map(|i| i.bindings)
    };
    let seen: Vec<_> = (0..=current)
        .rev()
        .take(SEEN_KEPT)
        .filter_map(|v| draw(v).ok())
        .collect();
    let next = current.saturating_add(1);
    (next..next.saturating_add(FRESH_TRIES)).find(|v| draw(*v).is_ok_and(|b| !seen.contains(&b)))
}

/// A problem of the course with its due time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    /// Index of the lesson in the course.
    pub lesson: usize,
    /// Index of the problem's block in the lesson.
    pub block: usize,
    /// 1-based number of the problem in its lesson.
    pub number: usize,
    pub due: u64,
}

/// Every problem of the course that has a schedule, oldest due first (then in course
/// order). Problems the course no longer has, and malformed ones, are left out.
pub fn scheduled(course: &Course, progress: &Progress) -> Vec<Due> {
    let mut out = Vec::new();
    for (l, lesson) in course.lessons.iter().enumerate() {
        let Some(record) = progress.lessons.get(&lesson.slug) else {
            continue;
        };
        for (k, (block, spec)) in locate::problems(lesson).into_iter().enumerate() {
            let due = spec
                .ok()
                .and_then(|spec| record.problems.get(&spec.id))
                .and_then(due_at);
            if let Some(due) = due {
                out.push(Due {
                    lesson: l,
                    block,
                    number: k + 1,
                    due,
                });
            }
        }
    }
    out.sort_by_key(|d| (d.due, d.lesson, d.number));
    out
}

/// The problems due at `now`, oldest due first.
pub fn due(course: &Course, progress: &Progress, now: u64) -> Vec<Due> {
    let mut all = scheduled(course, progress);
    all.retain(|d| d.due <= now);
    all
}

/// When the next problem not yet due at `now` comes due.
pub fn next_due(course: &Course, progress: &Progress, now: u64) -> Option<u64> {
    scheduled(course, progress)
        .into_iter()
        .map(|d| d.due)
        .find(|due| *due > now)
}

/// "in 3 days", "in 5 hours", "in 20 minutes": how far `at` is from `now`.
pub fn from_now(at: u64, now: u64) -> String {
    let secs = at.saturating_sub(now);
    let (size, unit) = match secs {
        s if s >= 2 * DAY => (DAY, "days"),
        s if s >= 2 * 3600 => (3600, "hours"),
        s if s >= 120 => (60, "minutes"),
        _ => return "in a minute".to_string(),
    };
    // To the nearest unit: a 4-day interval read a second after it was set is "in 4
    // days", not 3.
    format!("in {} {unit}", (secs + size / 2) / size)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::tolerance::Tolerance;
    use crate::problems::params::Generator;
    use crate::progress::memory::sm2_review;

    /// A fixed start: 2026-12-01 00:00:00 UTC.
    const T0: u64 = 1_796_083_200;

    /// Reviews each graded at the moment the last one made it due.
    fn on_time(grades: &[Grade]) -> Vec<Review> {
        let mut out: Vec<Review> = Vec::new();
        for g in grades {
            let at = out.last().map_or(T0, |r| r.due);
            out.push(review(out.last(), *g, at));
        }
        out
    }

    #[test]
    fn a_first_review_takes_fsrs_initial_stability() {
        // The default weights' initial stabilities: Again 0.4072, Hard 1.1829, Good
        // 3.1262 days; at 90 % retention the interval is the stability, rounded, at
        // least a day: Hard 1, Good 3. Again is due at once whatever FSRS would wait.
        let good = review(None, Grade::Good, T0);
        assert_eq!((good.interval_days, good.due), (3, T0 + 3 * DAY));
        assert_eq!(good.stability, Some(3.1262));
        let hard = review(None, Grade::Hard, T0);
        assert_eq!((hard.interval_days, hard.due), (1, T0 + DAY));
        assert_eq!(hard.stability, Some(1.1829));
        let again = review(None, Grade::Again, T0);
        assert_eq!((again.interval_days, again.due), (0, T0));
        assert_eq!(again.stability, Some(0.4072));
        // Difficulty starts higher the worse it went.
        let d = |r: &Review| r.difficulty.unwrap_or(f64::NAN);
        assert!(
            d(&again) > d(&hard) && d(&hard) > d(&good),
            "{again:?} {good:?}"
        );
        assert_eq!(good.memory_at, Some(T0));
    }

    #[test]
    fn good_on_time_every_time_spreads_out() {
        let got = on_time(&[Grade::Good; 8]);
        let intervals: Vec<u32> = got.iter().map(|r| r.interval_days).collect();
        assert!(intervals.windows(2).all(|w| w[0] < w[1]), "{intervals:?}");
        // The README's numbers. The second by hand: recall after 3 days at stability
        // 3.1262 is 0.9 to within rounding, and a Good at 0.9 multiplies the stability
        // by 1 + e^1.616 (11 − 5.3146) 3.1262^−0.1544 (e^(0.1 · 1.0824) − 1) ≈ 3.64.
        assert_eq!(intervals[..4], [3, 11, 36, 105]);
        // Faster than doubling once past the first: FSRS's stability grows with each
        // recall at 90 %.
        assert!(intervals[2] >= 2 * intervals[1], "{intervals:?}");
        let reps: Vec<u32> = got.iter().map(|r| r.reps).collect();
        assert_eq!(reps, (1..=8).collect::<Vec<_>>());
        assert!(
            got.iter()
                .all(|r| r.lapses == 0 && r.due == r.last + u64::from(r.interval_days) * DAY)
        );
    }

    #[test]
    fn hard_comes_back_sooner_than_good_and_raises_the_difficulty() {
        for history in [
            vec![],
            vec![Grade::Good],
            vec![Grade::Good; 4],
            vec![Grade::Hard; 3],
        ] {
            let before = on_time(&history).pop();
            let now = before.as_ref().map_or(T0, |r| r.due);
            let hard = review(before.as_ref(), Grade::Hard, now);
            let good = review(before.as_ref(), Grade::Good, now);
            assert!(
                hard.interval_days <= good.interval_days && hard.stability < good.stability,
                "{history:?}: {hard:?} {good:?}"
            );
            assert!(hard.difficulty > good.difficulty, "{history:?}");
            assert!(hard.interval_days >= 1, "{history:?}");
        }
    }

    /// `progress/FORMAT.md` and the README say what the record's numbers mean: the
    /// stability is the 90 % interval, and a right review's `interval_days` is that
    /// stability rounded (at least a day), so after a lapse the intervals start short
    /// again. Every right review of many histories keeps that, the included (a
    /// lapse, then right a minute later, once recorded stability 0.4072 beside an
    /// interval of 3 days).
    #[test]
    fn the_interval_is_the_stability_rounded_as_the_docs_say() {
        let format = include_str!("../../progress/FORMAT.md");
        assert!(format.contains("a right one, `stability` rounded to whole days (at least 1)"));
        let lapsed = review(None, Grade::Again, T0);
        let right = review(Some(&lapsed), Grade::Good, T0 + 60);
        assert_eq!(right.interval_days, 1, "{right:?}");
        let grades = [Grade::Again, Grade::Hard, Grade::Good];
        let mut state = 0x2545_f491_u64;
        for _ in 0..200 {
            let mut last: Option<Review> = None;
            let mut now = T0;
            for _ in 0..8 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let grade = grades[(state >> 33) as usize % 3];
                now += (state >> 40) % (40 * DAY);
                let next = review(last.as_ref(), grade, now);
                let stability = next.stability.unwrap_or(f64::NAN);
                let want = match grade {
                    Grade::Again => 0,
                    _ => (stability.round() as u32).max(1),
                };
                assert_eq!(next.interval_days, want, "{grade:?} {next:?}");
                last = Some(next);
            }
        }
    }

    #[test]
    fn a_lapse_is_due_at_once_and_starts_short() {
        let before = on_time(&[Grade::Good; 4]);
        let last = before.last().cloned();
        let now = last.as_ref().map_or(T0, |r| r.due) + 2 * DAY;
        let lapsed = review(last.as_ref(), Grade::Again, now);
        assert_eq!((lapsed.due, lapsed.interval_days), (now, 0));
        assert_eq!((lapsed.reps, lapsed.lapses, lapsed.last), (0, 1, now));
        let was = last.as_ref().and_then(|r| r.stability).unwrap_or(0.0);
        assert!(
            lapsed.stability.is_some_and(|s| s < was / 2.0),
            "{lapsed:?}"
        );
        assert!(lapsed.difficulty > last.as_ref().and_then(|r| r.difficulty));
        // Right again a minute later: back on a schedule, far shorter than before.
        let back = review(Some(&lapsed), Grade::Good, now + 60);
        assert_eq!((back.reps, back.lapses), (1, 1));
        let before_lapse = last.map_or(0, |r| r.interval_days);
        assert!(
            back.interval_days >= 1 && back.interval_days < before_lapse / 2,
            "{back:?}"
        );
    }

    #[test]
    fn an_sm2_review_keeps_its_due_date_until_it_is_reviewed_again() {
        // An SM-2 schedule of 17 days at the starting ease, reviewed at T0.
        let old = sm2_review(17, 2.5, T0);
        let r = ProblemRecord {
            solved: true,
            attempts: vec![attempt(T0, true)],
            review: Some(old.clone()),
            ..ProblemRecord::default()
        };
        assert_eq!(due_at(&r), Some(T0 + 17 * DAY));
        assert_eq!(state(&r), Some(old.clone()));
        // Reviewed when due: FSRS goes on from stability 17 days, difficulty 5, as if
        // it had written them itself.
        let now = T0 + 17 * DAY;
        let upgraded = review(Some(&old), Grade::Good, now);
        let fsrs = Review {
            stability: Some(17.0),
            difficulty: Some(5.0),
            memory_at: Some(T0),
            ..old.clone()
        };
        assert_eq!(upgraded, review(Some(&fsrs), Grade::Good, now));
        assert!(upgraded.interval_days > 17, "{upgraded:?}");
        assert!(upgraded.stability.is_some_and(|s| s > 17.0));
        // The SM-2 fields an older release reads stay meaningful.
        assert_eq!((upgraded.ease, upgraded.reps, upgraded.lapses), (2.5, 4, 1));
        // A lower ease carries over as a harder problem: a shorter interval.
        let hard_one = review(Some(&sm2_review(17, 1.3, T0)), Grade::Good, now);
        assert!(
            hard_one.interval_days < upgraded.interval_days,
            "{hard_one:?}"
        );
    }

    #[test]
    fn broken_or_hostile_values_in_the_file_still_schedule() {
        let mut bad = sm2_review(10, f64::NAN, T0);
        bad.stability = Some(f64::INFINITY);
        bad.difficulty = Some(-4.0);
        bad.due = u64::MAX;
        for g in [Grade::Again, Grade::Hard, Grade::Good] {
            for now in [T0, T0 + DAY, 0, u64::MAX] {
                let next = review(Some(&bad), g, now);
                assert!(next.interval_days <= memory::MAX_INTERVAL_DAYS, "{next:?}");
                assert!(next.stability.is_some_and(f64::is_finite), "{next:?}");
                assert!(next.difficulty.is_some_and(|d| (1.0..=10.0).contains(&d)));
                assert_eq!(next.interval_days == 0, g == Grade::Again, "{next:?}");
            }
        }
        // A last review after `now` (a clock set back) is read as just now.
        let ahead = review(None, Grade::Good, T0 + 9 * DAY);
        let next = review(Some(&ahead), Grade::Good, T0);
        assert!(next.interval_days >= 1 && next.due > T0, "{next:?}");
    }

    #[test]
    fn grades_from_how_it_went() {
        assert_eq!(Grade::of(true, 0, false, false), Grade::Good);
        assert_eq!(Grade::of(true, 1, false, false), Grade::Hard);
        assert_eq!(Grade::of(true, 0, true, false), Grade::Hard);
        assert_eq!(Grade::of(true, 0, false, true), Grade::Again);
        assert_eq!(Grade::of(false, 2, true, false), Grade::Again);
    }

    fn attempt(at: u64, correct: bool) -> Attempt {
        Attempt::new(at, "x", "x", correct, 0)
    }

    fn record(attempts: Vec<Attempt>) -> ProblemRecord {
        ProblemRecord {
            solved: attempts.iter().any(|a| a.correct),
            attempts,
            ..ProblemRecord::default()
        }
    }

    #[test]
    fn history_without_a_schedule_implies_one() {
        // Never answered: nothing to review.
        assert_eq!(due_at(&ProblemRecord::default()), None);
        // Wrong and never solved: due from the last wrong attempt.
        let wrong = record(vec![attempt(T0, false), attempt(T0 + 50, false)]);
        assert_eq!(due_at(&wrong), Some(T0 + 50));
        // Right first time: a Good first review at the solve, due three days later.
        let solved = record(vec![attempt(T0, true)]);
        assert_eq!(due_at(&solved), Some(T0 + 3 * DAY));
        assert_eq!(state(&solved), Some(review(None, Grade::Good, T0)));
        // Right after a wrong try: Hard, a day (1.1829 rounded); the wrong try of another variant does
        // not count against it.
        let hard = record(vec![attempt(T0, false), attempt(T0 + 9, true)]);
        assert_eq!(state(&hard), Some(review(None, Grade::Hard, T0 + 9)));
        assert_eq!(due_at(&hard), Some(T0 + 9 + DAY));
        let mut other = record(vec![attempt(T0, false), attempt(T0 + 9, true)]);
        other.attempts[1].variant = 1;
        assert_eq!(due_at(&other), Some(T0 + 9 + 3 * DAY));
    }

    #[test]
    fn a_wrong_answer_after_the_last_review_brings_it_back() {
        let mut r = record(vec![attempt(T0, true)]);
        r.review = Some(review(None, Grade::Good, T0 + 10));
        assert_eq!(due_at(&r), Some(T0 + 10 + 3 * DAY));
        // "Another one" answered wrong an hour later: due then.
        r.attempts.push(attempt(T0 + 3600, false));
        assert_eq!(due_at(&r), Some(T0 + 3600));
        // ...and right again after it: back on the schedule.
        r.attempts.push(attempt(T0 + 3700, true));
        assert_eq!(due_at(&r), Some(T0 + 10 + 3 * DAY));
    }

    fn problem(params: &[(&str, &str)]) -> Problem {
        Problem {
            id: "p".into(),
            prompt: String::new(),
            params: params
                .iter()
                .map(|(n, g)| (n.to_string(), Generator::parse(g).unwrap()))
                .collect(),
            where_: None,
            answer: "0".into(),
            tolerance: Tolerance::Absolute(0.1),
            mistakes: Vec::new(),
            mutants: Vec::new(),
        }
    }

    #[test]
    fn a_review_draws_numbers_the_learner_has_not_seen() {
        let p = problem(&[("a", "choice(1, 2, 3)")]);
        let a = |v: u32| p.instance(7, "l", v).unwrap().get("a").unwrap().literal();
        for current in 0..2 {
            let seen: Vec<String> = (0..=current).map(a).collect();
            let fresh = fresh_variant(&p, 7, "l", current).expect("a value is left");
            assert!(fresh > current);
            assert!(!seen.contains(&a(fresh)), "{} was seen: {seen:?}", a(fresh));
        }
        // Nothing to draw: no fresh variant.
        assert_eq!(fresh_variant(&problem(&[]), 7, "l", 0), None);
        // Every value of a one-value choice seen: none either.
        assert_eq!(
            fresh_variant(&problem(&[("a", "choice(4)")]), 7, "l", 3),
            None
        );
    }

    #[test]
    fn new_numbers_never_repeat_a_draw_seen_however_many_were_asked_for() {
        let values: Vec<String> = (1..=30).map(|v| v.to_string()).collect();
        let p = problem(&[("a", &format!("choice({})", values.join(", ")))]);
        let a = |v: u32| p.instance(7, "l", v).unwrap().get("a").unwrap().literal();
        let (mut current, mut seen) = (0, vec![a(0)]);
        while let Some(fresh) = fresh_variant(&p, 7, "l", current) {
            assert!(
                !seen.contains(&a(fresh)),
                "{} seen again: {seen:?}",
                a(fresh)
            );
            seen.push(a(fresh));
            current = fresh;
        }
        assert_eq!(seen.len(), 30, "every value is drawn before none is left");
    }

    #[test]
    fn from_now_says_it_in_the_largest_unit() {
        assert_eq!(from_now(T0 + 3 * DAY + 5, T0), "in 3 days");
        assert_eq!(from_now(T0 + DAY, T0), "in 24 hours");
        assert_eq!(from_now(T0 + 600, T0), "in 10 minutes");
        assert_eq!(from_now(T0 + 30, T0), "in a minute");
        assert_eq!(from_now(T0 + 4 * DAY - 1, T0), "in 4 days");
        assert_eq!(from_now(T0 + 2 * DAY + DAY / 2 - 1, T0), "in 2 days");
        assert_eq!(from_now(T0 + 2 * 3600 + 1800, T0), "in 3 hours");
    }
}
