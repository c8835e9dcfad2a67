//! The event loop driven by a scripted terminal.

use std::collections::VecDeque;

use super::*;
use crate::progress::Progress;
use crate::tty::caps::Caps;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a script answers once its inputs have run out.
type Then = Box<dyn FnMut(Option<Duration>) -> Option<Input>>;

/// A scripted terminal: inputs in order, then "no input" (the deadline passes);
/// `suspend` is counted and the frames are kept.
#[derive(Default)]
struct Script {
    inputs: VecDeque<Input>,
    /// Called when the script has run out: more inputs, or none for a timeout.
    then: Option<Then>,
    suspended: usize,
    written: Vec<u8>,
    timeouts: Vec<Option<Duration>>,
}

impl Script {
    fn of(inputs: impl IntoIterator<Item = Input>) -> Script {
        Script {
            inputs: inputs.into_iter().collect(),
            ..Script::default()
        }
    }
}

impl Host for Script {
    fn next(&mut self, timeout: Option<Duration>) -> Option<Input> {
        self.timeouts.push(timeout);
        self.inputs
            .pop_front()
            .or_else(|| self.then.as_mut()?(timeout))
    }

    fn suspend(&mut self) {
        self.suspended += 1;
    }

    fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.written.extend_from_slice(bytes);
        Ok(())
    }
}

fn run_loop(app: &mut App, store: &mut Store, host: &mut Script) -> anyhow::Result<()> {
    let mut terminal = Terminal::new(Probe::fixed(80, 24)).unwrap();
    let mut painter = Painter::new(Caps::detect("xterm-256color", "", true));
    event_loop(&mut terminal, &mut painter, host, app, store)
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Input {
    Input::Event(Event::Key(KeyEvent::new(code, modifiers)))
}

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

    assert_eq!(app.progress().learner_seed, 7, "the file's seed wins");
    assert!(app.progress().lessons[&lesson.slug].problems[&first].solved);
    let mut fresh = App::new(
        Course::load(None).unwrap(),
        app.progress().clone(),
        Theme::new(false, true),
        (80, 24),
    );
    fresh.settle();
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
    let mut host = Script::of([
        Input::Event(press(']')),
        Input::Event(Event::Key(release)),
        Input::Event(Event::Resize(100, 30)),
        Input::Event(press('q')),
        Input::Event(press(']')),
    ]);
    run_loop(&mut app, &mut store, &mut host).unwrap();
    assert_eq!(
        (app.lesson(), app.size()),
        (1, (100, 30)),
        "the release is not a second press"
    );
    assert_eq!(host.inputs.len(), 1, "nothing is read after q");
    assert_eq!(app.save_need(), SaveNeed::None, "quitting saved");
}

#[test]
fn a_first_start_draws_before_writing_and_saves_right_after_the_first_screen() {
    let home = tempfile::tempdir().expect("temp home");
    let file = home.path().join(crate::store::FILE_NAME);
    let opened = Store::open_deferred(Some(home.path()));
    assert!(
        opened.unwritten && !file.exists(),
        "nothing written at open"
    );
    let mut store = opened.store;
    let course = Course::load(None).expect("embedded course");
    let mut app = App::new(course, opened.progress, Theme::new(false, true), (80, 24));
    app.save_first();
    let mut host = Script::default();
    // Whether the record was on disk each time the loop waited (after each frame).
    let on_disk = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let seen = std::rc::Rc::clone(&on_disk);
    host.then = Some(Box::new(move |_| {
        seen.borrow_mut().push(file.exists());
        (seen.borrow().len() == 2).then_some(Input::Stop)
    }));
    run_loop(&mut app, &mut store, &mut host).unwrap();
    assert_eq!(
        *on_disk.borrow(),
        [false, true],
        "first the frame, then the save"
    );
    assert_eq!(
        host.timeouts,
        [Some(Duration::ZERO), None],
        "the save is due at once after the first frame, then the reader idles"
    );
    assert!(!host.written.is_empty());
    let seed = Store::open(Some(home.path())).progress.learner_seed;
    assert_eq!(seed, app.progress().learner_seed, "the seed is pinned");
}

#[test]
fn an_idle_reader_waits_for_ever_and_a_pending_save_sets_the_deadline() {
    let mut app = app();
    let (_home, mut store) = store();
    let mut host = Script::of([Input::Event(press('j'))]);
    let mut after_j = 0;
    host.then = Some(Box::new(move |_| {
        after_j += 1;
        // The batch check after `j`, then the wait for the deadline (None: it
        // passed), then the stop.
        (after_j == 3).then_some(Input::Stop)
    }));
    run_loop(&mut app, &mut store, &mut host).unwrap();
    assert_eq!(host.timeouts[0], None, "nothing to do: no timeout at all");
    assert_eq!(
        host.timeouts[1],
        Some(Duration::ZERO),
        "the rest of the batch"
    );
    let wait = host.timeouts[2].expect("a deadline for the deferred save");
    assert!(wait > Duration::ZERO && wait <= SAVE_EVERY, "{wait:?}");
    assert_eq!(
        host.timeouts[3], None,
        "the deadline's save made, it waits for ever again"
    );
}

