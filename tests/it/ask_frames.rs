//! Frames of the sentence cursor, the ask panel and the notes view on ratatui's
//! `TestBackend` (insta snapshots of the text), and cell checks of the highlight under
//! NO_COLOR and in ASCII mode.

use attn_course::app::App;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Modifier;

use crate::common;
use common::{frame, keys, press};

fn app(size: (u16, u16), ascii: bool, color: bool) -> App {
    let course = common::course("ask-course");
    App::new(course, Progress::new(0), Theme::new(ascii, color), size)
}

fn select(app: &mut App, start: &str) {
    keys(app, "v");
    for _ in 0..40 {
        let text = app.selected_sentence().map(|s| s.sentence.text());
        if text.is_some_and(|t| t.starts_with(start)) {
            return;
        }
        keys(app, "j");
    }
    panic!("no sentence starts with {start:?}");
}

#[test]
fn ask_panel_100x30_terms_links_and_a_note() {
    let mut a = app((100, 30), false, true);
    select(&mut a, "As section 1.1");
    keys(&mut a, "an");
    keys(&mut a, "how fast do they grow?");
    press(&mut a, KeyCode::Enter);
    insta::assert_snapshot!(frame(&a).backend());
}

#[test]
fn ask_panel_80x24_a_term_and_the_claim_run_live() {
    let mut a = app((80, 24), false, true);
    select(&mut a, "For $d_k = 64$");
    keys(&mut a, "aj");
    insta::assert_snapshot!(frame(&a).backend());
}

#[test]
fn ask_panel_80x24_ascii() {
    let mut a = app((80, 24), true, false);
    select(&mut a, "For $d_k = 64$");
    // A note typed with non-ASCII characters is folded on screen, kept as typed.
    keys(&mut a, "an");
    keys(&mut a, "naïve — why √?");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.progress().notes[0].text, "naïve — why √?");
    let ascii_only = |a: &App| {
        let terminal = frame(a);
        let buffer = terminal.backend().buffer();
        buffer.content.iter().all(|c| c.symbol().is_ascii())
    };
    assert!(ascii_only(&a), "a non-ASCII cell in the ask panel");
    insta::assert_snapshot!(frame(&a).backend());
    press(&mut a, KeyCode::Esc);
    keys(&mut a, "m");
    assert!(ascii_only(&a), "a non-ASCII cell in my notes");
}

#[test]
fn my_notes_80x24() {
    let mut a = app((80, 24), false, true);
    select(&mut a, "Softmax turns");
    keys(&mut a, "an");
    keys(&mut a, "why weights?");
    press(&mut a, KeyCode::Enter);
    press(&mut a, KeyCode::Esc);
    keys(&mut a, "m");
    insta::assert_snapshot!(frame(&a).backend());
}

#[test]
fn the_selected_sentence_is_reversed_and_underlined_without_colour() {
    let mut a = app((100, 30), false, false);
    select(&mut a, "A score compares");
    let spot = a.selected_sentence().cloned().expect("selected");
    let terminal = frame(&a);
    let buffer = terminal.backend().buffer();
    let text_x = a.geometry().text.x;
    let text_y = a.geometry().text.y;
    let row = spot.rows[0];
    let y = text_y + (row.line - a.scroll()) as u16;
    let marked = |x: u16| {
        let m = buffer[(text_x + x, y)].modifier;
        m.contains(Modifier::REVERSED | Modifier::UNDERLINED)
    };
    let selected: String = (row.start..row.end)
        .map(|x| buffer[(text_x + x as u16, y)].symbol().to_string())
        .collect();
    assert_eq!(selected, "A score compares a query with a key.");
    assert!((row.start..row.end).all(|x| marked(x as u16)));
    // The next sentence on the same line is not marked.
    assert!(!marked(row.end as u16 + 1));
    assert!(
        buffer
            .content
            .iter()
            .all(|c| c.bg == ratatui::style::Color::Reset)
    );
}

#[test]
fn a_hand_edited_note_cannot_put_control_characters_on_the_screen() {
    let course = common::course("ask-course");
    let mut progress = Progress::new(0);
    progress.notes.push(attn_course::progress::Note::new(
        "scores",
        "1.1",
        "Softmax turns the scores into weights.",
        "\u{1b}[2Jwiped?\u{7}",
        1,
    ));
    let mut a = App::new(course, progress, Theme::new(false, true), (80, 24));
    keys(&mut a, "m");
    let terminal = frame(&a);
    let screen: String = terminal
        .backend()
        .buffer()
        .content
        .iter()
        .map(|c| c.symbol().to_string())
        .collect();
    assert!(screen.contains("\u{FFFD}[2Jwiped?\u{FFFD}"), "{screen}");
    assert!(!screen.chars().any(char::is_control));
}
