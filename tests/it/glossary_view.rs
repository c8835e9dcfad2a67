//! The `i` glossary through the real keymap: filtering, moving, jumping to where a term
//! is introduced and back, closing; and one frame at 80x24.

use attn_course::app::{App, Mode};
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use crate::common;
use common::{course, key, keys, press};

fn app(name: &str) -> App {
    App::new(
        course(name),
        Progress::new(0),
        Theme::new(false, true),
        (80, 24),
    )
}

/// The names the index shows, in order, and the selected one.
fn index(app: &App) -> (Vec<String>, String) {
    let Mode::Glossary(view) = &app.mode() else {
        panic!("glossary not open: {:?}", app.mode());
    };
    let g = &app.course().glossary;
    let names = view.hits.iter().map(|&i| g.terms[i].name.clone()).collect();
    let selected = view
        .selected_term(g)
        .map_or(String::new(), |t| t.name.clone());
    (names, selected)
}

#[test]
fn i_opens_the_index_and_typing_filters_it() {
    let mut a = app("glossary-course");
    keys(&mut a, "i");
    let (names, selected) = index(&a);
    assert_eq!(names.len(), 9);
    assert_eq!(names[0], "broken");
    assert_eq!(selected, "broken");
    keys(&mut a, "wid");
    // "widget" starts with the query; "key width" contains it, and "twin" has the
    // alias "Widgets".
    let three: Vec<String> = vec!["widget".into(), "key width".into(), "twin".into()];
    assert_eq!(index(&a), (three.clone(), "widget".into()));
    press(&mut a, KeyCode::Down);
    assert_eq!(index(&a).1, "key width");
    press(&mut a, KeyCode::Down);
    press(&mut a, KeyCode::Down);
    assert_eq!(index(&a).1, "twin", "the selection stops at the end");
    press(&mut a, KeyCode::Backspace);
    assert_eq!(
        index(&a),
        (three, "widget".into()),
        "a new filter selects the first"
    );
    keys(&mut a, "gx");
    assert_eq!(index(&a), (vec![], String::new()));
    press(&mut a, KeyCode::Esc);
    assert_eq!(*a.mode(), Mode::Reading);
}

#[test]
fn letters_that_are_reading_keys_type_into_the_filter() {
    let mut a = app("glossary-course");
    keys(&mut a, "i");
    // j, k, q, n and i would move, quit, search or reopen while reading.
    keys(&mut a, "jkqni");
    assert_eq!(index(&a).0, Vec::<String>::new());
    assert!(!a.quit());
}

#[test]
fn a_symbol_finds_its_term_as_source_or_as_drawn() {
    for query in ["d_k", "dₖ", "W_{Q}"] {
        let mut a = app("glossary-course");
        keys(&mut a, "i");
        keys(&mut a, query);
        let expected = if query == "W_{Q}" {
            vec!["query projection".to_string(), "twin".to_string()]
        } else {
            vec!["key width".to_string()]
        };
        assert_eq!(index(&a).0, expected, "{query}");
    }
}

#[test]
fn enter_goes_where_the_term_is_introduced_and_backspace_comes_back() {
    let mut a = app("glossary-course");
    keys(&mut a, "jjjj");
    let (lesson, scroll) = (a.lesson(), a.scroll());
    let block = a.view().block_at(scroll);
    keys(&mut a, "i");
    keys(&mut a, "widget");
    press(&mut a, KeyCode::Enter);
    assert_eq!(*a.mode(), Mode::Reading);
    assert_eq!(a.lesson(), 1);
    let heading = a
        .sections()
        .iter()
        .find(|s| s.title == "2.1 Widgets")
        .unwrap()
        .block;
    let line = a.view().line_of_block(heading);
    assert!((a.scroll()..a.scroll() + a.text_height()).contains(&line));
    assert_eq!(a.message(), Some("Backspace: back to where you were"));
    press(&mut a, KeyCode::Backspace);
    assert_eq!((a.lesson(), a.view().block_at(a.scroll())), (lesson, block));
    press(&mut a, KeyCode::Backspace);
    assert_eq!(a.message(), Some("nothing to go back to"));
}

