//! Sync over real SSH between three homes, with kills: runs `tests/sync_e2e.sh` (which
//! says what it does) on the binary cargo built. It skips, printing why, only when sshd
//! or ssh is not installed, and under `CI=true` that fails instead (`.ci/run` installs
//! them).

use std::path::Path;
use std::process::Command;

use crate::common;

/// The script's exit status for "cannot run here" (as automake's test drivers use it).
const SKIPPED: i32 = 77;

#[test]
fn three_homes_synced_over_ssh_with_kills_end_as_one_record_losing_nothing() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sync_e2e.sh");
    let out = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .output()
        .expect("run bash");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => {
            assert!(stdout.contains("lost=0"), "{stdout}");
            println!("{}", stdout.trim());
        }
        Some(SKIPPED) => common::missing_tool(stdout.trim()),
        _ => panic!("{}:\n{stdout}\n{stderr}", out.status),
    }
}
