use std::process::ExitCode;

use clap::FromArgMatches as _;

fn main() -> ExitCode {
    restore_default_sigpipe();
    let matches = attn_course::cli::command().get_matches();
    let cli = attn_course::cli::Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    attn_course::commands::run(cli)
}

/// Rust ignores SIGPIPE, so `attn-course read 1 | head` would panic in `println!` once
/// `head` exits. A command-line tool should end quietly instead, as `cat` does.
fn restore_default_sigpipe() {
    // SAFETY: called first thing in `main`, before any other thread exists; resetting a
    // signal's disposition to its default has no other effect on this process.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
