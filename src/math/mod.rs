//! LaTeX subset → text: equations drawn in 2-D for display, or on one line inline.
//!
//! A pure library (no terminal, no I/O). The pipeline: `lexer` (characters → tokens,
//! refusing control characters) → `parser` (tokens → `ast::Node`, glyphs resolved from
//! `symbols` for the chosen glyph set) → `layout` (nodes → `block::Block`s, with
//! `spacing`, `scripts` and `glyphs`) → `linebreak` (top-level list → lines no wider
//! than the pane); `inline` writes the same tree on one line.
//!
//! Errors carry the 1-based column, counted in characters from the start of the TeX
//! source (a newline counts as one character).

mod ast;
mod block;
mod glyphs;
mod inline;
mod layout;
mod lexer;
mod linebreak;
pub mod notation;
mod parser;
mod scripts;
mod spacing;
mod symbols;

pub use lexer::MAX_CHARS;
pub use lexer::MAX_DEPTH;

use ast::{EnvKind, Node};
use layout::{Ctx, Style};

/// How to draw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// 7-bit ASCII output only.
    pub ascii: bool,
}

/// A LaTeX input the engine cannot lay out, with the 1-based column of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message} at column {column}")]
pub struct MathError {
    pub column: usize,
    pub message: String,
}

impl MathError {
    pub(crate) fn new(column: usize, message: impl Into<String>) -> MathError {
        MathError {
            column,
            message: message.into(),
        }
    }
}

/// Lays out display math: the rows of the drawing, not centred, trailing spaces
/// trimmed, each no wider than `width` wherever a break at a top-level relation or
/// binary operator makes that possible. An `aligned` or `gathered` display too wide
/// for `width` gives up its alignment: each row is broken as an equation of its own.
pub fn display(tex: &str, width: usize, opts: &Options) -> Result<Vec<String>, MathError> {
    let nodes = parser::parse(tex, opts.ascii)?;
    let rows_of = equation_rows(&nodes);
    let ctx = Ctx {
        ascii: opts.ascii,
        compact: !opts.ascii,
    };
    let laid = ctx.list(&nodes, Style::Display, None);
    let mut lines = linebreak::lines(laid, width);
    if let Some(env_rows) = rows_of
        && lines.iter().any(|l| l.width() > width)
    {
        lines = env_rows
            .iter()
            .flat_map(|row| {
                let items: Vec<Node> = row.iter().flat_map(cell_items).collect();
                linebreak::lines(ctx.list(&items, Style::Display, None), width)
            })
            .collect();
    }
    // A blank row keeps a line's scripts apart from its neighbour's; two flat lines
    // need none.
    let mut rows = Vec::new();
    let mut above_tall = false;
    for (i, line) in lines.into_iter().enumerate() {
        let tall = line.height() > 1;
        if i > 0 && (tall || above_tall) {
            rows.push(String::new());
        }
        above_tall = tall;
        rows.extend(line.into_rows().into_iter().map(|mut r| {
            r.truncate(r.trim_end_matches(' ').len());
            r
        }));
    }
    // Empty scripts and radicands can leave blank rows at the edges.
    let first = rows
        .iter()
        .position(|r| !r.is_empty())
        .unwrap_or(rows.len());
    let last = rows
        .iter()
        .rposition(|r| !r.is_empty())
        .map_or(first, |i| i + 1);
    Ok(rows.drain(first..last).collect())
}

/// Lays out inline math as one line: each symbol's scripts in Unicode where they have
/// a Unicode form, otherwise linearly (`(QKᵀ)/√dₖ`, `σ_q^2`, `e^(s ln 2)`; in ASCII
/// `(QK^T)/sqrt(d_k)`). The choice is the symbol's own (see `scripts`), so a symbol is
/// written the same way in every formula.
pub fn inline(tex: &str, opts: &Options) -> Result<String, MathError> {
    let nodes = parser::parse(tex, opts.ascii)?;
    let ctx = Ctx {
        ascii: opts.ascii,
        compact: !opts.ascii,
    };
    Ok(ctx.line(&nodes, false, None).trim().to_string())
}

/// The rows of the environment when the whole equation is one `aligned` or
/// `gathered` environment, whose rows are equations of their own.
fn equation_rows(nodes: &[Node]) -> Option<&[Vec<Node>]> {
    let mut drawn = nodes.iter().filter(|n| !matches!(n, Node::Space(_)));
    match (drawn.next(), drawn.next()) {
        (
            Some(Node::Env {
                kind: EnvKind::Aligned | EnvKind::Gathered,
                rows,
                ..
            }),
            None,
        ) => Some(rows.as_slice()),
        _ => None,
    }
}

/// A cell's items, for laying a row out as one list.
fn cell_items(cell: &Node) -> Vec<Node> {
    match cell {
        Node::Group(items) => items.clone(),
        other => vec![other.clone()],
    }
}
