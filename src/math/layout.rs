//! [`Node`] tree → 2-D [`Block`]s.

use super::ast::{AccentKind, Align, BigKind, Class, Delim, EnvKind, FracStyle, Node};
use super::block::{Block, HAlign};
use super::glyphs;
use super::scripts;
use super::spacing::{self, Spec};

/// TeX's styles, reduced to what changes a terminal drawing: spacing is dropped in
/// script style, and operators there are drawn small with their limits at the side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Display,
    Text,
    Script,
}

/// Per-equation drawing choices.
#[derive(Debug, Clone, Copy)]
pub struct Ctx {
    pub ascii: bool,
    /// Scripts in Unicode script characters where a script has them (see `scripts`).
    pub compact: bool,
}

/// A laid-out list: one block per item, the cells before each, and each item's class
/// after TeX's adjustments (`None` for explicit space).
pub struct Laid {
    pub blocks: Vec<Block>,
    pub gaps: Vec<usize>,
    pub classes: Vec<Option<Class>>,
}

impl Ctx {
    pub fn list(&self, nodes: &[Node], style: Style, lead: Option<Class>) -> Laid {
        let blocks: Vec<Block> = nodes.iter().map(|n| self.node(n, style)).collect();
        let specs: Vec<Spec> = nodes
            .iter()
            .zip(&blocks)
            .map(|(n, b)| Spec::of(n, b.core().0 == b.core().1))
            .collect();
        let (gaps, classes) = spacing::space(&specs, style == Style::Script, lead);
        Laid {
            blocks,
            gaps,
            classes,
        }
    }

    fn row(&self, nodes: &[Node], style: Style, lead: Option<Class>) -> Block {
        if let [one] = nodes
            && lead.is_none()
        {
            return self.node(one, style);
        }
        let laid = self.list(nodes, style, lead);
        Block::hcat_spaced(&laid.blocks, &laid.gaps)
    }

    pub fn node(&self, node: &Node, style: Style) -> Block {
        match node {
            Node::Atom { text, .. } => Block::text(text),
            Node::Text(text) => Block::text(text),
            Node::Space(n) => Block::space(*n),
            Node::Group(items) => self.row(items, style, None),
            Node::Classed { body, .. } => self.node(body, style),
            Node::Frac {
                num,
                den,
                bar,
                style: fs,
            } => self.frac(num, den, *bar, *fs, style),
            Node::Sqrt { index, body } => self.sqrt(index.as_deref(), body, style),
            Node::Scripts {
                base,
                primes,
                sub,
                sup,
            } => self.scripts(base, *primes, sub.as_deref(), sup.as_deref(), style),
            Node::BigOp { kind, body, .. } => self.operator(*kind, body, style),
            Node::Delimited { left, body, right } => {
                let b = self.node(body, style);
                self.delimit(*left, b, *right)
            }
            Node::Sized { delim, rows, .. } => {
                glyphs::delimiter(*delim, *rows, rows / 2, self.ascii)
            }
            Node::Accent { kind, body } => {
                let b = self.node(body, style);
                let mark = Block::text(&glyphs::accent(*kind, b.width(), self.ascii));
                let (base, (top, bottom)) = (b.baseline(), b.core());
                if *kind == AccentKind::Underline {
                    Block::vstack(vec![(b, HAlign::Center), (mark, HAlign::Center)], 0, base)
                        .with_core(top, bottom)
                } else {
                    Block::vstack(vec![(mark, HAlign::Center), (b, HAlign::Center)], 1, base)
                        .with_core(top + 1, bottom + 1)
                }
            }
            Node::Brace { over, body } => self.brace(*over, body, None, style),
            Node::Stack { base, over, under } => {
                let b = self.node(base, style);
                self.limits(b, under.as_deref(), over.as_deref())
            }
            Node::Env { kind, cols, rows } => self.env(*kind, cols, rows),
        }
    }

    fn script_style(style: Style) -> Style {
        match style {
            Style::Display => Style::Text,
            _ => Style::Script,
        }
    }

