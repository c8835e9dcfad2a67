//! Frames written with scroll regions leave the screen exactly as full redraws do: the
//! reader's real frames (scrolling, paging, jumping, lessons changing, the status bar
//! changing with them) are painted twice, with and without scroll regions, and both byte
//! streams go into a VT100 emulation whose screens must be identical after every frame,
//! cell by cell with colours and attributes.

use attn_course::app::{Action, App};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use attn_course::tty::caps::Caps;
use attn_course::tty::paint::Painter;
use attn_course::tty::probe::Probe;
use ratatui::Terminal;

/// One painter and the emulated terminal it writes to.
struct Screen {
    painter: Painter,
    vt: vt100::Parser,
    bytes: usize,
    /// Clear and write every frame whole.
    full: bool,
}

impl Screen {
    fn new(caps: Caps, (w, h): (u16, u16), full: bool) -> Screen {
        let n = |v: u16| std::num::NonZeroU16::new(v).unwrap();
        Screen {
            painter: Painter::new(caps),
            vt: vt100::Parser::new(n(h), n(w), 0),
            bytes: 0,
            full,
        }
    }

    fn paint(&mut self, terminal: &mut Terminal<Probe>, app: &App) -> usize {
        let mut out = Vec::new();
        if self.full {
            self.painter.invalidate();
        }
        let frame = terminal
            .draw(|f| attn_course::ui::draw(app, f))
            .expect("draw");
        self.painter.paint(frame.buffer, &mut out);
        self.painter
            .place_cursor(terminal.backend().cursor(), &mut out);
        self.vt.process(&out);
        self.bytes += out.len();
        out.len()
    }
}

fn caps(term: &str, scroll_region: bool) -> Caps {
    Caps {
        scroll_region,
        ..Caps::detect(term, "", true)
    }
}

/// Every cell's text and look, row by row (a blank cell reads as a space whether it
/// was written or erased: they look the same).
fn cells(vt: &vt100::Parser) -> Vec<Vec<String>> {
    let screen = vt.screen();
    let (rows, cols) = screen.size();
    (0..rows.get())
        .map(|r| {
            (0..cols.get())
                .map(|c| match screen.cell(r, c) {
                    Some(cell) => format!(
                        "{:?} {:?} {:?} bold {} italic {} underline {} inverse {}",
                        match cell.contents() {
                            "" => " ",
                            text => text,
                        },
                        cell.fgcolor(),
                        cell.bgcolor(),
                        cell.bold(),
                        cell.italic(),
                        cell.underline(),
                        cell.inverse()
                    ),
                    None => "?".to_string(),
                })
                .collect()
        })
        .collect()
}

/// Drives the reader through `actions` at `size`, comparing the screens painted with
/// scroll regions, with plain diffs and in full after each frame; returns the bytes
/// written with and without scroll regions.
fn compare(term: &str, size: (u16, u16), actions: &[Action]) -> (usize, usize) {
    let course = Course::load(None).expect("embedded course");
    let mut app = App::new(course, Progress::new(0), Theme::new(false, true), size);
    let mut terminal = Terminal::new(Probe::fixed(size.0, size.1)).unwrap();
    let mut scrolled = Screen::new(caps(term, true), size, false);
    let mut redrawn = Screen::new(caps(term, false), size, false);
    let mut full = Screen::new(caps(term, false), size, true);
    for (i, action) in std::iter::once(None)
        .chain(actions.iter().map(Some))
        .enumerate()
    {
        if let Some(action) = action {
            app.update(*action);
        }
        scrolled.paint(&mut terminal, &app);
        redrawn.paint(&mut terminal, &app);
        full.paint(&mut terminal, &app);
        let expected = cells(&full.vt);
        for (name, screen) in [("scrolled", &scrolled), ("diffed", &redrawn)] {
            let got = cells(&screen.vt);
            if let Some(row) = (0..got.len()).find(|&r| got[r] != expected[r]) {
                let col = (0..got[row].len())
                    .find(|&c| got[row][c] != expected[row][c])
                    .unwrap_or(0);
                panic!(
                    "{term} {size:?}: {name} differs from full at row {row} column {col} \
                     after step {i} ({action:?}):\n{}\n{}\n--- full:\n{}",
                    got[row][col],
                    expected[row][col],
                    full.vt.screen().contents()
                );
            }
        }
        for screen in [&scrolled, &redrawn] {
            let (got, want) = (screen.vt.screen(), full.vt.screen());
            assert_eq!(got.hide_cursor(), want.hide_cursor(), "step {i}");
            if !want.hide_cursor() {
                assert_eq!(got.cursor_position(), want.cursor_position(), "step {i}");
            }
        }
    }
    (scrolled.bytes, redrawn.bytes)
}

fn reading_tour() -> Vec<Action> {
    let mut tour = Vec::new();
    tour.extend([Action::Down; 12]);
    tour.extend([Action::Up; 5]);
    tour.extend([Action::PageDown, Action::PageDown, Action::PageUp]);
    tour.extend([Action::Wheel(3), Action::Wheel(-3), Action::Down]);
    tour.extend([Action::NextProblem, Action::Down, Action::Down]);
    tour.extend([
        Action::NextLesson,
        Action::Down,
        Action::Down,
        Action::Bottom,
    ]);
    tour.extend([Action::Up, Action::Up, Action::Top, Action::Down]);
    tour.extend([Action::ToggleContents, Action::Down, Action::Down]);
    tour.extend([Action::Search, Action::PromptCancel, Action::Down]);
    tour.extend([Action::Help, Action::Down, Action::Close, Action::Down]);
    tour
}

#[test]
fn scrolled_frames_leave_the_same_screen_as_full_redraws() {
    for term in ["xterm-256color", "vt100", "linux"] {
        for size in [(80, 24), (40, 12), (120, 40)] {
            compare(term, size, &reading_tour());
        }
    }
}

/// With the text full width (the default at 80x24; the contents shown from 100
/// columns or with `t`): a band of whole rows moves. With the contents pane beside the
/// text, rows do not move whole (the pane stays) and frames are diffed as before:
/// DECSTBM has no left and right margins.
#[test]
fn a_one_line_scroll_writes_a_fraction_of_a_redraw() {
    let actions = vec![Action::Down; 20];
    let (scrolled, redrawn) = compare("xterm-256color", (80, 24), &actions);
    assert!(
        scrolled * 4 < redrawn,
        "scroll regions: {scrolled} B, redraws: {redrawn} B"
    );
}

/// Page moves (space, PgUp) down a lesson and back, into the next lesson and across its
/// end: each painted frame leaves the screen a full redraw leaves, on terminals with and
/// without scroll regions and attributes.
#[test]
fn page_moves_leave_the_same_screen_as_full_redraws() {
    let mut pages = vec![Action::PageDown; 8];
    pages.extend([Action::PageUp; 3]);
    pages.extend([Action::NextLesson, Action::PageDown, Action::PageDown]);
    pages.extend([Action::Bottom, Action::PageUp, Action::PageDown]);
    for term in ["xterm-256color", "vt100", "linux", "dumb"] {
        for size in [(80, 24), (40, 12), (120, 40)] {
            compare(term, size, &pages);
        }
    }
}
