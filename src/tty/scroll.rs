//! Scrolling a band of rows in the terminal instead of rewriting them.
//!
//! A one-line scroll changes nearly every cell of the text area, because all the text
//! moved; redrawing it costs ~2 KB at 80x24. Terminals move rows themselves inside a
//! scroll region (DECSTBM), as less and vim use: the band is scrolled by the terminal,
//! and only the rows that came in are written. The plan is found by comparing the frame
//! shown with the next one row by row, so it needs nothing from the reader's state, and
//! the painter then diffs the next frame against the shown one *shifted the same way*:
//! whatever the plan, the screen ends exactly as a full redraw leaves it.
//!
//! Rows are scrolled with LF at the region's bottom and RI (ESC M) at its top, which every
//! terminal with `csr` has (SU/SD, `CSI n S`/`T`, are missing on the VT100 and the Linux
//! console).

use std::hash::{Hash, Hasher};
use std::io::Write;

use ratatui::buffer::{Buffer, Cell};

/// Moving rows `top..bottom` by `by` lines: up (the text moves up, as `j` does) when
/// positive, down when negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shift {
    pub top: u16,
    pub bottom: u16,
    pub by: i16,
}

/// Fewer rows than this saved are not worth the region's escape sequences.
const MIN_GAIN: usize = 2;

/// One hash per row, to compare rows at every offset cheaply.
pub fn row_hashes(buffer: &Buffer) -> Vec<u64> {
    let width = usize::from(buffer.area.width).max(1);
    buffer
        .content
        .chunks(width)
        .map(|row| {
            let mut hasher = Fnv(0xcbf2_9ce4_8422_2325);
            row.hash(&mut hasher);
            hasher.finish()
        })
        .collect()
}

/// The shift that saves the most rows from being rewritten, if one saves enough.
/// `old` and `new` are the row hashes of the shown and the next frame, of equal height.
pub fn plan(old: &[u64], new: &[u64]) -> Option<Shift> {
    let h = old.len().min(new.len());
    let mut best: Option<(usize, Shift)> = None;
    for k in 1..h {
        for up in [true, false] {
            // New row i shows old row i + k (up) or i - k (down).
            let source = |i: usize| if up { i + k } else { i - k };
            let rows = if up { 0..h - k } else { k..h };
            let mut run_start = rows.start;
            let mut gain = 0;
            for i in rows.clone() {
                if new[i] == old[source(i)] {
                    if new[i] != old[i] {
                        gain += 1;
                    }
                    let end = i + 1;
                    let run_ends = end == rows.end || new[end] != old[source(end)];
                    if run_ends && gain >= MIN_GAIN && best.is_none_or(|(g, _)| gain > g) {
                        let (top, bottom) = if up {
                            (run_start, end + k)
                        } else {
                            (run_start - k, end)
                        };
                        let by = if up { k as i16 } else { -(k as i16) };
                        let shift = Shift {
                            top: top as u16,
                            bottom: bottom as u16,
                            by,
                        };
                        best = Some((gain, shift));
                    }
                } else {
                    run_start = i + 1;
                    gain = 0;
                }
            }
        }
    }
    best.map(|(_, shift)| shift)
}

impl Shift {
    /// The bytes that make the terminal move the rows; the cursor position is lost
    /// (DECSTBM homes it) and the SGR state must be the default (new rows take the
    /// current background on terminals with `bce`).
    pub fn write(&self, out: &mut Vec<u8>) {
        let _ = write!(out, "\x1b[{};{}r", self.top + 1, self.bottom);
        let n = usize::from(self.by.unsigned_abs());
        if self.by > 0 {
            let _ = write!(out, "\x1b[{};1H", self.bottom);
            out.extend(std::iter::repeat_n(b'\n', n));
        } else {
            let _ = write!(out, "\x1b[{};1H", self.top + 1);
            out.extend(std::iter::repeat_n(*b"\x1bM", n).flatten());
        }
        out.extend_from_slice(b"\x1b[r");
    }

    /// What the terminal shows after the shift: `buffer` (the shown frame) with the
    /// band's rows moved and blank rows scrolled in.
    pub fn apply(&self, buffer: &mut Buffer) {
        let w = usize::from(buffer.area.width);
        let (top, bottom) = (usize::from(self.top), usize::from(self.bottom));
        let n = usize::from(self.by.unsigned_abs());
        let band = &mut buffer.content[top * w..bottom * w];
        if self.by > 0 {
            band.rotate_left(n * w);
            let len = band.len();
            band[len - n * w..].fill(Cell::EMPTY);
        } else {
            band.rotate_right(n * w);
            band[..n * w].fill(Cell::EMPTY);
        }
    }
}

/// FNV-1a: row hashes are only compared with each other, within one process.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_line_scroll_is_found_with_its_band() {
        // Rows 0..5 are text moving up by one; row 5 is a status bar that stays.
        let old = [10, 11, 12, 13, 14, 99];
        let new = [11, 12, 13, 14, 15, 99];
        let shift = plan(&old, &new).unwrap();
        assert_eq!(
            shift,
            Shift {
                top: 0,
                bottom: 5,
                by: 1
            }
        );
        let back = plan(&new, &old).unwrap();
        assert_eq!(
            back,
            Shift {
                top: 0,
                bottom: 5,
                by: -1
            }
        );
    }

    #[test]
    fn unrelated_frames_and_tiny_gains_plan_nothing() {
        assert_eq!(plan(&[1, 2, 3, 4], &[5, 6, 7, 8]), None);
        assert_eq!(plan(&[1, 2, 3, 4], &[1, 2, 3, 4]), None);
        assert_eq!(
            plan(&[1, 2, 3, 4], &[2, 9, 9, 9]),
            None,
            "one row is not worth it"
        );
    }

    #[test]
    fn apply_moves_the_band_and_blanks_the_rows_scrolled_in() {
        let mut buffer = Buffer::with_lines(["a", "b", "c", "d"]);
        Shift {
            top: 1,
            bottom: 4,
            by: 1,
        }
        .apply(&mut buffer);
        assert_eq!(buffer, Buffer::with_lines(["a", "c", "d", " "]));
        Shift {
            top: 0,
            bottom: 3,
            by: -2,
        }
        .apply(&mut buffer);
        assert_eq!(buffer, Buffer::with_lines([" ", " ", "a", " "]));
    }
}
