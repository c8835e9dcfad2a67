//! The real binary in a pseudo-terminal: keys in, screen out (rebuilt with vt100, never
//! matched on the raw byte stream, since ratatui sends only the changed cells).
//!
//! The resume tests go through the progress store on disk, so they check the whole
//! chain: the app's place → `Store::save` → the file → `Store::open` → the same place.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::session::OsSession;
use expectrl::{Expect, Session};

const COLS: u16 = 100;
const ROWS: u16 = 30;
/// Generous: the machine may be busy building; a pass takes a fraction of a second.
const PATIENCE: Duration = Duration::from_secs(20);
/// No output for this long means the frame is complete.
const QUIET: Duration = Duration::from_millis(300);

struct Tui {
    session: OsSession,
    screen: vt100::Parser,
}

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course")
}

impl Tui {
    fn start(home: &Path) -> Tui {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_attn-course"));
        cmd.arg("--home").arg(home).arg("--course").arg(fixture());
        cmd.env("TERM", "xterm-256color")
            .env("LANG", "C.UTF-8")
            .env_remove("LC_ALL");
        let mut session = Session::spawn(cmd).expect("spawn attn-course");
        session
            .get_process_mut()
            .set_window_size(COLS, ROWS)
            .expect("window size");
        let rows = std::num::NonZeroU16::new(ROWS).expect("rows");
        let cols = std::num::NonZeroU16::new(COLS).expect("cols");
        let mut tui = Tui {
            session,
            screen: vt100::Parser::new(rows, cols, 0),
        };
        tui.settle_size();
        tui
    }

    /// The window size is set just after the spawn, which can race the program's own
    /// look at its size (and its SIGWINCH handler, not yet installed). Once the first
    /// frame is out, change the size and change it back: the two resizes reach a
    /// running reader, which then draws at the size the test reads the screen at.
    fn settle_size(&mut self) {
        let start = Instant::now();
        while !self.pump() {
            assert!(start.elapsed() < PATIENCE, "no output at all");
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(QUIET);
        let process = self.session.get_process_mut();
        process
            .set_window_size(COLS - 1, ROWS)
            .expect("window size");
        std::thread::sleep(QUIET);
        let process = self.session.get_process_mut();
        process.set_window_size(COLS, ROWS).expect("window size");
    }

    /// Feeds what the program wrote so far to the screen; false when nothing came.
    fn pump(&mut self) -> bool {
        let mut buf = [0u8; 8192];
        match self.session.try_read(&mut buf) {
            Ok(n) if n > 0 => {
                self.screen.process(&buf[..n]);
                true
            }
            _ => false,
        }
    }

    fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Waits until `needle` is on the screen and the output has settled.
    fn wait_for(&mut self, needle: &str) -> String {
        let start = Instant::now();
        let mut last_output = Instant::now();
        loop {
            if self.pump() {
                last_output = Instant::now();
            } else {
                std::thread::sleep(Duration::from_millis(10));
            }
            if self.text().contains(needle) && last_output.elapsed() >= QUIET {
                return self.text();
            }
            assert!(
                start.elapsed() < PATIENCE,
                "never saw {needle:?}; screen:\n{}",
                self.text()
            );
        }
    }

    fn send(&mut self, keys: &str) {
        self.session.send(keys).expect("send keys");
    }

    /// Waits for the process to end, reading its last output (the terminal restore).
    fn exit_status(&mut self) -> WaitStatus {
        let start = Instant::now();
        loop {
            self.pump();
            match self.session.get_process().status() {
                Ok(WaitStatus::StillAlive) => std::thread::sleep(Duration::from_millis(10)),
                Ok(status) => {
                    while self.pump() {}
                    return status;
                }
                Err(err) => panic!("waiting for attn-course: {err}"),
            }
            assert!(
                start.elapsed() < PATIENCE,
                "did not exit; screen:\n{}",
                self.text()
            );
        }
    }

    /// The screen without its status bar (which shows messages), lines right-trimmed
    /// (a cell cleared to a space and a cell never written look the same).
    fn page(&self) -> Vec<String> {
        let text = self.text();
        text.lines()
            .take(usize::from(ROWS) - 1)
            .map(|l| l.trim_end().to_string())
            .collect()
    }
}

fn exited_ok(status: WaitStatus) -> bool {
    matches!(status, WaitStatus::Exited(_, 0))
}

#[test]
fn opens_navigates_and_quits_restoring_the_terminal() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    let screen = tui.wait_for("lesson 1/3");
    assert!(screen.contains("Every Block of d"), "{screen}");
    assert!(
        tui.screen.screen().alternate_screen(),
        "the reader uses the alternate screen"
    );
    tui.send("]");
    tui.wait_for("lesson 2/3");
    tui.send("?");
    tui.wait_for("other key");
    tui.send("x");
    tui.send("/softmax\r");
    tui.wait_for("for \"softmax\"");
    tui.send("q");
    assert!(exited_ok(tui.exit_status()));
    assert!(
        !tui.screen.screen().alternate_screen(),
        "the alternate screen is left on quit"
    );
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
    assert!(exited_ok(tui.exit_status()));

    let mut again = Tui::start(home.path());
    again.wait_for("lesson 1/3 · 1.2");
    assert_eq!(
        again.page(),
        before,
        "the restarted reader shows the same page"
    );
    again.send("q");
    assert!(exited_ok(again.exit_status()));
}

#[test]
fn a_hangup_saves_the_place_and_exits() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    tui.send("]]");
    tui.wait_for("lesson 3/3");
    let before = tui.page();
    tui.session
        .get_process_mut()
        .signal(Signal::SIGHUP)
        .expect("send SIGHUP");
    assert!(exited_ok(tui.exit_status()));

    let mut again = Tui::start(home.path());
    again.wait_for("lesson 3/3");
    assert_eq!(again.page(), before);
    again.send("q");
    assert!(exited_ok(again.exit_status()));
}

/// A learner's whole problem flow in the real binary: go to the problem, work the answer
/// out in the scratchpad with the problem's own `a`, send it to the answer, submit; the
/// solved problem is on disk, as `list` shows after quitting.
#[test]
fn a_problem_solved_through_the_scratchpad_is_recorded() {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    tui.send("p");
    tui.wait_for("problem 1.1: Enter answers");
    tui.send(":");
    tui.wait_for("bound a from problem 1.1");
    tui.send("softmax([a, 0])[0]\r");
    tui.wait_for("› softmax([a, 0])[0]");
    tui.send("\t");
    tui.wait_for("answer 1.1: 0.");
    tui.send("\r");
    let screen = tui.wait_for("Right: ");
    assert!(screen.contains("problem 1.1: solved"), "{screen}");
    tui.send("q");
    assert!(exited_ok(tui.exit_status()));

    let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .arg("--course")
        .arg(fixture())
        .arg("list")
        .output()
        .expect("run list");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().next().unwrap_or("").ends_with("(1/1 solved)"),
        "{text}"
    );
}
