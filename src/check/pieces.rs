//! What the rules of `check` read in a lesson's blocks: its prose (with its link
//! targets) and its math, nested blocks and problem texts included, each with its source
//! line. The glossary and symbol rules both walk the blocks through this one reading.

use crate::content::{Block, BlockKind, Inline, block, markdown};

/// What the rules read in a block: prose (with its links) and math.
pub(super) enum Piece {
    Prose {
        line: usize,
        text: String,
    },
    Math {
        line: usize,
        tex: String,
        display: bool,
    },
}

/// The prose and math of blocks, nested blocks and problem texts included.
pub(super) fn pieces(blocks: &[Block]) -> Vec<Piece> {
    let mut out = Vec::new();
    for b in blocks {
        collect(b, &mut out);
    }
    out
}

fn collect(b: &Block, out: &mut Vec<Piece>) {
    let inlines = |inl: &[Inline], out: &mut Vec<Piece>| {
        out.push(Piece::Prose {
            line: b.line,
            text: block::plain(inl),
        });
        for i in inl {
            if let Inline::Math(tex) = i {
                out.push(Piece::Math {
                    line: b.line,
                    tex: tex.clone(),
                    display: false,
                });
            }
        }
    };
    match &b.kind {
        BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => inlines(text, out),
        BlockKind::Table { header, rows, .. } => {
            for cell in header.iter().chain(rows.iter().flatten()) {
                inlines(cell, out);
            }
        }
        BlockKind::List { items, .. } => items.iter().flatten().for_each(|b| collect(b, out)),
        BlockKind::Quote(blocks) => blocks.iter().for_each(|b| collect(b, out)),
        BlockKind::DisplayMath(tex) => out.push(Piece::Math {
            line: b.line,
            tex: tex.clone(),
            display: true,
        }),
        BlockKind::Problem(spec) => {
            if let Ok(spec) = spec.as_ref() {
                let texts = std::iter::once(&spec.prompt)
                    .chain(&spec.hints)
                    .chain(std::iter::once(&spec.solution));
                for text in texts {
                    for inner in markdown::parse("", b.line, text) {
                        collect(&inner, out);
                    }
                }
            }
        }
        BlockKind::Code { .. } | BlockKind::Rule | BlockKind::Claims(_) | BlockKind::Figure(_) => {}
    }
}

/// Link targets anywhere in a block.
pub(super) fn links(b: &Block) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |inl: &[Inline]| {
        out.extend(inl.iter().filter_map(|i| match i {
            Inline::LinkTarget(url) => Some(url.clone()),
            _ => None,
        }))
    };
    match &b.kind {
        BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => push(text),
        BlockKind::Table { header, rows, .. } => header
            .iter()
            .chain(rows.iter().flatten())
            .for_each(|c| push(c)),
        BlockKind::List { items, .. } => items.iter().flatten().for_each(|b| out.extend(links(b))),
        BlockKind::Quote(blocks) => blocks.iter().for_each(|b| out.extend(links(b))),
        _ => {}
    }
    out
}

/// The source line of column `col` of math starting on `line`: a display's TeX starts
/// on the line after its `$$`.
pub(super) fn math_line(line: usize, tex: &str, display: bool, col: usize) -> usize {
    if display {
        line + 1 + tex.chars().take(col).filter(|&c| c == '\n').count()
    } else {
        line
    }
}
