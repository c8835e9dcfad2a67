//! The sentence cursor, the ask panel and notes, driven by keys through the real keymap
//! on `tests/fixtures/ask-course` (no terminal).

use std::path::Path;

use attn_course::app::{App, AskItem, Mode, PromptKind};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::{Note, Progress};
use ratatui::crossterm::event::KeyCode;

use crate::common;
use common::{keys, press};

fn course(dir: &Path) -> Course {
    Course::load(Some(dir)).expect("fixture course loads")
}

fn app_with(progress: Progress, size: (u16, u16)) -> App {
    App::new(
        course(&common::fixture_dir("ask-course")),
        progress,
        Theme::new(false, true),
        size,
    )
}

fn selected(app: &App) -> String {
    app.selected_sentence()
        .map(|s| s.sentence.text())
        .unwrap_or_default()
}

/// Selects the sentence that starts with `start` in the open lesson with `v` and `j`.
fn select(app: &mut App, start: &str) {
    keys(app, "v");
    for _ in 0..40 {
        if selected(app).starts_with(start) {
            return;
        }
        keys(app, "j");
    }
    panic!("no sentence starts with {start:?}; at {:?}", selected(app));
}

/// Moves the ask panel's cursor with `j` to the first item `wanted` accepts.
fn cursor_to(app: &mut App, wanted: impl Fn(&AskItem) -> bool) {
    let items = app.ask().map(|a| a.items.clone()).unwrap_or_default();
    let at = items
        .iter()
        .position(wanted)
        .expect("the panel lists the item");
    for _ in 0..at {
        keys(app, "j");
    }
    assert_eq!(app.ask().map(|a| a.cursor), Some(at));
}

#[test]
fn v_selects_the_first_sentence_on_screen_and_j_k_move_by_sentence() {
    let mut app = app_with(Progress::new(0), (100, 30));
    keys(&mut app, "v");
    assert!(matches!(app.mode(), Mode::Select(_)), "{:?}", app.mode());
    assert_eq!(selected(&app), "Dot products as scores.");
    keys(&mut app, "j");
    assert_eq!(selected(&app), "A score compares a query with a key.");
    keys(&mut app, "j");
    // The abbreviations do not end the sentence.
    assert_eq!(
        selected(&app),
        "Scores are small numbers, e.g. Two or three, i.e. near zero."
    );
    keys(&mut app, "jk");
    assert_eq!(
        selected(&app),
        "Scores are small numbers, e.g. Two or three, i.e. near zero."
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Reading);
    assert!(app.selected_sentence().is_none());
}

#[test]
fn braces_move_by_paragraph() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "A score compares");
    keys(&mut app, "}");
    assert!(
        selected(&app).starts_with("The score of $q$"),
        "{}",
        selected(&app)
    );
    keys(&mut app, "j}");
    assert_eq!(selected(&app), "Softmax turns the scores into weights.");
    keys(&mut app, "j{");
    // `{` first goes to the start of the paragraph, then to the previous one.
    assert_eq!(selected(&app), "Softmax turns the scores into weights.");
    keys(&mut app, "{");
    assert!(selected(&app).starts_with("The score of $q$"));
}

#[test]
fn the_view_follows_the_cursor_on_a_small_screen() {
    let mut app = app_with(Progress::new(0), (40, 12));
    keys(&mut app, "v");
    for _ in 0..12 {
        keys(&mut app, "j");
        let spot = app.selected_sentence().expect("a sentence is selected");
        let height = 11;
        assert!(
            spot.line() >= app.scroll() && spot.last_line() < app.scroll() + height,
            "{:?} not within {}..{}",
            spot.rows,
            app.scroll(),
            app.scroll() + height
        );
    }
}

