//! Faults injected into the real reader in a pseudo-terminal (issue 8): signals while
//! reading, with the answer prompt open and in the middle of a save; a disk that refuses
//! writes; no home at all; a progress path that is a folder. Each test checks what the
//! learner keeps (through `progress show` or the file) and that the terminal is given
//! back: main screen, cursor shown.

use crate::pty;

use std::fs::{self, File};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::time::{Duration, Instant};

use pty::{PATIENCE, Signal, Tui, WaitStatus, cli, reader, reader_without_home};

fn hang_up_while_reading(signal: Signal) {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    tui.send("]]");
    tui.wait_for("lesson 3/3");
    tui.send("jj");
    tui.wait_for("lesson 3/3");
    let before = tui.page();
    tui.signal(signal);
    tui.assert_exits_restored();

    let mut again = Tui::start(home.path());
    again.wait_for("lesson 3/3");
    assert_eq!(
        again.page(),
        before,
        "back at the same place after {signal:?}"
    );
    again.send("q");
    again.assert_exits_restored();
}

#[test]
fn sighup_while_reading_keeps_the_place_and_gives_the_terminal_back() {
    hang_up_while_reading(Signal::SIGHUP);
}

#[test]
fn sigterm_while_reading_keeps_the_place_and_gives_the_terminal_back() {
    hang_up_while_reading(Signal::SIGTERM);
}

/// An attempt submitted before the drop is kept; the half-typed one is not an action.
fn hang_up_with_the_answer_prompt_open(signal: Signal) {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    tui.send("p");
    tui.wait_for("problem 1.1: Enter answers");
    tui.send("\r");
    tui.wait_for("answer 1.1: ");
    tui.send("0.1\r");
    tui.wait_for("Not right: your value is 0.1");
    tui.send("\r");
    tui.wait_for("answer 1.1: ");
    tui.send("0.7");
    tui.wait_for("answer 1.1: 0.7");
    tui.signal(signal);
    tui.assert_exits_restored();

    let shown = cli(home.path(), &["progress", "show"]);
    assert!(
        shown.contains("1.1 two-token-weights  1 attempt\n"),
        "{shown}"
    );
    assert!(shown.contains("  wrong  0.1\n"), "{shown}");
    assert!(!shown.contains("0.7"), "{shown}");
    assert!(shown.contains("reading: blocks, block "), "{shown}");
}

#[test]
fn sighup_with_the_answer_prompt_open_keeps_every_submitted_attempt() {
    hang_up_with_the_answer_prompt_open(Signal::SIGHUP);
}

#[test]
fn sigterm_with_the_answer_prompt_open_keeps_every_submitted_attempt() {
    hang_up_with_the_answer_prompt_open(Signal::SIGTERM);
}

/// True once the process has the lock file open: it is inside a save, waiting for the
/// lock (at open the file is opened and closed again before the first frame).
fn holds_lock_file_open(pid: i32) -> bool {
    let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    fds.flatten()
        .any(|fd| fs::read_link(fd.path()).is_ok_and(|target| target.ends_with("progress.lock")))
}

/// The save after a right answer is held at its lock (another instance saving); the
/// signal arrives then. The save completes, the reader exits, the answer is on disk.
fn hang_up_in_the_middle_of_a_save(signal: Signal) {
    let home = tempfile::tempdir().unwrap();
    let mut tui = Tui::start(home.path());
    tui.wait_for("lesson 1/3");
    pty::right_answer_in_the_prompt(&mut tui);

    let other = File::options()
        .write(true)
        .open(home.path().join("progress.lock"))
        .expect("the reader made the lock file at open");
    other
        .lock()
        .expect("take the lock as another instance would");
    tui.send("\r");
    let pid = tui.session.get_process().pid().as_raw();
    let start = Instant::now();
    while !holds_lock_file_open(pid) {
        assert!(
            start.elapsed() < PATIENCE,
            "the reader never started saving"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    tui.signal(signal);
    other.unlock().expect("release the lock");
    tui.assert_exits_restored();

    let shown = cli(home.path(), &["progress", "show"]);
    assert!(
        shown.contains("1.1 two-token-weights  solved, 1 attempt\n"),
        "{shown}"
    );
}

#[test]
fn sighup_in_the_middle_of_a_save_lets_it_finish_and_then_exits() {
    hang_up_in_the_middle_of_a_save(Signal::SIGHUP);
}

#[test]
fn sigterm_in_the_middle_of_a_save_lets_it_finish_and_then_exits() {
    hang_up_in_the_middle_of_a_save(Signal::SIGTERM);
}

/// Sets the largest file process `pid` may write (`None`: no limit). A write beyond it
/// fails with EFBIG, as a full disk fails with ENOSPC: the stand-in for a full disk that
/// needs no mount.
fn limit_file_size(pid: i32, bytes: Option<u64>) {
    let value = bytes.unwrap_or(libc::RLIM_INFINITY);
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: a valid rlimit for a resource of a process of ours; the old value is not
    // asked for (null).
    let done = unsafe { libc::prlimit(pid, libc::RLIMIT_FSIZE, &limit, std::ptr::null_mut()) };
    assert_eq!(done, 0, "prlimit: {}", std::io::Error::last_os_error());
}

fn temp_files(home: &Path) -> Vec<String> {
    fs::read_dir(home)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".tmp"))
        .collect()
}

