//! The real binary in a pseudo-terminal: keys in, screen out (rebuilt with vt100, never
//! matched on the raw byte stream, since ratatui sends only the changed cells).
//!
//! The resume tests go through the progress store on disk, so they check the whole
//! chain: the app's place → `Store::save` → the file → `Store::open` → the same place.

use crate::pty;

use pty::{Tui, cli};

#[test]
fn opens_navigates_and_quits_restoring_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    let screen = tui.wait_for("lesson 1/3");
    assert!(screen.contains("Every Block of d"), "{screen}");
    assert!(
        screen.contains("Fixture Course: Every block kind"),
        "a fresh home is welcomed: {screen}"
    );
    assert!(
        tui.screen.screen().alternate_screen(),
        "the reader uses the alternate screen"
    );
    tui.send("]");
    tui.wait_for("lesson 2/3");
    tui.send("?");
    tui.wait_for("Esc q close this help");
    tui.send("x");
    tui.send("/softmax\r");
    tui.wait_for("for \"softmax\"");
    tui.send("q");
    tui.assert_exits_restored();
}

#[test]
fn restarting_resumes_at_the_same_lesson_and_place() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    // The place is kept as the block at the top: jump to a section so one is exactly there.
    tui.send("\t");
    tui.send("jj\r");
    tui.wait_for("lesson 1/3 · 1.2 Code, quotes and math");
    let before = tui.page();
    assert!(
        before[0].ends_with("│ 1.2 Code, quotes and math"),
        "{before:?}"
    );
    tui.send("q");
    tui.assert_exits_restored();

    let mut again = Tui::start(home.path());
    again.wait_for("lesson 1/3 · 1.2");
    assert_eq!(
        again.page(),
        before,
        "the restarted reader shows the same page"
    );
    again.send("q");
    again.assert_exits_restored();
}

/// A learner's whole problem flow in the real binary: go to the problem, work the answer
/// out in the scratchpad with the problem's own `a`, send it to the answer, submit; the
/// solved problem is on disk, as `list` shows after quitting.
#[test]
fn a_problem_solved_through_the_scratchpad_is_recorded() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    pty::right_answer_in_the_prompt(&mut tui);
    tui.send("\r");
    let screen = tui.wait_for("Right: ");
    assert!(screen.contains("problem 1.1: solved"), "{screen}");
    tui.send("q");
    tui.assert_exits_restored();

    let text = cli(home.path(), &["list"]);
    assert!(
        text.lines().nth(1).unwrap_or("").ends_with("(1/1 solved)"),
        "{text}"
    );
}

/// The scratchpad's history and `let` bindings outlive the reader: quit, start again,
/// the binding still answers and Up brings the line back; the record is untouched by it.
#[test]
fn the_scratchpad_keeps_its_history_and_bindings_across_runs() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    tui.send(":let w = [1/3, 2]\r");
    tui.wait_for("[0.333333, 2]");
    tui.send("\x1b");
    // The pane has closed (its rows show the text again): `q` is not read with the Esc.
    tui.wait_for("3. mix");
    tui.send("q");
    tui.assert_exits_restored();
    assert!(home.path().join("scratchpad.toml").is_file());

    let mut again = Tui::start(home.path());
    again.wait_for("lesson 1/3");
    again.send(":full(w[0] * 3)\r");
    // The input and its value come in one frame: w is bound again, so the value is 1.
    let screen = again.wait_for("› full(w[0] * 3)");
    assert!(
        screen.lines().any(|l| l.trim_end().ends_with("│ 1")),
        "{screen}"
    );
    again.send("\x1b[A\x1b[A");
    again.wait_for("let w = [1/3, 2]");
    again.send("\x1b");
    again.wait_for("3. mix");
    again.send("q");
    again.assert_exits_restored();
}
