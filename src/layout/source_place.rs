//! Where a laid-out line stands in the lesson's source text. The reader's percentage is
//! this place as a share of the source's bytes, which is what `less` shows (its
//! percentage is the byte position of the screen's bottom in the file). A share of the
//! laid-out lines would need every line of the lesson laid out before the first screen
//! could show it, and would change with the width; a share of the source needs only the
//! blocks down to the screen's bottom, and every width gives the same figure at the same
//! block boundary.

use super::LaidOut;

impl LaidOut {
    /// The source bytes of the lesson up to the end of line `line`'s share, given the
    /// lesson's [`block_bytes`](crate::content::Lesson::block_bytes): a block's bytes
    /// are shared evenly among its lines, the blank line after it ending it, and the
    /// lesson's last line ends the text. `line` must be in a laid-out block.
    pub fn source_through(&self, line: usize, block_bytes: &[usize]) -> usize {
        let Some(total) = block_bytes.last().copied() else {
            return 0;
        };
        let block = self.block_at(line);
        let index = block - self.first_block;
        let (Some(&start), Some(&from)) = (self.block_starts.get(index), block_bytes.get(block))
        else {
            return total;
        };
        let to = block_bytes.get(block + 1).copied().unwrap_or(total);
        // Its lines run to the blank line before the next block, or to the end of the run.
        let end = self
            .block_starts
            .get(index + 1)
            .map_or(self.lines.len(), |next| next - 1);
        let lines = end.saturating_sub(start).max(1);
        let done = (line + 1).saturating_sub(start).min(lines);
        from + (to - from) * done / lines
    }

    /// The source bytes before line `line` (0 for the first).
    pub fn source_before(&self, line: usize, block_bytes: &[usize]) -> usize {
        match line.checked_sub(1) {
            Some(previous) => self.source_through(previous, block_bytes),
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::text::Line;

    /// Three blocks of 2, 1 and 3 lines (blank lines between), from bytes 0, 40, 50 of
    /// a 110-byte text.
    fn laid() -> LaidOut {
        LaidOut {
            lines: vec![Line::default(); 8],
            block_starts: vec![0, 3, 5],
            ..LaidOut::default()
        }
    }

    #[test]
    fn a_line_ends_its_share_of_its_blocks_bytes_and_the_last_line_ends_the_text() {
        let bytes = [0, 40, 50, 110];
        let through: Vec<usize> = (0..8).map(|l| laid().source_through(l, &bytes)).collect();
        assert_eq!(through, [20, 40, 40, 50, 50, 70, 90, 110]);
        assert_eq!(laid().source_before(0, &bytes), 0);
        assert_eq!(laid().source_before(3, &bytes), 40);
        // A run of the last two blocks alone places its lines the same.
        let run = LaidOut {
            lines: vec![Line::default(); 5],
            block_starts: vec![0, 2],
            first_block: 1,
            ..LaidOut::default()
        };
        let through: Vec<usize> = (0..5).map(|l| run.source_through(l, &bytes)).collect();
        assert_eq!(through, [50, 50, 70, 90, 110]);
    }
}
