//! The reader driven by synthetic key events, no terminal: each test presses keys
//! through the real keymap and checks the app state.

use attn_course::app::keymap::{action_for, mouse_action};
use attn_course::app::{Action, App, Entry, Focus, HelpView, Mode};
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use attn_course::progress::SaveNeed;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};

use crate::common;
use common::{key, keys};

fn app_at(size: (u16, u16)) -> App {
    App::new(
        common::course("course"),
        Progress::new(0),
        Theme::new(false, true),
        size,
    )
}

/// Index of the top-level block whose heading reads `title`.
fn block_of(app: &App, title: &str) -> usize {
    app.sections()
        .iter()
        .find(|s| s.title == title)
        .map(|s| s.block)
        .expect("section exists")
}

#[test]
fn j_k_arrows_space_and_g_move_the_text() {
    let mut app = app_at((100, 30));
    keys(&mut app, "jjj");
    assert_eq!(app.scroll(), 3);
    key(&mut app, KeyCode::Up, KeyModifiers::NONE);
    keys(&mut app, "k");
    assert_eq!(app.scroll(), 1);
    keys(&mut app, " ");
    // A page is the text height (29 rows) less two lines of context.
    assert_eq!(app.scroll(), 1 + 27);
    keys(&mut app, "G");
    let bottom = app.view().lines.len() - 29;
    assert_eq!(app.scroll(), bottom);
    keys(&mut app, "j");
    assert_eq!(app.scroll(), bottom, "no scrolling past the end");
    key(&mut app, KeyCode::PageUp, KeyModifiers::NONE);
    assert_eq!(app.scroll(), bottom - 27);
    keys(&mut app, "g");
    assert_eq!(app.scroll(), 0);
}

#[test]
fn the_wheel_scrolls_the_text_three_lines() {
    let mut app = app_at((100, 30));
    let wheel = |kind| MouseEvent {
        kind,
        column: 50,
        row: 5,
        modifiers: KeyModifiers::NONE,
    };
    app.update(mouse_action(wheel(MouseEventKind::ScrollDown)).unwrap());
    assert_eq!(app.scroll(), 3);
    app.update(mouse_action(wheel(MouseEventKind::ScrollUp)).unwrap());
    assert_eq!(app.scroll(), 0);
}

#[test]
fn brackets_change_lesson_and_come_back_to_the_same_place() {
    let mut app = app_at((100, 30));
    keys(&mut app, "jjjjjjjjjj");
    let place = app.view().block_at(app.scroll());
    keys(&mut app, "]");
    assert_eq!((app.lesson(), app.scroll()), (1, 0));
    assert_eq!(
        app.save_need(),
        SaveNeed::Now,
        "a lesson change saves at once"
    );
    keys(&mut app, "]]]");
    assert_eq!(app.lesson(), 2, "no lesson after the last");
    keys(&mut app, "[[");
    assert_eq!(app.lesson(), 0);
    assert_eq!(app.view().block_at(app.scroll()), place);
    keys(&mut app, "[");
    assert_eq!(app.lesson(), 0);
}

#[test]
fn tab_and_enter_jump_to_a_section_from_the_contents() {
    let mut app = app_at((100, 30));
    key(&mut app, KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(app.focus(), Focus::Contents);
    // Entries: lesson 1, its four sections, lessons 2 and 3. Down two: section 1.2.
    keys(&mut app, "jj");
    assert_eq!(app.entries()[app.contents_cursor()], Entry::Section(1));
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.focus(), Focus::Text);
    let block = block_of(&app, "1.2 Code, quotes and math");
    assert_eq!(app.view().block_at(app.scroll()), block);
    assert_eq!(app.current_section().map(|s| s.block), Some(block));
    // Down to lesson 3 and open it.
    key(&mut app, KeyCode::Tab, KeyModifiers::NONE);
    keys(&mut app, "jjjjjjjjjj");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.lesson(), 2);
}

#[test]
fn under_80_columns_t_shows_the_contents_and_enter_folds_them() {
    let mut app = app_at((60, 20));
    assert!(!app.contents_visible());
    keys(&mut app, "t");
    assert!(app.contents_visible());
    assert_eq!(
        (app.focus(), app.geometry().reading),
        (Focus::Contents, None)
    );
    keys(&mut app, "jjjjj");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.lesson(), 1);
    assert!(!app.contents_visible());
    assert_eq!(app.focus(), Focus::Text);
    // Wide: t hides and shows the contents beside the text.
    let mut wide = app_at((100, 30));
    keys(&mut wide, "t");
    assert!(!wide.contents_visible());
    keys(&mut wide, "t");
    assert!(wide.contents_visible() && wide.geometry().reading.is_some());
}

