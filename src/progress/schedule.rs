//! Spaced review: when a problem the learner has worked on comes back.
//!
//! The schedule is SM-2 (Woźniak 1990, as on Wikipedia's "SuperMemo" page), not FSRS.
//! FSRS predicts recall better, but only with its ~20 weights fitted to a large review
//! log, and a learner here has a few dozen problems: with default weights it would be
//! an opaque curve nobody can check by hand. SM-2 is three lines of arithmetic that the
//! tests (and a curious learner) can follow, and for a course's problems, where a
//! review is a whole fresh computation rather than a flashcard, its coarse grading is
//! enough.
//!
//! The grades are three, from how a review went: right at the first try with no hint
//! ([`Grade::Good`], SM-2 quality 5), right after a wrong try or a hint
//! ([`Grade::Hard`], quality 3), wrong or the solution viewed ([`Grade::Again`],
//! quality 1). A right grade lengthens the interval: 1 day, then 6, then the last
//! interval times the ease, rounded up. A wrong one starts the repetitions over and
//! makes the problem due at once (SM-2 repeats failed items the same day). Every
//! grade then moves the ease by `0.1 - (5 - q)(0.08 + (5 - q) 0.02)`, never below 1.3.
//!
//! A problem never reviewed gets its schedule from its history: the lesson work counts
//! as its first review, graded from the attempts. So a problem answered wrong and not
//! solved is due from that attempt on, and one solved comes back a day after the solve
//! and then at growing intervals.
//!
//! Time is always an argument (`now`, Unix seconds): nothing here reads a clock.

use crate::content::Course;
use crate::problems::Problem;
use crate::problems::locate;

use super::model::{Attempt, INITIAL_EASE, MIN_EASE, ProblemRecord, Progress, Review};

pub const DAY: u64 = 86_400;
/// No interval beyond a century, whatever a hand-edited ease says.
const MAX_INTERVAL_DAYS: u32 = 36_500;

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

    /// SM-2's response quality, 0 to 5.
    fn quality(self) -> f64 {
        match self {
            Grade::Again => 1.0,
            Grade::Hard => 3.0,
            Grade::Good => 5.0,
        }
    }
}

