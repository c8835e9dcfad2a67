//! Putting the terminal into the reader's mode and back: raw input, the alternate screen,
//! mouse reporting (presses and the wheel only: `?1000h` in SGR form `?1006h`, never the
//! all-motion `?1003h` that sends every mouse move over SSH) and bracketed paste.
//!
//! The terminal is restored on quit (a guard's `Drop`), on a panic (a hook that restores
//! it before the message prints), on every terminating signal (the event loop stops and
//! drops the guard) and before the process stops on Ctrl-Z; `resume` re-enters it after
//! `fg`.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::crossterm::terminal::{disable_raw_mode, enable_raw_mode};

use super::caps::Caps;

/// What to switch on besides raw mode and the alternate screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Features {
    pub mouse: bool,
    pub paste: bool,
}

impl Features {
    /// What the terminal has, less the mouse when the learner turned it off.
    pub fn new(caps: &Caps, mouse_wanted: bool) -> Features {
        Features {
            mouse: caps.mouse && mouse_wanted,
            paste: caps.paste,
        }
    }

    fn enter_bytes(self) -> Vec<u8> {
        let mut out = b"\x1b[?1049h".to_vec();
        if self.mouse {
            out.extend_from_slice(b"\x1b[?1000h\x1b[?1006h");
        }
        if self.paste {
            out.extend_from_slice(b"\x1b[?2004h");
        }
        out
    }

    fn leave_bytes(self) -> Vec<u8> {
        let mut out = Vec::new();
        if self.paste {
            out.extend_from_slice(b"\x1b[?2004l");
        }
        if self.mouse {
            out.extend_from_slice(b"\x1b[?1006l\x1b[?1000l");
        }
        out.extend_from_slice(b"\x1b[m\x1b[?1049l\x1b[?25h");
        out
    }
}

/// True while the terminal is in the reader's mode. Restoring twice (the panic hook,
/// then the guard) would leave the alternate screen twice, which puts the cursor back
/// where the reader started, over the panic message.
static ENTERED: AtomicBool = AtomicBool::new(false);

/// The features in force, for the panic hook (which has no guard to ask).
static FEATURES: std::sync::Mutex<Option<Features>> = std::sync::Mutex::new(None);

/// The terminal in the reader's mode, restored when dropped.
pub struct Guard {
    features: Features,
}

impl Guard {
    /// Enters the reader's mode. `note` is printed after a panic's own message.
    pub fn enter(features: Features, note: String) -> io::Result<Guard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
            eprintln!("{note}");
        }));
        *FEATURES.lock().unwrap_or_else(|e| e.into_inner()) = Some(features);
        let guard = Guard { features };
        guard.resume()?;
        Ok(guard)
    }

    /// Leaves the reader's mode so the process can stop (Ctrl-Z).
    pub fn suspend(&self) {
        restore();
    }

    /// Enters the reader's mode again (after `fg`); the caller redraws everything.
    pub fn resume(&self) -> io::Result<()> {
        enable_raw_mode()?;
        ENTERED.store(true, Ordering::SeqCst);
        let mut out = io::stdout().lock();
        out.write_all(&self.features.enter_bytes())?;
        out.flush()
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves the alternate screen, mouse and paste modes and raw mode, and shows the
/// cursor; errors are moot (the tty may be gone).
fn restore() {
    if ENTERED.swap(false, Ordering::SeqCst) {
        let features = FEATURES.lock().map(|f| *f).unwrap_or(None);
        if let Some(features) = features {
            let mut out = io::stdout().lock();
            let _ = out.write_all(&features.leave_bytes());
            let _ = out.flush();
        }
        let _ = disable_raw_mode();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mouse_is_presses_and_wheel_only_and_everything_is_undone() {
        let all = Features {
            mouse: true,
            paste: true,
        };
        let enter = String::from_utf8(all.enter_bytes()).unwrap();
        assert!(enter.contains("\x1b[?1000h") && enter.contains("\x1b[?1006h"));
        assert!(
            !enter.contains("1003") && !enter.contains("1002"),
            "{enter:?}"
        );
        let leave = String::from_utf8(all.leave_bytes()).unwrap();
        for mode in ["1000", "1006", "2004", "1049"] {
            assert!(enter.contains(&format!("?{mode}h")), "{mode}");
            assert!(leave.contains(&format!("?{mode}l")), "{mode}");
        }
        let none = Features {
            mouse: false,
            paste: false,
        };
        let enter = String::from_utf8(none.enter_bytes()).unwrap();
        assert_eq!(enter, "\x1b[?1049h");
    }
}
