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
pub use parser::MAX_DEPTH;

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
/// binary operator makes that possible.
pub fn display(tex: &str, width: usize, opts: &Options) -> Result<Vec<String>, MathError> {
    let nodes = parser::parse(tex, opts.ascii)?;
    let ctx = Ctx {
        ascii: opts.ascii,
        compact: !opts.ascii && scripts::all_compact(&nodes, false),
    };
    let laid = ctx.list(&nodes, Style::Display, None);
    let lines = linebreak::lines(laid, width);
    let tall = lines.iter().any(|l| l.height() > 1);
    let mut rows = Vec::new();
    for (i, line) in lines.into_iter().enumerate() {
        if i > 0 && tall {
            rows.push(String::new());
        }
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

/// Lays out inline math as one line: Unicode super/subscripts where every script of
/// the equation has them, otherwise a linear form (`(QKᵀ)/√d_k`, `(QK^T)/sqrt(d_k)`).
pub fn inline(tex: &str, opts: &Options) -> Result<String, MathError> {
    let nodes = parser::parse(tex, opts.ascii)?;
    let ctx = Ctx {
        ascii: opts.ascii,
        compact: !opts.ascii && scripts::all_compact(&nodes, true),
    };
    Ok(ctx.line(&nodes, false, None).trim().to_string())
}
