//! The event loop: draw, wait, act, save.
//!
//! The loop blocks until something happens (a key, a signal, the autosave deadline), so
//! an idle reader neither wakes nor writes. Input that arrives together (a paste without
//! bracketed paste, a held key) is applied as one batch and drawn once, with the prompt's
//! preview evaluated once per batch. Every terminating signal ends the loop like `q`:
//! the place is saved and the terminal restored; Ctrl-Z (a key in raw mode) and SIGTSTP
//! save, restore the terminal and stop, and on `fg` the reader redraws in full. A panic in
//! the loop is caught so that the progress is saved before the reader exits. The screen
//! is never cleared by asking the terminal anything: a query hangs on a terminal that
//! does not answer.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::process::ExitCode;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::crossterm::event::{Event, KeyEventKind};

use crate::app::{Action, App, keymap};
use crate::content::Course;
use crate::layout::Theme;
use crate::progress::SaveNeed;
use crate::settings::Settings;
use crate::store::{SaveError, Store, scratchpad};
use crate::tty::events::{self, Input};
use crate::tty::mode::{Features, Guard};
use crate::tty::paint::Painter;
use crate::tty::probe::Probe;

/// While reading, the place is saved at most this often.
const SAVE_EVERY: Duration = Duration::from_secs(3);

/// Opens the reader on the course where the learner left off.
pub fn run(settings: &Settings) -> anyhow::Result<ExitCode> {
    crate::tty::require_terminal()?;
    // Signals first: one that comes while the course loads still ends the reader cleanly.
    let inputs = events::spawn()?;
    let course = Course::open(settings.course_dir.as_deref())?;
    // A first start's record is written by the first save, after the first screen.
    let opened = Store::open_deferred(settings.home.as_deref());
    let features = Features::new(&settings.caps, settings.mouse);
    let guard = Guard::enter(features, panic_note())?;
    let mut terminal = Terminal::new(Probe::terminal())?;
    let size = terminal.size()?;
    let theme = Theme::new(settings.ascii, settings.color)
        .with_ramp(settings.colors)
        .with_light(settings.light);
    let mut app = App::new(course, opened.progress, theme, (size.width, size.height));
    if let Some(warning) = opened.warning {
        app.notify(warning);
    }
    if opened.unwritten {
        app.save_first();
        app.show_welcome();
    }
    let mut store = opened.store;
    // One clock: what the store reads is clamped to the clock the record is stamped by.
    store.set_clock(app.clock());
    let home = store.path().and_then(Path::parent).map(Path::to_path_buf);
    let screen = File::from(io::stdout().as_fd().try_clone_to_owned()?);
    let mut host = Tty {
        inputs,
        guard,
        screen,
        home: home.clone(),
    };
    let mut painter = Painter::new(settings.caps);
    let result = event_loop(&mut terminal, &mut painter, &mut host, &mut app, &mut store);
    // A session that was never read (the loop ended before its first frame) is not
    // written back over the one on disk.
    let read = host.home.is_none();
    drop(host);
    if let Some(home) = home.as_deref().filter(|_| read)
        && let Err(e) = scratchpad::save(home, &app.scratch().session())
    {
        eprintln!("attn-course: the scratchpad's history and bindings were not kept: {e}");
    }
    result?;
    Ok(ExitCode::SUCCESS)
}

/// Where the loop's inputs come from and its frames go: the terminal, or a test's script.
pub trait Host {
    /// The next input, waiting at most `timeout` (for ever when `None`); `None` when the
    /// time ran out.
    fn next(&mut self, timeout: Option<Duration>) -> Option<Input>;
    /// Restores the terminal, stops the process until it is continued, and re-enters.
    fn suspend(&mut self);
    /// Writes one frame's bytes.
    fn write(&mut self, bytes: &[u8]) -> io::Result<()>;
    /// Once the first frame is written: what the reader loads that the first screen
    /// does not show.
    fn first_frame_written(&mut self, _app: &mut App) {}
}

/// The real terminal.
struct Tty {
    inputs: Receiver<Input>,
    guard: Guard,
    /// Standard output unbuffered, for frames: through `stdout`'s line buffering a frame
    /// with a line feed in it (the painter moves to the next row by CR LF) would leave in
    /// two writes, up to its last line feed and then the rest, which the terminal may
    /// draw in between and SSH sends as two packets.
    screen: File,
    /// The home folder, whose scratchpad session is read after the first frame (and
    /// then taken).
    home: Option<std::path::PathBuf>,
}

impl Host for Tty {
    fn next(&mut self, timeout: Option<Duration>) -> Option<Input> {
        let gone = || {
            let err = io::Error::new(io::ErrorKind::BrokenPipe, "the terminal input ended");
            Some(Input::Gone(err))
        };
        match timeout {
            None => self.inputs.recv().ok().or_else(gone),
            Some(timeout) => match self.inputs.recv_timeout(timeout) {
                Ok(input) => Some(input),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => gone(),
            },
        }
    }

    fn suspend(&mut self) {
        self.guard.suspend();
        // Stops here until SIGCONT, as the default action of SIGTSTP would.
        let _ = signal_hook::low_level::emulate_default_handler(libc::SIGTSTP);
        // A terminal that cannot be re-entered fails the next write, which ends the loop.
        let _ = self.guard.resume();
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        // Whatever was written through `stdout` (the mode sequences) goes first.
        io::stdout().flush()?;
        self.screen.write_all(bytes)
    }

    fn first_frame_written(&mut self, app: &mut App) {
        if let Some(home) = self.home.take() {
            app.restore_scratch(&scratchpad::load(&home));
        }
    }
}

