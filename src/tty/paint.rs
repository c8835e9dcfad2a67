//! Writing frames to the terminal: the only code that sends cell contents.
//!
//! ratatui renders each frame into a `Buffer`; the painter keeps the frame the terminal
//! shows and writes only the difference, in the terminal's own dialect (`Caps`): colour
//! codes it understands (SGR 30-37/90-97 rather than 256-colour codes for the 16 named
//! colours, none at all on a VT100), no italics where there are none, rows scrolled by
//! the terminal where a band of text moved (see `scroll`), and erase-to-end-of-line for
//! the blank tail of a row. The bytes of a frame are collected and written at once.

use std::borrow::Cow;
use std::io::Write;

use ratatui::buffer::{Buffer, Cell};
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

use super::caps::{Caps, Palette};
use super::scroll;

/// The terminal's screen as last written.
pub struct Painter {
    caps: Caps,
    shown: Buffer,
    /// Row hashes of `shown`, kept from the frame that became it.
    hashes: Vec<u64>,
    /// `None` when unknown (at the start, after a resume): the next frame says it.
    cursor_visible: Option<bool>,
}

/// A cell's symbol as written: without its hidden characters
/// ([`crate::sanitize::is_hidden`], line breaks and tabs too), or the visible
/// replacement when nothing else is left. The text drawn is cleaned where it is made
/// (the course, the prompt, the messages); this is the last wall, so that no escape,
/// bidi override or zero-width character ever reaches the terminal, whatever drew it.
fn shown(symbol: &str) -> Cow<'_, str> {
    let hidden = |c: char| crate::sanitize::is_hidden(c) || matches!(c, '\n' | '\t');
    if !symbol.chars().any(hidden) {
        return Cow::Borrowed(symbol);
    }
    let kept: String = symbol.chars().filter(|&c| !hidden(c)).collect();
    if kept.is_empty() {
        Cow::Owned(crate::sanitize::REPLACEMENT.to_string())
    } else {
        Cow::Owned(kept)
    }
}

/// The SGR state between cells: colours and attributes as sent.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Pen {
    fg: Color,
    bg: Color,
    modifier: Modifier,
}

/// The longest pen change `set_pen` writes: `CSI 0`, every attribute, bold for a
/// bright colour on eight colours, two 24-bit colours and `m`.
const MAX_SGR: usize = 2 + 1 + 16 + 2 + 2 * 17 + 1;

const PLAIN: Pen = Pen {
    fg: Color::Reset,
    bg: Color::Reset,
    modifier: Modifier::empty(),
};

impl Painter {
    pub fn new(caps: Caps) -> Painter {
        Painter {
            caps,
            shown: Buffer::empty(Rect::ZERO),
            hashes: Vec::new(),
            cursor_visible: None,
        }
    }

    /// Forgets what the screen shows: the next frame clears it and is written in full
    /// (after a resize, a resume, or anything else that may have drawn over it).
    pub fn invalidate(&mut self) {
        self.shown = Buffer::empty(Rect::ZERO);
        self.cursor_visible = None;
    }

    /// Appends to `out` what turns the screen into `next`.
    pub fn paint(&mut self, next: &Buffer, out: &mut Vec<u8>) {
        let hashes = scroll::row_hashes(next);
        if self.shown.area != next.area {
            out.extend_from_slice(b"\x1b[m\x1b[H\x1b[2J");
            self.shown = Buffer::empty(next.area);
            self.hashes.clear();
        } else if self.caps.scroll_region
            && let Some(shift) = scroll::plan(&self.hashes, &hashes)
        {
            shift.write(out);
            shift.apply(&mut self.shown);
        }
        self.write_diff(next, out);
        self.shown.area = next.area;
        self.shown.content.clone_from(&next.content);
        self.hashes = hashes;
    }

    /// Appends to `out` what shows the cursor at `cursor`, or hides it when `None`.
    pub fn place_cursor(&mut self, cursor: Option<Position>, out: &mut Vec<u8>) {
        match cursor {
            Some(at) => {
                let _ = write!(out, "\x1b[{};{}H", at.y + 1, at.x + 1);
                if self.cursor_visible != Some(true) {
                    out.extend_from_slice(b"\x1b[?25h");
                }
            }
            None if self.cursor_visible != Some(false) => out.extend_from_slice(b"\x1b[?25l"),
            None => {}
        }
        self.cursor_visible = Some(cursor.is_some());
    }

