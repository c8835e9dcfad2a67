//! `R` review sessions in the reader, driven by synthetic keys through the real keymap,
//! with the clock pinned. Problems come due from progress written here with old times;
//! schedules expected after a review are FSRS's (see `progress::schedule`), worked out
//! by hand from the default weights to the day.

use std::path::Path;

use attn_course::app::{Action, App, Mode, PanelView, ProblemRef};
use attn_course::layout::Theme;
use attn_course::progress::SaveNeed;
use attn_course::progress::schedule::{self, DAY, Grade};
use attn_course::progress::{Attempt, ProblemRecord, Progress, Review};
use attn_course::store::Store;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;

use crate::common;
use common::{keys, press};

const SEED: u64 = 7;
/// 2026-12-01 00:00:00 UTC.
const NOW: u64 = 1_796_083_200;

fn app(progress: Progress) -> App {
    let course = common::course("course");
    let mut app = App::new(course, progress, Theme::new(false, true), (100, 30));
    app.set_clock(|| NOW);
    app
}

/// Enter, the answer typed, Enter.
fn answer(app: &mut App, text: &str) {
    press(app, KeyCode::Enter);
    assert!(
        matches!(app.mode(), Mode::Prompt(_)),
        "Enter opens the answer: {:?} {:?} {:?} {:?}",
        app.message(),
        app.focus(),
        app.current_problem(),
        app.panel()
    );
    keys(app, text);
    press(app, KeyCode::Enter);
}

/// Lesson 1's problem 1.1, `softmax([a, 0])[0]` with `a` drawn from 1, 2, 3.
fn softmax_problem(app: &App) -> ProblemRef {
    ProblemRef {
        lesson: 0,
        block: app.problem_refs()[0].block,
        number: 1,
    }
}

/// This learner's `a` for the current draw of 1.1.
fn drawn_a(app: &App) -> f64 {
    let (_, inst) = app.instance(softmax_problem(app)).expect("draws");
    inst.get("a")
        .expect("a is drawn")
        .literal()
        .parse()
        .unwrap()
}

/// The right answer e^a / (e^a + 1), by hand, to six places.
fn right_answer(a: f64) -> String {
    format!("{:.6}", a.exp() / (a.exp() + 1.0))
}

fn record(app: &App, lesson: &str, id: &str) -> ProblemRecord {
    app.progress().lessons[lesson].problems[id].clone()
}

/// The schedule a review left on a problem.
fn review_of(app: &App, lesson: &str, id: &str) -> Review {
    record(app, lesson, id).review.expect("scheduled")
}

fn solved_long_ago() -> Progress {
    let mut p = Progress::new(SEED);
    let at = NOW - 30 * DAY;
    p.record_attempt(
        "blocks",
        "two-token-weights",
        Attempt::new(at, "x", "x", true, 0),
    );
    p
}

/// The schedule the library gives after `grade` at `NOW`, from the one problem 1.1 of
/// `progress` has (implied by its history).
fn after(progress: &Progress, grade: Grade) -> Review {
    let before = schedule::state(&progress.lessons["blocks"].problems["two-token-weights"]);
    schedule::review(before.as_ref(), grade, NOW)
}

/// The screen as text, rows joined by newlines.
fn frame(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(app.size().0, app.size().1)).unwrap();
    terminal.draw(|f| attn_course::ui::draw(app, f)).unwrap();
    let buffer = terminal.backend().buffer();
    let width = usize::from(buffer.area.width);
    let cells: Vec<&str> = buffer.content().iter().map(|c| c.symbol()).collect();
    cells
        .chunks(width)
        .map(|row| row.concat())
        .collect::<Vec<_>>()
        .join("\n")
}

fn feedback(app: &App) -> Vec<String> {
    match app.panel().map(|p| &p.view) {
        Some(PanelView::Feedback { lines, .. }) => lines.clone(),
        other => panic!("no feedback: {other:?}"),
    }
}