/// Draws, handles inputs and saves until the learner quits, a signal ends the reader or
/// the terminal goes. The progress is saved at the end whatever happened, also when the
/// terminal failed (a dropped SSH connection makes every write fail) or the code
/// panicked. A final save that fails is an error, so the learner reads it once the
/// terminal is back.
pub fn event_loop(
    terminal: &mut Terminal<Probe>,
    painter: &mut Painter,
    host: &mut impl Host,
    app: &mut App,
    store: &mut Store,
) -> anyhow::Result<()> {
    let driven = catch_unwind(AssertUnwindSafe(|| {
        drive(terminal, painter, host, app, store)
    }));
    let saved = save(app, store);
    match driven {
        // The panic hook has already restored the terminal and printed the report note.
        Err(_) => Err(anyhow::anyhow!(match saved {
            Ok(()) => "stopped by a bug; your progress up to your last action is saved".into(),
            Err(e) => format!("stopped by a bug, and {e}"),
        })),
        Ok(result) => result.and(saved.map_err(anyhow::Error::from)),
    }
}

fn drive(
    terminal: &mut Terminal<Probe>,
    painter: &mut Painter,
    host: &mut impl Host,
    app: &mut App,
    store: &mut Store,
) -> anyhow::Result<()> {
    let mut last_save = Instant::now();
    let mut frame = Vec::new();
    let mut redraw = true;
    let mut first = true;
    while !app.quit() {
        if redraw {
            draw(terminal, painter, app, &mut frame)?;
            if !frame.is_empty() {
                host.write(&frame)?;
            }
            frame.clear();
        }
        if std::mem::take(&mut first) {
            // The first frame showed the open lesson's first screen only laid out; the
            // rest is laid out now, and the rest loaded, while the learner reads it.
            app.settle();
            host.first_frame_written(app);
        }
        // Block until an input comes, or until the deferred save is due.
        let deadline = match app.save_need() {
            SaveNeed::Soon => {
                Some((last_save + SAVE_EVERY).saturating_duration_since(Instant::now()))
            }
            SaveNeed::Now => Some(Duration::ZERO),
            SaveNeed::None => None,
        };
        let mut next = host.next(deadline);
        // No input within the deadline: the deferred save is due.
        let timed_out = next.is_none();
        redraw = !timed_out;
        app.hold_previews();
        // Apply everything that is already waiting before drawing again.
        while let Some(input) = next.take() {
            match input {
                Input::Event(Event::Paste(text)) => app.paste(&text),
                Input::Event(event) => match action_of(app, event) {
                    Some(Action::Suspend) => suspend(host, painter, app, store),
                    Some(action) => app.update(action),
                    None => {}
                },
                Input::Stop => return Ok(()),
                Input::Suspend => suspend(host, painter, app, store),
                Input::Redraw => {
                    painter.invalidate();
                    let size = terminal.size()?;
                    if (size.width, size.height) != app.size() {
                        app.update(Action::Resize(size.width, size.height));
                    }
                }
                Input::Gone(err) => return Err(err.into()),
            }
            if !app.quit() {
                next = host.next(Some(Duration::ZERO));
            }
        }
        app.release_previews();
        let due = match app.save_need() {
            SaveNeed::Now => true,
            SaveNeed::Soon => timed_out || last_save.elapsed() >= SAVE_EVERY,
            SaveNeed::None => false,
        };
        if due {
            // A failure is already in the status bar; the next save retries.
            let _ = save(app, store);
            last_save = Instant::now();
            redraw = true;
        }
    }
    Ok(())
}

/// Renders the app with ratatui and has the painter write the difference into `out`.
fn draw(
    terminal: &mut Terminal<Probe>,
    painter: &mut Painter,
    app: &App,
    out: &mut Vec<u8>,
) -> io::Result<()> {
    let completed = terminal.draw(|frame| crate::ui::draw(app, frame))?;
    painter.paint(completed.buffer, out);
    painter.place_cursor(terminal.backend().cursor(), out);
    Ok(())
}

/// Saves the place, gives the terminal back and stops; after `fg`, everything is
/// redrawn (the shell wrote over the screen meanwhile).
fn suspend(host: &mut impl Host, painter: &mut Painter, app: &mut App, store: &mut Store) {
    let _ = save(app, store);
    host.suspend();
    painter.invalidate();
}

/// Key presses (not releases or repeats reported by some terminals), wheel and resize.
fn action_of(app: &App, event: Event) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => keymap::action_for(app.mode(), key),
        Event::Mouse(mouse) => keymap::mouse_action(mouse),
        Event::Resize(w, h) if (w, h) != app.size() => Some(Action::Resize(w, h)),
        _ => None,
    }
}

/// Saves, telling the learner in the status bar when the disk refused. The status line
/// leads with the reason (the path would push it off a narrow bar); the record stays in
/// memory and the next save writes it all.
fn save(app: &mut App, store: &mut Store) -> Result<(), SaveError> {
    match app.save_to(store) {
        Ok(notice) => {
            if let Some(notice) = notice {
                app.notify(notice);
            }
            Ok(())
        }
        Err(err) => {
            app.notify(format!("progress not saved: {}; will retry", err.reason));
            Err(err)
        }
    }
}

/// Printed after a panic's own message: what happened to the learner's work and where
/// to send the bug.
fn panic_note() -> String {
    let to = match env!("CARGO_PKG_REPOSITORY") {
        "" => "the maintainers of the course you installed".to_string(),
        repo => format!("{repo}/issues"),
    };
    format!(
        "attn-course {} hit a bug and is stopping (your progress is being saved). \
         Please report it to {to}, with the message above.",
        env!("CARGO_PKG_VERSION")
    )
}

#[cfg(test)]
mod tests;
