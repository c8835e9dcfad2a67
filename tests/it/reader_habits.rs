//! The reader as a learner met it in an hour (issue 28's minor items): the welcome's
//! first key, the help's title, repeated searches, where jumps land, "another one"
//! after the solution. Keys go through the real keymap; frames are drawn on ratatui's
//! `TestBackend`.

use attn_course::app::{App, Mode, PanelView};
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use crate::common;
use common::{frame, keys, press};

fn app_on(course: &str, size: (u16, u16)) -> App {
    App::new(
        common::course(course),
        Progress::new(0),
        Theme::new(false, true),
        size,
    )
}

fn rows(app: &App) -> Vec<String> {
    let terminal = frame(app);
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

#[test]
fn the_welcome_s_first_key_closes_it_and_moves_no_text_it_hid() {
    for key in [" ", "j", "d", "f"] {
        let mut app = app_on("course", (80, 24));
        app.show_welcome();
        keys(&mut app, key);
        assert!(app.welcome().is_none(), "{key:?} closes the welcome");
        assert_eq!(app.scroll(), 0, "{key:?} moved the text the box covered");
        keys(&mut app, key);
        assert!(app.scroll() > 0, "the second {key:?} moves the text");
    }
    // A key that opens something does it at once.
    let mut app = app_on("course", (80, 24));
    app.show_welcome();
    keys(&mut app, "?");
    assert!(matches!(app.mode(), Mode::Help(_)));
}

#[test]
fn the_welcome_fits_40x12_with_its_quit_key_and_leaves_the_title_in_view() {
    for size in [(40, 12), (80, 24), (45, 14)] {
        let mut app = app_on("course", size);
        app.show_welcome();
        let screen = rows(&app);
        let top = screen
            .iter()
            .position(|r| r.contains("welcome"))
            .expect("the box is drawn");
        assert!(
            top >= usize::from(size.1) / 2 - 1,
            "{size:?}: the box covers more than half the text:\n{}",
            screen.join("\n")
        );
        let boxed = screen[top..].join("\n");
        assert!(
            boxed.contains("q") && boxed.contains("quit") && boxed.contains("? "),
            "{size:?}: the keys to start with are in the box:\n{boxed}"
        );
        assert!(
            screen[0].contains("Every Block"),
            "{size:?}: the title stays:\n{}",
            screen.join("\n")
        );
    }
}

#[test]
fn the_help_s_title_says_what_q_does_in_the_help() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, "?");
    let screen = rows(&app).join("\n");
    assert!(!screen.contains("quits the reader"), "{screen}");
    assert!(screen.contains("Esc q close this help"), "{screen}");
    // And q does close it there, without quitting.
    keys(&mut app, "q");
    assert_eq!((app.mode(), app.quit()), (&Mode::Reading, false));
}

/// Index of the current match and how many there are, from the status line.
fn match_status(app: &App) -> String {
    app.message().unwrap_or_default().to_string()
}

#[test]
fn slash_enter_goes_on_to_the_next_match_as_less_does() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, "/softmax");
    press(&mut app, KeyCode::Enter);
    let first = match_status(&app);
    assert!(first.starts_with("match 1/"), "{first}");
    keys(&mut app, "/");
    press(&mut app, KeyCode::Enter);
    assert!(
        match_status(&app).starts_with("match 2/"),
        "{}",
        match_status(&app)
    );
    keys(&mut app, "/");
    press(&mut app, KeyCode::Enter);
    assert!(match_status(&app).starts_with("match 3/"));
    // After Esc hid the matches, n searches again from below the one on screen.
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "n");
    assert!(
        match_status(&app).starts_with("match 4/"),
        "{}",
        match_status(&app)
    );
}

#[test]
fn a_note_s_sentence_lands_where_a_search_match_does_and_names_its_section() {
    let mut app = App::new(
        common::course("ask-course"),
        Progress::new(0),
        Theme::new(false, true),
        (40, 12),
    );
    // A note on a sentence below the first screen, not in the last one.
    keys(&mut app, "v");
    let line = |app: &App| app.selected_sentence().map(|s| s.line()).expect("selected");
    while line(&app) <= app.text_height() {
        keys(&mut app, "j");
    }
    let sentence = line(&app);
    assert!(sentence + app.text_height() < app.view().lines.len());
    let section = app.current_section().map(|s| s.title.clone());
    keys(&mut app, "an");
    keys(&mut app, "later");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "]m");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.lesson(), 0);
    let line = app.selected_sentence().map(|s| s.line()).expect("selected");
    assert_eq!(line, sentence);
    assert!(
        line >= app.scroll() && line - app.scroll() <= 2,
        "the sentence at line {line} stands near the top (scroll {})",
        app.scroll()
    );
    let block = app.view().block_at(line);
    let of_sentence = app
        .sections()
        .iter()
        .rev()
        .find(|s| s.block <= block)
        .map(|s| s.title.clone());
    assert_eq!(app.current_section().map(|s| s.title.clone()), of_sentence);
    assert!(section.is_some());
}

