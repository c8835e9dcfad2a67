//! "Read" means moved through: the reader's keys on the bundled course, and the marks
//! they leave in the record. Jumps (`G`, searches, the ask panel's links) show a place
//! but read nothing; lines and pages read what passes the screen.

use attn_course::app::App;
use attn_course::content::Course;
use attn_course::layout::Mark;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::KeyCode;

use crate::common;
use common::{keys, press};

fn app() -> App {
    let course = Course::load(None).expect("the bundled course loads");
    App::new(
        course,
        Progress::new(0),
        Theme::new(false, false),
        (100, 30),
    )
}

fn read(app: &App, lesson: usize) -> f64 {
    let slug = &app.course().lessons[lesson].slug;
    app.progress().lessons.get(slug).map_or(0.0, |r| r.read)
}

fn search(app: &mut App, query: &str) {
    press(app, KeyCode::Char('/'));
    keys(app, query);
    press(app, KeyCode::Enter);
}

#[test]
fn jumps_read_nothing() {
    let mut a = app();
    search(&mut a, "softmax");
    keys(&mut a, "nnnn");
    search(&mut a, "variance");
    press(&mut a, KeyCode::Esc);
    keys(&mut a, "G");
    for lesson in 0..a.course().lessons.len() {
        assert_eq!(read(&a, lesson), 0.0, "lesson {} after jumps", lesson + 1);
        assert_eq!(a.mark(lesson), Mark::Empty);
    }
}

#[test]
fn reading_on_after_a_jump_reads_only_from_there() {
    let mut a = app();
    keys(&mut a, "G");
    keys(&mut a, "kkk");
    let end = read(&a, 0);
    assert!(end > 0.0 && end < 0.2, "{end}");
    assert_ne!(a.mark(0), Mark::Full);
}

#[test]
fn paging_through_a_lesson_reads_it_all() {
    let mut a = app();
    for _ in 0..400 {
        press(&mut a, KeyCode::PageDown);
    }
    assert_eq!(read(&a, 0), 1.0);
    assert_eq!(a.mark(0), Mark::Full);
    // Line by line reads too.
    let mut b = app();
    keys(&mut b, &"j".repeat(40));
    assert!(read(&b, 0) > 0.0);
}
