//! Reader speed, on the embedded course (targets from issue 2):
//! - `startup_first_frame`: load the course as the reader does, parse the open lesson,
//!   lay out the blocks of its first screen, draw the first frame (target < 30 ms); at
//!   100x30 the contents pane shows every lesson's problem count, which parses them all;
//!   `startup_first_frame_80x24` is the first frame `benches/vs_less.rs` waits for;
//! - `load_course`: the embedded course loaded as the reader loads it (trusted, not
//!   scanned), without parsing a lesson;
//! - `settle_after_first_frame`: the rest of the open lesson laid out after the first
//!   frame (what the first key may wait for);
//! - `redraw_longest_200x60`: one scroll step and a full frame of the longest lesson at
//!   200x60, the layout cached (target < 1 ms);
//! - `redraw_unchanged_200x60`: the same frame drawn again (the reader's drawing, without
//!   the backend taking in changed cells);
//! - `layout_longest_100`: laying the longest lesson out from scratch at 100 columns
//!   (what a resize costs);
//! - `empty_draw_200x60`: `Terminal::draw` of nothing, the cost of the test backend's own
//!   diffing, to subtract from the redraw figure.
//!
//! Peak memory is measured outside criterion:
//! `/usr/bin/time -v target/release/attn-course read 1 > /dev/null` (maximum resident set).

use std::hint::black_box;

use attn_course::app::{Action, App};
use attn_course::content::Course;
use attn_course::layout::{self, Theme};
use attn_course::progress::Progress;
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn theme() -> Theme {
    Theme::new(false, true)
}

/// The lesson with the most laid-out lines at 100 columns.
fn longest(course: &Course) -> usize {
    (0..course.lessons.len())
        .max_by_key(|&i| {
            let ctx = layout::Context {
                theme: theme(),
                lesson_number: i + 1,
                problems: attn_course::progress::ProblemStates::none(),
                learner_seed: 0,
            };
            layout::lesson(&course.lessons[i], 100, &ctx).lines.len()
        })
        .unwrap_or(0)
}

fn startup(c: &mut Criterion) {
    c.bench_function("load_course", |b| {
        b.iter(|| black_box(Course::open(None).expect("embedded course")))
    });
    c.bench_function("settle_after_first_frame", |b| {
        b.iter_batched(
            || {
                let course = Course::open(None).expect("embedded course");
                App::new(course, Progress::new(0), theme(), (80, 24))
            },
            |mut app| {
                app.settle();
                app
            },
            criterion::BatchSize::SmallInput,
        )
    });
    for (name, size) in [
        ("startup_first_frame", (100, 30)),
        ("startup_first_frame_80x24", (80, 24)),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| {
                let course = Course::open(None).expect("embedded course");
                let app = App::new(course, Progress::new(0), theme(), size);
                let mut terminal =
                    Terminal::new(TestBackend::new(size.0, size.1)).expect("test backend");
                terminal
                    .draw(|f| attn_course::ui::draw(&app, f))
                    .expect("draw");
                black_box(terminal);
            })
        });
    }
}

fn redraw(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    let target = longest(&course);
    let mut app = App::new(course, Progress::new(0), theme(), (200, 60));
    for _ in 0..target {
        app.update(Action::NextLesson);
    }
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("test backend");
    let mut down = true;
    c.bench_function("redraw_longest_200x60", |b| {
        b.iter(|| {
            // Scroll back and forth so every frame differs from the last.
            let before = app.scroll();
            app.update(if down { Action::Down } else { Action::Up });
            if app.scroll() == before {
                down = !down;
            }
            terminal
                .draw(|f| attn_course::ui::draw(&app, f))
                .expect("draw");
        })
    });
}

/// The same frame drawn again unchanged: the reader's drawing without the backend's
/// cost of taking in changed cells.
fn redraw_unchanged(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    let target = longest(&course);
    let mut app = App::new(course, Progress::new(0), theme(), (200, 60));
    for _ in 0..target {
        app.update(Action::NextLesson);
    }
    app.update(Action::PageDown);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("test backend");
    c.bench_function("redraw_unchanged_200x60", |b| {
        b.iter(|| {
            terminal
                .draw(|f| attn_course::ui::draw(&app, f))
                .expect("draw");
        })
    });
}

fn layout_from_scratch(c: &mut Criterion) {
    let course = Course::load(None).expect("embedded course");
    let i = longest(&course);
    let ctx = layout::Context {
        theme: theme(),
        lesson_number: i + 1,
        problems: attn_course::progress::ProblemStates::none(),
        learner_seed: 0,
    };
    c.bench_function("layout_longest_100", |b| {
        b.iter(|| black_box(layout::lesson(&course.lessons[i], 100, &ctx)))
    });
}

criterion_group!(
    benches,
    startup,
    redraw,
    redraw_unchanged,
    layout_from_scratch
);

fn baseline(c: &mut Criterion) {
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).expect("test backend");
    c.bench_function("empty_draw_200x60", |b| {
        b.iter(|| {
            terminal.draw(|_| {}).expect("draw");
        })
    });
}
criterion_group!(base, baseline);
criterion_main!(benches, base);
