//! The paper lens in the reader: `E` and a pasted equation, or Enter on an equation of
//! the ask panel, opens the legend; Enter on an entry goes to the section that derives
//! it and Backspace comes back to the lens as it was. Driven by keys through the real
//! keymap on the embedded course (no terminal).

use attn_course::app::{App, AskItem, Mode};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::KeyCode;

use crate::common::{self, keys, press};

fn app(size: (u16, u16)) -> App {
    let course = Course::load(None).expect("the embedded course loads");
    App::new(course, Progress::new(0), Theme::new(false, true), size)
}

fn screen(app: &App) -> String {
    let terminal = common::frame(app);
    let buffer = terminal.backend().buffer();
    let width = usize::from(buffer.area.width);
    let cells: Vec<&str> = buffer.content().iter().map(|c| c.symbol()).collect();
    cells.chunks(width).map(|row| row.concat() + "\n").collect()
}

/// `E`, the equation typed, Enter.
fn explain(app: &mut App, tex: &str) {
    keys(app, "E");
    keys(app, tex);
    press(app, KeyCode::Enter);
}

fn lens_selected(app: &App) -> Option<(String, usize)> {
    match app.mode() {
        Mode::Lens(view) => Some((view.legend.tex.clone(), view.selected)),
        _ => None,
    }
}

#[test]
fn a_pasted_equation_opens_its_legend_and_an_entry_leads_to_its_section_and_back() {
    let mut app = app((80, 24));
    press(&mut app, KeyCode::Esc);
    explain(&mut app, r"\frac{QK^T}{\sqrt{d_k}}");
    let Mode::Lens(view) = app.mode() else {
        panic!("not in the lens: {:?}", app.message());
    };
    let entries = view.legend.entries.clone();
    let shown = screen(&app);
    assert!(shown.contains("paper lens"), "{shown}");
    assert!(shown.contains("the scaled scores"), "{shown}");
    // The second entry (Q) is derived in §1.3; the first (the scaled scores) in §2.3.
    keys(&mut app, "j");
    let link = entries[1].link.clone().expect("Q is placed");
    assert_eq!(link.section, "1.3");
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.mode(), Mode::Reading));
    assert_eq!(app.lesson(), link.lesson);
    let there = screen(&app);
    assert!(there.contains("1.3 A bilinear form"), "{there}");
    assert!(there.contains("Backspace: back to the lens"), "{there}");
    // From lesson 2's section back to the lens, the same entry selected.
    press(&mut app, KeyCode::Backspace);
    assert_eq!(
        lens_selected(&app),
        Some((r"\frac{QK^T}{\sqrt{d_k}}".to_string(), 1))
    );
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.mode(), Mode::Reading));
}

#[test]
fn malformed_latex_is_one_line_in_the_status_bar_and_the_reader_stays() {
    let mut app = app((80, 24));
    press(&mut app, KeyCode::Esc);
    explain(&mut app, r"\frac{Q");
    assert!(matches!(app.mode(), Mode::Reading));
    let message = app.message().unwrap_or_default().to_string();
    assert!(
        message.starts_with("the lens cannot read that equation:"),
        "{message}"
    );
    assert!(!message.contains('\n'));
}

#[test]
fn enter_on_a_symbol_the_course_does_not_place_says_so_and_stays() {
    let mut app = app((80, 24));
    press(&mut app, KeyCode::Esc);
    explain(&mut app, r"h_t = \tanh(W_{hh} h_{t-1})");
    let Mode::Lens(view) = app.mode() else {
        panic!("not in the lens");
    };
    let at = (view.legend.entries.iter())
        .position(|e| e.meaning.is_none())
        .expect("h_t is not in this course");
    for _ in 0..at {
        keys(&mut app, "j");
    }
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.mode(), Mode::Lens(_)));
    assert_eq!(
        app.message(),
        Some("not in this course: no section to go to")
    );
}

#[test]
fn the_display_equation_after_a_sentence_opens_in_the_lens_from_the_ask_panel() {
    let mut app = app((80, 24));
    press(&mut app, KeyCode::Esc);
    keys(&mut app, "v");
    // The first sentence whose paragraph leads into a display equation.
    let mut found = None;
    for _ in 0..200 {
        keys(&mut app, "a");
        let items = app.ask().map(|a| a.items.clone()).unwrap_or_default();
        let display = items.iter().rposition(
            |i| matches!(i, AskItem::Equation(tex) if tex.contains('=') || tex.contains("\\frac")),
        );
        if let Some(at) = display {
            found = Some((at, items[at].clone()));
            break;
        }
        keys(&mut app, "a");
        keys(&mut app, "j");
    }
    let (at, AskItem::Equation(tex)) = found.expect("some sentence leads into an equation") else {
        unreachable!()
    };
    assert!(screen(&app).contains("Equations (Enter explains them in the paper lens)"));
    for _ in 0..at {
        keys(&mut app, "j");
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(lens_selected(&app), Some((tex, 0)));
}

#[test]
fn the_lens_draws_at_every_size_from_the_minimum_in_unicode_and_ascii() {
    for ascii in [false, true] {
        for size in [(40, 12), (60, 16), (80, 24), (200, 60)] {
            let course = Course::load(None).expect("the embedded course loads");
            let mut app = App::new(course, Progress::new(0), Theme::new(ascii, true), size);
            press(&mut app, KeyCode::Esc);
            explain(
                &mut app,
                r"\mathrm{MultiHead}(Q,K,V)=\mathrm{Concat}(\mathrm{head}_1,\ldots,\mathrm{head}_h)W^O",
            );
            assert!(matches!(app.mode(), Mode::Lens(_)), "{size:?}");
            for _ in 0..12 {
                keys(&mut app, "j");
                let shown = screen(&app);
                assert!(shown.contains("paper lens"), "{size:?}\n{shown}");
                if ascii {
                    assert!(shown.is_ascii(), "{shown}");
                }
            }
        }
    }
}