#[test]
fn nothing_answered_means_nothing_to_review() {
    let mut a = app(Progress::new(SEED));
    keys(&mut a, "R");
    assert!(a.review().is_none());
    let message = a.message().map(str::to_string).unwrap_or_default();
    assert!(message.starts_with("nothing to review yet"), "{message}");
}

#[test]
fn nothing_due_says_when_the_next_one_comes_back() {
    // Solved an hour ago, right first time: due three days after the solve (FSRS's
    // first Good interval), 2 days and 23 hours on: "in 3 days", to the nearest day.
    let mut p = Progress::new(SEED);
    let at = NOW - 3600;
    p.record_attempt(
        "blocks",
        "two-token-weights",
        Attempt::new(at, "x", "x", true, 0),
    );
    let mut a = app(p);
    keys(&mut a, "R");
    assert!(a.review().is_none());
    assert_eq!(
        a.message(),
        Some(
            "nothing due for review: the next problem comes back in 3 days \
             (2026-12-03 23:00:00 UTC)"
        )
    );
}

#[test]
fn a_problem_solved_long_ago_comes_back_with_fresh_numbers() {
    let mut a = app(solved_long_ago());
    let first_a = drawn_a(&a);
    keys(&mut a, "R");
    let session = a.review().cloned().expect("a session starts");
    assert_eq!(session.queue, vec![softmax_problem(&a)]);
    assert_eq!(session.label(), "review 1 of 1");
    assert_eq!(a.current_problem(), Some(softmax_problem(&a)));
    // A new draw, not the numbers the learner solved.
    let fresh_a = drawn_a(&a);
    assert_ne!(fresh_a, first_a);
    assert!(record(&a, "blocks", "two-token-weights").variant >= 1);

    answer(&mut a, &right_answer(fresh_a));
    let lines = feedback(&a);
    assert!(lines[0].starts_with("Right"), "{lines:?}");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("That was the last one: Enter or R ends the review.")
    );
    // The lesson solve counted as a Good first review 30 days ago (stability 3.1262
    // days, difficulty 5.3146); recall after 30 days is (1 + 19/81 · 30/3.1262)^−½ ≈
    // 0.555, and this Good one multiplies the stability by 1 + e^1.616 (11 − 5.3146)
    // 3.1262^−0.1544 (e^(0.445 · 1.0824) − 1) ≈ 15.9: about 49.6 days, so 50.
    let review = review_of(&a, "blocks", "two-token-weights");
    assert_eq!(
        (review.interval_days, review.reps, review.due, review.last),
        (50, 2, NOW + 50 * DAY, NOW)
    );
    assert_eq!(review, after(&solved_long_ago(), Grade::Good));
    assert_eq!(a.save_need(), SaveNeed::Now);

    press(&mut a, KeyCode::Enter);
    assert!(a.review().is_none());
    assert!(a.panel().is_none());
    assert_eq!(
        a.message(),
        Some("review done: 1 of 1 right; the next comes back in 50 days")
    );
}

#[test]
fn a_wrong_review_moved_past_comes_straight_back_and_stays_solved() {
    let mut a = app(solved_long_ago());
    keys(&mut a, "R");
    answer(&mut a, "0.01");
    let lines = feedback(&a);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Try again, h for a hint, or R to move on.")
    );
    // Wrong so far: nothing graded until the learner moves on.
    assert!(record(&a, "blocks", "two-token-weights").review.is_none());
    keys(&mut a, "R");
    assert!(a.review().is_none());
    let r = record(&a, "blocks", "two-token-weights");
    assert!(r.solved, "a review never takes a solve away");
    assert_eq!(r.attempts.len(), 2);
    // Again after the implied Good: due at once, a lapse counted, the stability down
    // from FSRS's first 3.1262 days.
    let review = r.review.expect("scheduled");
    assert_eq!(
        (review.interval_days, review.reps, review.lapses, review.due),
        (0, 0, 1, NOW)
    );
    assert!(review.stability.is_some_and(|s| s < 3.1262), "{review:?}");
    assert_eq!(review, after(&solved_long_ago(), Grade::Again));
    assert_eq!(
        a.message(),
        Some("review done: 0 of 1 right; 1 still due (R again)")
    );
}

