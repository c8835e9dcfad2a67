//! `--sync-on-quit HOST` (or `ATTN_COURSE_SYNC_ON_QUIT`) in a pseudo-terminal: once the
//! reader has quit and the terminal is restored, one sync with HOST, said in one line;
//! a HOST that stalls costs a moment, not the quit. `ATTN_COURSE_SSH` names a stand-in
//! for ssh that runs the remote command here (as `sync_cli.rs` does), so a home stands
//! for the other machine.

use std::fs;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::pty::{self, Tui};

const BIN: &str = env!("CARGO_BIN_EXE_attn-course");

/// An executable script `name` in `dir`, returned as its path.
fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, format!("#!/bin/sh\n{body}")).expect("write script");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// An answer to problem 1.1 recorded in `home` by the command line.
fn answer(home: &Path, input: &str) {
    pty::cli(home, &["answer", "1.1", input]);
}

fn inputs(home: &Path) -> String {
    fs::read_to_string(home.join("progress.toml")).expect("read record")
}

/// What the program wrote after it left the alternate screen (the shell's screen).
fn after_restore(tui: &Tui) -> String {
    let bytes = String::from_utf8_lossy(&tui.bytes).into_owned();
    let leave = "\u{1b}[?1049l";
    bytes
        .rsplit_once(leave)
        .map(|(_, after)| after.to_string())
        .unwrap_or_default()
}

#[test]
fn quitting_the_reader_syncs_with_the_host_and_says_what_moved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (here, lab) = (dir.path().join("here"), dir.path().join("lab"));
    answer(&here, "1001");
    fs::create_dir_all(&lab).expect("mkdir");
    fs::copy(here.join("progress.toml"), lab.join("progress.toml")).expect("copy");
    answer(&lab, "2002");
    let ssh = script(dir.path(), "fake-ssh", "shift\nexec sh -c \"$1\"\n");
    let mut cmd = pty::reader(&here);
    cmd.args(["--sync-on-quit", "me@lab"])
        .env("ATTN_COURSE_SSH", &ssh)
        .env(
            "ATTN_COURSE_REMOTE_COMMAND",
            format!("{BIN} --home {}", lab.display()),
        );
    let mut tui = Tui::spawn(cmd, 100, 30);
    tui.wait_for("lesson 1/3");
    tui.send("q");
    tui.assert_exits_restored();
    let said = after_restore(&tui);
    assert!(said.contains("from lab: 1 attempt"), "{said:?}");
    for home in [&here, &lab] {
        let record = inputs(home);
        assert!(
            record.contains("\"1001\"") && record.contains("\"2002\""),
            "{record}"
        );
    }
}

#[test]
fn a_host_that_stalls_costs_the_quit_a_moment_and_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let here = dir.path().join("here");
    answer(&here, "1001");
    let before = inputs(&here);
    let ssh = script(dir.path(), "stalled-ssh", "exec sleep 60\n");
    let mut cmd = pty::reader(&here);
    cmd.env("ATTN_COURSE_SYNC_ON_QUIT", "lab")
        .env("ATTN_COURSE_SSH", &ssh);
    let mut tui = Tui::spawn(cmd, 100, 30);
    tui.wait_for("lesson 1/3");
    let quit = Instant::now();
    tui.send("q");
    tui.assert_exits_restored();
    // The bound is 5 s (`ON_QUIT`); the slack is for a busy machine. A hang is 60 s.
    assert!(
        quit.elapsed() < Duration::from_secs(15),
        "{:?}",
        quit.elapsed()
    );
    let said = after_restore(&tui);
    assert!(said.contains("the sync on quit failed"), "{said:?}");
    assert!(said.contains("timed out"), "{said:?}");
    assert!(inputs(&here).contains("\"1001\""), "{before}");
}
