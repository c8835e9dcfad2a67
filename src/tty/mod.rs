//! The terminal itself: what it can do (`caps`), putting it in the reader's mode and back
//! (`mode`), what the reader waits for (`events`), and writing frames to it (`probe`,
//! `paint`, `scroll`). The event loop in `tui` ties them together.

pub mod caps;
pub mod events;
pub mod mode;
pub mod paint;
pub mod probe;
pub mod scroll;

/// Fails with one line naming `attn-course read N` unless standard input and output are
/// a terminal (`attn-course < /dev/null`, `ssh host attn-course` without `-t`).
pub fn require_terminal() -> anyhow::Result<()> {
    // SAFETY: isatty only inspects the descriptor.
    let tty = |fd| unsafe { libc::isatty(fd) } == 1;
    if tty(0) && tty(1) {
        Ok(())
    } else {
        anyhow::bail!(
            "the reader needs a terminal (standard input and output are not one); \
             to print a lesson instead, use `attn-course read N`"
        )
    }
}