#[test]
fn ask_shows_the_claim_a_sentence_states_run_live_and_opens_it_in_the_scratchpad() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "Its weights for");
    keys(&mut app, "a");
    assert!(matches!(app.mode(), Mode::Ask(_)), "{:?}", app.mode());
    let ask = app.ask().cloned().expect("the panel is open");
    assert_eq!(ask.section, "1.1");
    let claims: Vec<(String, String)> = ask
        .items
        .iter()
        .filter_map(|i| match i {
            AskItem::Claim { expr, value, .. } => {
                Some((expr.clone(), value.clone().unwrap_or_default()))
            }
            _ => None,
        })
        .collect();
    // Only the claim whose value the sentence states, not `sqrt(64)` above it.
    assert_eq!(claims.len(), 1, "{claims:?}");
    assert_eq!(claims[0].0, "softmax([1, 0, 0])");
    assert!(claims[0].1.starts_with("[0.576"), "{}", claims[0].1);
    cursor_to(&mut app, |i| matches!(i, AskItem::Claim { .. }));
    press(&mut app, KeyCode::Enter);
    match &app.mode() {
        Mode::Prompt(p) => {
            assert_eq!(p.kind, PromptKind::Scratchpad);
            assert_eq!(p.text(), "softmax([1, 0, 0])");
        }
        other => panic!("not the scratchpad: {other:?}"),
    }
}

#[test]
fn a_section_reference_jumps_there_and_backspace_comes_back() {
    // Small enough that the lesson scrolls, so the jump shows.
    let mut app = app_with(Progress::new(0), (60, 12));
    select(&mut app, "As section 1.1 showed");
    keys(&mut app, "a");
    cursor_to(
        &mut app,
        |i| matches!(i, AskItem::Link { label, .. } if label == "section 1.1: The dot product"),
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.mode(), Mode::Reading);
    let heading = app
        .sections()
        .iter()
        .find(|s| s.title.starts_with("1.1"))
        .map(|s| s.block)
        .expect("section 1.1");
    assert_eq!(app.view().block_at(app.scroll()), heading);
    press(&mut app, KeyCode::Backspace);
    assert!(matches!(app.mode(), Mode::Select(_)), "{:?}", app.mode());
    assert!(selected(&app).starts_with("As section 1.1 showed"));
    let spot = app.selected_sentence().map(|s| s.line()).unwrap_or(0);
    assert!(
        (app.scroll()..app.scroll() + 11).contains(&spot),
        "back in view"
    );
}

#[test]
fn a_lesson_reference_jumps_to_that_lesson_and_back() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "Lesson 2 divides");
    keys(&mut app, "a");
    cursor_to(
        &mut app,
        |i| matches!(i, AskItem::Link { label, .. } if label == "Lesson 2: Scale"),
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.lesson(), 1);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.lesson(), 0);
    assert_eq!(selected(&app), "Lesson 2 divides them.");
}

#[test]
fn a_note_is_saved_against_its_sentence_listed_marked_and_jumped_to() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "Softmax turns");
    keys(&mut app, "an");
    assert!(matches!(&app.mode(), Mode::Prompt(p) if matches!(p.kind, PromptKind::Note(_))));
    keys(&mut app, "why weights?");
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.mode(), Mode::Ask(_)), "{:?}", app.mode());
    let notes = &app.progress().notes;
    assert_eq!(notes.len(), 1);
    assert_eq!(
        (
            notes[0].lesson.as_str(),
            notes[0].section.as_str(),
            notes[0].sentence.as_str(),
            notes[0].text.as_str(),
            notes[0].answered
        ),
        (
            "scores",
            "1.1",
            "Softmax turns the scores into weights.",
            "why weights?",
            false
        )
    );
    // The panel lists the note; Esc twice goes back to reading.
    let listed = app.ask().is_some_and(|a| {
        a.items
            .iter()
            .any(|i| matches!(i, AskItem::Note(n) if n.text == "why weights?"))
    });
    assert!(listed);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Reading);
    // My notes: one row, found; x marks it answered; Enter selects its sentence.
    keys(&mut app, "]m");
    let Mode::Notes(view) = app.mode() else {
        panic!("the notes view is open: {:?}", app.mode());
    };
    assert_eq!((view.cursor, view.rows.len()), (0, 1));
    assert!(view.rows[0].at.is_some());
    keys(&mut app, "x");
    assert!(app.progress().notes[0].answered);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.lesson(), 0);
    assert!(matches!(app.mode(), Mode::Select(_)), "{:?}", app.mode());
    assert_eq!(selected(&app), "Softmax turns the scores into weights.");
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.lesson(), 1);
}

