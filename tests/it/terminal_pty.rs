//! Terminal manners of the real reader in a pseudo-terminal (issues 15, 17 and 18):
//! every terminating signal saves and restores, Ctrl-Z and SIGTSTP suspend and resume,
//! no terminal is one clear line, the escape codes follow `TERM`, the mouse can be left
//! to the terminal, a paste is one edit.

use crate::pty;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use attn_course::store::Store;
use pty::{PATIENCE, Signal, Tui, reader};

/// The lesson slug and block saved in `home`.
fn saved_place(home: &Path) -> Option<(String, usize)> {
    let opened = Store::open(Some(home));
    opened.progress.position.map(|p| (p.lesson, p.block))
}

/// The reader at 80x24 on the fixture course, moved to lesson 3.
fn on_lesson_3(home: &Path) -> Tui {
    let mut tui = Tui::spawn(reader(home), 80, 24);
    tui.wait_for("lesson 1/3");
    tui.send("]]");
    tui.wait_for("lesson 3/3");
    tui
}

#[test]
fn every_terminating_signal_saves_the_place_and_gives_the_terminal_back() {
    for signal in [
        Signal::SIGINT,
        Signal::SIGQUIT,
        Signal::SIGUSR1,
        Signal::SIGUSR2,
        Signal::SIGALRM,
        Signal::SIGVTALRM,
        Signal::SIGPROF,
        Signal::SIGXCPU,
    ] {
        let home = tempfile::tempdir().unwrap();
        let mut tui = on_lesson_3(home.path());
        tui.signal(signal);
        let status = tui.exit_status();
        assert!(
            matches!(status, pty::WaitStatus::Exited(_, 0)),
            "{signal:?}: exit status {status:?}; screen:\n{}",
            tui.text()
        );
        tui.assert_restored();
        let (lesson, _) = saved_place(home.path()).expect("a place saved");
        assert_ne!(
            lesson,
            saved_lesson_1(),
            "{signal:?}: the move to lesson 3 was saved"
        );
    }
}

/// The slug of the fixture course's first lesson, as a fresh reader saves it.
fn saved_lesson_1() -> String {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::spawn(reader(home.path()), 80, 24);
    tui.wait_for("lesson 1/3");
    tui.send("q");
    tui.assert_exits_restored();
    saved_place(home.path()).expect("a place saved").0
}

/// The process state letter from /proc (`T` when stopped).
fn state(pid: i32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("stat");
    let after = stat.rsplit_once(") ").expect("stat format").1;
    after.chars().next().expect("state")
}

fn wait_stopped(tui: &mut Tui, pid: i32) {
    let start = Instant::now();
    while state(pid) != 'T' {
        tui.pump();
        assert!(start.elapsed() < PATIENCE, "never stopped");
        std::thread::sleep(Duration::from_millis(10));
    }
    while tui.pump() {}
}

fn cont(pid: i32) {
    // SAFETY: a signal to our own child.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGCONT) }, 0);
}

#[test]
fn ctrl_z_and_sigtstp_restore_the_terminal_stop_and_come_back_in_raw_mode() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = on_lesson_3(home.path());
    let pid = tui.session.get_process().pid().as_raw();
    for how in ["Ctrl-Z", "SIGTSTP"] {
        match how {
            "Ctrl-Z" => tui.send("\x1a"),
            _ => tui.signal(Signal::SIGTSTP),
        }
        wait_stopped(&mut tui, pid);
        tui.assert_restored();
        let (lesson, _) = saved_place(home.path()).expect("saved before stopping");
        assert_ne!(lesson, saved_lesson_1(), "{how}");
        cont(pid);
        tui.wait_for("lesson 3/3");
        assert!(
            tui.screen.screen().alternate_screen(),
            "{how}: back on its screen"
        );
        // Raw mode again: a single key acts at once (cooked mode would wait for Enter).
        tui.send("[");
        tui.wait_for("lesson 2/3");
        tui.send("]");
        tui.wait_for("lesson 3/3");
    }
    tui.send("q");
    tui.assert_exits_restored();
}

