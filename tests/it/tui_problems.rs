//! Problems and the scratchpad in the reader, driven by synthetic keys through the real
//! keymap, with a fixed learner seed. Expected values are computed here from the drawn
//! parameter, by the problem's formula, not by the evaluator.

use attn_course::app::keymap::{HELP_ORDER, row_keys};
use attn_course::app::{App, Mode, PanelView, ProblemRef, PromptKind, ScratchLine};
use attn_course::layout::{Theme, line_text};
use attn_course::progress::SaveNeed;
use attn_course::progress::{ProblemRecord, Progress};
use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use crate::common;
use common::{key, keys};

const SEED: u64 = 7;

fn app() -> App {
    let course = common::course("course");
    App::new(
        course,
        Progress::new(SEED),
        Theme::new(false, true),
        (100, 30),
    )
}

fn enter(app: &mut App) {
    key(app, KeyCode::Enter, KeyModifiers::NONE);
}

/// The fixture's lesson-1 problem: `softmax([a, 0])[0]`, `a` drawn from 1, 2, 3.
fn first_problem(app: &App) -> ProblemRef {
    ProblemRef {
        lesson: 0,
        block: app.problem_refs()[0].block,
        number: 1,
    }
}

fn record(app: &App) -> ProblemRecord {
    app.problem_record(first_problem(app))
}

/// This learner's `a`, and the right answer e^a / (e^a + 1) worked out by hand.
fn a_and_answer(app: &App) -> (f64, f64) {
    let (_, inst) = app.instance(first_problem(app)).expect("draws");
    let a: f64 = inst
        .get("a")
        .expect("a is drawn")
        .literal()
        .parse()
        .unwrap();
    assert!([1.0, 2.0, 3.0].contains(&a), "a = {a}");
    (a, a.exp() / (a.exp() + 1.0))
}

fn panel_view(app: &App) -> Option<PanelView> {
    app.panel().map(|p| p.view.clone())
}

#[test]
fn p_goes_to_the_problem_and_enter_opens_its_answer_prompt() {
    let mut a = app();
    assert_eq!(a.current_problem(), None, "the lesson opens on prose");
    keys(&mut a, "p");
    let p = first_problem(&a);
    assert_eq!(a.current_problem(), Some(p));
    // Near the lesson's end the text cannot scroll the box to the top; it is on screen.
    let line = a.view().line_of_block(p.block);
    assert!(
        a.scroll() <= line && line < a.scroll() + a.text_height(),
        "{line}"
    );
    assert_eq!(a.scroll(), a.view().lines.len() - a.text_height());
    keys(&mut a, "p");
    assert!(a.message().unwrap().contains("no problem after"));
    assert_eq!(a.current_problem(), Some(p));
    enter(&mut a);
    assert_eq!(
        *a.mode(),
        Mode::Prompt(attn_course::app::Prompt::new(PromptKind::Answer(p), ""))
    );
    assert_eq!(PromptKind::Answer(p).lead(), "answer 1.1: ");
}

#[test]
fn enter_on_prose_opens_nothing() {
    let mut a = app();
    enter(&mut a);
    assert_eq!(*a.mode(), Mode::Reading);
    assert!(a.message().unwrap().contains("p goes to"));
}

#[test]
fn the_input_is_read_before_it_is_submitted() {
    let mut a = app();
    keys(&mut a, "p");
    enter(&mut a);
    keys(&mut a, "1/4");
    assert_eq!(preview(&a), Some(Ok("0.25".to_string())));
    keys(&mut a, "+");
    let error = a.preview().cloned().unwrap().unwrap_err();
    assert!(error.contains("1:"), "an error has a position: {error}");
    // A parameter is not bound in an answer: the value must be worked out.
    key(&mut a, KeyCode::Backspace, KeyModifiers::NONE);
    keys(&mut a, "+a");
    assert!(a.preview().cloned().unwrap().is_err());
}

/// The reader stores the answer as `attn-course answer` does, trimmed: the two paths are
/// one function (`progress::Learner::answer`).
#[test]
fn an_answer_in_the_reader_is_recorded_trimmed() {
    let mut a = app();
    keys(&mut a, "p");
    enter(&mut a);
    keys(&mut a, "  0.1  ");
    enter(&mut a);
    let r = record(&a);
    let attempts: Vec<(&str, &str)> = (r.attempts.iter())
        .map(|t| (t.input.as_str(), t.value.as_str()))
        .collect();
    assert_eq!(attempts, [("0.1", "0.1")]);
}