#[test]
fn another_one_comes_after_the_solution_was_seen() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, "p");
    let before = app.current_problem().expect("on problem 1.1");
    keys(&mut app, "sy");
    assert!(matches!(
        app.panel().map(|p| &p.view),
        Some(PanelView::Solution)
    ));
    keys(&mut app, "A");
    let note = match app.panel().map(|p| &p.view) {
        Some(PanelView::Note(text)) => text.clone(),
        other => panic!("A was refused: {other:?}, {:?}", app.message()),
    };
    assert!(note.starts_with("New numbers"), "{note}");
    assert_eq!(app.current_problem(), Some(before));
}

fn ctrl(app: &mut App, c: char) {
    common::key(app, KeyCode::Char(c), KeyModifiers::CONTROL);
}

#[test]
fn less_and_vim_keys_move_the_text() {
    let mut app = app_on("course", (80, 24));
    ctrl(&mut app, 'e');
    ctrl(&mut app, 'n');
    assert_eq!(app.scroll(), 2, "^E ^N: a line down each");
    ctrl(&mut app, 'y');
    ctrl(&mut app, 'p');
    assert_eq!(app.scroll(), 0, "^Y ^P: a line up each");
    keys(&mut app, "z");
    let page = app.scroll();
    assert!(page > 10, "z pages down: {page}");
    keys(&mut app, "w");
    assert_eq!(app.scroll(), 0, "w pages back");
    ctrl(&mut app, 'g');
    let said = app.message().unwrap_or_default().to_string();
    assert!(
        said.starts_with("lesson 1, ") && said.contains("lines 1-") && said.ends_with('%'),
        "^G says where: {said}"
    );
}

#[test]
fn counts_in_the_go_to_line_go_to_a_percent_and_a_line() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, "12G");
    assert_eq!(
        (app.mode(), app.scroll()),
        (&Mode::Reading, 11),
        "12G: line 12 on top"
    );
    let lines = app.view().lines.len();
    keys(&mut app, "g50%");
    let half = (lines * 50 / 100).min(lines - app.text_height());
    assert_eq!(app.scroll(), half);
    keys(&mut app, "g1p");
    assert_eq!(app.scroll(), lines / 100);
}

#[test]
fn a_key_that_does_nothing_says_so_and_points_to_the_help() {
    let mut app = app_on("course", (80, 24));
    for key in [
        KeyCode::Char('x'),
        KeyCode::Char('Z'),
        KeyCode::F(5),
        KeyCode::Insert,
    ] {
        let event = ratatui::crossterm::event::KeyEvent::new(key, KeyModifiers::NONE);
        let action = attn_course::app::keymap::action_for(app.mode(), event);
        app.update(action.expect("every key does something, if only say so"));
        let said = app.message().unwrap_or_default().to_string();
        assert!(
            said.contains("does nothing") && said.contains("? lists the keys"),
            "{key:?}: {said}"
        );
        assert_eq!((app.mode(), app.scroll()), (&Mode::Reading, 0));
    }
}

#[test]
fn colon_q_quits_as_vim_s_does_unless_q_is_bound() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, ":let q = 2");
    press(&mut app, KeyCode::Enter);
    keys(&mut app, "q");
    press(&mut app, KeyCode::Enter);
    assert!(!app.quit(), "q is the learner's binding here");
    let mut app = app_on("course", (80, 24));
    keys(&mut app, ":q");
    press(&mut app, KeyCode::Enter);
    assert!(app.quit());
}

/// The status row: the go-to line's lead and text.
fn status(app: &App) -> String {
    rows(app).last().cloned().unwrap_or_default()
}

#[test]
fn the_go_to_line_says_whether_a_number_is_a_problem_or_a_section() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, "1.1");
    let line = status(&app);
    assert!(
        line.contains("go to problem 1.1 in 1.3 (1.1s: section 1.1): 1.1"),
        "{line}"
    );
    keys(&mut app, "s");
    assert!(
        status(&app).contains("go to section 1.1: 1.1s"),
        "{}",
        status(&app)
    );
    press(&mut app, KeyCode::Enter);
    let at = app
        .current_section()
        .map(|s| s.title.clone())
        .unwrap_or_default();
    assert!(at.starts_with("1.1 "), "at {at}");
    // § as the text writes it goes there too; a number with no section says so.
    keys(&mut app, "1");
    common::key(&mut app, KeyCode::Home, KeyModifiers::NONE);
    keys(&mut app, "§");
    common::key(&mut app, KeyCode::End, KeyModifiers::NONE);
    keys(&mut app, ".2");
    press(&mut app, KeyCode::Enter);
    let at = app
        .current_section()
        .map(|s| s.title.clone())
        .unwrap_or_default();
    assert!(at.starts_with("1.2 "), "at {at}");
    keys(&mut app, "1.9s");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.message(), Some("go to: no section §1.9"));
}

#[test]
fn a_typed_line_that_is_full_says_so_instead_of_dropping_keys_silently() {
    let mut app = app_on("course", (80, 24));
    keys(&mut app, ":");
    app.paste(&"1".repeat(attn_course::app::MAX_PROMPT_CHARS));
    keys(&mut app, "+");
    let said = app.message().unwrap_or_default();
    assert!(
        said.starts_with("the line is full (4096 characters)"),
        "{said}"
    );
}