/// A note is stamped by the reader's one clock, the one attempts and the place use
/// (pinned here), not by a clock of its own.
#[test]
fn notes_take_their_time_from_the_reader_s_clock() {
    let mut app = app_with(Progress::new(0), (100, 30));
    app.set_clock(|| 5_000);
    select(&mut app, "Softmax turns");
    keys(&mut app, "an");
    keys(&mut app, "why?");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.progress().notes[0].at, 5_000);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    // Marked answered in the same second: one second later, so the change wins a merge.
    keys(&mut app, "]mx");
    assert_eq!(app.progress().notes[0].at, 5_001);
    assert_eq!(
        common::saved_record(&mut app)
            .position
            .as_ref()
            .map(|p| p.at),
        Some(5_000)
    );
}

#[test]
fn an_empty_note_saves_nothing_and_esc_keeps_the_panel() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "Softmax turns");
    keys(&mut app, "an  ");
    press(&mut app, KeyCode::Enter);
    assert!(app.progress().notes.is_empty());
    keys(&mut app, "nabc");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.mode(), Mode::Ask(_)), "{:?}", app.mode());
    assert!(app.progress().notes.is_empty());
}

/// A copy of the fixture course with lesson 1 rewritten by `edit`.
fn edited_course(name: &str, edit: impl Fn(&str) -> String) -> Course {
    let dir = std::env::temp_dir().join(format!("attn-ask-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for file in [
        "course.toml",
        "01-scores.md",
        "02-scale.md",
        "glossary.toml",
    ] {
        let text = std::fs::read_to_string(common::fixture_dir("ask-course").join(file))
            .expect("fixture file");
        let text = if file == "01-scores.md" {
            edit(&text)
        } else {
            text
        };
        std::fs::write(dir.join(file), text).expect("write");
    }
    let course = course(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    course
}

#[test]
fn a_note_survives_an_edit_of_the_lesson_and_a_rewrite_makes_it_an_orphan() {
    let mut progress = Progress::new(0);
    progress.notes.push(Note::new(
        "scores",
        "1.1",
        "Softmax turns the scores into weights.",
        "why?",
        10,
    ));
    progress.notes.push(Note::new(
        "scores",
        "1.2",
        "As section 1.1 showed, the scores grow with $d_k$.",
        "how fast?",
        11,
    ));
    // A paragraph added above both, one word changed in the first sentence, the second
    // sentence rewritten.
    let course = edited_course("edit", |text| {
        text.replace(
            "## 1.1 The dot product\n",
            "## 1.1 The dot product\n\nA new paragraph. It moves everything down.\n",
        )
        .replace(
            "Softmax turns the scores into weights.",
            "Softmax turns these scores into weights.",
        )
        .replace(
            "As section 1.1 showed, the scores grow with $d_k$.",
            "Nothing here is what it was.",
        )
    });
    let mut app = App::new(course, progress, Theme::new(false, true), (100, 30));
    keys(&mut app, "m");
    let Mode::Notes(view) = app.mode() else {
        panic!("the notes view is open");
    };
    let rows = view.rows.clone();
    assert_eq!(rows.len(), 2);
    // The found note first, the orphan last, and both kept.
    assert_eq!(rows[0].note.text, "why?");
    assert!(rows[0].at.is_some());
    assert_eq!(
        (rows[1].note.text.as_str(), rows[1].at),
        ("how fast?", None)
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(selected(&app), "Softmax turns these scores into weights.");
    assert_eq!(app.progress().notes.len(), 2);
}

#[test]
fn terms_and_symbols_come_from_the_glossary_with_where_they_are_introduced() {
    let mut app = app_with(Progress::new(0), (60, 12));
    keys(&mut app, "]");
    // Lesson 2's opening names the symbol d_k inside math only.
    select(&mut app, "Divide every score");
    keys(&mut app, "a");
    let terms: Vec<(String, String)> = app
        .ask()
        .map(|a| a.items.clone())
        .unwrap_or_default()
        .into_iter()
        .filter_map(|i| match i {
            AskItem::Term {
                name, introduced, ..
            } => Some((name, introduced)),
            _ => None,
        })
        .collect();
    assert_eq!(
        terms,
        [("key dimension".to_string(), "Lesson 1, 1.1".to_string())]
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.lesson(), 0);
    let heading = app
        .sections()
        .iter()
        .find(|s| s.title.starts_with("1.1"))
        .map(|s| s.block);
    assert_eq!(Some(app.view().block_at(app.scroll())), heading);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(app.lesson(), 1, "back in lesson 2");
    assert!(selected(&app).starts_with("Divide every score"));
}

#[test]
fn i_opens_the_glossary_from_the_cursor_the_panel_and_the_notes() {
    let opened = |app: &App| matches!(app.mode(), Mode::Glossary(_));
    let mut app = app_with(Progress::new(0), (60, 12));
    keys(&mut app, "]");
    select(&mut app, "Divide every score");
    keys(&mut app, "i");
    assert!(opened(&app), "from the sentence cursor: {:?}", app.mode());

    press(&mut app, KeyCode::Esc);
    select(&mut app, "Divide every score");
    keys(&mut app, "a");
    assert!(app.ask().is_some());
    keys(&mut app, "i");
    assert!(opened(&app), "from the ask panel: {:?}", app.mode());
    assert!(app.ask().is_none(), "the glossary replaces the panel");

    press(&mut app, KeyCode::Esc);
    keys(&mut app, "m");
    assert!(matches!(app.mode(), Mode::Notes { .. }));
    keys(&mut app, "i");
    assert!(opened(&app), "from my notes: {:?}", app.mode());
}

/// The note line is written over the ask panel: while it is open the panel and its
/// sentence stay drawn, and Esc gives the same panel back, cursor and all.
#[test]
fn the_note_line_keeps_the_panel_and_its_sentence() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "Softmax turns");
    keys(&mut app, "aj");
    let panel = app.ask().cloned().expect("the panel is open");
    keys(&mut app, "n");
    assert!(matches!(&app.mode(), Mode::Prompt(p) if matches!(p.kind, PromptKind::Note(_))));
    assert_eq!(app.ask(), Some(&panel));
    assert_eq!(selected(&app), "Softmax turns the scores into weights.");
    let screen = format!("{:?}", common::frame(&app).backend());
    assert!(screen.contains("ask: Softmax turns"), "{screen}");
    assert!(screen.contains("note: "), "{screen}");
    keys(&mut app, "x");
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.mode(), Mode::Ask(panel));
}

/// Backspace after a jump from the notes selects again the sentence that was selected
/// when the notes opened, and no other: a sentence selected before some earlier Esc is
/// not brought back.
#[test]
fn backspace_from_a_note_selects_only_the_sentence_selected_when_the_notes_opened() {
    let mut app = app_with(Progress::new(0), (100, 30));
    select(&mut app, "Softmax turns");
    keys(&mut app, "an");
    keys(&mut app, "why?");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Esc);
    // From the sentence cursor: m, Enter on the note, Backspace selects it again.
    select(&mut app, "Dot products");
    keys(&mut app, "m");
    press(&mut app, KeyCode::Enter);
    assert_eq!(selected(&app), "Softmax turns the scores into weights.");
    press(&mut app, KeyCode::Backspace);
    assert!(matches!(app.mode(), Mode::Select(_)), "{:?}", app.mode());
    assert_eq!(selected(&app), "Dot products as scores.");
    // From reading, after the cursor was closed from the notes: nothing is selected.
    keys(&mut app, "m");
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "m");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Backspace);
    assert_eq!(*app.mode(), Mode::Reading);
    assert!(app.selected_sentence().is_none());
}
