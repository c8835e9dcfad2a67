//! The reader in every terminal a learner may bring (issue 8): 80x24, 120x40 and 40x12,
//! with `TERM` xterm-256color, screen-256color, linux and vt100; each once with `LANG=C`
//! (every byte written is 7-bit) and once with `NO_COLOR=1` in a UTF-8 locale (no colour
//! escape code at all). Each cell opens the course, scrolls, opens and closes the help,
//! goes to a problem and quits; the screen must show the course at each step and the
//! terminal must be given back at the end. Cells run in parallel threads.

use crate::pty;

use pty::Tui;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (40, 12)];
const TERMS: [&str; 4] = ["xterm-256color", "screen-256color", "linux", "vt100"];

#[derive(Debug, Clone, Copy)]
enum Mode {
    /// `LANG=C`: ASCII drawing, colour on.
    Ascii,
    /// `NO_COLOR=1` in a UTF-8 locale.
    NoColor,
    /// UTF-8 and colour: the control, where both checks must find something.
    Full,
}

#[derive(Debug, Clone, Copy)]
struct Cell {
    cols: u16,
    rows: u16,
    term: &'static str,
    mode: Mode,
}

/// The SGR parameters that set a colour: 30-38 and 40-48 (38/48 open 256-colour and RGB
/// forms), 90-97 and 100-107 (bright). 39 and 49 reset to the default and are no colour.
fn is_colour_parameter(p: u32) -> bool {
    matches!(p, 30..=38 | 40..=48 | 90..=97 | 100..=107)
}

/// Every SGR (`ESC [ params m`) sequence in `bytes` that sets a colour.
fn colour_sequences(bytes: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] != 0x1b || bytes[i + 1] != b'[' {
            i += 1;
            continue;
        }
        let start = i + 2;
        let Some(len) = bytes[start..]
            .iter()
            .position(|b| (0x40..=0x7e).contains(b))
        else {
            break;
        };
        let end = start + len;
        if bytes[end] == b'm' {
            let params = String::from_utf8_lossy(&bytes[start..end]);
            let coloured = params
                .split([';', ':'])
                .filter_map(|p| p.parse::<u32>().ok())
                .any(is_colour_parameter);
            if coloured {
                found.push(format!("ESC[{params}m"));
            }
        }
        i = end + 1;
    }
    found
}

fn run_cell(cell: Cell) {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = pty::reader(home.path());
    cmd.env("TERM", cell.term);
    match cell.mode {
        Mode::Ascii => cmd.env("LANG", "C"),
        Mode::NoColor => cmd.env("NO_COLOR", "1"),
        Mode::Full => &mut cmd,
    };
    let mut tui = Tui::spawn(cmd, cell.cols, cell.rows);
    let opened = tui.wait_for("lesson 1/3");
    assert!(opened.contains("Every Block of"), "{cell:?}:\n{opened}");
    tui.send("jj ");
    tui.wait_for("lesson 1/3");
    assert!(tui.screen.screen().alternate_screen(), "{cell:?}");
    tui.send("?");
    let help = tui.wait_for(" keys: Esc q close");
    assert!(help.contains("quit (saved)"), "{cell:?} help:\n{help}");
    tui.send("x");
    tui.send("p");
    tui.wait_for("problem 1.1");
    tui.send("q");
    tui.assert_exits_restored();

    let high = tui.bytes.iter().filter(|b| **b > 0x7f).count();
    let colours = colour_sequences(&tui.bytes);
    match cell.mode {
        Mode::Ascii => assert_eq!(high, 0, "{cell:?} wrote bytes above 0x7f"),
        Mode::NoColor => assert!(colours.is_empty(), "{cell:?} wrote colours: {colours:?}"),
        Mode::Full => assert!(
            high > 0 && !colours.is_empty(),
            "{cell:?}: the checks see nothing"
        ),
    }
}

/// The two checks can fail: the same steps in a UTF-8 colour terminal write both.
#[test]
fn a_utf8_colour_terminal_gets_both_unicode_and_colour() {
    run_cell(Cell {
        cols: 80,
        rows: 24,
        term: "xterm-256color",
        mode: Mode::Full,
    });
}

#[test]
fn the_colour_scan_finds_colours_and_only_colours() {
    let bytes = b"\x1b[1;7mbold\x1b[39;49m\x1b[38;5;196mred\x1b[0m\x1b[2J\x1b[94mx\x1b[?25l";
    assert_eq!(colour_sequences(bytes), ["ESC[38;5;196m", "ESC[94m"]);
    assert!(colour_sequences(b"\x1b[0m\x1b[1m\x1b[4;7m\x1b[10;20H").is_empty());
}

#[test]
fn every_size_term_and_mode_opens_reads_and_restores() {
    let cells: Vec<Cell> = SIZES
        .iter()
        .flat_map(|&(cols, rows)| {
            TERMS.iter().flat_map(move |&term| {
                [Mode::Ascii, Mode::NoColor].map(|mode| Cell {
                    cols,
                    rows,
                    term,
                    mode,
                })
            })
        })
        .collect();
    // A few at a time: each is a real process drawing; all at once would starve a small
    // machine and the waits would run out.
    for batch in cells.chunks(6) {
        let threads: Vec<_> = batch
            .iter()
            .map(|&cell| std::thread::spawn(move || run_cell(cell)))
            .collect();
        let failures: Vec<String> = threads
            .into_iter()
            .filter_map(|t| t.join().err())
            .map(|e| {
                e.downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_else(|| "a cell panicked".to_string())
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    }
}
