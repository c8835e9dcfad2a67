//! FSRS memory state of a problem, through the `rs-fsrs` crate: the bridge between a
//! stored [`Review`] and the crate's `Card`, and the carry-over of schedules written
//! before FSRS (SM-2 fields only).
//!
//! The crate runs with its default weights and a requested retention of 0.9, the values
//! Anki ships: a learner here has a few dozen problems, far too few reviews to fit
//! weights of their own. Its long-term scheduler is used, not the short-term one: the
//! short-term one keeps a new or lapsed item in "learning" steps of 1 to 10 minutes,
//! made for flashcards drilled in one sitting, while a problem here is a whole fresh
//! computation and its lesson work already counts as its first review. Fuzz (a random
//! spread of due dates) is off, so a schedule depends only on the grades and times.

use chrono::{DateTime, Utc};
use rs_fsrs::{Card, FSRS, Parameters, Rating, State};

use super::model::{INITIAL_EASE, MIN_EASE, Review};

/// FSRS difficulty ranges from 1 to 10.
const DIFFICULTY: (f64, f64) = (1.0, 10.0);
/// The difficulty an SM-2 record at the starting ease (2.5) carries over to: the middle.
const MID_DIFFICULTY: f64 = 5.0;
/// The crate's own floor on stability (its initial stabilities are at least 0.1 day).
const MIN_STABILITY: f64 = 0.1;
/// No interval beyond a century, whatever a hand-edited record says; also the crate's
/// default maximum interval.
pub const MAX_INTERVAL_DAYS: u32 = 36_500;

/// What a review leaves in memory: FSRS's stability and difficulty, and the interval in
/// days the crate schedules for it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Memory {
    pub stability: f64,
    pub difficulty: f64,
    pub interval_days: u32,
}

/// The memory after a review rated `rating` at `now` (Unix seconds); `before` is the
/// schedule so far, `None` for a first review.
pub fn next(before: Option<&Review>, rating: Rating, now: u64) -> Memory {
    // `Parameters::default()` stamps a fuzz seed from the clock; with fuzz off it is
    // never used (and the scheduler reseeds from the review anyway), so the result
    // depends on the arguments only.
    let parameters = Parameters {
        request_retention: 0.9,
        maximum_interval: MAX_INTERVAL_DAYS as i32,
        enable_short_term: false,
        enable_fuzz: false,
        ..Parameters::default()
    };
    let card = before.map_or_else(Card::default, |r| card(r, now));
    let next = FSRS::new(parameters).next(card, time(now), rating).card;
    Memory {
        stability: next.stability,
        difficulty: next.difficulty,
        interval_days: interval_of(next.stability),
    }
}

/// The interval a stability gives: at the requested 90 % retention FSRS's interval *is*
/// the stability, rounded to whole days, at least one. The crate's own `scheduled_days`
/// also pushes Good past Hard's interval (and Hard's past a day), which made a lapsed
/// problem with a stability of 0.4 days come back after 3: the record and its documented
/// meaning (`progress/FORMAT.md`) then disagree, and the intervals after a lapse did not
/// "start short again". Hard's stability is below Good's, so its interval never exceeds
/// Good's here either.
fn interval_of(stability: f64) -> u32 {
    let days = stability.round().clamp(1.0, f64::from(MAX_INTERVAL_DAYS));
    // A NaN stability (never from the crate) is the shortest interval.
    if days.is_nan() { 1 } else { days as u32 }
}

/// The crate's card for a reviewed problem. A card is `New` only before its first
/// review; the long-term scheduler treats every other state alike.
fn card(review: &Review, now: u64) -> Card {
    let (stability, difficulty) = state(review);
    Card {
        due: time(review.due),
        stability,
        difficulty,
        scheduled_days: i64::from(review.interval_days),
        state: State::Review,
        // A last review after `now` (a clock set back) counts as just now: the crate
        // would read a negative elapsed time as a recall better than certain.
        last_review: time(review.last.min(now)),
        ..Card::default()
    }
}

