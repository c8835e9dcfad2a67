//! Titles in the contents pane, through the reader's keys on the bundled course: the
//! pane grows with the terminal, a cut title ends in `…` (`~` in ASCII mode), and the
//! selected entry's title shows whole, wrapped.

use attn_course::app::{App, Entry};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use ratatui::crossterm::event::KeyCode;

use crate::common;
use common::{frame, keys, press};

fn app(size: (u16, u16), ascii: bool) -> App {
    let course = Course::load(None).expect("the bundled course loads");
    App::new(course, Progress::new(0), Theme::new(ascii, false), size)
}

/// The contents pane's text, rows joined by spaces, runs of spaces collapsed.
fn contents(app: &App) -> String {
    let area = app.geometry().contents.expect("contents shown");
    let terminal = frame(app);
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in area.y..area.y + area.height {
        // The last column is the border beside the text.
        for x in area.x..area.x + area.width - 1 {
            text.push_str(buffer[(x, y)].symbol());
        }
        text.push(' ');
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn selected_title(app: &App) -> String {
    match app.entries()[app.contents_cursor()] {
        Entry::Lesson(l) => format!("{}. {}", l + 1, app.title(l)),
        Entry::Section(s) => app.sections()[s].title.clone(),
    }
}

#[test]
fn every_selected_title_shows_whole_at_80_100_and_200_columns() {
    for size in [(80, 24), (100, 30), (200, 60)] {
        let mut a = app(size, false);
        press(&mut a, KeyCode::Tab);
        let entries = a.entries().len();
        for _ in 0..entries {
            let title = selected_title(&a);
            let shown = contents(&a);
            assert!(
                shown.contains(&title),
                "{size:?}: {title:?} not whole in\n{shown}"
            );
            keys(&mut a, "j");
        }
    }
}

#[test]
fn the_pane_grows_and_a_cut_title_ends_in_an_ellipsis() {
    let width = |w| app((w, 40), false).geometry().contents.unwrap().width;
    assert!(
        width(200) > width(100) + 15,
        "{} vs {}",
        width(200),
        width(100)
    );
    let shown = contents(&app((100, 30), false));
    assert!(shown.contains('…') && !shown.contains('~'), "{shown}");
    let ascii = contents(&app((100, 30), true));
    assert!(ascii.contains('~') && !ascii.contains('…'), "{ascii}");
}