#[test]
fn resizing_keeps_the_block_at_the_top() {
    let mut app = app_at((100, 30));
    let target = block_of(&app, "1.2 Code, quotes and math");
    let line = app.view().line_of_block(target);
    keys(&mut app, &"j".repeat(line));
    assert_eq!(app.view().block_at(app.scroll()), target);
    // (Sizes at which the rest of the lesson still fills the screen below the block.)
    for (w, h) in [(60, 20), (45, 30), (80, 24), (100, 30)] {
        app.update(Action::Resize(w, h));
        assert_eq!(app.view().block_at(app.scroll()), target, "at {w}x{h}");
    }
}

#[test]
fn search_finds_matches_across_lessons_and_n_cycles() {
    let mut app = app_at((100, 30));
    keys(&mut app, "/Softmax");
    assert!(matches!(&app.mode(), Mode::Prompt(p) if p.text() == "Softmax"));
    key(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
    keys(&mut app, "x");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(*app.mode(), Mode::Reading);
    let search = app.search().cloned().expect("matches");
    let lessons: std::collections::BTreeSet<_> = search.matches.iter().map(|m| m.lesson).collect();
    assert_eq!(lessons.into_iter().collect::<Vec<_>>(), [0, 1]);
    // Every match spells the query.
    let first = search.matches[0];
    let text: String = attn_course::layout::line_text(&app.view().lines[first.line])
        .chars()
        .collect::<Vec<_>>()[first.start..first.end]
        .iter()
        .collect();
    assert_eq!(text.to_lowercase(), "softmax");
    // N from the first match wraps to the last one, in lesson 2.
    keys(&mut app, "N");
    assert_eq!(app.lesson(), 1);
    assert!(
        app.message()
            .unwrap()
            .starts_with(&format!("match {}/", search.matches.len()))
    );
    keys(&mut app, "n");
    assert_eq!((app.lesson(), app.search().unwrap().current), (0, 0));
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(app.search().is_none());
}

#[test]
fn a_search_without_match_says_so_and_esc_cancels_the_prompt() {
    let mut app = app_at((100, 30));
    keys(&mut app, "/zebra");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.message(), Some("no match for \"zebra\""));
    assert!(app.search().is_none());
    keys(&mut app, "/q");
    let ctrl_g = KeyEvent::new(KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert_eq!(
        action_for(app.mode(), ctrl_g),
        None,
        "control keys are not text"
    );
    assert!(matches!(&app.mode(), Mode::Prompt(p) if p.text() == "q"));
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert_eq!(
        (app.mode().clone(), app.quit()),
        (Mode::Reading, false),
        "q typed in a prompt is text"
    );
}

#[test]
fn help_opens_with_question_mark_pages_on_a_small_screen_and_other_keys_close_it() {
    let mut app = app_at((40, 12));
    keys(&mut app, "?");
    assert_eq!(*app.mode(), Mode::Help(HelpView { scroll: 0 }));
    keys(&mut app, "j");
    assert_eq!(*app.mode(), Mode::Help(HelpView { scroll: 1 }));
    keys(&mut app, &"j".repeat(200));
    let page = attn_course::app::help::page((40, 12), false);
    let last = page.last_top();
    assert!(last > 0, "40x12 cannot show it all");
    assert_eq!(
        *app.mode(),
        Mode::Help(HelpView { scroll: last }),
        "the help scrolls no further than its last page"
    );
    keys(&mut app, "g ");
    assert_eq!(
        *app.mode(),
        Mode::Help(HelpView {
            scroll: page.height - 1
        }),
        "space pages"
    );
    keys(&mut app, "G");
    assert_eq!(*app.mode(), Mode::Help(HelpView { scroll: last }));
    keys(&mut app, "x");
    assert_eq!(*app.mode(), Mode::Reading);
    assert_eq!(app.scroll(), 0, "keys in the help do not move the text");
}

#[test]
fn q_and_ctrl_c_quit_from_any_mode_and_ask_for_a_save() {
    let mut app = app_at((100, 30));
    keys(&mut app, "q");
    assert!(app.quit());
    assert_eq!(app.save_need(), SaveNeed::Now);
    let mut app = app_at((100, 30));
    keys(&mut app, "/abc");
    key(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(app.quit());
}

#[test]
fn shifted_letters_match_their_binding_and_every_bound_key_has_help() {
    let g = KeyEvent::new(KeyCode::Char('G'), KeyModifiers::SHIFT);
    assert_eq!(action_for(&Mode::Reading, g), Some(Action::Bottom));
    let ctrl_j = KeyEvent::new(KeyCode::Char('j'), KeyModifiers::CONTROL);
    assert_eq!(
        action_for(&Mode::Reading, ctrl_j),
        Some(Action::Unbound(KeyCode::Char('j'), KeyModifiers::CONTROL))
    );
}

#[test]
fn moving_records_the_place_and_reading_progress() {
    let mut app = app_at((100, 30));
    assert_eq!(app.save_need(), SaveNeed::None, "opening is not a change");
    keys(&mut app, "jjjj");
    assert_eq!(
        app.save_need(),
        SaveNeed::Soon,
        "scrolling saves within seconds, not at once"
    );
    let position = app.progress().position.clone().unwrap();
    assert_eq!(
        (position.lesson.as_str(), position.block),
        ("blocks", app.view().block_at(4))
    );
    // What was on screen is read, measured as the place is: the two agree.
    let read = app.progress().lessons["blocks"].read;
    assert!(0.0 < read && read < 1.0, "{read}");
    assert_eq!(app.percent_read(), app.percent_here());
    // `G` jumps: it reads nothing; paging to the end reads it all.
    keys(&mut app, "G");
    assert!((app.progress().lessons["blocks"].read - read).abs() < 1e-9);
    keys(&mut app, "g");
    keys(&mut app, &" ".repeat(60));
    assert_eq!(app.percent_read(), 100);
    app.set_clock(|| 1234);
    let saved = common::saved_record(&mut app);
    assert_eq!(saved.position.unwrap().at, 1234);
    assert_eq!(app.save_need(), SaveNeed::None);
}

#[test]
fn the_place_shown_is_where_the_learner_is_not_the_furthest_read() {
    let mut app = app_at((100, 30));
    keys(&mut app, &" ".repeat(60));
    assert_eq!(
        app.percent_here(),
        100,
        "the lesson's last line is on screen"
    );
    keys(&mut app, "gj");
    // The record keeps what was read; the place is one line below the top.
    assert_eq!(app.percent_read(), 100);
    let here = app.percent_here();
    assert!(
        0 < here && here < 100,
        "{here}: the lesson is longer than a screen"
    );
    // A new session opens at the place's block, and shows that, not the record's 100%:
    // on its first screen already the figure it shows once the lesson is laid out.
    let progress = common::saved_record(&mut app);
    let mut again = App::new(
        common::course("course"),
        progress,
        Theme::new(false, true),
        (100, 30),
    );
    let first = again.percent_here();
    again.settle();
    assert_eq!(again.percent_here(), first);
    assert!(first <= here);
}

/// Resume through the store's API: what one session leaves in `Progress` opens the next
/// at the same lesson and block.
#[test]
fn a_new_session_resumes_from_the_saved_progress() {
    let mut first = app_at((100, 30));
    keys(&mut first, "]");
    keys(&mut first, "jjjjjjjjjjjj");
    let (lesson, block) = (first.lesson(), first.view().block_at(first.scroll()));
    let progress = common::saved_record(&mut first);
    let second = App::new(
        common::course("course"),
        progress,
        Theme::new(false, true),
        (80, 24),
    );
    assert_eq!(second.lesson(), lesson);
    assert_eq!(second.view().block_at(second.scroll()), block);
    // An unknown lesson slug (a renamed lesson) opens the first lesson.
    let mut stale = Progress::new(0);
    stale.position = Some(attn_course::progress::Position {
        lesson: "gone".into(),
        block: 3,
        at: 0,
        extra: Default::default(),
    });
    let third = App::new(
        common::course("course"),
        stale,
        Theme::new(false, true),
        (80, 24),
    );
    assert_eq!((third.lesson(), third.scroll()), (0, 0));
}

#[test]
fn lesson_marks_follow_the_fraction_read() {
    use attn_course::layout::Mark;
    let mut app = app_at((100, 30));
    keys(&mut app, "G");
    assert_eq!(app.mark(0), Mark::Empty, "a jump to the end reads nothing");
    keys(&mut app, "g");
    keys(&mut app, &" ".repeat(60));
    assert_eq!(app.mark(0), Mark::Full);
    assert_eq!(app.mark(2), Mark::Empty);
    keys(&mut app, "]");
    assert_eq!(
        app.mark(1),
        Mark::Empty,
        "opening a lesson is not reading it"
    );
    keys(&mut app, "j");
    assert_eq!(app.mark(1), Mark::Partial);
}

/// The shared `key` helper refuses a key the mode does not bind, naming it.
#[test]
#[should_panic(expected = "key F5 is not bound in mode Reading")]
fn a_test_pressing_an_unbound_key_fails() {
    let mut app = app_at((80, 24));
    key(&mut app, KeyCode::F(5), KeyModifiers::NONE);
}

/// The status bar's text, as drawn.
fn status_bar(app: &App) -> String {
    let terminal = common::frame(app);
    let buffer = terminal.backend().buffer();
    let y = buffer.area.height - 1;
    (0..buffer.area.width)
        .map(|x| buffer[(x, y)].symbol().to_string())
        .collect()
}

#[test]
fn the_status_bar_names_every_mode_but_reading() {
    let mut app = app_at((100, 30));
    assert!(
        status_bar(&app).starts_with(" lesson 1/"),
        "{}",
        status_bar(&app)
    );
    keys(&mut app, "v");
    assert!(status_bar(&app).starts_with(" [sentence] lesson 1/"));
    keys(&mut app, "a");
    assert!(status_bar(&app).starts_with(" [ask] lesson 1/"));
    // The ask panel closes: the sentence cursor is still on, and says so.
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(matches!(app.mode(), Mode::Select(_)), "{:?}", app.mode());
    assert!(
        status_bar(&app).starts_with(" [sentence] "),
        "{}",
        status_bar(&app)
    );
    keys(&mut app, "v");
    assert!(status_bar(&app).starts_with(" lesson 1/"));
}

#[test]
fn text_typed_into_a_prompt_never_reaches_the_reader() {
    for open in ["/", "0", ":"] {
        let mut app = app_at((100, 30));
        keys(&mut app, "jj");
        let before = (app.lesson(), app.scroll(), app.focus());
        keys(&mut app, open);
        keys(&mut app, "hyi q");
        let Mode::Prompt(prompt) = app.mode() else {
            panic!("{open}: the prompt is open: {:?}", app.mode());
        };
        let typed = if open == "0" { "0hyi q" } else { "hyi q" };
        assert_eq!(prompt.text(), typed, "{open}");
        assert_eq!((app.lesson(), app.scroll(), app.focus()), before, "{open}");
        assert!(!app.quit(), "{open}: q is text");
        assert!(app.panel().is_none() && app.search().is_none());
    }
}

#[test]
fn pager_keys_move_like_less() {
    let mut app = app_at((100, 30));
    // 29 rows of text: a page is 27, half a page 14.
    keys(&mut app, "f");
    assert_eq!(app.scroll(), 27);
    keys(&mut app, "b");
    assert_eq!(app.scroll(), 0);
    keys(&mut app, "d");
    assert_eq!(app.scroll(), 14);
    keys(&mut app, "u");
    assert_eq!(app.scroll(), 0);
    for (c, want) in [('f', 27), ('b', 0), ('d', 14), ('u', 0)] {
        key(&mut app, KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(app.scroll(), want, "Ctrl-{c}");
    }
}

#[test]
fn brackets_at_the_ends_of_the_course_say_so() {
    let mut app = app_at((100, 30));
    keys(&mut app, "[");
    assert_eq!(app.message(), Some("this is the first lesson"));
    let last = app.course().lessons.len();
    keys(&mut app, &"]".repeat(last - 1));
    keys(&mut app, "]");
    assert_eq!(
        (app.lesson(), app.message()),
        (last - 1, Some("this is the last lesson"))
    );
}

#[test]
fn a_number_goes_to_a_lesson_and_n_m_to_a_problem() {
    let course = common::course("course");
    let mut app = App::new(course, Progress::new(0), Theme::new(false, true), (100, 30));
    keys(&mut app, "2");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!((app.lesson(), app.mode().clone()), (1, Mode::Reading));
    keys(&mut app, "1.1");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.lesson(), 0);
    assert_eq!(
        app.current_problem().map(|p| p.label()),
        Some("1.1".to_string())
    );
    assert_eq!(app.message(), Some("problem 1.1: Enter answers"));
    keys(&mut app, "9");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    let lessons = app.course().lessons.len();
    assert_eq!(
        app.message().map(str::to_string),
        Some(format!(
            "go to: no lesson 9: the course has lessons 1 to {lessons}"
        ))
    );
    keys(&mut app, "1.99");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert!(
        app.message()
            .is_some_and(|m| m.starts_with("go to: lesson 1 has problems 1.1 to"))
    );
}

/// The README's key tables: each `#### title` followed by a table whose rows' key
/// column is, in order, the keymap group's rows as the help writes them.
#[test]
fn the_readme_key_tables_match_the_keymap() {
    use attn_course::app::keymap::{HELP, HELP_ORDER, LENS, row_keys};
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    let lines: Vec<&str> = readme.lines().collect();
    let mut expected = String::new();
    let mut mismatch = false;
    for group in HELP_ORDER.iter().chain([&&HELP, &&LENS]) {
        let want: Vec<String> = group.rows.iter().map(|r| row_keys(r, false)).collect();
        let heading = format!("#### {}", group.title);
        let found: Vec<String> = match lines.iter().position(|l| *l == heading) {
            Some(at) => (lines[at + 1..].iter())
                .skip_while(|l| l.trim().is_empty())
                .skip(2)
                .take_while(|l| l.starts_with('|'))
                .map(|l| {
                    l.split('|')
                        .nth(1)
                        .unwrap_or("")
                        .trim()
                        .trim_matches('`')
                        .to_string()
                })
                .collect(),
            None => Vec::new(),
        };
        expected.push_str(&format!("\n{heading}\n\n| keys | does |\n| --- | --- |\n"));
        for (r, keys) in group.rows.iter().zip(&want) {
            expected.push_str(&format!("| `{keys}` | {} |\n", r.help));
        }
        mismatch |= found != want;
    }
    assert!(
        !mismatch,
        "README key tables differ from the keymap; expected keys:\n{expected}"
    );
}

#[test]
fn the_end_of_a_lesson_says_what_comes_next_and_the_key() {
    let mut app = app_at((100, 30));
    assert!(status_bar(&app).trim_end().ends_with("? help"));
    keys(&mut app, "G");
    let next = format!("end of the lesson; ] next: 2. {}", app.title(1));
    assert!(
        status_bar(&app).trim_end().ends_with(&next),
        "{}",
        status_bar(&app)
    );
    keys(&mut app, "]]G");
    assert!(status_bar(&app).trim_end().ends_with("end of the course"));
}

#[test]
fn a_blank_search_repeats_the_last_and_n_after_esc_searches_again() {
    let mut app = app_at((100, 30));
    keys(&mut app, "/");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.message(), Some("no earlier search to repeat"));
    keys(&mut app, "n");
    assert_eq!(app.message(), Some("no search yet: / searches"));
    keys(&mut app, "/softmax");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    let total = app.search().expect("matches").matches.len();
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    assert!(app.search().is_none(), "Esc hides the matches");
    keys(&mut app, "n");
    let again = app.search().expect("n after Esc searches again");
    assert_eq!(
        (again.query.as_str(), again.matches.len()),
        ("softmax", total)
    );
    key(&mut app, KeyCode::Esc, KeyModifiers::NONE);
    // `/` Enter: the last query again.
    keys(&mut app, "/");
    key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.search().map(|s| s.query.as_str()), Some("softmax"));
}

