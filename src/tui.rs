//! The terminal lifecycle and event loop.
//!
//! Raw mode, the alternate screen and mouse capture are always undone: on quit (a guard's
//! `Drop`), on a panic (a hook that restores the terminal before the message prints, and
//! says where to report the bug), and on SIGHUP/SIGTERM (an SSH drop), which are flags
//! checked between events so that the progress is saved first. A panic in the event loop
//! is caught there so that the progress is saved too before the reader exits. The screen
//! is never cleared at startup: `Terminal::clear` queries the cursor position, which
//! hangs on a terminal that does not answer.

use std::io::{self, stdout};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use ratatui::Terminal;
use ratatui::backend::{Backend, CrosstermBackend};
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

use crate::app::{Action, App, SaveNeed, keymap};
use crate::content::Course;
use crate::layout::Theme;
use crate::settings::Settings;
use crate::store::{SaveError, Store};

/// How often signal flags are looked at while no key arrives.
const POLL: Duration = Duration::from_millis(100);
/// While reading, the place is saved at most this often.
const SAVE_EVERY: Duration = Duration::from_secs(3);

/// Opens the reader on the course where the learner left off.
pub fn run(settings: &Settings) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let opened = Store::open(settings.home.as_deref());
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGHUP, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    let guard = TerminalGuard::enter()?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    let size = terminal.size()?;
    let theme = Theme::new(settings.ascii, settings.color)
        .with_ramp(settings.colors)
        .with_light(settings.light);
    let mut app = App::new(course, opened.progress, theme, (size.width, size.height));
    if let Some(warning) = opened.warning {
        app.notify(warning);
    }
    let mut store = opened.store;
    let events = spawn_reader();
    let result = event_loop(&mut terminal, &mut app, &mut store, &stop, |timeout| {
        next_event(&events, timeout)
    });
    drop(guard);
    result?;
    Ok(ExitCode::SUCCESS)
}

/// Terminal events, read on a thread of their own.
///
/// When the terminal goes away (an SSH connection or a tmux pane closed without a
/// SIGHUP reaching us), crossterm's reader sees end-of-file and loops inside `poll`
/// without returning, so a reader on the main thread would never look at its signal
/// flag again and would spin on a core of a shared server forever. On its own thread
/// the reader can hang; the main thread keeps its 100 ms tick, notices the hang-up, saves
/// and exits, which ends the reader too.
fn spawn_reader() -> mpsc::Receiver<io::Result<Event>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        loop {
            let event = event::read();
            let failed = event.is_err();
            if tx.send(event).is_err() || failed {
                break;
            }
        }
    });
    rx
}

/// Waits up to `timeout` for the next event from the reader thread.
fn next_event(
    events: &mpsc::Receiver<io::Result<Event>>,
    timeout: Duration,
) -> io::Result<Option<Event>> {
    match events.recv_timeout(timeout) {
        Ok(event) => event.map(Some),
        Err(mpsc::RecvTimeoutError::Timeout) if terminal_hung_up() => Err(io::Error::new(
            io::ErrorKind::BrokenPipe,
            "the terminal has gone",
        )),
        Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(io::Error::new(
            io::ErrorKind::BrokenPipe,
            "the terminal input ended",
        )),
    }
}

