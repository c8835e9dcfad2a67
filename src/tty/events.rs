//! Everything the reader waits for, on one channel: terminal input from one thread,
//! signals from another. The event loop blocks on the channel, so an idle reader wakes
//! up for nothing at all.
//!
//! Input is read with `poll(2)` on the terminal before crossterm parses it: when the
//! terminal goes away (an SSH connection or a tmux pane closed without a SIGHUP reaching
//! us) the poll reports the hang-up, where crossterm's own reader would see end-of-file
//! and spin inside `poll` forever on a core of a shared server.

use std::io;
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::{Duration, Instant};

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
    sig::SIGXFSZ,
];

/// Starts the signal and input threads. Signals are registered before the caller
/// touches the terminal, so a signal that comes early still restores it.
pub fn spawn() -> io::Result<Receiver<Input>> {
    let (tx, rx) = mpsc::channel();
    let mut wanted = TERMINATING.to_vec();
    wanted.extend([sig::SIGTSTP, sig::SIGCONT, sig::SIGWINCH]);
    let mut signals = Signals::new(&wanted)?;
    let to_loop = tx.clone();
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let input = match signal {
                sig::SIGTSTP => Input::Suspend,
                sig::SIGCONT | sig::SIGWINCH => Input::Redraw,
                _ => Input::Stop,
            };
            if to_loop.send(input).is_err() {
                break;
            }
        }
    });
    std::thread::spawn(move || read_terminal(&tx));
    Ok(rx)
}

/// Sends every terminal event until the terminal goes or the loop stops listening.
fn read_terminal(tx: &Sender<Input>) {
    // Wake-ups in a row that brought no event: a terminal that keeps saying "readable"
    // and gives nothing (end-of-file without a hang-up) would otherwise spin.
    // A thousand such wake-ups within a second is that spin; slower ones are not.
    let mut idle_rounds = 0;
    let mut since = Instant::now();
    loop {
        if idle_rounds == 0 {
            since = Instant::now();
        }
        if idle_rounds > 1000 {
            if since.elapsed() < Duration::from_secs(1) {
                let gone = io::Error::new(io::ErrorKind::UnexpectedEof, "the terminal input ended");
                return drop(tx.send(Input::Gone(gone)));
            }
            idle_rounds = 0;
            continue;
        }
        idle_rounds += 1;
        // Events crossterm has already read and parsed come first.
        loop {
            match event::poll(Duration::ZERO) {
                Ok(true) => {}
                Ok(false) => break,
                Err(err) => return drop(tx.send(Input::Gone(err))),
            }
            let input = event::read().map_or_else(Input::Gone, Input::Event);
            let failed = matches!(input, Input::Gone(_));
            idle_rounds = 0;
            if tx.send(input).is_err() || failed {
                return;
            }
        }
        if let Err(err) = wait_readable() {
            return drop(tx.send(Input::Gone(err)));
        }
    }
}

/// Blocks until the terminal has input; an error when it has hung up.
fn wait_readable() -> io::Result<()> {
    let mut fd = libc::pollfd {
        fd: 0,
        events: libc::POLLIN,
        revents: 0,
    };
    loop {
        // SAFETY: one valid pollfd; poll only writes `revents`.
        let ready = unsafe { libc::poll(&mut fd, 1, -1) };
        if ready < 0 {
            let err = io::Error::last_os_error();
            if err.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        if fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0 {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the terminal has gone",
            ));
        }
        return Ok(());
    }
}