    fn frac(&self, num: &Node, den: &Node, bar: bool, fs: FracStyle, style: Style) -> Block {
        let inner = match fs {
            FracStyle::Script => Style::Script,
            FracStyle::Text => Style::Text,
            FracStyle::Auto => Ctx::script_style(style),
        };
        let n = self.node(num, inner);
        let d = self.node(den, inner);
        if bar {
            let w = n.width().max(d.width()) + 2;
            let rule = Block::text(&glyphs::rule(w, self.ascii));
            Block::vstack(
                vec![
                    (n, HAlign::Center),
                    (rule, HAlign::Center),
                    (d, HAlign::Center),
                ],
                1,
                0,
            )
        } else {
            let b = Block::vstack(vec![(n, HAlign::Center), (d, HAlign::Center)], 0, 0);
            let h = b.height();
            b.with_baseline(h / 2)
        }
    }

    fn sqrt(&self, index: Option<&Node>, body: &Node, style: Style) -> Block {
        let b = self.node(body, style);
        let radical = if self.ascii {
            let h = b.height();
            let base = b.baseline();
            let sign = Block::text(glyphs::radical(true)).pad_vertical(base, h - 1 - base);
            let inside = self.delimit(Delim::LParen, b, Delim::RParen);
            Block::hcat(&[sign, inside])
        } else if index.is_none() && b.baseline() == 0 && one_symbol(body) {
            Block::hcat(&[Block::text(glyphs::radical(false)), b])
        } else {
            // The overbar runs above everything; the stroke down to the core's last
            // row, where the radical sign sits.
            let (w, base) = (b.width(), b.baseline());
            let sign_row = b.core().1.max(base);
            let mut stroke = vec![String::from(" ")];
            stroke.extend((0..b.height()).map(|r| {
                match r.cmp(&sign_row) {
                    std::cmp::Ordering::Less => glyphs::RADICAL_STROKE,
                    std::cmp::Ordering::Equal => glyphs::radical(false),
                    std::cmp::Ordering::Greater => " ",
                }
                .to_string()
            }));
            let stroke = Block::column(stroke, base + 1);
            let bar = Block::text(&glyphs::radical_bar(w));
            let barred = Block::vstack(vec![(bar, HAlign::Left), (b, HAlign::Left)], 1, base);
            Block::hcat(&[stroke, barred])
        };
        let Some(index) = index else {
            return radical;
        };
        // The index sits just above the radical's top row in ASCII (there is no
        // overbar to rest on) and on the overbar's row in Unicode.
        let i = self.node(index, Style::Script);
        let lift = usize::from(self.ascii);
        let (ih, rh, rb) = (i.height(), radical.height(), radical.baseline());
        let column = i.pad_vertical(0, rh - 1 + lift);
        let column = column.with_baseline(ih - 1 + lift + rb);
        Block::hcat(&[column, radical])
    }

    /// Delimiters as tall as the body's core; scripts may overhang them.
    fn delimit(&self, left: Delim, body: Block, right: Delim) -> Block {
        let base = body.baseline();
        let (top, bottom) = body.core();
        let (top, bottom) = (top.min(base), bottom.max(base));
        let h = bottom - top + 1;
        Block::hcat(&[
            glyphs::delimiter(left, h, base - top, self.ascii),
            body,
            glyphs::delimiter(right, h, base - top, self.ascii),
        ])
    }

    fn operator(&self, kind: BigKind, body: &Node, style: Style) -> Block {
        match glyphs::big_operator(kind, self.ascii) {
            Some(big) if style != Style::Script => big,
            _ => self.node(body, style),
        }
    }

    fn scripts(
        &self,
        base: &Node,
        primes: usize,
        sub: Option<&Node>,
        sup: Option<&Node>,
        style: Style,
    ) -> Block {
        match base {
            Node::BigOp { kind, body, limits } if primes == 0 => {
                let op = self.operator(*kind, body, style);
                if *limits && style != Style::Script {
                    self.limits(op, sub, sup)
                } else {
                    self.side_scripts(op, sub, sup, *kind == BigKind::Int)
                }
            }
            Node::Brace { over, body } if primes == 0 => {
                let (label, other) = if *over { (sup, sub) } else { (sub, sup) };
                let braced = self.brace(*over, body, label, style);
                let (sub, sup) = if *over { (other, None) } else { (None, other) };
                if sub.is_none() && sup.is_none() {
                    braced
                } else {
                    self.side_scripts(braced, sub, sup, false)
                }
            }
            _ => {
                let mut b = self.node(base, style);
                if primes > 0 {
                    let marks = if self.ascii { "'" } else { "′" }.repeat(primes);
                    b = Block::hcat(&[b, Block::text(&marks)]);
                }
                if sub.is_none() && sup.is_none() {
                    b
                } else {
                    self.side_scripts(b, sub, sup, false)
                }
            }
        }
    }

