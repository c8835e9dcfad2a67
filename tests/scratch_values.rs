//! Values in the `:` scratchpad, driven through the reader's keys: numbers with 6
//! significant digits (`full(...)` shows all of them), and a matrix too wide for the
//! pane wrapped into blocks of whole columns, never cut.

use attn_course::app::{Action, App};
use attn_course::layout::Theme;
use attn_course::store::Progress;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

mod common;
use common::keys;

fn app(size: (u16, u16)) -> App {
    let course = common::course("course");
    App::new(course, Progress::new(0), Theme::new(false, false), size)
}

/// Opens the scratchpad if needed, types `input` and presses Enter.
fn run(app: &mut App, input: &str) {
    if app.pane().is_none() {
        keys(app, ":");
    }
    keys(app, input);
    app.update(Action::PromptSubmit);
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal.draw(|f| attn_course::ui::draw(app, f)).unwrap();
    terminal.backend().to_string()
}

/// The pane's rows: the screen below the pane's top border.
fn pane(app: &App) -> String {
    let top = app.geometry().pane.expect("the pane is open").y;
    let shown = screen(app);
    shown
        .lines()
        .skip(usize::from(top))
        .collect::<Vec<_>>()
        .join("\n")
}

const SOFTMAX: &str = "softmax([[1, 2, 3], [0, 0, 0], [3, 1, 2]])";
const ENTRIES: [&str; 4] = ["0.0900306", "0.244728", "0.665241", "0.333333"];

#[test]
fn a_softmax_shows_whole_with_six_digits() {
    for size in [(100, 30), (80, 24)] {
        let mut a = app(size);
        run(&mut a, SOFTMAX);
        let shown = pane(&a);
        for entry in ENTRIES {
            assert!(shown.contains(entry), "{size:?}: {entry} missing\n{shown}");
        }
        assert!(!shown.contains('~'), "{size:?}: nothing is cut\n{shown}");
        assert!(!shown.contains("0.09003057"), "{size:?}: 6 digits\n{shown}");
    }
}

#[test]
fn a_matrix_wider_than_the_pane_is_wrapped_in_whole_columns() {
    let mut a = app((40, 40));
    // 3 x 5, 9 columns a row at 6 digits: wider than the pane's 38.
    run(
        &mut a,
        "softmax([[1, 2, 3, 4, 5], [0, 0, 0, 0, 0], [5, 4, 3, 2, 1]] / 7)",
    );
    let shown = pane(&a);
    assert!(shown.contains("columns 0-"), "{shown}");
    assert!(
        !shown.contains('~'),
        "nothing is cut, the input neither\n{shown}"
    );
    for entry in ["0.147272", "0.169888", "0.195977", "0.226073", "0.260789"] {
        assert!(shown.contains(entry), "{entry} missing\n{shown}");
    }
}

#[test]
fn full_shows_every_digit_and_round_rounds() {
    let mut a = app((100, 30));
    run(&mut a, "let x = 1/3; full(x)");
    assert!(pane(&a).contains("0.333333333333333"));
    run(&mut a, "round(x * 100, 2)");
    assert!(pane(&a).contains("33.33 "), "{}", pane(&a));
    // The value sent to an answer keeps its digits: what is shown is not what is kept.
    run(&mut a, "x");
    assert_eq!(
        a.scratch.last.as_ref().and_then(|v| v.as_scalar()),
        Some(1.0 / 3.0)
    );
}

#[test]
fn the_live_preview_shows_six_digits() {
    let mut a = app((100, 30));
    keys(&mut a, ":");
    keys(&mut a, "2/3");
    assert!(pane(&a).contains("as typed: 0.666667"), "{}", pane(&a));
}
