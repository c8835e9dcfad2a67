//! Values and figures in the `:` scratchpad, driven through the reader's keys: numbers
//! with 6 significant digits (`full(...)` shows all of them), a matrix too wide for the
//! pane wrapped into blocks of whole columns, never cut. Figures: a figure call draws
//! in a pane that grows to two thirds of the text, fitted to its width, and keeps it
//! for the next few lines; a bad argument is one line of error.

use attn_course::app::{Action, App, FIGURE_STAYS, ScratchLine};
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::common;
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
    // The next lines keep the figure in view beside them, whole.
    run(&mut a, "1 + 1");
    assert!(a.scratch().shows_figure());
    assert!(screen(&a).contains("max 4"), "{}", screen(&a));
    for _ in 1..FIGURE_STAYS {
        run(&mut a, "2 + 2");
    }
    assert!(!a.scratch().shows_figure());
    assert_eq!(a.geometry().pane.map(|p| p.height), third);
}

/// A 6x6 heat map at 100x30 stays whole while the next lines are typed and run.
#[test]
fn a_heatmap_stays_whole_as_the_next_lines_are_typed() {
    let mut a = app((100, 30), false);
    run(&mut a, "let A = rand(6, 6, 1); heatmap(A)");
    let rows = |shown: &str| {
        shown
            .lines()
            .filter(|l| l.matches("0.").count() >= 6)
            .count()
    };
    let before = screen(&a);
    keys(&mut a, "A[0, 0]");
    let typing = screen(&a);
    assert!(!typing.contains("too tall"), "{typing}");
    assert_eq!(rows(&typing), rows(&before), "{typing}");
    a.update(Action::PromptSubmit);
    run(&mut a, "sum(A)");
    let after = screen(&a);
    assert!(!after.contains("too tall"), "{after}");
    assert!(after.contains("max 0.9977"), "{after}");
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

/// `bars` with words for labels, as the README writes it, and `hist` with its counts.
#[test]
fn bars_take_words_and_hist_shows_its_counts() {
    let mut a = app((100, 30), true);
    run(&mut a, "bars([\"keys\", \"queries\"], [1, 2])");
    let shown = screen(&a);
    assert!(a.scratch().shows_figure(), "{shown}");
    assert!(
        shown.contains("keys    |") && shown.contains("queries |"),
        "{shown}"
    );
    run(&mut a, "bars([\"a\"], [1, 2])");
    assert!(
        screen(&a).contains("labels: 1 given, the data has 2"),
        "{}",
        screen(&a)
    );
    run(&mut a, "hist([\"a\"], [1, 2])");
    assert!(
        screen(&a).contains("only bars takes words"),
        "{}",
        screen(&a)
    );
    run(&mut a, "hist([1, 1, 1, 2, 3], 3)");
    let shown = screen(&a);
    assert!(
        shown.contains("| 3 |"),
        "the peak count on the axis\n{shown}"
    );
    assert!(shown.contains("| 0 +"), "0 at the rule\n{shown}");
}

/// `--theme light`: a chart drawn in the scratchpad uses no colour that fades on a light
/// background (the dark theme's cyan, yellow and white), and the dark theme still does.
#[test]
fn a_light_background_gets_a_readable_chart() {
    use attn_course::figure::Colors;
    use ratatui::style::Color;
    let pale = [
        Color::Cyan,
        Color::Yellow,
        Color::White,
        Color::LightYellow,
        Color::LightCyan,
    ];
    let colours = |light: bool| {
        let theme = Theme::new(false, true)
            .with_ramp(Colors::Indexed256)
            .with_light(light);
        let mut a = App::new(common::course("course"), Progress::new(0), theme, (100, 30));
        run(
            &mut a,
            "let x = linspace(0, 1, 20); plot(x, x, 1 - x, x * x)",
        );
        let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
        terminal.draw(|f| attn_course::ui::draw(&a, f)).unwrap();
        let pane = a.geometry().pane.unwrap();
        let buffer = terminal.backend().buffer().clone();
        let mut fg: Vec<Color> = Vec::new();
        for y in pane.y + 2..pane.y + pane.height {
            for x in pane.x..pane.x + pane.width {
                let cell = &buffer[(x, y)];
                if cell.symbol() != " " {
                    fg.push(cell.fg);
                }
            }
        }
        fg
    };
    let dark = colours(false);
    assert!(
        dark.iter().any(|c| pale.contains(c)),
        "the dark theme's palette"
    );
    let light = colours(true);
    assert!(
        light.iter().any(|c| matches!(c, Color::Indexed(_))),
        "{light:?}"
    );
    assert!(!light.iter().any(|c| pale.contains(c)), "{light:?}");
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
        let mut a = app(size, false);
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
    let mut a = app((40, 40), false);
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
    let mut a = app((100, 30), false);
    run(&mut a, "let x = 1/3; full(x)");
    assert!(pane(&a).contains("0.333333333333333"));
    run(&mut a, "round(x * 100, 2)");
    assert!(pane(&a).contains("33.33 "), "{}", pane(&a));
    // The value sent to an answer keeps its digits: what is shown is not what is kept.
    run(&mut a, "x");
    assert_eq!(
        a.scratch().last.as_ref().and_then(|v| v.as_scalar()),
        Some(1.0 / 3.0)
    );
}

#[test]
fn the_live_preview_shows_six_digits() {
    let mut a = app((100, 30), false);
    keys(&mut a, ":");
    keys(&mut a, "2/3");
    assert!(pane(&a).contains("as typed: 0.666667"), "{}", pane(&a));
}