#[test]
fn every_terminating_signal_ends_the_loop_and_saves() {
    let mut app = app();
    let (home, mut store) = store();
    let mut host = Script::of([
        Input::Event(press(']')),
        Input::Stop,
        Input::Event(press(']')),
    ]);
    run_loop(&mut app, &mut store, &mut host).unwrap();
    assert_eq!(app.lesson(), 1, "nothing after the signal is applied");
    assert_eq!(place_on_disk(home.path()), Some(("sqrt-dk".to_string(), 0)));
}

#[test]
fn ctrl_z_and_sigtstp_save_suspend_and_redraw_everything_after() {
    let mut app = app();
    let (home, mut store) = store();
    let mut host = Script::of([
        Input::Event(press(']')),
        key(KeyCode::Char('z'), KeyModifiers::CONTROL),
    ]);
    let mut then = 0;
    host.then = Some(Box::new(move |_| {
        then += 1;
        match then {
            1 => None,
            2 => Some(Input::Suspend),
            3 => None,
            _ => Some(Input::Stop),
        }
    }));
    let mut terminal = Terminal::new(Probe::fixed(80, 24)).unwrap();
    let mut painter = Painter::new(Caps::detect("xterm-256color", "", true));
    event_loop(&mut terminal, &mut painter, &mut host, &mut app, &mut store).unwrap();
    assert_eq!(host.suspended, 2, "the key and the signal");
    assert_eq!(
        place_on_disk(home.path()),
        Some(("sqrt-dk".to_string(), 0)),
        "saved"
    );
    // Three frames: the first, after the key (suspended: cleared, drawn in full),
    // after the signal (again in full).
    let clears = host.written.windows(4).filter(|w| w == b"\x1b[2J").count();
    assert_eq!(clears, 3, "each resume redraws the whole screen");
}

#[test]
fn a_paste_is_one_edit_and_the_preview_is_evaluated_once_per_batch() {
    let mut app = app();
    let (_home, mut store) = store();
    let typed = "1+2*3";
    let mut inputs = vec![Input::Event(press(':'))];
    inputs.extend(typed.chars().map(|c| Input::Event(press(c))));
    inputs.push(Input::Event(Event::Paste("+4\n".into())));
    let mut host = Script::of(inputs);
    // The batch ends (nothing more is waiting), then the reader is stopped.
    let mut then = 0;
    host.then = Some(Box::new(move |_| {
        then += 1;
        (then > 1).then_some(Input::Stop)
    }));
    run_loop(&mut app, &mut store, &mut host).unwrap();
    match &app.mode() {
        crate::app::Mode::Prompt(p) => assert_eq!(p.text(), "1+2*3+4 "),
        other => panic!("still in the scratchpad: {other:?}"),
    }
    assert_eq!(preview(&app), Some(Ok("11".to_string())));
}

#[test]
fn held_previews_are_evaluated_once_when_the_batch_ends() {
    let mut app = app();
    app.update(Action::Scratchpad);
    app.hold_previews();
    for c in "1+2".chars() {
        app.update(Action::Type(c));
    }
    assert_eq!(app.preview(), None, "not evaluated while the batch runs");
    app.release_previews();
    assert_eq!(preview(&app), Some(Ok("3".to_string())));
}

#[test]
fn a_hung_up_terminal_ends_the_loop_and_still_saves() {
    let mut app = app();
    let (_home, mut store) = store();
    let gone = Input::Gone(io::Error::other("tty gone"));
    // Scrolling asks for a save "soon", which the loop defers.
    let mut host = Script::of([Input::Event(press('j')), gone]);
    let result = run_loop(&mut app, &mut store, &mut host);
    assert!(result.is_err());
    assert_eq!(app.scroll(), 1);
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
    let mut host = Script::of([Input::Event(press(']'))]);
    host.then = Some(Box::new(|_| panic!("injected bug")));
    let result = run_loop(&mut app, &mut store, &mut host);
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
    let mut host = Script::of([Input::Event(press(']')), Input::Event(press('q'))]);
    let result = run_loop(&mut app, &mut store, &mut host);
    let err = result.expect_err("the final save failed");
    assert!(
        err.to_string().starts_with("could not save progress to "),
        "{err}"
    );
    let shown = app.message().map(str::to_string).unwrap_or_default();
    assert!(shown.starts_with("progress not saved: "), "{shown}");
    assert!(shown.ends_with("; will retry"), "{shown}");

    std::fs::remove_file(&home).unwrap();
    app.unquit();
    let mut host = Script::of([Input::Event(press('q'))]);
    run_loop(&mut app, &mut store, &mut host).expect("the retry saves");
    assert_eq!(place_on_disk(&home), Some(("sqrt-dk".to_string(), 0)));
}

/// The live preview as text.
fn preview(app: &App) -> Option<Result<String, String>> {
    app.preview()
        .map(|r| r.as_ref().map(ToString::to_string).map_err(Clone::clone))
}