#[test]
fn wrong_then_a_hint_then_right_is_all_recorded() {
    let mut a = app();
    let (_, right) = a_and_answer(&a);
    keys(&mut a, "p");
    enter(&mut a);
    keys(&mut a, "0.1");
    enter(&mut a);
    assert_eq!(*a.mode(), Mode::Reading);
    assert_eq!(a.save_need(), SaveNeed::Now, "an attempt is saved at once");
    let r = record(&a);
    assert_eq!((r.attempts.len(), r.solved), (1, false));
    assert_eq!(
        (r.attempts[0].input.as_str(), r.attempts[0].correct),
        ("0.1", false)
    );
    match panel_view(&a) {
        Some(PanelView::Feedback { lines, right }) => {
            assert!(!right);
            assert!(lines[0].contains("0.1"), "{lines:?}");
        }
        other => panic!("{other:?}"),
    }
    let box_says = |a: &App, what: &str| a.view().lines.iter().any(|l| line_text(l).contains(what));
    assert!(box_says(&a, "1 attempt"), "the box is laid out again");

    keys(&mut a, "h");
    assert_eq!(record(&a).hints_shown, 1);
    assert_eq!(panel_view(&a), Some(PanelView::Hints));

    enter(&mut a);
    keys(&mut a, &format!("{right:.6}"));
    enter(&mut a);
    let r = record(&a);
    assert_eq!((r.attempts.len(), r.solved, r.hints_shown), (2, true, 1));
    assert!(r.attempts[1].correct);
    assert!(matches!(
        panel_view(&a),
        Some(PanelView::Feedback { right: true, .. })
    ));
    assert!(box_says(&a, "solved"));
    assert_eq!(a.solved_count(0), (1, 1));
}