#[test]
fn a_refused_write_shows_in_the_status_bar_keeps_the_old_file_and_is_retried() {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = reader(home.path());
    // SAFETY: only async-signal-safe calls between fork and exec. A write over the size
    // limit would otherwise kill the reader with SIGXFSZ instead of failing.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut tui = Tui::spawn(cmd, 100, 30);
    tui.wait_for("lesson 1/3");
    let file = home.path().join("progress.toml");
    let old = fs::read(&file).expect("the first start wrote the record");
    let pid = tui.session.get_process().pid().as_raw();
    limit_file_size(pid, Some(0));

    tui.send("]");
    tui.wait_for("lesson 2/3");
    let status = tui.wait_for("will retry");
    assert!(
        tui.status().contains("progress not saved: File too large"),
        "{status}"
    );
    assert_eq!(fs::read(&file).unwrap(), old, "the old file is intact");
    assert_eq!(temp_files(home.path()), Vec::<String>::new());

    tui.send("]");
    tui.wait_for("lesson 3/3");
    limit_file_size(pid, None);
    tui.send("[");
    tui.wait_for("lesson 2/3");
    let shown = cli(home.path(), &["progress", "show"]);
    assert!(shown.contains("reading: plain, block 0"), "{shown}");
    assert!(!tui.status().contains("not saved"), "{}", tui.status());
    tui.send("q");
    tui.assert_exits_restored();
}

#[test]
fn with_home_unset_the_data_folder_is_used() {
    let data = tempfile::tempdir().unwrap();
    let mut cmd = reader_without_home();
    cmd.env_remove("HOME").env("XDG_DATA_HOME", data.path());
    let mut tui = Tui::spawn(cmd, 80, 24);
    tui.wait_for("lesson 1/3");
    assert!(
        tui.status().ends_with("? help "),
        "no warning: {}",
        tui.status()
    );
    tui.send("]q");
    tui.assert_exits_restored();
    let file = data.path().join("attn-course/progress.toml");
    let text = fs::read_to_string(&file).expect("progress kept in the data folder");
    assert!(text.contains("lesson = \"plain\""), "{text}");
}

/// A user with `HOME` unset and no passwd entry (a bare container) has no home at all:
/// the course opens with a warning and is read; quitting says the progress was not
/// kept. Needs root to run as such a user.
#[test]
fn with_no_home_at_all_the_course_opens_with_a_warning() {
    // SAFETY: getuid has no preconditions.
    if unsafe { libc::getuid() } != 0 {
        eprintln!("skipped: only root can run the reader as a user without a home");
        return;
    }
    let mut cmd = reader_without_home();
    cmd.env_remove("HOME")
        .env_remove("XDG_DATA_HOME")
        .uid(54_321)
        .gid(54_321);
    let mut tui = Tui::spawn(cmd, 100, 30);
    tui.wait_for("progress will not be kept: no home directory found");
    tui.send("]");
    // Each save says it failed, in place of the lesson number.
    tui.wait_for("Plain Prose");
    assert!(
        tui.status().contains("progress not saved: no home"),
        "{}",
        tui.status()
    );
    quits_saying_not_saved(
        &mut tui,
        "attn-course: could not save progress to (nowhere)",
    );
}

/// Quits a reader that could not save: exit status 2, the terminal given back and the
/// failure (starting `said`) on the main screen where the learner reads it.
fn quits_saying_not_saved(tui: &mut Tui, said: &str) {
    tui.send("q");
    let status = tui.exit_status();
    assert!(matches!(status, WaitStatus::Exited(_, 2)), "{status:?}");
    tui.assert_restored();
    let after = tui.text();
    assert!(after.contains(said), "{after}");
}

#[test]
fn a_progress_path_that_is_a_folder_opens_with_a_warning_and_is_not_touched() {
    let home = tempfile::tempdir().unwrap();
    let folder = home.path().join("progress.toml");
    fs::create_dir(&folder).unwrap();
    fs::write(folder.join("inside"), "x").unwrap();
    let mut tui = Tui::spawn(reader(home.path()), 100, 30);
    tui.wait_for("progress will not be kept: cannot read ");
    tui.send("]");
    tui.wait_for("Plain Prose");
    quits_saying_not_saved(&mut tui, "attn-course: could not save progress to ");
    assert_eq!(fs::read(folder.join("inside")).unwrap(), b"x");
}

/// Two sessions on one home (two SSH logins): each solves a different problem and both
/// quit; neither loses what the other recorded.
#[test]
fn two_readers_on_one_home_keep_both_solved_problems() {
    let home = tempfile::tempdir().unwrap();
    let mut first = Tui::start(home.path());
    first.wait_for("lesson 1/3");
    let mut second = Tui::start(home.path());
    second.wait_for("lesson 1/3");

    pty::right_answer_in_the_prompt(&mut first);
    first.send("\r");
    first.wait_for("Right: ");
    second.send("]");
    second.wait_for("lesson 2/3");
    second.send("p");
    second.wait_for("problem 2.1");
    second.send("\r");
    second.wait_for("answer 2.1: ");
    second.send("16\r");
    second.wait_for("Right: ");

    first.send("q");
    first.assert_exits_restored();
    second.send("q");
    second.assert_exits_restored();
    let shown = cli(home.path(), &["progress", "show"]);
    assert!(
        shown.contains("1.1 two-token-weights  solved, 1 attempt\n"),
        "{shown}"
    );
    assert!(
        shown.contains("2.1 plain-problem  solved, 1 attempt\n"),
        "{shown}"
    );
}
