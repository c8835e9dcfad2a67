//! Everything the reader waits for, on one channel: terminal input from one thread,
//! signals from another. The event loop blocks on the channel, so an idle reader wakes
//! up for nothing at all.
//!
//! A third thread watches for the terminal going away (an SSH connection or a tmux pane
//! closed without a SIGHUP reaching us): crossterm's reader then sees end-of-file and
//! loops inside its `poll` without returning, so the reader thread cannot tell; the
//! watcher's `poll(2)` reports the hang-up, and the loop saves and exits.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};

use ratatui::crossterm::event::{self, Event};
use signal_hook::consts::signal as sig;
use signal_hook::iterator::Signals;

/// What the event loop is woken by.
#[derive(Debug)]
pub enum Input {
    Event(Event),
    /// A terminating signal (SIGTERM, SIGINT, SIGHUP, ...): save, restore, exit.
    Stop,
    /// SIGTSTP (`kill -TSTP`; Ctrl-Z itself is a key in raw mode).
    Suspend,
    /// SIGCONT or SIGWINCH: the screen may show anything now, redraw all of it.
    Redraw,
    /// The terminal hung up or its input failed.
    Gone(io::Error),
}

/// Every signal whose default action ends the process and that a program may catch.
/// Each one ends the reader the same way: the place saved, the terminal restored.
pub const TERMINATING: &[i32] = &[
    sig::SIGHUP,
    sig::SIGINT,
    sig::SIGQUIT,
    sig::SIGTERM,
    sig::SIGUSR1,
    sig::SIGUSR2,
    sig::SIGALRM,
    sig::SIGVTALRM,
    sig::SIGPROF,
    sig::SIGIO,
    sig::SIGXCPU,
];

/// Starts the signal and input threads. Signals are registered before the caller
/// touches the terminal, so a signal that comes early still restores it.
pub fn spawn() -> io::Result<Receiver<Input>> {
    let (tx, rx) = mpsc::channel();
    let mut wanted = TERMINATING.to_vec();
    // SIGXFSZ (a file size limit) is caught only so that it does not kill: the write
    // that crossed the limit fails, and the save reports it and retries.
    wanted.extend([sig::SIGTSTP, sig::SIGCONT, sig::SIGWINCH, sig::SIGXFSZ]);
    let mut signals = Signals::new(&wanted)?;
    // A problem's evaluation in progress stops at once too, so the loop sees the signal.
    for &signal in TERMINATING {
        signal_hook::flag::register(signal, crate::eval::interrupt_flag())?;
    }
    let to_loop = tx.clone();
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let input = match signal {
                sig::SIGXFSZ => continue,
                sig::SIGTSTP => Input::Suspend,
                sig::SIGCONT | sig::SIGWINCH => Input::Redraw,
                _ => Input::Stop,
            };
            if to_loop.send(input).is_err() {
                break;
            }
        }
    });
    let hang_up = tx.clone();
    std::thread::spawn(move || watch_hang_up(&hang_up));
    std::thread::spawn(move || read_terminal(&tx));
    Ok(rx)
}

/// Sends every terminal event until reading fails or the loop stops listening.
fn read_terminal(tx: &Sender<Input>) {
    loop {
        let input = event::read().map_or_else(Input::Gone, Input::Event);
        let failed = matches!(input, Input::Gone(_));
        if tx.send(input).is_err() || failed {
            return;
        }
    }
}

/// Waits, without ever waking for input, until the terminal hangs up: `poll(2)` asked
/// for no events still reports POLLHUP and POLLERR.
fn watch_hang_up(tx: &Sender<Input>) {
    let mut fd = libc::pollfd {
        fd: 0,
        events: 0,
        revents: 0,
    };
    loop {
        // SAFETY: one valid pollfd; poll only writes `revents`.
        let ready = unsafe { libc::poll(&mut fd, 1, -1) };
        if ready < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
            continue;
        }
        if ready < 0 || fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            let gone = io::Error::new(io::ErrorKind::BrokenPipe, "the terminal has gone");
            let _ = tx.send(Input::Gone(gone));
            return;
        }
    }
}