#[test]
fn without_a_terminal_the_reader_says_so_in_one_line_and_names_read() {
    let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("run attn-course");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("needs a terminal"), "{err}");
    assert!(err.contains("attn-course read N"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    assert!(out.stdout.is_empty(), "nothing drawn");
}

/// Every SGR parameter list the reader wrote (`ESC [ ... m`).
fn sgr_params(bytes: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(bytes);
    let mut found = Vec::new();
    for part in text.split("\x1b[").skip(1) {
        let end = part
            .find(|c: char| !(c.is_ascii_digit() || c == ';' || c == '?'))
            .unwrap_or(part.len());
        if part[end..].starts_with('m') {
            found.push(part[..end].to_string());
        }
    }
    found
}

/// The reader with `TERM` and extra arguments, on lesson 1, a few lines scrolled and the
/// help opened and closed (colours of several kinds drawn), then quit.
fn stream(term: &str, args: &[&str]) -> Vec<u8> {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = reader(home.path());
    cmd.env("TERM", term).args(args);
    let mut tui = Tui::spawn(cmd, 80, 24);
    tui.wait_for("lesson 1/3");
    tui.send("jjj/the\r");
    tui.wait_for("lesson 1/3");
    tui.send("q");
    tui.assert_exits_restored();
    tui.bytes.clone()
}

fn contains(bytes: &[u8], needle: &str) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[test]
fn vt100_and_dumb_get_no_colour_codes_no_italics_and_no_mouse() {
    for term in ["vt100", "dumb"] {
        let bytes = stream(term, &[]);
        for params in sgr_params(&bytes) {
            for p in params.split(';').filter(|p| !p.is_empty()) {
                let n: u32 = p.parse().unwrap();
                assert!(
                    matches!(n, 0 | 1 | 4 | 5 | 7) && (term != "dumb" || n == 0),
                    "{term}: SGR {params:?}"
                );
            }
        }
        assert!(!contains(&bytes, "\x1b[?1000h"), "{term}: no mouse");
        assert!(!contains(&bytes, "\x1b[?1003h"), "{term}: no mouse");
    }
    // The search highlight is still visible without colour: reversed.
    let vt100 = stream("vt100", &[]);
    assert!(
        sgr_params(&vt100)
            .iter()
            .any(|p| p.split(';').any(|n| n == "7"))
    );
}

#[test]
fn linux_gets_eight_colours_and_xterm_sixteen_named_colours_not_256_codes() {
    let linux = stream("linux", &[]);
    for params in sgr_params(&linux) {
        for p in params.split(';').filter(|p| !p.is_empty()) {
            let n: u32 = p.parse().unwrap();
            assert!(
                n < 50 && n != 3 && n != 38 && n != 48,
                "linux: SGR {params:?}"
            );
        }
    }
    assert!(
        !contains(&linux, "\x1b[?1000h"),
        "the console has no xterm mouse"
    );
    let xterm = stream("xterm", &[]);
    assert!(!contains(&xterm, "38;5;"), "named colours as 30-37/90-97");
}

#[test]
fn the_mouse_reports_presses_and_wheel_only_and_no_mouse_leaves_it_to_the_terminal() {
    let bytes = stream("xterm-256color", &[]);
    assert!(contains(&bytes, "\x1b[?1000h") && contains(&bytes, "\x1b[?1006h"));
    for all_motion in ["\x1b[?1002h", "\x1b[?1003h", "\x1b[?1015h"] {
        assert!(!contains(&bytes, all_motion), "{all_motion:?}");
    }
    let bytes = stream("xterm-256color", &["--no-mouse"]);
    assert!(!contains(&bytes, "\x1b[?1000h"), "--no-mouse");
}

#[test]
fn a_long_paste_is_one_edit_kept_whole_and_evaluated() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::spawn(reader(home.path()), 100, 30);
    tui.wait_for("lesson 1/3");
    tui.send(":");
    tui.wait_for(":");
    // 2,005 characters: the sum of a thousand ones.
    let sum = format!("sum([{}])", vec!["1"; 1000].join(","));
    tui.send(&format!("\x1b[200~{sum}\x1b[201~"));
    tui.wait_for("as typed: 1000");
    tui.send("\x1b");
    tui.wait_for("lesson 1/3");
    tui.send("q");
    tui.assert_exits_restored();
}

#[test]
fn a_one_line_scroll_writes_a_few_hundred_bytes() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::spawn(reader(home.path()), 80, 24);
    // The text full width by default at 80 columns (rows move whole, unlike beside the
    // contents pane). A fresh home is welcomed: the first key closes that box, so the
    // line measured is the second.
    tui.wait_for("lesson 1/3");
    tui.send("j");
    let screen = tui.wait_for("lesson 1/3");
    assert!(
        !screen.contains("welcome"),
        "the first key closed it:\n{screen}"
    );
    let before = tui.bytes.len();
    tui.send("j");
    tui.wait_for("lesson 1/3");
    let written = tui.bytes.len() - before;
    assert!(written < 400, "one line scrolled in {written} bytes");
    tui.send("q");
    tui.assert_exits_restored();
}
