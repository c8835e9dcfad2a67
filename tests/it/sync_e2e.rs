//! Sync over real SSH between three homes, with kills: runs `tests/sync_e2e.sh` (which
//! says what it does) on the binary cargo built. It skips, printing why, only when sshd
//! or ssh is not installed, and under `CI=true` that fails instead (`.ci/run` installs
//! them).

use crate::common;

#[test]
fn three_homes_synced_over_ssh_with_kills_end_as_one_record_losing_nothing() {
    if let Some(stdout) = common::run_script("sync_e2e.sh", &[]) {
        assert!(stdout.contains("lost=0"), "{stdout}");
        println!("{}", stdout.trim());
    }
}
