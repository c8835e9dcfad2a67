//! The real binary in a pseudo-terminal: keys in, screen out (rebuilt with vt100, never
//! matched on the raw byte stream, since ratatui sends only the changed cells). Every
//! byte the program wrote is kept too, for the tests that judge the stream itself
//! (7-bit output, no colour codes).
//!
//! Shared by the pty test modules.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

pub use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::session::OsSession;
use expectrl::{Expect, Session};

/// Generous: the machine may be busy building; a pass takes a fraction of a second.
pub const PATIENCE: Duration = Duration::from_secs(20);
/// No output for this long means the frame is complete.
const QUIET: Duration = Duration::from_millis(300);

pub struct Tui {
    pub session: OsSession,
    pub screen: vt100::Parser,
    /// Everything the program wrote, in order.
    pub bytes: Vec<u8>,
    pub cols: u16,
    pub rows: u16,
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a terminal has at least one row and column")
}

/// The small course under `tests/fixtures/course` (the real lessons change as they are
/// written).
pub fn fixture() -> PathBuf {
    crate::common::fixture_dir("course")
}

/// The reader on the fixture course with progress under `home`, in a UTF-8 xterm.
pub fn reader(home: &Path) -> Command {
    let mut cmd = reader_without_home();
    cmd.arg("--home").arg(home);
    cmd
}

/// The reader on the fixture course, its home left to the environment.
pub fn reader_without_home() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attn-course"));
    cmd.arg("--course").arg(fixture());
    cmd.env("TERM", "xterm-256color")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("NO_COLOR")
        .env_remove("ATTN_COURSE_HOME");
    cmd
}

/// A command-line run of the binary on the fixture course (`progress show`, `list`).
pub fn cli(home: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .arg("--course")
        .arg(fixture())
        .args(args)
        .output()
        .expect("run attn-course");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

impl Tui {
    /// The fixture course at 100x30.
    pub fn start(home: &Path) -> Tui {
        Tui::spawn(reader(home), 100, 30)
    }

    pub fn spawn(cmd: Command, cols: u16, rows: u16) -> Tui {
        let mut session = Session::spawn(cmd).expect("spawn attn-course");
        session
            .get_process_mut()
            .set_window_size(cols, rows)
            .expect("window size");
        let mut tui = Tui {
            session,
            screen: vt100::Parser::new(nonzero(rows), nonzero(cols), 0),
            bytes: Vec::new(),
            cols,
            rows,
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
        let (cols, rows) = (self.cols, self.rows);
        let process = self.session.get_process_mut();
        process
            .set_window_size(cols - 1, rows)
            .expect("window size");
        std::thread::sleep(QUIET);
        let process = self.session.get_process_mut();
        process.set_window_size(cols, rows).expect("window size");
    }

    /// Feeds what the program wrote so far to the screen; false when nothing came.
    pub fn pump(&mut self) -> bool {
        let mut buf = [0u8; 8192];
        match self.session.try_read(&mut buf) {
            Ok(n) if n > 0 => {
                self.screen.process(&buf[..n]);
                self.bytes.extend_from_slice(&buf[..n]);
                true
            }
            _ => false,
        }
    }

    pub fn text(&self) -> String {
        self.screen.screen().contents()
    }

    /// Waits until `needle` is on the screen and the output has settled.
    pub fn wait_for(&mut self, needle: &str) -> String {
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

    pub fn send(&mut self, keys: &str) {
        self.session.send(keys).expect("send keys");
    }

    pub fn signal(&mut self, signal: Signal) {
        self.session
            .get_process_mut()
            .signal(signal)
            .expect("send a signal");
    }

    /// Waits for the process to end, reading its last output (the terminal restore).
    pub fn exit_status(&mut self) -> WaitStatus {
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

    /// Waits for a clean exit and checks the terminal is as the shell needs it: the
    /// main screen back, the cursor shown, mouse reporting off. (Raw mode is the tty's state, which the
    /// vt100 parser cannot see; the pty tests judge it by the same guard that leaves the
    /// alternate screen.)
    pub fn assert_exits_restored(&mut self) {
        let status = self.exit_status();
        assert!(
            matches!(status, WaitStatus::Exited(_, 0)),
            "exit status {status:?}; screen:\n{}",
            self.text()
        );
        self.assert_restored();
    }

    pub fn assert_restored(&self) {
        let screen = self.screen.screen();
        assert!(!screen.alternate_screen(), "the alternate screen was left");
        assert!(!screen.hide_cursor(), "the cursor is shown again");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse reporting is off again"
        );
    }

    /// The screen without its status bar (which shows messages), lines right-trimmed
    /// (a cell cleared to a space and a cell never written look the same).
    pub fn page(&self) -> Vec<String> {
        let text = self.text();
        text.lines()
            .take(usize::from(self.rows) - 1)
            .map(|l| l.trim_end().to_string())
            .collect()
    }

    /// The bottom row: the status bar.
    pub fn status(&self) -> String {
        let screen = self.screen.screen();
        screen
            .rows(0, self.cols)
            .nth(usize::from(self.rows) - 1)
            .unwrap_or_default()
    }
}

/// Goes to problem 1.1 and works its answer out in the scratchpad from the score its card
/// shows (the card names no symbol, so the learner types the number they see), leaving the
/// answer prompt open with the right value in it.
pub fn right_answer_in_the_prompt(tui: &mut Tui) {
    tui.send("p");
    let screen = tui.wait_for("problem 1.1: Enter answers");
    let score = shown_score(&screen);
    tui.send(":");
    tui.wait_for("scratchpad");
    let line = format!("softmax([{score}, 0])[0]");
    tui.send(&format!("{line}\r"));
    tui.wait_for(&format!("› {line}"));
    tui.send("\t");
    tui.wait_for("answer 1.1: 0.");
}

/// The first score of the fixture's problem 1.1 as its card prints it: "scores [3, 0]".
fn shown_score(screen: &str) -> &str {
    let after = screen
        .split_once("scores [")
        .unwrap_or_else(|| panic!("problem 1.1's card is not on the screen:\n{screen}"))
        .1;
    after.split_once(',').expect("a score list").0
}