    /// Limits centred above and below an operator (also `\overset` and `\underset`).
    fn limits(&self, op: Block, under: Option<&Node>, over: Option<&Node>) -> Block {
        let mut parts = Vec::with_capacity(3);
        if let Some(o) = over {
            parts.push((self.node(o, Style::Script), HAlign::Center));
        }
        let at = parts.len();
        let base = op.baseline();
        parts.push((op, HAlign::Center));
        if let Some(u) = under {
            parts.push((self.node(u, Style::Script), HAlign::Center));
        }
        Block::vstack(parts, at, base)
    }

    /// Scripts to the right of a base: in script characters on the base's top and
    /// bottom rows when the equation allows it, otherwise raised above the base's top
    /// row and lowered below its bottom row (onto them, for bases taller than a row).
    fn side_scripts(
        &self,
        base: Block,
        sub: Option<&Node>,
        sup: Option<&Node>,
        apart: bool,
    ) -> Block {
        let b = base.baseline();
        let (top, bottom) = base.core();
        let (top, bottom) = (top.min(b), bottom.max(b));
        let one_row = top == bottom;
        if self.compact && !apart {
            let sub_s = sub.map(|s| scripts::compact(s, false));
            let sup_s = sup.map(|s| scripts::compact(s, true));
            if !matches!(sub_s, Some(None)) && !matches!(sup_s, Some(None)) {
                let (sub_s, sup_s) = (
                    sub_s.flatten().unwrap_or_default(),
                    sup_s.flatten().unwrap_or_default(),
                );
                let column = if one_row {
                    Block::text(&(sub_s + &sup_s))
                } else {
                    let mut rows = vec![String::new(); bottom - top + 1];
                    rows[0] = sup_s;
                    rows[bottom - top] = sub_s;
                    Block::column(rows, b - top)
                };
                return Block::hcat(&[base, column.overhang()]);
            }
        }
        // Rows in the base's coordinates; the superscript may start above row 0.
        let sup_b = sup.map(|s| self.node(s, Style::Script));
        let sub_b = sub.map(|s| self.node(s, Style::Script));
        let (b, top, bottom) = (b as isize, top as isize, bottom as isize);
        let sup_bottom = top - isize::from(one_row);
        let sub_top = bottom + isize::from(one_row);
        let sup_top = sup_b.as_ref().map(|s| sup_bottom + 1 - s.height() as isize);
        let col_top = sup_top.unwrap_or(b).min(b);
        let mut cursor = col_top;
        let mut parts = Vec::with_capacity(4);
        if let Some(s) = sup_b {
            parts.push((s, HAlign::Left));
            cursor = sup_bottom + 1;
        }
        if let Some(s) = sub_b {
            if sub_top > cursor {
                parts.push((
                    Block::blank(0, (sub_top - cursor) as usize, 0),
                    HAlign::Left,
                ));
            }
            cursor = sub_top.max(cursor) + s.height() as isize;
            parts.push((s, HAlign::Left));
        }
        if cursor <= b {
            parts.push((Block::blank(0, (b - cursor + 1) as usize, 0), HAlign::Left));
        }
        let column = Block::vstack(parts, 0, 0).with_baseline((b - col_top) as usize);
        Block::hcat(&[base, column.overhang()])
    }

    fn brace(&self, over: bool, body: &Node, label: Option<&Node>, style: Style) -> Block {
        let b = self.node(body, style);
        let row = Block::text(&glyphs::brace(over, b.width(), self.ascii));
        let label = label.map(|l| (self.node(l, Style::Script), HAlign::Center));
        let (base, (top, bottom)) = (b.baseline(), b.core());
        if over {
            let mut parts: Vec<_> = label.into_iter().collect();
            let above = parts.iter().map(|(l, _)| l.height()).sum::<usize>() + 1;
            parts.push((row, HAlign::Center));
            parts.push((b, HAlign::Center));
            let at = parts.len() - 1;
            Block::vstack(parts, at, base).with_core(top + above, bottom + above)
        } else {
            let mut parts = vec![(b, HAlign::Center), (row, HAlign::Center)];
            parts.extend(label);
            Block::vstack(parts, 0, base).with_core(top, bottom)
        }
    }

