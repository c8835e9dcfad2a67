//! Breaking a display equation that is wider than the pane.
//!
//! Like a typesetter: only at the top level, before a relation or a binary operator (so
//! the continuation line starts with `=` or `+` and says what it continues) or after
//! punctuation. Continuation lines are indented: a relation lines up under the first
//! relation, a new equation after a comma puts its relation there too, anything else
//! goes under the right-hand side. Greedy: each line takes as many
//! pieces as fit, ending after a comma when one fits (so `A = …, B = …` breaks between
//! its equations); a piece wider than the pane overflows, and the reader marks it.

use super::ast::Class;
use super::block::Block;
use super::layout::Laid;

/// The lines of a laid-out top-level list at `width`.
pub fn lines(laid: Laid, width: usize) -> Vec<Block> {
    let Laid {
        blocks,
        gaps,
        classes,
    } = laid;
    let n = blocks.len();
    // pos[k]: width of items 0..k with their gaps.
    let mut pos = Vec::with_capacity(n + 1);
    pos.push(0);
    for i in 0..n {
        pos.push(pos[i] + gaps[i] + blocks[i].width());
    }
    if pos[n] <= width {
        return vec![Block::hcat_spaced(&blocks, &gaps)];
    }
    let widths: Vec<usize> = blocks.iter().map(Block::width).collect();
    let pieces = Pieces {
        pos,
        gaps: &gaps,
        classes: &classes,
        widths,
        width,
    };
    // Prefer breaks outside brackets; break inside them only if that avoids overflow.
    let mut depth = 0usize;
    let mut outside = Vec::with_capacity(n);
    let anywhere: Vec<bool> = (0..n)
        .map(|k| {
            let ok = k > 0
                && (matches!(classes[k], Some(Class::Rel | Class::Bin))
                    || classes[k - 1] == Some(Class::Punct));
            outside.push(ok && depth == 0);
            match classes[k] {
                Some(Class::Open) => depth += 1,
                Some(Class::Close) => depth = depth.saturating_sub(1),
                _ => {}
            }
            ok
        })
        .collect();
    let mut cuts = pieces.cut(&outside);
    if pieces.overflow(&cuts) > 0 {
        let inside = pieces.cut(&anywhere);
        if pieces.overflow(&inside) < pieces.overflow(&cuts) {
            cuts = inside;
        }
    }

    let mut blocks: Vec<Option<Block>> = blocks.into_iter().map(Some).collect();
    cuts.into_iter()
        .map(|(s, k, indent)| {
            let mut parts = Vec::with_capacity(k - s);
            let mut line_gaps = Vec::with_capacity(k - s);
            for i in s..k {
                line_gaps.push(if i == s { indent } else { gaps[i] });
                parts.push(blocks[i].take().unwrap_or_else(Block::empty));
            }
            Block::hcat_spaced(&parts, &line_gaps)
        })
        .collect()
}

/// Widths of a top-level list, for choosing breaks.
struct Pieces<'a> {
    /// `pos[k]`: width of items `0..k` with their gaps.
    pos: Vec<usize>,
    gaps: &'a [usize],
    classes: &'a [Option<Class>],
    widths: Vec<usize>,
    width: usize,
}

impl Pieces<'_> {
    /// Width of items `s..k` without the gap before `s`.
    fn seg(&self, s: usize, k: usize) -> usize {
        self.pos[k] - self.pos[s] - self.gaps[s]
    }

    /// Cells past the width, summed over lines `(start, end, indent)`.
    fn overflow(&self, cuts: &[(usize, usize, usize)]) -> usize {
        cuts.iter()
            .map(|&(s, k, indent)| (indent + self.seg(s, k)).saturating_sub(self.width))
            .sum()
    }

    /// Greedy lines `(start, end, indent)` using the break points in `breakable`.
    fn cut(&self, breakable: &[bool]) -> Vec<(usize, usize, usize)> {
        let (n, width, classes) = (self.widths.len(), self.width, self.classes);
        let mut cuts = Vec::new();
        let mut s = 0;
        let mut rel: Option<(usize, usize)> = None;
        while s < n {
            // The aligned indent if a piece fits after it, else a small one, else none.
            let indents = if cuts.is_empty() {
                [0, 0, 0]
            } else {
                let aligned = self
                    .next_equation(s, rel)
                    .unwrap_or(indent(rel, classes[s], width));
                [aligned, 2.min(width / 4), 0]
            };
            // The furthest break that fits, but after a comma if one fits: a list of
            // equations breaks between them, not inside one.
            let fit = |indent: usize| {
                let (mut best, mut after_comma) = (None, None);
                for k in (s + 1..=n).filter(|&k| k == n || breakable[k]) {
                    if indent + self.seg(s, k) > width {
                        break;
                    }
                    best = Some(k);
                    if k < n && classes[k - 1] == Some(Class::Punct) {
                        after_comma = Some(k);
                    }
                }
                after_comma.or(best).map(|k| (k, indent))
            };
            let overflow = || {
                let k = (s + 1..=n).find(|&k| k == n || breakable[k]).unwrap_or(n);
                (k, 0)
            };
            let (k, indent) = indents.into_iter().find_map(fit).unwrap_or_else(overflow);
            if cuts.is_empty() {
                rel = (s..k)
                    .find(|&i| classes[i] == Some(Class::Rel))
                    .map(|i| (self.pos[i] + self.gaps[i], self.widths[i]));
            }
            cuts.push((s, k, indent));
            s = k;
            while s < n && classes[s].is_none() {
                s += 1;
            }
        }
        cuts
    }
}

impl Pieces<'_> {
    /// After a comma, a line that starts a new equation puts its relation under the
    /// first one where it can, so the equations of a list line up like rows: `W_V = …`
    /// under `W_Q = …`.
    fn next_equation(&self, s: usize, rel: Option<(usize, usize)>) -> Option<usize> {
        let (col, _) = rel?;
        // The item before the line, past the spaces the break dropped (`,\quad`).
        let before_line = self.classes[..s].iter().rev().find_map(|c| *c);
        if before_line != Some(Class::Punct) {
            return None;
        }
        let own = (s..self.widths.len())
            .take_while(|&i| self.classes[i] != Some(Class::Punct))
            .find(|&i| self.classes[i] == Some(Class::Rel))?;
        let before = self.pos[own] + self.gaps[own] - self.pos[s] - self.gaps[s];
        // A left-hand side wider than the first one's starts at the margin.
        Some(col.saturating_sub(before))
    }
}

/// The aligned indent of a continuation line starting with an item of class `first`.
fn indent(rel: Option<(usize, usize)>, first: Option<Class>, width: usize) -> usize {
    match rel {
        Some((col, _)) if first == Some(Class::Rel) => col,
        Some((col, w)) => col + w + 1,
        None => 2.min(width / 4),
    }
}
