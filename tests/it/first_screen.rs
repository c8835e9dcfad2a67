//! The reader's first screen is drawn from the blocks it shows only, before the rest of
//! the lesson is laid out (issue 18): it must be the screen the whole layout shows,
//! cell for cell (the status bar's section and percentage too), wherever the learner
//! left off, at any size, in Unicode and ASCII; and what comes after it (a key, a
//! resize) acts on the whole lesson.

use crate::common;

use attn_course::app::{Action, App};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::{Position, Progress};

/// A record whose place is block `block` of lesson `lesson`.
fn at(course: &Course, lesson: usize, block: usize) -> Progress {
    let mut progress = Progress::new(3);
    progress.position = Some(Position {
        lesson: course.lessons[lesson].slug.clone(),
        block,
        at: 0,
        extra: Default::default(),
    });
    progress
}

fn screen(app: &App) -> String {
    format!("{:?}", common::frame(app).backend().buffer())
}

#[test]
fn the_first_screen_is_the_settled_screen_wherever_the_learner_left_off() {
    let courses = [
        Course::open(None).expect("embedded course"),
        common::course("course"),
    ];
    let mut checked = 0;
    for course in &courses {
        for lesson in 0..course.lessons.len() {
            let count = course.lessons[lesson].blocks().len();
            for block in [0, count / 3, count / 2, count.saturating_sub(2), count + 1] {
                for (size, ascii) in [((80, 24), false), ((40, 12), true), ((120, 40), false)] {
                    let progress = at(course, lesson, block);
                    let theme = Theme::new(ascii, true);
                    let mut app = App::new(course.clone(), progress, theme, size);
                    let first = screen(&app);
                    let percent = app.percent_here();
                    app.settle();
                    let what = format!("lesson {lesson} block {block} at {size:?}");
                    assert_eq!(screen(&app), first, "{what}");
                    assert_eq!(app.percent_here(), percent, "{what}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn the_first_key_acts_on_the_whole_lesson() {
    let course = Course::open(None).expect("embedded course");
    let whole = |progress: Progress| {
        let mut app = App::new(course.clone(), progress, Theme::new(false, true), (80, 24));
        app.settle();
        app
    };
    for action in [
        Action::Bottom,
        Action::PageDown,
        Action::Up,
        Action::Resize(60, 20),
    ] {
        let mut first = App::new(
            course.clone(),
            at(&course, 4, 40),
            Theme::new(false, true),
            (80, 24),
        );
        let mut settled = whole(at(&course, 4, 40));
        first.update(action);
        settled.update(action);
        assert_eq!(first.scroll(), settled.scroll(), "{action:?}");
        assert_eq!(first.view(), settled.view(), "{action:?}");
        assert_eq!(screen(&first), screen(&settled), "{action:?}");
    }
    // `G` reaches the end of the lesson: 100% and its last line on screen.
    let mut app = App::new(
        course.clone(),
        at(&course, 4, 0),
        Theme::new(false, true),
        (80, 24),
    );
    app.update(Action::Bottom);
    assert_eq!(app.percent_here(), 100);
    assert_eq!(app.scroll() + app.text_height(), app.view().lines.len());
}
