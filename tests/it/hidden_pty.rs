//! Invisible characters never reach the terminal (issue 26, item 14): typed into the
//! search line, echoed in "no match for…", recalled into the answer prompt from an
//! imported attempt. Judged on the byte stream the reader wrote, since an invisible
//! character leaves no mark on the rebuilt screen.

use crate::pty::Tui;

use attn_course::progress::Attempt;
use attn_course::store::Store;

/// Characters the red team typed or planted; none is an escape the reader itself
/// sends, so any of them in the stream came from the text.
const PLANTED: [char; 7] = [
    '\u{200D}',
    '\u{200B}',
    '\u{2028}',
    '\u{202E}',
    '\u{AD}',
    '\u{E0041}',
    '\u{85}',
];

fn planted_in(tui: &Tui) -> Vec<char> {
    String::from_utf8_lossy(&tui.bytes)
        .chars()
        .filter(|c| PLANTED.contains(c))
        .collect()
}

#[test]
fn a_hidden_character_typed_into_search_is_never_echoed() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut tui = Tui::start(home.path());
    tui.wait_for("Every Block");
    tui.send("/");
    tui.wait_for("/");
    tui.send("zq\u{200D}x\u{200B}\u{202E}\u{AD}\u{E0041}y");
    tui.wait_for("zqxy");
    tui.send("\r");
    tui.wait_for("no match for");
    assert_eq!(planted_in(&tui), []);
    tui.send("q");
    tui.assert_exits_restored();
}

#[test]
fn an_imported_attempt_recalled_into_the_prompt_writes_no_hidden_character() {
    let home = tempfile::tempdir().expect("temp dir");
    let mut opened = Store::open(Some(home.path()));
    let mut record = opened.progress.clone();
    let input = "0.5\u{2028}\u{85}\u{200D}7";
    record.record_attempt(
        "blocks",
        "two-token-weights",
        Attempt::new(1, input, "", false, 0),
    );
    opened.store.save(&record).expect("saved");
    let mut tui = Tui::start(home.path());
    tui.wait_for("Every Block");
    tui.send("p");
    tui.wait_for("problem 1.1");
    tui.send("\r");
    tui.wait_for("answer 1.1:");
    tui.send("\x1b[A");
    let screen = tui.wait_for("answer 1.1: 0.5");
    let line = screen.lines().last().unwrap_or_default().to_string();
    assert!(line.trim_end().ends_with('7'), "{line:?}");
    assert_eq!(planted_in(&tui), [], "{line:?}");
    tui.send("\x1b");
    tui.wait_for("Every Block");
    tui.send("q");
    tui.assert_exits_restored();
}
