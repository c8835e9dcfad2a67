//! Every problem of the bundled course, answered through the reader with keys, as a
//! learner would: once wrong (right shape, wrong numbers), then right. A problem that
//! cannot be reached with `p`, opened with Enter, or solved by typing its value fails
//! here, so no lesson can ship a problem nobody can solve.

use attn_course::app::App;
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::problems::instance::Shaped;
use attn_course::progress::Progress;
use ratatui::crossterm::event::KeyCode;

use crate::common;
use common::{keys, press};

/// A value as an evaluator literal, full precision.
fn literal(v: &Shaped, shift: f64) -> String {
    let n = |x: &f64| format!("{:?}", x + shift);
    match v.shape.as_slice() {
        [] => n(&v.data[0]),
        [_] => format!("[{}]", v.data.iter().map(n).collect::<Vec<_>>().join(", ")),
        [_, cols] => {
            let rows: Vec<String> = v
                .data
                .chunks(*cols)
                .map(|r| format!("[{}]", r.iter().map(n).collect::<Vec<_>>().join(", ")))
                .collect();
            format!("[{}]", rows.join(", "))
        }
        other => panic!("unexpected shape {other:?}"),
    }
}

fn answer(app: &mut App, text: &str) {
    press(app, KeyCode::Enter);
    keys(app, text);
    press(app, KeyCode::Enter);
}

#[test]
fn every_problem_is_answered_wrong_then_right_through_the_reader() {
    let course = Course::load(None).expect("the bundled course loads");
    let lessons = course.lessons.len();
    let mut app = App::new(
        course,
        Progress::new(2026),
        Theme::new(false, false),
        (100, 30),
    );
    let mut solved = 0;
    for lesson in 0..lessons {
        for p in app.problem_refs() {
            keys(&mut app, "p");
            let (problem, instance) = app.instance(p).expect("the problem draws");
            let expected = problem.expected(&instance).expect("the answer evaluates");
            answer(&mut app, &literal(&expected, 1000.0));
            let record = app.problem_record(p);
            assert_eq!(
                (record.attempts.len(), record.solved),
                (1, false),
                "lesson {} problem {}: the wrong answer was recorded as wrong",
                lesson + 1,
                p.number
            );
            // The feedback panel is closed first, as a learner reading it would.
            press(&mut app, KeyCode::Esc);
            answer(&mut app, &literal(&expected, 0.0));
            let record = app.problem_record(p);
            assert!(
                record.solved,
                "lesson {} problem {}: typing the right value solves it ({:?})",
                lesson + 1,
                p.number,
                record.attempts
            );
            press(&mut app, KeyCode::Esc);
            solved += 1;
        }
        assert_eq!(app.solved_count(lesson).0, app.problem_refs().len());
        keys(&mut app, "]");
    }
    assert!(solved >= 100, "the course has its problems ({solved})");
}
