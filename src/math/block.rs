//! The layout box: rows of text of one display width, with a baseline row.
//!
//! Every row is padded to the same width as measured by `unicode-width` (the measure
//! ratatui uses). Widths are re-measured after each join instead of summed, because a
//! few character pairs (an emoji and a variation selector, Arabic lam-alef) change
//! width when they meet; measuring the joined row keeps "width" honest.

use unicode_width::UnicodeWidthStr;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    rows: Vec<String>,
    width: usize,
    baseline: usize,
    /// The rows (first, last) holding the body rather than overhanging scripts:
    /// delimiters and radicals grow to these, as TeX lets scripts stick out a little
    /// past a delimiter. `None` for a block that is all overhang.
    core: Option<(usize, usize)>,
}

/// Horizontal placement of a narrower block in a wider column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HAlign {
    Left,
    Center,
}

impl Block {
    /// One row of text.
    pub fn text(s: &str) -> Block {
        Block {
            rows: vec![s.to_string()],
            width: measure(s),
            baseline: 0,
            core: Some((0, 0)),
        }
    }

    /// One row of `n` spaces.
    pub fn space(n: usize) -> Block {
        Block::text(&" ".repeat(n))
    }

    /// Nothing: zero width, one row.
    pub fn empty() -> Block {
        Block::space(0)
    }

    /// `rows` blank rows of width `width`.
    pub fn blank(width: usize, rows: usize, baseline: usize) -> Block {
        Block {
            rows: vec![" ".repeat(width); rows.max(1)],
            width,
            baseline: baseline.min(rows.max(1) - 1),
            core: Some((0, rows.max(1) - 1)),
        }
    }

