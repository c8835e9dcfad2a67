//! Whole frames of the reader on ratatui's `TestBackend`, as insta file snapshots
//! (text only), plus cell-level checks of ASCII mode, NO_COLOR and search highlights.

use std::path::Path;

use attn_course::app::{Action, App, pane_inner};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::buffer::Buffer;
use ratatui::style::Color;

use crate::common;
use common::{frame, keys};

fn app(size: (u16, u16), ascii: bool, color: bool) -> App {
    App::new(
        common::course("course"),
        Progress::new(0),
        Theme::new(ascii, color),
        size,
    )
}

fn cells(buffer: &Buffer) -> impl Iterator<Item = &ratatui::buffer::Cell> {
    buffer.content.iter()
}

#[test]
fn start_100x30_unicode() {
    insta::assert_snapshot!(frame(&app((100, 30), false, true)).backend());
}

#[test]
fn start_100x30_ascii() {
    insta::assert_snapshot!(frame(&app((100, 30), true, true)).backend());
}

#[test]
fn problem_and_claim_80x24_unicode() {
    let mut a = app((80, 24), false, true);
    keys(&mut a, &"j".repeat(44));
    insta::assert_snapshot!(frame(&a).backend());
}

#[test]
fn help_80x24_ascii() {
    let mut a = app((80, 24), true, true);
    keys(&mut a, "?");
    insta::assert_snapshot!(frame(&a).backend());
}

#[test]
fn narrow_40x12_unicode_contents_folded() {
    insta::assert_snapshot!(frame(&app((40, 12), false, true)).backend());
}

#[test]
fn narrow_40x12_ascii_contents_shown_with_t() {
    let mut a = app((40, 12), true, true);
    keys(&mut a, "t");
    insta::assert_snapshot!(frame(&a).backend());
}

#[test]
fn too_small_39x12() {
    insta::assert_snapshot!(frame(&app((39, 12), false, true)).backend());
}

#[test]
fn broken_blocks_100x30_show_error_boxes() {
    let mut a = app((100, 30), false, true);
    keys(&mut a, "]]");
    insta::assert_snapshot!(frame(&a).backend());
}

/// The plain lesson is ASCII, so in ASCII mode every cell the reader draws around it
/// (borders, marks, status bar, help, problem box) must be 7-bit too.
#[test]
fn ascii_mode_draws_no_non_ascii_character() {
    for size in [(100, 30), (80, 24), (40, 12)] {
        let mut a = app(size, true, true);
        a.update(Action::NextLesson);
        for typed in ["", "jjjjjjjjjjjj", "G", "?"] {
            keys(&mut a, typed);
            let t = frame(&a);
            let bad: String = cells(t.backend().buffer())
                .map(|c| c.symbol())
                .filter(|s| !s.is_ascii())
                .collect();
            assert!(
                bad.is_empty(),
                "non-ASCII at {size:?} after {typed:?}: {bad:?}"
            );
        }
    }
}

#[test]
fn no_color_draws_no_colour() {
    let mut a = app((100, 30), false, false);
    keys(&mut a, "/softmax");
    a.update(Action::PromptSubmit);
    for typed in ["", "?"] {
        keys(&mut a, typed);
        let t = frame(&a);
        let coloured = cells(t.backend().buffer())
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count();
        assert_eq!(coloured, 0, "after {typed:?}");
    }
}

#[test]
fn search_matches_are_highlighted_in_the_text() {
    let mut a = app((100, 30), false, true);
    keys(&mut a, "/weights");
    a.update(Action::PromptSubmit);
    let t = frame(&a);
    let buffer = t.backend().buffer();
    let highlight = Theme::new(false, true).highlight().bg;
    // Each highlighted run spells the query, whatever its case.
    let mut runs = Vec::new();
    for y in 0..buffer.area.height {
        let mut run = String::new();
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            if cell.bg == highlight.unwrap_or(Color::Reset) {
                run.push_str(cell.symbol());
            } else if !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
        }
    }
    assert!(!runs.is_empty());
    assert!(
        runs.iter().all(|r| r.eq_ignore_ascii_case("weights")),
        "{runs:?}"
    );
}