    /// The changed cells, row by row; a changed blank tail is erased with EL.
    fn write_diff(&self, next: &Buffer, out: &mut Vec<u8>) {
        let width = usize::from(next.area.width);
        let mut pen = PLAIN;
        let mut at: Option<(u16, u16)> = None;
        let mut erased_row = None;
        for (x, y, cell) in self.shown.diff(next) {
            if erased_row == Some(y) {
                continue;
            }
            let row = &next.content[usize::from(y) * width..][..width];
            let tail = blank_tail(row);
            if usize::from(x) >= tail && self.caps.attributes {
                self.travel(&mut at, &mut pen, row, (x, y, PLAIN), out);
                self.set_pen(&mut pen, PLAIN, out);
                out.extend_from_slice(b"\x1b[K");
                erased_row = Some(y);
                continue;
            }
            // Moved first, in the pen of what came before, which the cells passed over
            // may share.
            let then = self.pen_for(cell);
            self.travel(&mut at, &mut pen, row, (x, y, then), out);
            self.set_pen(&mut pen, then, out);
            let symbol = shown(cell.symbol());
            out.extend_from_slice(symbol.as_bytes());
            let advance = symbol.width().max(1) as u16;
            at = Some((x + advance, y));
        }
        self.set_pen(&mut pen, PLAIN, out);
    }

    /// Moves the cursor to column `x` of row `y` (`row`, the next frame's), where pen
    /// `then` is to write, by the fewest bytes. The cells between the cursor and `x` on
    /// its row (or from the start of the next row, after CR LF) are unchanged on
    /// screen: written again in the pen they already have, they cost less than a move
    /// sequence when they are few, as the spaces between words that two pages share by
    /// chance are. Otherwise a move forward on the row, or an absolute move.
    fn travel(
        &self,
        at: &mut Option<(u16, u16)>,
        pen: &mut Pen,
        row: &[Cell],
        (x, y, then): (u16, u16, Pen),
        out: &mut Vec<u8>,
    ) {
        let (from, lead): (u16, &[u8]) = match *at {
            Some(here) if here == (x, y) => return,
            Some((ax, ay)) if ay == y && ax < x => (ax, b""),
            // Never from the last row (a line feed there would scroll the screen).
            Some((_, ay)) if ay + 1 == y => (0, b"\r\n"),
            _ => return move_to(at, x, y, out),
        };
        let gap = &row[usize::from(from)..usize::from(x)];
        let jump = if lead.is_empty() {
            3 + digits(x - from)
        } else {
            4 + digits(y + 1) + digits(x + 1)
        };
        // The gap's one pen, if its cells share one and are one cell wide each; a gap
        // longer than the move and any two pen changes is not looked at.
        let gap_pen = gap.first().map_or(*pen, |c| self.pen_for(c));
        let worth = gap.len() < jump + 2 * MAX_SGR
            && gap
                .iter()
                .all(|c| shown(c.symbol()).width() == 1 && self.pen_for(c) == gap_pen);
        let mark = out.len();
        if worth {
            // Written out, then taken back if the move is shorter. Either way the pen
            // then changes to `then`.
            out.extend_from_slice(lead);
            let mut pen_after = *pen;
            self.set_pen(&mut pen_after, gap_pen, out);
            gap.iter()
                .for_each(|c| out.extend_from_slice(shown(c.symbol()).as_bytes()));
            let rewrite = out.len() - mark + self.pen_change(pen_after, then, out);
            if rewrite < jump + self.pen_change(*pen, then, out) {
                *pen = pen_after;
                *at = Some((x, y));
                return;
            }
            out.truncate(mark);
        }
        if lead.is_empty() {
            let _ = write!(out, "\x1b[{}C", x - from);
        } else {
            let _ = write!(out, "\x1b[{};{}H", y + 1, x + 1);
        }
        *at = Some((x, y));
    }

    /// The bytes of changing the pen `from` to `to` (written to `scratch`'s end and
    /// taken back).
    fn pen_change(&self, mut from: Pen, to: Pen, scratch: &mut Vec<u8>) -> usize {
        let mark = scratch.len();
        self.set_pen(&mut from, to, scratch);
        let bytes = scratch.len() - mark;
        scratch.truncate(mark);
        bytes
    }

    /// The pen a cell asks for, in what this terminal has.
    fn pen_for(&self, cell: &Cell) -> Pen {
        if !self.caps.attributes {
            return PLAIN;
        }
        let mut modifier = cell.modifier;
        if !self.caps.italic {
            modifier.remove(Modifier::ITALIC);
        }
        if self.caps.palette == Palette::Mono {
            // Highlights and selections are backgrounds: without colour, reverse them.
            if cell.bg != Color::Reset {
                modifier.insert(Modifier::REVERSED);
            }
            modifier.remove(Modifier::DIM | Modifier::CROSSED_OUT);
            return Pen {
                fg: Color::Reset,
                bg: Color::Reset,
                modifier,
            };
        }
        Pen {
            fg: cell.fg,
            bg: cell.bg,
            modifier,
        }
    }