    /// A column of single-row pieces (delimiters, brace rows).
    pub fn column(rows: Vec<String>, baseline: usize) -> Block {
        let mut b = Block {
            rows,
            width: 0,
            baseline,
            core: None,
        };
        if b.rows.is_empty() {
            b.rows.push(String::new());
        }
        b.core = Some((0, b.rows.len() - 1));
        b.baseline = b.baseline.min(b.rows.len() - 1);
        b.normalise();
        b
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    pub fn baseline(&self) -> usize {
        self.baseline
    }

    /// Rows above the baseline.
    pub fn ascent(&self) -> usize {
        self.baseline
    }

    /// Rows below the baseline.
    pub fn descent(&self) -> usize {
        self.rows.len() - 1 - self.baseline
    }

    #[cfg(test)]
    pub fn rows(&self) -> &[String] {
        &self.rows
    }

    pub fn into_rows(self) -> Vec<String> {
        self.rows
    }

    /// The core rows, defaulting to all rows.
    pub fn core(&self) -> (usize, usize) {
        self.core.unwrap_or((0, self.rows.len() - 1))
    }

    /// Sets the core rows (an accent or brace row is not core).
    pub fn with_core(mut self, top: usize, bottom: usize) -> Block {
        let last = self.rows.len() - 1;
        self.core = Some((top.min(last), bottom.min(last)));
        self
    }

    /// Marks the whole block as overhang (a script column).
    pub fn overhang(mut self) -> Block {
        self.core = None;
        self
    }

    pub fn with_baseline(mut self, baseline: usize) -> Block {
        self.baseline = baseline.min(self.rows.len() - 1);
        self
    }

    /// Pads every row to the widest measured row.
    fn normalise(&mut self) {
        let widths: Vec<usize> = self.rows.iter().map(|r| measure(r)).collect();
        self.width = widths.iter().copied().max().unwrap_or(0);
        for (row, w) in self.rows.iter_mut().zip(widths) {
            pad(row, self.width - w);
        }
    }

    /// Places blocks side by side with their baselines on one row.
    pub fn hcat(parts: &[Block]) -> Block {
        Block::hcat_spaced(parts, &[])
    }

    /// Places blocks side by side, `gaps[i]` blank cells before part `i` (missing
    /// gaps are zero), with their baselines on one row.
    pub fn hcat_spaced(parts: &[Block], gaps: &[usize]) -> Block {
        let gap = |i: usize| gaps.get(i).copied().unwrap_or(0);
        if let [one] = parts
            && gap(0) == 0
        {
            return one.clone();
        }
        if parts.is_empty() {
            return Block::empty();
        }
        let above = parts.iter().map(Block::ascent).max().unwrap_or(0);
        let below = parts.iter().map(Block::descent).max().unwrap_or(0);
        let width: usize = parts
            .iter()
            .enumerate()
            .map(|(i, p)| p.width + gap(i))
            .sum();
        let mut rows = Vec::with_capacity(above + below + 1);
        let mut uneven = false;
        for r in 0..=above + below {
            let mut row = String::with_capacity(width + 8);
            for (i, p) in parts.iter().enumerate() {
                pad(&mut row, gap(i));
                match (r + p.baseline).checked_sub(above) {
                    Some(k) if k < p.rows.len() => row.push_str(&p.rows[k]),
                    _ => pad(&mut row, p.width),
                }
            }
            uneven |= measure(&row) != width;
            rows.push(row);
        }
        let core = parts
            .iter()
            .filter_map(|p| {
                p.core
                    .map(|(t, b)| (t + above - p.baseline, b + above - p.baseline))
            })
            .reduce(|(t1, b1), (t2, b2)| (t1.min(t2), b1.max(b2)));
        let mut b = Block {
            rows,
            width,
            baseline: above,
            core,
        };
        if uneven {
            b.normalise();
        }
        b
    }

    /// Stacks blocks top to bottom, each aligned in the widest one's width; the
    /// baseline is row `baseline_row` of block `baseline_of`.
    pub fn vstack(parts: Vec<(Block, HAlign)>, baseline_of: usize, baseline_row: usize) -> Block {
        let width = parts.iter().map(|(b, _)| b.width).max().unwrap_or(0);
        let mut rows = Vec::new();
        let mut baseline = 0;
        for (i, (b, align)) in parts.into_iter().enumerate() {
            if i == baseline_of {
                baseline = rows.len() + baseline_row.min(b.height() - 1);
            }
            let free = width - b.width;
            let left = match align {
                HAlign::Left => 0,
                HAlign::Center => free / 2,
            };
            for r in b.rows {
                let mut row = " ".repeat(left);
                row.push_str(&r);
                pad(&mut row, free - left);
                rows.push(row);
            }
        }
        if rows.is_empty() {
            return Block::empty();
        }
        let last = rows.len() - 1;
        Block {
            rows,
            width,
            baseline,
            core: Some((0, last)),
        }
    }

    /// Adds blank rows above and below.
    pub fn pad_vertical(mut self, top: usize, bottom: usize) -> Block {
        let blank = " ".repeat(self.width);
        let mut rows = vec![blank.clone(); top];
        rows.append(&mut self.rows);
        rows.extend(std::iter::repeat_n(blank, bottom));
        Block {
            rows,
            width: self.width,
            baseline: self.baseline + top,
            core: self.core.map(|(t, b)| (t + top, b + top)),
        }
    }
}

/// Display width as ratatui measures it; ASCII (most rows) is one cell a byte.
fn measure(s: &str) -> usize {
    if s.is_ascii() { s.len() } else { s.width() }
}

fn pad(row: &mut String, mut n: usize) {
    const SPACES: &str = "                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        row.push_str(&SPACES[..k]);
        n -= k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hcat_aligns_baselines() {
        let tall = Block::column(vec!["a".into(), "b".into(), "c".into()], 1);
        let joined = Block::hcat(&[Block::text("x"), tall, Block::text("y")]);
        assert_eq!(joined.rows(), &[" a ", "xby", " c "]);
        assert_eq!(joined.baseline(), 1);
    }

    #[test]
    fn vstack_centres_and_keeps_the_chosen_baseline() {
        let b = Block::vstack(
            vec![
                (Block::text("a"), HAlign::Center),
                (Block::text("---"), HAlign::Center),
                (Block::text("bc"), HAlign::Center),
            ],
            1,
            0,
        );
        assert_eq!(b.rows(), &[" a ", "---", "bc "]);
        assert_eq!(b.baseline(), 1);
    }

    #[test]
    fn widths_are_measured_after_joining() {
        // U+2764 is one cell; followed by VS16 it becomes a two-cell emoji.
        let b = Block::hcat(&[
            Block::column(vec!["\u{2764}".into(), "x".into()], 0),
            Block::text("\u{fe0f}"),
        ]);
        assert_eq!(b.width(), 2);
        assert!(b.rows().iter().all(|r| r.width() == 2));
    }
}