/// The answer flow: a wrong answer's feedback stays in the panel while the next input is
/// read live under the prompt.
#[test]
fn answer_flow_80x24_unicode() {
    let mut a = app((80, 24), false, true);
    keys(&mut a, "p");
    a.update(Action::Activate);
    keys(&mut a, "0.1");
    a.update(Action::PromptSubmit);
    a.update(Action::Activate);
    keys(&mut a, "1/2");
    insta::assert_snapshot!(frame(&a).backend());
}

/// The scratchpad: results above, a matrix in aligned columns, the line being typed read
/// live.
#[test]
fn scratchpad_80x24_unicode() {
    let mut a = app((80, 24), false, true);
    keys(&mut a, ":let x = [[1, 20], [300, 4]]");
    a.update(Action::PromptSubmit);
    keys(&mut a, "x @ x");
    a.update(Action::PromptSubmit);
    keys(&mut a, "x[0] + ");
    insta::assert_snapshot!(frame(&a).backend());
}

/// The panels keep to 7-bit characters in ASCII mode too.
#[test]
fn panels_in_ascii_mode_are_ascii() {
    for size in [(80, 24), (40, 12)] {
        let mut a = app(size, true, true);
        // Lesson 2 is all ASCII, so any other character would be the reader's.
        a.update(Action::NextLesson);
        for (typed, submit) in [("p", false), ("s", false), ("s", false), (":1+1", true)] {
            keys(&mut a, typed);
            if submit {
                a.update(Action::PromptSubmit);
            }
            let t = frame(&a);
            let bad: String = cells(t.backend().buffer())
                .map(|c| c.symbol())
                .filter(|s| !s.is_ascii())
                .collect();
            assert!(
                bad.is_empty(),
                "non-ASCII at {size:?} after {typed:?}: {bad:?}"
            );
        }
    }
}

/// The text of the bottom pane's rows, as drawn.
fn pane_rows(a: &App) -> Vec<String> {
    let t = frame(a);
    let buffer = t.backend().buffer();
    let pane = pane_inner(a.geometry().pane.expect("the pane is open"));
    (pane.top()..pane.bottom())
        .map(|y| {
            (pane.left()..pane.right())
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

/// `J` stops at the last page of the panel's text, a limit the application knows
/// without anything drawn (the keys below run before any draw); a resize that makes
/// the pane taller pulls the scroll back to the new last page.
#[test]
fn the_panel_scrolls_no_further_than_its_text() {
    // The course's own first problem: its worked solution is longer than a small panel.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let course = Course::load(Some(&dir)).expect("the course loads");
    let mut a = App::new(course, Progress::new(0), Theme::new(false, true), (40, 12));
    let last_page = |a: &App| {
        let pane = pane_inner(a.geometry().pane.expect("the pane is open"));
        let p = a.panel().expect("the panel is open").problem;
        let lines = a.problem_lines(p, usize::from(pane.width)).len();
        lines - usize::from(pane.height)
    };
    keys(&mut a, "pss");
    let max = last_page(&a);
    assert!(max > 0, "the solution is longer than a 40x12 panel");
    keys(&mut a, &"J".repeat(200));
    assert_eq!(a.panel().unwrap().scroll, max);
    // Drawn, the last page is full and says no more follows; one more J changes nothing.
    let end = pane_rows(&a);
    assert!(!end.concat().contains("more"), "{end:#?}");
    assert!(!end.last().unwrap().is_empty(), "{end:#?}");
    keys(&mut a, "J");
    assert_eq!(pane_rows(&a), end);
    keys(&mut a, "K");
    assert_eq!(a.panel().unwrap().scroll, max - 1);
    assert!(pane_rows(&a).last().unwrap().contains("J scrolls down"));
    keys(&mut a, "J");
    // Taller: more of the text fits, so the last page starts earlier.
    a.update(Action::Resize(40, 30));
    let taller = last_page(&a);
    assert!(taller < max, "{taller} < {max}");
    assert_eq!(a.panel().unwrap().scroll, taller);
    assert!(!pane_rows(&a).last().unwrap().is_empty());
}
