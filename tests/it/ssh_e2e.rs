//! The reader over a real SSH connection: runs `tests/ssh_e2e.sh` (which says what it
//! does) on the binary cargo built. It skips, printing why, only when sshd, ssh or tmux
//! is not installed, and under `CI=true` that fails instead (`.ci/run` installs them).

use std::path::Path;
use std::process::Command;

use crate::common;

/// The script's exit status for "cannot run here" (as automake's test drivers use it).
const SKIPPED: i32 = 77;

#[test]
fn a_dropped_ssh_connection_loses_neither_the_place_nor_the_answer() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ssh_e2e.sh");
    let out = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .output()
        .expect("run bash");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => {}
        Some(SKIPPED) => common::missing_tool(stdout.trim()),
        _ => panic!("{}:\n{stdout}\n{stderr}", out.status),
    }
}