#[test]
fn enter_on_a_term_the_course_cannot_place_stays_in_the_glossary() {
    let mut a = app("glossary-course");
    keys(&mut a, "i");
    keys(&mut a, "lost");
    press(&mut a, KeyCode::Enter);
    assert_eq!(index(&a).1, "lost");
    assert_eq!(a.lesson(), 0);
}

#[test]
fn i_works_from_the_help_and_says_so_without_a_glossary() {
    let mut a = app("glossary-course");
    keys(&mut a, "?");
    keys(&mut a, "i");
    assert!(matches!(a.mode(), Mode::Glossary(_)));
    let mut plain = app("course");
    keys(&mut plain, "i");
    assert_eq!(*plain.mode(), Mode::Reading);
    assert_eq!(plain.message(), Some("this course has no glossary"));
}

#[test]
fn glossary_80x24_unicode() {
    let mut a = app("glossary-course");
    keys(&mut a, "i");
    keys(&mut a, "wid");
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| attn_course::ui::draw(&a, f)).unwrap();
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn every_size_from_the_minimum_up_draws_without_panicking() {
    let (min_w, min_h) = attn_course::app::MIN_SIZE;
    for (w, h) in [
        (min_w, min_h),
        (min_w + 1, min_h + 1),
        (69, 20),
        (70, 20),
        (120, 40),
    ] {
        for ascii in [false, true] {
            let mut a = App::new(
                course("glossary-course"),
                Progress::new(0),
                Theme::new(ascii, true),
                (w, h),
            );
            keys(&mut a, "i");
            keys(&mut a, "broken");
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal.draw(|f| attn_course::ui::draw(&a, f)).unwrap();
            let screen = format!("{:?}", terminal.backend());
            assert!(screen.contains("find: broken"), "{w}x{h}:\n{screen}");
        }
    }
}

/// `--ascii`/`LANG=C` draws 7-bit only: the course's term names, aliases and shapes
/// (`key–value memory view`) are folded like the rest of the text.
#[test]
fn the_overlay_in_ascii_is_seven_bit() {
    let course = attn_course::content::Course::load(None).expect("the shipped course loads");
    for (w, h) in [(80, 24), (40, 24)] {
        let mut a = App::new(
            course.clone(),
            Progress::new(0),
            Theme::new(true, false),
            (w, h),
        );
        keys(&mut a, "i");
        keys(&mut a, "key");
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| attn_course::ui::draw(&a, f)).unwrap();
        let buffer = terminal.backend().buffer();
        let screen: String = buffer.content.iter().map(|c| c.symbol()).collect();
        assert!(screen.contains("key"), "{w}x{h}: {screen}");
        let wide: String = screen.chars().filter(|c| !c.is_ascii()).collect();
        assert!(wide.is_empty(), "{w}x{h}: not 7-bit: {wide:?}\n{screen}");
    }
}

#[test]
fn the_filter_edits_with_the_readline_keys_of_every_line() {
    let mut a = app("glossary-course");
    press(&mut a, KeyCode::Char('i'));
    keys(&mut a, "key width");
    key(&mut a, KeyCode::Char('w'), KeyModifiers::CONTROL);
    let Mode::Glossary(view) = a.mode() else {
        panic!("the glossary is open")
    };
    assert_eq!(view.query(), "key ", "Ctrl-W deletes a word");
    key(&mut a, KeyCode::Char('u'), KeyModifiers::CONTROL);
    let Mode::Glossary(view) = a.mode() else {
        panic!("the glossary is open")
    };
    assert_eq!(view.query(), "", "Ctrl-U deletes to the start");
}

#[test]
fn the_filter_cursor_moves_and_edits_in_the_middle() {
    let mut a = app("glossary-course");
    press(&mut a, KeyCode::Char('i'));
    keys(&mut a, "ky width");
    for _ in 0.."y width".len() {
        key(&mut a, KeyCode::Left, KeyModifiers::NONE);
    }
    keys(&mut a, "e");
    key(&mut a, KeyCode::End, KeyModifiers::NONE);
    keys(&mut a, "s");
    key(&mut a, KeyCode::Char('a'), KeyModifiers::CONTROL);
    keys(&mut a, ">");
    let Mode::Glossary(view) = a.mode() else {
        panic!("the glossary is open")
    };
    assert_eq!(view.query(), ">key widths");
    assert_eq!(view.filter_at_cursor(), (">", "key widths"));
}