#[test]
fn in_a_review_an_old_solve_does_not_earn_the_solution() {
    let mut a = app(solved_long_ago());
    keys(&mut a, "R");
    keys(&mut a, "s");
    assert_eq!(
        a.panel().map(|p| p.view.clone()),
        Some(PanelView::ConfirmSolution)
    );
    keys(&mut a, "s");
    assert_eq!(a.panel().map(|p| p.view.clone()), Some(PanelView::Solution));
    // Seen the solution and moved on: Again, due at once.
    keys(&mut a, "R");
    let review = review_of(&a, "blocks", "two-token-weights");
    assert_eq!((review.interval_days, review.due), (0, NOW));
    assert_eq!(review, after(&solved_long_ago(), Grade::Again));
}

#[test]
fn a_hint_then_a_right_answer_grades_hard() {
    let mut a = app(solved_long_ago());
    keys(&mut a, "R");
    keys(&mut a, "h");
    let right = right_answer(drawn_a(&a));
    answer(&mut a, &right);
    // Hard after the implied Good: FSRS's Hard, sooner than the 50 days of a Good.
    let review = review_of(&a, "blocks", "two-token-weights");
    assert_eq!(review, after(&solved_long_ago(), Grade::Hard));
    assert!(
        review.interval_days > 3 && review.interval_days < 50,
        "{review:?}"
    );
}

#[test]
fn the_oldest_due_comes_first_and_esc_stops_the_session() {
    let mut p = solved_long_ago();
    // Lesson 2's problem answered wrong 40 days ago: due longer than 1.1 (due 29 days ago).
    let at = NOW - 40 * DAY;
    p.record_attempt(
        "plain",
        "plain-problem",
        Attempt::new(at, "15", "15", false, 0),
    );
    let mut a = app(p);
    a.update(Action::Resize(80, 24));
    keys(&mut a, "R");
    let session = a.review().cloned().expect("a session starts");
    assert_eq!(session.queue.len(), 2);
    assert_eq!(session.problem().lesson, 1, "the plain problem first");
    assert_eq!(a.lesson(), 1, "its lesson is opened");
    assert_eq!(session.label(), "review 1 of 2");
    // Drawn at 80x24, the panel's title says where the session is.
    let screen = frame(&a);
    assert!(
        screen.contains("review 1 of 2: problem 2.1, 1 attempt"),
        "{screen}"
    );

    answer(&mut a, "16");
    // The wrong attempt was an Again (stability 0.4072, difficulty 7.2102); recall
    // after 40 days is about 0.204, and this Good multiplies the stability by about
    // 31: 12.6 days, so 13.
    let review = review_of(&a, "plain", "plain-problem");
    assert_eq!(
        (review.interval_days, review.reps, review.lapses),
        (13, 1, 1)
    );
    assert!(record(&a, "plain", "plain-problem").solved);

    press(&mut a, KeyCode::Enter);
    let session = a.review().cloned().expect("the session goes on");
    assert_eq!(session.label(), "review 2 of 2");
    assert_eq!(a.lesson(), 0);
    assert_eq!(a.current_problem(), Some(softmax_problem(&a)));

    press(&mut a, KeyCode::Esc);
    assert!(a.review().is_none());
    // Untouched: its schedule is still the one its history implies.
    assert!(record(&a, "blocks", "two-token-weights").review.is_none());
    let message = a.message().map(str::to_string).unwrap_or_default();
    assert!(message.starts_with("review stopped"), "{message}");
}