/// True when standard input is a terminal whose other end has closed.
fn terminal_hung_up() -> bool {
    let mut fd = libc::pollfd {
        fd: 0,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, a zero timeout; poll only writes `revents`.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

/// Draws, handles events and saves until the learner quits or a signal arrives. Generic
/// over the backend and the event source, so a test can run it on a `TestBackend`.
/// The progress is saved at the end whatever happened, also when the terminal failed
/// (a dropped SSH connection makes every write fail) or the code panicked. A final save
/// that fails is an error, so the learner reads it once the terminal is back.
pub fn event_loop<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    store: &mut Store,
    stop: &AtomicBool,
    next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
) -> anyhow::Result<()>
where
    B::Error: Send + Sync + 'static,
{
    let driven = catch_unwind(AssertUnwindSafe(|| {
        drive(terminal, app, store, stop, next_event)
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

fn drive<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    store: &mut Store,
    stop: &AtomicBool,
    mut next_event: impl FnMut(Duration) -> io::Result<Option<Event>>,
) -> anyhow::Result<()>
where
    B::Error: Send + Sync + 'static,
{
    let mut last_save = Instant::now();
    // Draw only when something happened: an idle reader sends nothing over the wire.
    let mut redraw = true;
    while !app.quit && !stop.load(Ordering::Relaxed) {
        if redraw {
            terminal.draw(|frame| crate::ui::draw(app, frame))?;
        }
        let event = next_event(POLL)?;
        redraw = event.is_some();
        if let Some(action) = event.and_then(|e| action_of(app, e)) {
            app.update(action);
        }
        let due = match app.save_need() {
            SaveNeed::Now => true,
            SaveNeed::Soon => last_save.elapsed() >= SAVE_EVERY,
            SaveNeed::None => false,
        };
        if due {
            // A failure is already in the status bar; the next save retries.
            let _ = save(app, store);
            last_save = Instant::now();
        }
    }
    Ok(())
}

/// Key presses (not releases or repeats reported by some terminals), wheel and resize.
fn action_of(app: &App, event: Event) -> Option<Action> {
    match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => keymap::action_for(&app.mode, key),
        Event::Mouse(mouse) => keymap::mouse_action(mouse),
        Event::Resize(w, h) => Some(Action::Resize(w, h)),
        _ => None,
    }
}

/// Saves, telling the learner in the status bar when the disk refused. The status line
/// leads with the reason (the path would push it off a narrow bar); the record stays in
/// memory and the next save writes it all.
fn save(app: &mut App, store: &mut Store) -> Result<(), SaveError> {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut record = app.progress_to_save(now).clone();
    match store.save_merged(&mut record) {
        Ok(notice) => {
            if let Some(notice) = notice {
                app.notify(notice);
            }
            app.adopt_saved(record);
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

/// True while the terminal is in raw mode on the alternate screen. Restoring twice
/// (the panic hook, then the guard) would leave the alternate screen twice, which puts
/// the cursor back where the reader started, over the panic message.
static ENTERED: AtomicBool = AtomicBool::new(false);

/// The terminal in raw mode on the alternate screen, restored when dropped.
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> io::Result<TerminalGuard> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
            eprintln!("{}", panic_note());
        }));
        enable_raw_mode()?;
        ENTERED.store(true, Ordering::SeqCst);
        let guard = TerminalGuard;
        execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)?;
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Leaves the alternate screen and raw mode and shows the cursor; errors are moot (the
/// tty may be gone).
fn restore() {
    if ENTERED.swap(false, Ordering::SeqCst) {
        let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen, Show);
        let _ = disable_raw_mode();
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

    use super::*;
    use crate::store::Progress;

    fn app() -> App {
        let course = Course::load(None).expect("embedded course");
        App::new(course, Progress::new(0), Theme::new(false, true), (80, 24))
    }

    fn press(c: char) -> Event {
        Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    }

    /// A store in a fresh temporary home (kept alive by the returned guard).
    fn store() -> (tempfile::TempDir, Store) {
        let home = tempfile::tempdir().expect("temp home");
        let store = Store::open(Some(home.path())).store;
        (home, store)
    }

    /// The lesson and the block at the top, as the file in `home` holds them.
    fn place_on_disk(home: &std::path::Path) -> Option<(String, usize)> {
        let opened = Store::open(Some(home));
        opened.progress.position.map(|p| (p.lesson, p.block))
    }

    /// The id of the first problem of `lesson`.
    fn first_problem(lesson: &crate::content::Lesson) -> String {
        match &crate::problems::locate::problems(lesson)[0].1 {
            Ok(spec) => spec.id.clone(),
            Err(err) => panic!("{}'s first problem: {err}", lesson.slug),
        }
    }

    #[test]
    fn a_save_adopts_the_record_another_reader_wrote_first() {
        // This reader started on an empty home (seed 0); another one then wrote its
        // record, seed 7 with problem 1.1 solved, before this one saved.
        let (home, mut store) = store();
        let mut theirs = Progress::new(7);
        let lesson = &Course::load(None).unwrap().lessons[0];
        let first = first_problem(lesson);
        let record = theirs.lessons.entry(lesson.slug.clone()).or_default();
        record.problems.entry(first.clone()).or_default().solved = true;
        Store::open(Some(home.path())).store.save(&theirs).unwrap();

        let mut app = app();
        save(&mut app, &mut store).unwrap();

        assert_eq!(app.progress.learner_seed, 7, "the file's seed wins");
        assert!(app.progress.lessons[&lesson.slug].problems[&first].solved);
        let fresh = App::new(
            Course::load(None).unwrap(),
            app.progress.clone(),
            Theme::new(false, true),
            (80, 24),
        );
        assert_eq!(
            app.view().lines,
            fresh.view().lines,
            "the boxes are drawn with the adopted seed"
        );
    }

    #[test]
    fn a_save_shows_what_another_instance_solved_in_the_meantime() {
        let (home, mut store) = store();
        let mut app = app();
        save(&mut app, &mut store).unwrap();
        let before = app.view().lines.clone();
        // The other instance, same learner, solves lesson 1's first problem.
        let mut theirs = Store::open(Some(home.path())).progress;
        let lesson = &Course::load(None).unwrap().lessons[0];
        let first = first_problem(lesson);
        let record = theirs.lessons.entry(lesson.slug.clone()).or_default();
        record.problems.entry(first).or_default().solved = true;
        Store::open(Some(home.path())).store.save(&theirs).unwrap();

        save(&mut app, &mut store).unwrap();
        assert_ne!(app.view().lines, before, "the box now shows it solved");
    }

    #[test]
    fn the_loop_applies_key_presses_only_and_ends_on_q() {
        let mut app = app();
        let (_home, mut store) = store();
        let mut release = KeyEvent::new(KeyCode::Char(']'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        let mut events: VecDeque<Event> = [
            press(']'),
            Event::Key(release),
            Event::Resize(100, 30),
            press('q'),
            press(']'),
        ]
        .into();
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let stop = AtomicBool::new(false);
        event_loop(&mut terminal, &mut app, &mut store, &stop, |_| {
            Ok(events.pop_front())
        })
        .unwrap();
        assert_eq!(
            (app.lesson, app.size),
            (1, (100, 30)),
            "the release is not a second press"
        );
        assert_eq!(events.len(), 1, "nothing is read after q");
        assert_eq!(app.save_need(), SaveNeed::None, "quitting saved");
    }

    #[test]
    fn a_signal_flag_ends_the_loop_and_saves() {
        let mut app = app();
        let (_home, mut store) = store();
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let stop = AtomicBool::new(false);
        let mut calls = 0;
        event_loop(&mut terminal, &mut app, &mut store, &stop, |_| {
            calls += 1;
            if calls == 2 {
                stop.store(true, Ordering::Relaxed);
            }
            Ok(Some(press('j')))
        })
        .unwrap();
        assert_eq!((calls, app.scroll), (2, 2));
        assert_eq!(app.save_need(), SaveNeed::None);
    }

    #[test]
    fn a_failing_terminal_still_saves() {
        let mut app = app();
        let (_home, mut store) = store();
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let stop = AtomicBool::new(false);
        let mut first = true;
        let result = event_loop(&mut terminal, &mut app, &mut store, &stop, |_| {
            if std::mem::take(&mut first) {
                // Scrolling asks for a save "soon", which the loop defers.
                Ok(Some(press('j')))
            } else {
                Err(io::Error::other("tty gone"))
            }
        });
        assert!(result.is_err());
        assert_eq!(app.scroll, 1);
        assert_eq!(
            app.save_need(),
            SaveNeed::None,
            "the deferred save was made on the way out"
        );
    }

    #[test]
    fn a_panic_in_the_loop_is_caught_and_the_place_saved() {
        let mut app = app();
        let (home, mut store) = store();
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let stop = AtomicBool::new(false);
        let mut calls = 0;
        let result = event_loop(&mut terminal, &mut app, &mut store, &stop, |_| {
            calls += 1;
            match calls {
                1 => Ok(Some(press(']'))),
                _ => panic!("injected bug"),
            }
        });
        let err = result.expect_err("a panic ends the session with an error");
        assert_eq!(
            err.to_string(),
            "stopped by a bug; your progress up to your last action is saved"
        );
        // `]` moved to lesson 2, whose slug the embedded course names "sqrt-dk".
        assert_eq!(place_on_disk(home.path()), Some(("sqrt-dk".to_string(), 0)));
    }

    #[test]
    fn the_panic_note_says_where_to_report_and_which_version() {
        let note = panic_note();
        assert!(note.contains("Please report it to "), "{note}");
        assert!(note.contains(env!("CARGO_PKG_VERSION")), "{note}");
        assert!(!note.contains('\n'), "one line: {note}");
    }

    #[test]
    fn a_refused_save_is_in_the_status_bar_and_the_next_save_retries() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        // A home that is a plain file: every save fails until it becomes a folder.
        std::fs::write(&home, "not a folder").unwrap();
        let mut store = Store::open(Some(&home)).store;
        let mut app = app();
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let stop = AtomicBool::new(false);
        let mut events: VecDeque<Event> = [press(']'), press('q')].into();
        let result = event_loop(&mut terminal, &mut app, &mut store, &stop, |_| {
            Ok(events.pop_front())
        });
        let err = result.expect_err("the final save failed");
        assert!(
            err.to_string().starts_with("could not save progress to "),
            "{err}"
        );
        let shown = app.message.clone().unwrap_or_default();
        assert!(shown.starts_with("progress not saved: "), "{shown}");
        assert!(shown.ends_with("; will retry"), "{shown}");

        std::fs::remove_file(&home).unwrap();
        app.quit = false;
        let mut events: VecDeque<Event> = [press('q')].into();
        event_loop(&mut terminal, &mut app, &mut store, &stop, |_| {
            Ok(events.pop_front())
        })
        .expect("the retry saves");
        assert_eq!(place_on_disk(&home), Some(("sqrt-dk".to_string(), 0)));
    }
}