    fn set_pen(&self, pen: &mut Pen, to: Pen, out: &mut Vec<u8>) {
        if *pen == to {
            return;
        }
        let from = std::mem::replace(pen, to);
        let start = out.len();
        out.extend_from_slice(b"\x1b[0");
        for (flag, code) in [
            (Modifier::BOLD, "1"),
            (Modifier::DIM, "2"),
            (Modifier::ITALIC, "3"),
            (Modifier::UNDERLINED, "4"),
            (Modifier::SLOW_BLINK, "5"),
            (Modifier::REVERSED, "7"),
            (Modifier::HIDDEN, "8"),
            (Modifier::CROSSED_OUT, "9"),
        ] {
            if to.modifier.contains(flag) {
                out.push(b';');
                out.extend_from_slice(code.as_bytes());
            }
        }
        self.color(to.fg, false, out);
        self.color(to.bg, true, out);
        out.push(b'm');
        // From the plain pen there is nothing to reset, and to it `CSI m` alone resets:
        // the `0` (and the `;` after it) would only cost bytes, on every styled word.
        if from == PLAIN || to == PLAIN {
            out.remove(start + 2);
            if out[start + 2] == b';' {
                out.remove(start + 2);
            }
        }
    }

    /// `;` and the SGR parameters of one colour, or nothing for the default colour and
    /// for one this palette lacks.
    fn color(&self, color: Color, background: bool, out: &mut Vec<u8>) {
        let palette = self.caps.palette;
        let base = if background { 40 } else { 30 };
        let named = |n: u8, out: &mut Vec<u8>| {
            let code = match n {
                0..8 => base + n,
                // Bright colours on an 8-colour terminal: the base colour, made bold
                // for text (the Linux console shows bold as bright).
                _ if palette == Palette::Eight => {
                    if !background {
                        out.extend_from_slice(b";1");
                    }
                    base + n - 8
                }
                _ => base + 60 + n - 8,
            };
            let _ = write!(out, ";{code}");
        };
        match color {
            Color::Reset => {}
            Color::Indexed(n) if n < 16 => named(n, out),
            Color::Indexed(n) if palette >= Palette::Indexed => {
                let _ = write!(out, ";{};5;{n}", base + 8);
            }
            Color::Rgb(r, g, b) if palette == Palette::TrueColor => {
                let _ = write!(out, ";{};2;{r};{g};{b}", base + 8);
            }
            Color::Rgb(r, g, b) if palette == Palette::Indexed => {
                let _ = write!(out, ";{};5;{}", base + 8, cube_index(r, g, b));
            }
            Color::Indexed(_) | Color::Rgb(..) => {}
            named_color => named(named_index(named_color), out),
        }
    }

    /// The frame the terminal shows (for tests).
    pub fn shown(&self) -> &Buffer {
        &self.shown
    }
}

/// The ANSI number of one of ratatui's 16 named colours.
fn named_index(color: Color) -> u8 {
    match color {
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        _ => 15,
    }
}

/// The nearest entry of the 6x6x6 colour cube of the 256-colour palette.
fn cube_index(r: u8, g: u8, b: u8) -> u8 {
    let level = |c: u8| ((u16::from(c) * 5 + 127) / 255) as u8;
    16 + 36 * level(r) + 6 * level(g) + level(b)
}

/// Index of the first cell of the blank (default-styled spaces) tail of `row`.
fn blank_tail(row: &[Cell]) -> usize {
    row.iter()
        .rposition(|c| c != &Cell::EMPTY)
        .map_or(0, |i| i + 1)
}

/// Moves the cursor to (x, y) unless it is there already.
/// The decimal digits of `n`.
fn digits(n: u16) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

fn move_to(at: &mut Option<(u16, u16)>, x: u16, y: u16, out: &mut Vec<u8>) {
    if *at != Some((x, y)) {
        let _ = write!(out, "\x1b[{};{}H", y + 1, x + 1);
        *at = Some((x, y));
    }
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn no_hidden_character_of_a_cell_is_written() {
        assert_eq!(shown("a"), "a");
        assert_eq!(shown("é"), "é");
        assert_eq!(shown("a\u{200D}"), "a");
        assert_eq!(shown("\u{9b}"), "\u{FFFD}");
        assert_eq!(shown("\u{E0041}\u{AD}"), "\u{FFFD}");
        assert_eq!(shown("\t"), "\u{FFFD}");
    }
}
