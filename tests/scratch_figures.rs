//! Figures in the `:` scratchpad, driven through the reader's keys: a figure call draws
//! in a pane that grows to two thirds of the text, fitted to its width; a value after
//! it gives the pane back its third; a bad argument is one line of error.

use attn_course::app::{Action, App, ScratchLine};
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

mod common;
use common::keys;

fn app(size: (u16, u16), ascii: bool) -> App {
    let course = common::course("course");
    App::new(course, Progress::new(0), Theme::new(ascii, false), size)
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
    let mut terminal = Terminal::new(TestBackend::new(app.size().0, app.size().1)).unwrap();
    terminal.draw(|f| attn_course::ui::draw(app, f)).unwrap();
    terminal.backend().to_string()
}

#[test]
fn a_figure_grows_the_pane_and_a_value_shrinks_it_back() {
    let mut a = app((80, 24), false);
    keys(&mut a, ":");
    let third = a.geometry().pane.map(|p| p.height);
    assert_eq!(third, Some(7));
    run(&mut a, "heatmap([[1, 2], [3, 4]])");
    assert!(a.scratch().shows_figure());
    assert_eq!(a.geometry().pane.map(|p| p.height), Some(15));
    let shown = screen(&a);
    assert!(
        shown.contains("min 1") && shown.contains("max 4"),
        "{shown}"
    );
    run(&mut a, "1 + 1");
    assert!(!a.scratch().shows_figure());
    assert_eq!(a.geometry().pane.map(|p| p.height), third);
}

#[test]
fn a_bad_argument_is_one_line_of_error_in_the_pane() {
    let mut a = app((80, 24), false);
    run(&mut a, "hist([1, 2, 3], 0)");
    assert!(matches!(
        a.scratch().lines.last(),
        Some(ScratchLine::Result { output: Err(e), .. })
            if e == "bins must be a whole number from 1 to 200, got 0"
    ));
    assert!(screen(&a).contains("bins must be a whole number from 1 to 200, got 0"));
    assert!(!a.scratch().shows_figure());
}

/// A chart in the tall pane, ASCII: the input, the chart shrunk to the pane's rows
/// with its legend and both axis ends, the prompt below.
#[test]
fn scratchpad_plot_80x24_ascii() {
    let mut a = app((80, 24), true);
    run(
        &mut a,
        "let t = linspace(0.25, 4, 16); plot(t, 1 / t, sqrt(t))",
    );
    insta::assert_snapshot!(screen(&a));
}

/// Too little room for a figure: the summary and a hint, never a cut picture.
#[test]
fn a_figure_too_tall_for_the_pane_is_summarised() {
    let mut a = app((40, 12), false);
    run(&mut a, "heatmap(eye(10))");
    let shown = screen(&a);
    assert!(shown.contains("[heatmap 10x10, min 0, max 1]"), "{shown}");
    assert!(
        shown.contains("(too tall here: enlarge the terminal)"),
        "{shown}"
    );
}