/// The stability and difficulty of a reviewed problem: its own when it has them,
/// within their ranges, else carried over from its SM-2 fields.
///
/// An SM-2 schedule is carried over as FSRS would read it. Stability is the interval
/// at which recall falls to the requested 90 %, so it is the SM-2 interval in days.
/// Difficulty follows the ease on a line: the starting ease 2.5 is the middle
/// difficulty 5, the floor 1.3 the hardest, 10; easier than 2.5 goes down to 1. The
/// due date is not touched: it stays the one SM-2 set until the next review.
///
/// The state is stale, and also carried over, when it was computed before the last
/// review (`memory_at` < `last`): an older release graded that review with SM-2 and
/// kept these fields without knowing them.
pub fn state(review: &Review) -> (f64, f64) {
    let fresh = review.memory_at.is_none_or(|at| at >= review.last);
    let own = review.stability.zip(review.difficulty).filter(|_| fresh);
    match own {
        Some((s, d)) if s.is_finite() && d.is_finite() => (
            s.clamp(MIN_STABILITY, f64::from(MAX_INTERVAL_DAYS)),
            d.clamp(DIFFICULTY.0, DIFFICULTY.1),
        ),
        _ => carried_over(review.interval_days, review.ease),
    }
}

/// An SM-2 interval and ease as FSRS stability and difficulty (see [`state`]).
fn carried_over(interval_days: u32, ease: f64) -> (f64, f64) {
    let stability = f64::from(interval_days.min(MAX_INTERVAL_DAYS)).max(MIN_STABILITY);
    // NaN.max(MIN_EASE) is MIN_EASE: a broken ease reads as the hardest.
    let ease = ease.max(MIN_EASE);
    let per_ease = (DIFFICULTY.1 - MID_DIFFICULTY) / (INITIAL_EASE - MIN_EASE);
    let difficulty = MID_DIFFICULTY + (INITIAL_EASE - ease) * per_ease;
    (stability, difficulty.clamp(DIFFICULTY.0, DIFFICULTY.1))
}

/// Unix seconds as the crate's time, in the record's one calendar (`clock`).
fn time(secs: u64) -> DateTime<Utc> {
    super::clock::datetime(secs)
}

/// A review as an SM-2 release wrote it (no FSRS fields), for tests.
#[cfg(test)]
pub(crate) fn sm2_review(interval_days: u32, ease: f64, last: u64) -> Review {
    Review {
        due: last.saturating_add(u64::from(interval_days) * 86_400),
        interval_days,
        ease,
        reps: 3,
        lapses: 1,
        last,
        stability: None,
        difficulty: None,
        memory_at: None,
        extra: toml::Table::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_sm2_schedule_carries_over_as_stability_and_difficulty() {
        assert_eq!(state(&sm2_review(17, 2.5, 100)), (17.0, 5.0));
        assert_eq!(state(&sm2_review(6, MIN_EASE, 100)), (6.0, 10.0));
        // Halfway between the floor and the start: halfway between 10 and 5.
        let (_, d) = state(&sm2_review(6, 1.9, 100));
        assert!((d - 7.5).abs() < 1e-9, "{d}");
        // Easier than the start goes down to 1 and no further.
        assert_eq!(state(&sm2_review(6, 3.7, 100)).1, 1.0);
        assert_eq!(state(&sm2_review(6, 9.0, 100)).1, 1.0);
        // A lapsed one (interval 0) gets the crate's smallest stability.
        assert_eq!(state(&sm2_review(0, 2.5, 100)).0, MIN_STABILITY);
        // Broken eases: NaN is the hardest, infinity the easiest.
        assert_eq!(state(&sm2_review(6, f64::NAN, 100)).1, 10.0);
        assert_eq!(state(&sm2_review(6, f64::INFINITY, 100)).1, 1.0);
    }

    #[test]
    fn its_own_state_is_used_unless_stale_or_broken() {
        let mut r = sm2_review(6, 2.5, 100);
        r.stability = Some(12.5);
        r.difficulty = Some(3.0);
        r.memory_at = Some(100);
        assert_eq!(state(&r), (12.5, 3.0));
        // Written by hand without a stamp: taken as it is.
        r.memory_at = None;
        assert_eq!(state(&r), (12.5, 3.0));
        // An older release graded it since: carried over from its SM-2 fields.
        r.memory_at = Some(99);
        assert_eq!(state(&r), (6.0, 5.0));
        r.memory_at = Some(100);
        r.difficulty = Some(f64::NAN);
        assert_eq!(state(&r), (6.0, 5.0));
        r.difficulty = Some(40.0);
        r.stability = Some(-3.0);
        assert_eq!(state(&r), (MIN_STABILITY, 10.0));
    }

    #[test]
    fn times_past_chronos_range_do_not_overflow() {
        let far = sm2_review(MAX_INTERVAL_DAYS, 2.5, u64::MAX);
        let m = next(Some(&far), Rating::Good, u64::MAX);
        assert!(m.interval_days >= 1 && m.interval_days <= MAX_INTERVAL_DAYS);
        assert!(m.stability.is_finite() && m.difficulty.is_finite());
    }
}