    fn env(&self, kind: EnvKind, cols: &[Align], rows: &[Vec<Node>]) -> Block {
        // amsmath sets `aligned` and `gathered` in display style (their rows are
        // equations, and a fraction's minus keeps its spaces there), a matrix or
        // `cases` in text style.
        let style = match kind {
            EnvKind::Aligned | EnvKind::Gathered => Style::Display,
            _ => Style::Text,
        };
        let cells: Vec<Vec<Block>> = rows
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .map(|(j, cell)| {
                        let lead = (kind.is_aligned() && j % 2 == 1).then_some(Class::Ord);
                        match cell {
                            Node::Group(items) => self.row(items, style, lead),
                            other => self.row(std::slice::from_ref(other), style, lead),
                        }
                    })
                    .collect()
            })
            .collect();
        let ncols = cells.iter().map(Vec::len).max().unwrap_or(0);
        let mut widths = vec![0; ncols];
        for row in &cells {
            for (j, c) in row.iter().enumerate() {
                widths[j] = widths[j].max(c.width());
            }
        }
        let align = |j: usize| match kind {
            EnvKind::Array => cols.get(j).copied().unwrap_or(Align::Center),
            EnvKind::Aligned if j.is_multiple_of(2) => Align::Right,
            EnvKind::Aligned | EnvKind::Cases => Align::Left,
            _ => Align::Center,
        };
        let gap = |j: usize| match kind {
            EnvKind::Aligned if j.is_multiple_of(2) => 0,
            _ => 2,
        };
        // Rows are spaced apart when some cell is taller than a row, even by a lowered
        // script only: without the blank row, `ω` with its `c` on the row below sits
        // beside the next row's entries and the `c` reads as one of them.
        let tall = cells.iter().flatten().any(|c| c.height() > 1);
        let mut lines = Vec::with_capacity(cells.len() * 2);
        for (i, row) in cells.into_iter().enumerate() {
            if i > 0 && tall {
                lines.push((Block::empty(), HAlign::Left));
            }
            let mut parts = Vec::with_capacity(ncols * 3);
            let mut gaps = Vec::with_capacity(ncols * 3);
            let n = row.len();
            for (j, c) in row.into_iter().enumerate() {
                let free = widths[j] - c.width();
                let left = match align(j) {
                    Align::Left => 0,
                    Align::Center => free / 2,
                    Align::Right => free,
                };
                gaps.push(if j == 0 { 0 } else { gap(j - 1) } + left);
                parts.push(c);
                gaps.push(0);
                parts.push(Block::space(free - left));
            }
            for (j, w) in widths.iter().enumerate().skip(n) {
                gaps.push(gap(j.saturating_sub(1)));
                parts.push(Block::space(*w));
            }
            lines.push((Block::hcat_spaced(&parts, &gaps), HAlign::Left));
        }
        let grid = Block::vstack(lines, 0, 0);
        let h = grid.height();
        let grid = grid.with_baseline(h / 2);
        let (l, r) = kind.delims();
        if (l, r) == (Delim::Null, Delim::Null) {
            return grid;
        }
        let pad_right = usize::from(r != Delim::Null);
        let padded = Block::hcat_spaced(&[grid, Block::space(pad_right)], &[1, 0]);
        self.delimit(l, padded, r)
    }
}

/// One letter, possibly with scripts: `√x`, `√dₖ` need no overbar, and neither does
/// `√d` with its `k` lowered onto the next row (the caller checks that nothing rises
/// above the letter). A bar there would cover the letter and the empty cell beside it,
/// a row above the radical sign, and float rather than sit on the radicand.
fn one_symbol(node: &Node) -> bool {
    match node {
        Node::Atom { text, .. } => text.chars().count() == 1,
        Node::Scripts {
            base, primes: 0, ..
        } => one_symbol(base),
        _ => false,
    }
}
