//! Helpers shared by the tests that drive the reader with synthetic keys: fixture
//! courses, key presses through the real keymap, and a drawn frame.
//!
//! A key the current mode does not bind fails the test with the key's name: a test that
//! presses a key expects it to do something, and a silently ignored key hides a mistake
//! (a wrong mode, a binding that moved). Each test module uses a part of this one.

use std::path::{Path, PathBuf};
use std::process::Command;

use attn_course::app::keymap::action_for;
use attn_course::app::{Action, App};
use attn_course::content::Course;
use attn_course::progress::{Changes, Progress, Saver};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The fixture `name` (`tests/fixtures/<name>`): a course directory or a file.
pub fn fixture_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// What `attn-course check` finds in the course at `dir` (the bundled one for `None`)
/// with `seeds` draws of each problem, one `file:line: message` each.
pub fn findings(dir: Option<&Path>, seeds: u32) -> Vec<String> {
    let course = Course::load(dir).expect("course loads");
    let (findings, _) = attn_course::check::check(&course, seeds);
    findings.iter().map(ToString::to_string).collect()
}

/// The fixture course `name`, loaded.
pub fn course(name: &str) -> Course {
    Course::load(Some(&fixture_dir(name))).expect("fixture course loads")
}

/// Presses `code` with `modifiers` through the keymap of the app's current mode.
/// Panics if the mode binds no action to the key (the reader would only say so in the
/// status bar).
pub fn key(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    let event = KeyEvent::new(code, modifiers);
    match action_for(app.mode(), event) {
        Some(action) if !matches!(action, Action::Unbound(..)) => app.update(action),
        _ => panic!(
            "key {} is not bound in mode {:?}",
            describe(code, modifiers),
            app.mode()
        ),
    }
}

/// Presses `code` as a terminal sends it: Shift with an upper-case letter, else alone.
pub fn press(app: &mut App, code: KeyCode) {
    let modifiers = match code {
        KeyCode::Char(c) if c.is_uppercase() => KeyModifiers::SHIFT,
        _ => KeyModifiers::NONE,
    };
    key(app, code, modifiers);
}

/// Types `text`, one key per character.
pub fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// The record as the app hands it to the store to save (its place stamped with the
/// app's clock); the save need is cleared as a save clears it.
pub fn saved_record(app: &mut App) -> Progress {
    /// A save that keeps a copy of the record and changes nothing.
    struct Copy;
    impl Saver for Copy {
        type Saved = Progress;
        type Error = std::convert::Infallible;
        fn save(&mut self, record: &mut Progress) -> Result<(Progress, Changes), Self::Error> {
            Ok((record.clone(), Changes::default()))
        }
    }
    let Ok(saved) = app.save_to(&mut Copy);
    saved
}

/// The app drawn into a terminal of its size.
pub fn frame(app: &App) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size().0, app.size().1)).unwrap();
    terminal.draw(|f| attn_course::ui::draw(app, f)).unwrap();
    terminal
}

fn describe(code: KeyCode, modifiers: KeyModifiers) -> String {
    if modifiers.is_empty() {
        format!("{code}")
    } else {
        format!("{modifiers}+{code}")
    }
}

/// A test that cannot run because a tool (NumPy, sshd, tmux) or a privilege (root) is
/// missing: under `CI=true`
/// that fails the test, since CI installs every tool (`.ci/run`) and a skip there would
/// pass without checking anything; elsewhere the test prints why it did not run.
pub fn missing_tool(reason: &str) {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{reason}; under CI=true a missing tool is a failure (.ci/run installs it)");
    }
    println!("skipped: {reason}");
}

/// The exit status of a test script for "cannot run here" (as automake's test drivers
/// use it).
const SKIPPED: i32 = 77;

/// Runs the test script `tests/NAME` (which says what it checks) with bash on the binary
/// cargo built, then `args`: its standard output when it passed; `None`, after
/// [`missing_tool`], when it said it cannot run here (exit 77, the reason on stdout);
/// a panic with both its outputs when it failed.
pub fn run_script(name: &str, args: &[&str]) -> Option<String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name);
    let out = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .args(args)
        .output()
        .expect("run bash");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    match out.status.code() {
        Some(0) => Some(stdout),
        Some(SKIPPED) => {
            missing_tool(stdout.trim());
            None
        }
        _ => panic!(
            "{name} {}:\n{stdout}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}
