//! The reader over a real SSH connection: runs `tests/ssh_e2e.sh` (which says what it
//! does) on the binary cargo built. It skips, printing why, only when sshd, ssh or tmux
//! is not installed, and under `CI=true` that fails instead (`.ci/run` installs them).

use crate::common;

#[test]
fn a_dropped_ssh_connection_loses_neither_the_place_nor_the_answer() {
    common::run_script("ssh_e2e.sh", &[]);
}