#[test]
fn problems_due_at_the_same_time_come_in_course_order() {
    let mut p = Progress::new(SEED);
    let at = NOW - 5 * DAY;
    p.record_attempt(
        "plain",
        "plain-problem",
        Attempt::new(at, "1", "1", false, 0),
    );
    p.record_attempt(
        "blocks",
        "two-token-weights",
        Attempt::new(at, "1", "1", false, 0),
    );
    let mut a = app(p);
    keys(&mut a, "R");
    let queue = a.review().map(|r| r.queue.clone()).unwrap_or_default();
    assert_eq!(
        queue.iter().map(|q| q.label()).collect::<Vec<_>>(),
        ["1.1", "2.1"]
    );
}

/// Unix seconds now, for the CLI, which reads the real clock.
fn real_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The binary run with `--home HOME` and `args` on the fixture course; its output,
/// after checking it succeeded.
fn attn(home: &Path, args: &[&str]) -> std::process::Output {
    let course = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .arg("--course")
        .arg(&course)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("running attn-course: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn list(progress: &str) -> Vec<String> {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(home.path().join("progress.toml"), progress).unwrap();
    let out = attn(home.path(), &["list"]);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn list_counts_the_problems_due_after_the_lesson_lines() {
    // 1.1 solved 30 days ago (due 29 days ago), 2.1 answered wrong a minute ago (due).
    let old = real_now() - 30 * DAY;
    let recent = real_now() - 60;
    let progress = format!(
        "schema = 1\nlearner_seed = 7\n\
         [[lessons.blocks.problems.two-token-weights.attempts]]\n\
         at = {old}\ninput = \"0.88\"\ncorrect = true\n\
         [[lessons.plain.problems.plain-problem.attempts]]\n\
         at = {recent}\ninput = \"15\"\ncorrect = false\n"
    );
    let lines = list(&progress);
    assert_eq!(lines.len(), 6, "{lines:?}");
    // The lesson lines as before (the solved flag was not written, so 0 solved), after
    // the course's line and before the progress line.
    assert_eq!(lines[1], "1  unread       Every Block of dₖ  (0/1 solved)");
    assert_eq!(lines[5], "2 problems due for review (R in the reader)");
}

#[test]
fn list_with_nothing_due_has_no_review_line() {
    // Solved a minute ago: due tomorrow, so no review line.
    let progress = format!(
        "schema = 1\nlearner_seed = 7\n\
         [[lessons.blocks.problems.two-token-weights.attempts]]\n\
         at = {}\ninput = \"0.88\"\ncorrect = true\n",
        real_now() - 60
    );
    let lines = list(&progress);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(
        lines[3].starts_with("3  unread       Broken Blocks"),
        "{lines:?}"
    );
    assert!(lines[4].starts_with("Progress: "), "{lines:?}");
}

/// The record of `tests/fixtures/progress-sm2.toml`, imported by the real binary into a
/// fresh home and opened from there.
fn imported_sm2_record() -> Progress {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/progress-sm2.toml");
    let fixture = fixture.to_str().expect("a UTF-8 path");
    attn(home.path(), &["progress", "import", fixture]);
    let opened = Store::open(Some(home.path()));
    assert_eq!(opened.warning, None);
    opened.progress
}

#[test]
fn an_sm2_record_keeps_its_due_dates_and_its_next_review_goes_on_from_them() {
    let p = imported_sm2_record();
    let old = |lesson: &str, id: &str| {
        p.lessons[lesson].problems[id]
            .review
            .clone()
            .expect("the SM-2 review is kept")
    };
    // Loaded as written: no FSRS state yet, the due dates SM-2 set.
    let blocks = old("blocks", "two-token-weights");
    let plain = old("plain", "plain-problem");
    assert_eq!(
        (blocks.stability, blocks.difficulty, blocks.memory_at),
        (None, None, None)
    );
    assert_eq!(blocks.due, NOW - 2 * DAY);
    assert_eq!(plain.due, NOW + 5 * DAY);

    let mut a = app(p.clone());
    keys(&mut a, "R");
    let session = a.review().cloned().expect("the one due 2 days ago is due");
    assert_eq!(session.queue, vec![softmax_problem(&a)]);
    let right = right_answer(drawn_a(&a));
    answer(&mut a, &right);
    // Carried over as stability 17 days (its interval) and difficulty 6.25 (ease 2.2,
    // three tenths below the start, is a quarter of the way from 5 to 10), then a Good
    // after 19 days: recall (1 + 19/81 · 19/17)^−½ ≈ 0.890, and the stability grows
    // by 1 + e^1.616 (11 − 6.25) 17^−0.1544 (e^(0.110 · 1.0824) − 1) ≈ 2.95 to about
    // 50.1 days: 50.
    let review = review_of(&a, "blocks", "two-token-weights");
    assert_eq!(
        (review.interval_days, review.reps, review.lapses),
        (50, 4, 1)
    );
    assert_eq!((review.due, review.last), (NOW + 50 * DAY, NOW));
    let carried = Review {
        stability: Some(17.0),
        difficulty: Some(6.25),
        memory_at: Some(blocks.last),
        ..blocks.clone()
    };
    let expected = schedule::review(Some(&carried), Grade::Good, NOW);
    let close =
        |a: Option<f64>, b: Option<f64>| a.zip(b).is_some_and(|(a, b)| (a - b).abs() < 1e-9);
    assert!(
        close(review.stability, expected.stability),
        "{review:?} {expected:?}"
    );
    assert!(
        close(review.difficulty, expected.difficulty),
        "{review:?} {expected:?}"
    );
    assert_eq!(review.ease, 2.2, "SM-2's ease is kept for older releases");
    // The other one was not reviewed: still due when SM-2 said.
    press(&mut a, KeyCode::Enter);
    assert_eq!(record(&a, "plain", "plain-problem").review, Some(plain));
    assert_eq!(
        a.message(),
        Some("review done: 1 of 1 right; the next comes back in 5 days")
    );
}

/// `attn-course answer` on a problem due for review grades its review, as the reader's
/// answer does (both are `progress::Learner::answer`): right at the first try, it is
/// Good, and the problem is no longer due.
#[test]
fn the_command_line_answer_grades_a_due_problem_as_the_reader_does() {
    let home = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let solved = real_now() - 30 * DAY;
    let progress = format!(
        "schema = 1\nlearner_seed = 7\n\
         [lessons.blocks.problems.two-token-weights]\nsolved = true\n\
         [[lessons.blocks.problems.two-token-weights.attempts]]\n\
         at = {solved}\ninput = \"0.88\"\nvalue = \"0.88\"\ncorrect = true\n"
    );
    std::fs::write(home.path().join("progress.toml"), &progress).unwrap();
    let before = Store::open(Some(home.path())).progress;
    let record = |p: &Progress| p.problem("blocks", "two-token-weights").cloned().unwrap();
    assert!(schedule::due_at(&record(&before)).is_some_and(|d| d <= real_now()));
    let course = common::course("course");
    let lesson = &course.lessons[0];
    let spec = attn_course::problems::locate::problems(lesson)[0]
        .1
        .unwrap();
    let (problem, instance) = attn_course::progress::instance(&before, &lesson.slug, spec).unwrap();
    let right = problem.expected(&instance).unwrap().data[0];
    attn(home.path(), &["answer", "1.1", &format!("{right:.6}")]);

    let after = record(&Store::open(Some(home.path())).progress);
    let review = after.review.clone().expect("the answer graded the review");
    let good = schedule::review(
        schedule::state(&record(&before)).as_ref(),
        Grade::Good,
        review.last,
    );
    assert_eq!(review, good, "graded Good from the schedule before it");
    assert!(
        schedule::due_at(&after).is_some_and(|d| d > real_now()),
        "no longer due"
    );
    assert_eq!(after.attempts.len(), 2);
}
