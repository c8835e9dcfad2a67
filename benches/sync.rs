//! What `attn-course sync` adds to ssh's own connection time, for a 1 MB record over
//! localhost (issue 32; limit under 0.5 s): runs `benches/sync.sh` (which says how) on
//! the binary cargo built for the bench and prints its table.
//!
//! `cargo bench --bench sync` (sshd and ssh must be installed:
//! `apt-get install openssh-server openssh-client`).

use std::path::Path;
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/sync.sh");
    let status = Command::new("bash")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .status()
        .expect("run bash");
    if status.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
