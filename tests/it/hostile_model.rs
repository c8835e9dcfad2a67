//! The course's model file and data, when they are not what they claim to be: a FIFO
//! (a plain read would hang beyond every signal) or a link to `/dev/zero` (its size reads
//! as 0, a plain read never ends). Each is refused at once, by name.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::pty::Tui;

/// A copy of the fixture course whose `model/weights.safetensors` is made by `make`.
fn course_with_weights(make: impl FnOnce(&Path)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = crate::common::fixture_dir("course");
    for entry in std::fs::read_dir(&src).expect("fixture") {
        let path = entry.expect("entry").path();
        std::fs::copy(&path, dir.path().join(path.file_name().expect("name"))).expect("copy");
    }
    std::fs::create_dir(dir.path().join("model")).expect("mkdir");
    make(&dir.path().join("model/weights.safetensors"));
    dir
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(ok.success());
}

fn dev_zero(path: &Path) {
    std::os::unix::fs::symlink("/dev/zero", path).expect("symlink");
}

/// `eval EXPR` on the course at `dir`, in a shell whose address space is capped at
/// 1 GiB (a read of `/dev/zero` fails there instead of filling the machine) and killed
/// after 20 s (a hang fails the test instead of stopping the suite).
fn eval(dir: &Path, expr: &str) -> (Output, Duration) {
    let home = tempfile::tempdir().expect("home");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576; exec \"$@\"")
        .arg("sh")
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .arg("--course")
        .arg(dir)
        .args(["eval", expr])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let took = start.elapsed();
    (child.wait_with_output().expect("output"), took)
}

#[test]
fn a_fifo_or_dev_zero_as_the_weights_is_refused_at_once_by_name() {
    for (make, said) in [
        (mkfifo as fn(&Path), "is a FIFO, not a regular file"),
        (dev_zero, "is a device, not a regular file"),
    ] {
        let dir = course_with_weights(make);
        let (out, took) = eval(dir.path(), "tokens(\"a\")");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(took < Duration::from_secs(20), "hung: {err}");
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains("model/weights.safetensors") && err.contains(said),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The scratchpad evaluates as it is typed: a FIFO as the weights must not freeze the
/// reader (before, `q`, `^C` and every signal but KILL did nothing).
#[test]
fn a_fifo_as_the_weights_does_not_freeze_the_reader() {
    let dir = course_with_weights(mkfifo);
    let home = tempfile::tempdir().expect("home");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_attn-course"));
    cmd.arg("--home")
        .arg(home.path())
        .arg("--course")
        .arg(dir.path());
    cmd.env("TERM", "xterm-256color")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("ATTN_COURSE_HOME");
    let mut tui = Tui::spawn(cmd, 100, 30);
    tui.wait_for("lesson 1/3");
    tui.send(":");
    tui.send("tokens(\"a\")");
    // The panel wraps the message; its end is on one line.
    tui.wait_for("regular file at 1:1");
    tui.send("\x1b");
    // The pane has closed (its rows show the text again): `q` is not read with the Esc.
    tui.wait_for("3. mix");
    tui.send("q");
    tui.assert_exits_restored();
}