#[test]
fn input_errors_record_nothing_and_keep_the_prompt_open() {
    let mut a = app();
    keys(&mut a, "p");
    enter(&mut a);
    enter(&mut a);
    assert!(matches!(panel_view(&a), Some(PanelView::InputError(_))));
    for bad in ["1/0", "softmax(", "sqrt(-1)"] {
        keys(&mut a, bad);
        enter(&mut a);
        assert!(
            matches!(&a.mode(), Mode::Prompt(p) if p.text() == bad),
            "{bad}: the prompt stays with the input"
        );
        assert!(
            matches!(panel_view(&a), Some(PanelView::InputError(_))),
            "{bad}"
        );
        key(&mut a, KeyCode::Char('u'), KeyModifiers::CONTROL);
    }
    assert!(record(&a).attempts.is_empty());
    key(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(*a.mode(), Mode::Reading);
}

#[test]
fn the_solution_asks_first_until_it_is_earned() {
    let mut a = app();
    keys(&mut a, "py");
    assert_eq!(a.panel(), None, "y answers only a question");
    keys(&mut a, "ps");
    assert_eq!(panel_view(&a), Some(PanelView::ConfirmSolution));
    assert!(!record(&a).solution_viewed);
    keys(&mut a, "y");
    assert_eq!(panel_view(&a), Some(PanelView::Solution));
    assert!(record(&a).solution_viewed);
    keys(&mut a, "y");
    assert_eq!(
        panel_view(&a),
        Some(PanelView::Solution),
        "y asks nothing now"
    );
    key(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(a.panel(), None, "Esc closes the panel");
}

#[test]
fn three_wrong_tries_earn_the_solution_and_another_one() {
    let mut a = app();
    keys(&mut a, "pA");
    assert_eq!(record(&a).variant, 0, "not yet");
    for _ in 0..3 {
        enter(&mut a);
        keys(&mut a, "0.01");
        enter(&mut a);
    }
    keys(&mut a, "s");
    assert_eq!(
        panel_view(&a),
        Some(PanelView::Solution),
        "no question asked"
    );
    keys(&mut a, "A");
    let r = record(&a);
    assert_eq!((r.variant, r.attempts.len()), (1, 3));
    // The new numbers are those of variant 1, and the next attempt is filed under it.
    let (_, right) = a_and_answer(&a);
    enter(&mut a);
    keys(&mut a, &format!("{right:.6}"));
    enter(&mut a);
    let r = record(&a);
    assert_eq!((r.attempts[3].variant, r.solved), (1, true));
}

#[test]
fn hints_stop_at_the_last_one() {
    let mut a = app();
    keys(&mut a, "phhh");
    assert_eq!(record(&a).hints_shown, 2, "the fixture has two hints");
    assert!(a.message().unwrap().contains("no more hints"));
}

#[test]
fn the_scratchpad_keeps_let_bindings_and_a_history() {
    let mut a = app();
    keys(&mut a, ":let x = 2");
    enter(&mut a);
    keys(&mut a, "x * 3");
    assert_eq!(preview(&a), Some(Ok("6".to_string())));
    enter(&mut a);
    assert!(
        matches!(&a.mode(), Mode::Prompt(p) if p.kind == PromptKind::Scratchpad && p.text().is_empty())
    );
    assert!(matches!(
        a.scratch().lines.last(),
        Some(ScratchLine::Result { input, output: Ok(v) }) if input == "x * 3" && v.to_string() == "6"
    ));
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    assert!(matches!(&a.mode(), Mode::Prompt(p) if p.text() == "x * 3"));
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    assert!(matches!(&a.mode(), Mode::Prompt(p) if p.text() == "let x = 2"));
    key(&mut a, KeyCode::Down, KeyModifiers::NONE);
    key(&mut a, KeyCode::Down, KeyModifiers::NONE);
    assert!(matches!(&a.mode(), Mode::Prompt(p) if p.text().is_empty()));
    key(&mut a, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(*a.mode(), Mode::Reading);
    // The session keeps the binding after the pane is closed and opened again.
    keys(&mut a, ":x");
    enter(&mut a);
    assert!(
        matches!(a.scratch().lines.last(), Some(ScratchLine::Result { output: Ok(v), .. }) if v.to_string() == "2")
    );
}

#[test]
fn colon_on_a_problem_binds_only_what_its_card_names_and_tab_sends_the_value() {
    let mut a = app();
    let (param, right) = a_and_answer(&a);
    keys(&mut a, "p:");
    // The prompt shows `[a, 0]` with no name: the author's parameter name stays hidden.
    assert!(a.scratch().lines.is_empty(), "{:?}", a.scratch().lines);
    keys(&mut a, "a");
    assert!(matches!(preview(&a), Some(Err(e)) if e.contains("unknown name 'a'")));
    key(&mut a, KeyCode::Backspace, KeyModifiers::NONE);
    keys(&mut a, &format!("exp({param}) / (exp({param}) + 1)"));
    enter(&mut a);
    key(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    let p = first_problem(&a);
    let sent = match &a.mode() {
        Mode::Prompt(prompt) if prompt.kind == PromptKind::Answer(p) => prompt.text().to_string(),
        other => panic!("{other:?}"),
    };
    let sent: f64 = sent.parse().expect("a number");
    assert!((sent - right).abs() < 1e-9, "{sent} vs {right}");
    enter(&mut a);
    assert!(record(&a).solved);
}

#[test]
fn tab_without_a_value_says_so() {
    let mut a = app();
    keys(&mut a, ":");
    key(&mut a, KeyCode::Tab, KeyModifiers::NONE);
    assert!(matches!(&a.mode(), Mode::Prompt(p) if p.kind == PromptKind::Scratchpad));
    assert_eq!(a.message(), Some("no value yet to send"));
}

#[test]
fn the_help_lists_every_new_key() {
    let rows: Vec<(String, &str)> = (HELP_ORDER.iter().flat_map(|g| g.rows))
        .map(|r| (row_keys(r, true), r.help))
        .collect();
    for (keys, what) in [
        ("p / P", "problem"),
        ("h", "hint"),
        ("s", "solution"),
        ("y", "yes, show it"),
        ("A", "new numbers"),
        (":", "scratchpad"),
        ("Tab", "to answer"),
        ("Up / Down", "history"),
    ] {
        assert!(
            rows.iter().any(|(k, d)| k == keys && d.contains(what)),
            "{keys}: {what} missing from {rows:?}"
        );
    }
}

#[test]
fn no_mode_binds_one_key_twice() {
    use attn_course::app::keymap::*;
    for map in [
        READING,
        SELECTING,
        ASKING,
        NOTES_VIEW,
        HELP_VIEW,
        GLOSSARY_VIEW,
        SCRATCH_LINE,
        ANSWER_LINE,
        LINE,
    ] {
        let binds: Vec<&Bind> = (map.groups.iter().flat_map(|g| g.rows))
            .flat_map(|r| r.binds)
            .collect();
        for (i, a) in binds.iter().enumerate() {
            for b in &binds[i + 1..] {
                assert!(
                    (a.code, a.modifiers) != (b.code, b.modifiers) || a.action == b.action,
                    "{}: {:?} is bound to {:?} and {:?}",
                    map.name,
                    a.code,
                    a.action,
                    b.action
                );
            }
        }
    }
}

/// The lines of the problem's box: from its block's start to the next block's.
fn box_lines(app: &App, p: ProblemRef) -> (usize, usize) {
    let view = app.view();
    let start = view.line_of_block(p.block);
    let end = view
        .block_starts
        .get(p.block + 1)
        .copied()
        .unwrap_or(view.lines.len());
    (start, end)
}

fn box_on_screen(app: &App, p: ProblemRef) -> bool {
    let (start, end) = box_lines(app, p);
    app.scroll() <= start && end <= app.scroll() + app.text_height()
}

#[test]
fn the_last_problem_stays_above_its_panel_and_enter_answers_it() {
    let mut a = app();
    keys(&mut a, "p");
    let p = first_problem(&a);
    // At the end of the lesson: the panel would cover the box's bottom rows.
    keys(&mut a, "h");
    assert!(a.panel().is_some());
    assert!(
        box_on_screen(&a, p),
        "scroll {} box {:?}",
        a.scroll(),
        box_lines(&a, p)
    );
    assert_eq!(a.current_problem(), Some(p));
    enter(&mut a);
    assert_eq!(
        *a.mode(),
        Mode::Prompt(attn_course::app::Prompt::new(PromptKind::Answer(p), ""))
    );
}

#[test]
fn a_resize_keeps_the_panel_problem_on_screen_and_current() {
    let mut a = app();
    keys(&mut a, "p");
    let p = first_problem(&a);
    keys(&mut a, "h");
    // Shorter and wider: the text reflows and the box moves.
    a.update(attn_course::app::Action::Resize(120, 16));
    assert!(a.panel().is_some());
    let (start, _) = box_lines(&a, p);
    assert!(
        a.scroll() <= start && start < a.scroll() + a.text_height(),
        "scroll {} box {:?}",
        a.scroll(),
        box_lines(&a, p)
    );
    assert_eq!(a.current_problem(), Some(p));
    // Scrolling the box away keeps the panel's problem the one Enter answers.
    keys(&mut a, "g");
    assert_eq!(a.current_problem(), Some(p));
}

/// The live preview as text.
fn preview(a: &App) -> Option<Result<String, String>> {
    a.preview()
        .map(|r| r.as_ref().map(ToString::to_string).map_err(Clone::clone))
}

#[test]
fn up_in_the_answer_prompt_brings_back_the_last_answer_to_edit() {
    let mut a = app();
    keys(&mut a, "p");
    enter(&mut a);
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    assert_eq!(a.message(), Some("no answer to this problem yet"));
    keys(&mut a, "12345");
    enter(&mut a);
    assert_eq!(*a.mode(), Mode::Reading, "judged: the prompt closed");
    enter(&mut a);
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    key(&mut a, KeyCode::Backspace, KeyModifiers::NONE);
    let Mode::Prompt(prompt) = a.mode() else {
        panic!("the answer prompt: {:?}", a.mode());
    };
    assert_eq!(prompt.text(), "1234", "the last answer, edited");
}

#[test]
fn up_and_down_in_the_answer_prompt_walk_every_answer_given() {
    let mut a = app();
    keys(&mut a, "p");
    for answer in ["111", "222"] {
        enter(&mut a);
        keys(&mut a, answer);
        enter(&mut a);
    }
    enter(&mut a);
    keys(&mut a, "3");
    let text = |a: &App| match a.mode() {
        Mode::Prompt(p) => p.text().to_string(),
        other => panic!("the answer prompt: {other:?}"),
    };
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    assert_eq!(text(&a), "222");
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    assert_eq!(text(&a), "111");
    key(&mut a, KeyCode::Up, KeyModifiers::NONE);
    assert_eq!(text(&a), "111", "the first answer is the end");
    key(&mut a, KeyCode::Down, KeyModifiers::NONE);
    key(&mut a, KeyCode::Down, KeyModifiers::NONE);
    assert_eq!(text(&a), "3", "past the newest: what was being typed");
}