#[test]
fn up_and_down_in_the_search_line_walk_earlier_searches() {
    let mut app = app_at((100, 30));
    for query in ["softmax", "value"] {
        keys(&mut app, &format!("/{query}"));
        key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    }
    keys(&mut app, "/dr");
    key(&mut app, KeyCode::Up, KeyModifiers::NONE);
    assert!(matches!(&app.mode(), Mode::Prompt(p) if p.text() == "value"));
    key(&mut app, KeyCode::Up, KeyModifiers::NONE);
    assert!(matches!(&app.mode(), Mode::Prompt(p) if p.text() == "softmax"));
    key(&mut app, KeyCode::Down, KeyModifiers::NONE);
    key(&mut app, KeyCode::Down, KeyModifiers::NONE);
    assert!(
        matches!(&app.mode(), Mode::Prompt(p) if p.text() == "dr"),
        "walking past the newest gives back what was typed"
    );
}

#[test]
fn a_new_learner_is_welcomed_until_the_first_key() {
    let mut app = app_at((80, 24));
    app.show_welcome();
    let screen = common::frame(&app).backend().to_string();
    assert!(
        screen.contains("Fixture Course: Every block kind"),
        "{screen}"
    );
    assert!(screen.contains("3 lessons"), "{screen}");
    let first_row = screen.lines().next().unwrap_or_default();
    assert!(
        first_row.contains("Every Block of"),
        "the title stays: {screen}"
    );
    // It closes the box and moves none of the text the box hid (reader_habits).
    keys(&mut app, "j");
    assert_eq!(app.scroll(), 0);
    let screen = common::frame(&app).backend().to_string();
    assert!(!screen.contains("welcome"), "{screen}");
}