/// The schedule after a review graded `grade` at `now`; `before` is the schedule so far
/// (`None` for a first review).
pub fn review(before: Option<&Review>, grade: Grade, now: u64) -> Review {
    let ease = before.map_or(INITIAL_EASE, |r| r.ease).max(MIN_EASE);
    let reps = before.map_or(0, |r| r.reps);
    let lapses = before.map_or(0, |r| r.lapses);
    let (interval_days, reps, lapses) = match grade {
        Grade::Again => (0, 0, lapses.saturating_add(1)),
        Grade::Hard | Grade::Good => {
            let interval = match reps {
                0 => 1,
                1 => 6,
                _ => {
                    let last = before.map_or(1, |r| r.interval_days.max(1));
                    // Ease is kept to two decimals, so the product is exact to well
                    // within the tolerance that stops 6 × 2.5 rounding up to 16.
                    let days = (f64::from(last) * ease - 1e-9).ceil();
                    days.min(f64::from(MAX_INTERVAL_DAYS)) as u32
                }
            };
            (interval, reps.saturating_add(1), lapses)
        }
    };
    let q = grade.quality();
    let ease = ease + 0.1 - (5.0 - q) * (0.08 + (5.0 - q) * 0.02);
    Review {
        due: now.saturating_add(u64::from(interval_days) * DAY),
        interval_days,
        ease: ((ease.max(MIN_EASE)) * 100.0).round() / 100.0,
        reps,
        lapses,
        last: now,
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
const FRESH_TRIES: u32 = 16;

/// The variant a review draws: the first after `current` whose numbers differ from the
/// draws the learner has seen (the latest [`FRESH_TRIES`] variants up to `current`).
/// `None` when there is none: a problem without parameters, or with so few possible
/// draws that the learner has seen them all.
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
        .take(FRESH_TRIES as usize)
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
    let (n, unit) = match secs {
        s if s >= 2 * DAY => (s / DAY, "days"),
        s if s >= 2 * 3600 => (s / 3600, "hours"),
        s if s >= 120 => (s / 60, "minutes"),
        _ => return "in a minute".to_string(),
    };
    format!("in {n} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::tolerance::Tolerance;
    use crate::problems::params::Generator;

    /// A fixed start: 2026-12-01 00:00:00 UTC.
    const T0: u64 = 1_796_083_200;

    fn run(grades: &[(Grade, u64)]) -> Vec<(u32, f64, u64)> {
        let mut state: Option<Review> = None;
        grades
            .iter()
            .map(|(g, at)| {
                let next = review(state.as_ref(), *g, *at);
                let out = (next.interval_days, next.ease, next.due);
                state = Some(next);
                out
            })
            .collect()
    }

    #[test]
    fn right_first_time_every_time_spreads_out_by_the_ease() {
        // Good adds 0.1 to the ease each time: 2.5 → 2.6 → 2.7 → 2.8 → 2.9. Intervals:
        // 1, 6, then the last interval times the ease held before this review:
        // ⌈6 × 2.7⌉ = ⌈16.2⌉ = 17, then ⌈17 × 2.8⌉ = ⌈47.6⌉ = 48.
        let t1 = T0 + DAY;
        let t2 = t1 + 6 * DAY;
        let t3 = t2 + 17 * DAY;
        let got = run(&[
            (Grade::Good, T0),
            (Grade::Good, t1),
            (Grade::Good, t2),
            (Grade::Good, t3),
        ]);
        assert_eq!(
            got,
            vec![
                (1, 2.6, T0 + DAY),
                (6, 2.7, t1 + 6 * DAY),
                (17, 2.8, t2 + 17 * DAY),
                (48, 2.9, t3 + 48 * DAY),
            ]
        );
    }

    #[test]
    fn a_lapse_starts_over_and_is_due_at_once() {
        // Good (2.5 → 2.6, 1 day), Good (→ 2.7, 6 days), Again: ease 2.7 − 0.54 = 2.16,
        // interval 0 (due at that moment), then Hard: 1 day, ease 2.16 − 0.14 = 2.02,
        // then Good: 6 days, 2.12, then Good: ⌈6 × 2.12⌉ = ⌈12.72⌉ = 13 days, 2.22.
        let t = [
            T0,
            T0 + DAY,
            T0 + 7 * DAY,
            T0 + 7 * DAY + 60,
            T0 + 8 * DAY,
            T0 + 14 * DAY,
        ];
        let got = run(&[
            (Grade::Good, t[0]),
            (Grade::Good, t[1]),
            (Grade::Again, t[2]),
            (Grade::Hard, t[3]),
            (Grade::Good, t[4]),
            (Grade::Good, t[5]),
        ]);
        assert_eq!(
            got,
            vec![
                (1, 2.6, t[0] + DAY),
                (6, 2.7, t[1] + 6 * DAY),
                (0, 2.16, t[2]),
                (1, 2.02, t[3] + DAY),
                (6, 2.12, t[4] + 6 * DAY),
                (13, 2.22, t[5] + 13 * DAY),
            ]
        );
    }

    #[test]
    fn the_ease_never_falls_below_its_floor() {
        // Again takes 0.54 from the ease: 2.5 → 1.96 → 1.42 → 0.88, floored to 1.3, and
        // it stays there (Hard takes 0.14). Intervals after the lapses: 1 day, 6, then
        // ⌈6 × 1.3⌉ = ⌈7.8⌉ = 8, and that Good lifts the ease to 1.4.
        let got = run(&[
            (Grade::Again, T0),
            (Grade::Again, T0),
            (Grade::Again, T0),
            (Grade::Again, T0),
            (Grade::Hard, T0),
            (Grade::Hard, T0 + DAY),
            (Grade::Good, T0 + 7 * DAY),
        ]);
        let eases: Vec<f64> = got.iter().map(|g| g.1).collect();
        assert_eq!(eases, vec![1.96, 1.42, 1.3, 1.3, 1.3, 1.3, 1.4]);
        let intervals: Vec<u32> = got.iter().map(|g| g.0).collect();
        assert_eq!(intervals, vec![0, 0, 0, 0, 1, 6, 8]);
    }

    #[test]
    fn lapses_count_and_reps_restart() {
        let first = review(None, Grade::Good, T0);
        let lapsed = review(Some(&first), Grade::Again, T0 + DAY);
        assert_eq!((lapsed.reps, lapsed.lapses, lapsed.last), (0, 1, T0 + DAY));
        let back = review(Some(&lapsed), Grade::Good, T0 + DAY + 5);
        assert_eq!((back.reps, back.lapses), (1, 1));
    }

    #[test]
    fn a_broken_ease_in_the_file_is_floored() {
        let mut bad = review(None, Grade::Good, T0);
        bad.ease = f64::NAN;
        bad.reps = 3;
        bad.interval_days = 10;
        // NaN.max(1.3) is 1.3: ⌈10 × 1.3⌉ = 13.
        assert_eq!(review(Some(&bad), Grade::Good, T0).interval_days, 13);
        bad.ease = f64::INFINITY;
        let far = review(Some(&bad), Grade::Good, T0);
        assert_eq!(far.interval_days, MAX_INTERVAL_DAYS);
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
        // Right first time: a Good first review at the solve, due a day later.
        let solved = record(vec![attempt(T0, true)]);
        assert_eq!(due_at(&solved), Some(T0 + DAY));
        let implied = state(&solved).map(|s| s.ease);
        assert_eq!(implied, Some(2.6));
        // Right after a wrong try: Hard, ease 2.36, still a day.
        let hard = record(vec![attempt(T0, false), attempt(T0 + 9, true)]);
        assert_eq!(
            state(&hard).map(|s| (s.ease, s.due)),
            Some((2.36, T0 + 9 + DAY))
        );
    }

    #[test]
    fn a_wrong_answer_after_the_last_review_brings_it_back() {
        let mut r = record(vec![attempt(T0, true)]);
        r.review = Some(review(None, Grade::Good, T0 + 10));
        assert_eq!(due_at(&r), Some(T0 + 10 + DAY));
        // "Another one" answered wrong an hour later: due then.
        r.attempts.push(attempt(T0 + 3600, false));
        assert_eq!(due_at(&r), Some(T0 + 3600));
        // ...and right again after it: back on the schedule.
        r.attempts.push(attempt(T0 + 3700, true));
        assert_eq!(due_at(&r), Some(T0 + 10 + DAY));
    }

    fn problem(params: &[(&str, &str)]) -> Problem {
        Problem {
            id: "p".into(),
            params: params
                .iter()
                .map(|(n, g)| (n.to_string(), Generator::parse(g).unwrap()))
                .collect(),
            where_: None,
            answer: "0".into(),
            tolerance: Tolerance::Absolute(0.1),
            mistakes: Vec::new(),
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
    fn from_now_says_it_in_the_largest_unit() {
        assert_eq!(from_now(T0 + 3 * DAY + 5, T0), "in 3 days");
        assert_eq!(from_now(T0 + DAY, T0), "in 24 hours");
        assert_eq!(from_now(T0 + 600, T0), "in 10 minutes");
        assert_eq!(from_now(T0 + 30, T0), "in a minute");
    }
}
