//! The parsed shape of a lesson: a list of source blocks, each with its line, so that
//! a reading position ("block 12 at the top") survives any change of terminal width.

use super::claim::Claim;
use super::error::ContentError;
use super::figure::FigureBlock;
use super::problem::ProblemFence;

/// One top-level (or nested) block of a lesson and the source line where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub line: usize,
    pub kind: BlockKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum BlockKind {
    /// `#` to `######`; sections of a lesson are the level-2 headings.
    Heading {
        level: u8,
        text: Vec<Inline>,
    },
    Paragraph(Vec<Inline>),
    /// `start` is the first number of an ordered list, `None` for bullets.
    List {
        start: Option<u64>,
        items: Vec<Vec<Block>>,
    },
    Table {
        aligns: Vec<Align>,
        header: Vec<Vec<Inline>>,
        rows: Vec<Vec<Vec<Inline>>>,
    },
    Code {
        lang: String,
        text: String,
    },
    Quote(Vec<Block>),
    Rule,
    /// `$$...$$` (or a ```` ```math ```` fence), trimmed TeX.
    DisplayMath(String),
    /// A ```` ```problem ```` fence; a malformed one is kept as its error, to be shown.
    Problem(ProblemFence),
    /// A ```` ```eval ```` fence: the computed claims backing the prose above it.
    Claims(Result<Vec<Claim>, ContentError>),
    /// A ```` ```figure ```` fence, its data evaluated when first drawn or checked.
    Figure(Box<FigureBlock>),
}

/// A column alignment of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// Inline content of a paragraph, heading or table cell.
#[derive(Debug, Clone, PartialEq)]
pub enum Inline {
    Text(String, Emphasis),
    Code(String),
    /// `$...$`, raw TeX.
    Math(String),
    /// Where a link ends: its target, shown after the link text.
    LinkTarget(String),
    /// A hard line break.
    Break,
}

/// The idea a link points to, for links inside the course: `[the variance
/// argument](#2.2)` → "2.2" (lesson 2, its `## 2.2` heading).
pub fn section_link(url: &str) -> Option<&str> {
    let number = url.strip_prefix('#')?;
    let (lesson, idea) = number.split_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(lesson) && digits(idea)).then_some(number)
}

/// The markdown emphasis in force for a run of text.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Emphasis {
    pub italic: bool,
    pub bold: bool,
    pub strike: bool,
    pub link: bool,
}

/// The TeX of the inline math in `inlines`.
fn inline_math(inlines: &[Inline]) -> Vec<&str> {
    inlines
        .iter()
        .filter_map(|i| match i {
            Inline::Math(tex) => Some(tex.as_str()),
            _ => None,
        })
        .collect()
}

impl Block {
    /// The TeX of every equation the block draws, inline and display, nested blocks
    /// included (not problems, whose math is filled with the learner's numbers).
    pub fn math(&self) -> Vec<&str> {
        match &self.kind {
            BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => inline_math(text),
            BlockKind::Table { header, rows, .. } => header
                .iter()
                .chain(rows.iter().flatten())
                .flat_map(|cell| inline_math(cell))
                .collect(),
            BlockKind::List { items, .. } => items.iter().flatten().flat_map(Block::math).collect(),
            BlockKind::Quote(blocks) => blocks.iter().flat_map(Block::math).collect(),
            BlockKind::DisplayMath(tex) => vec![tex.as_str()],
            _ => Vec::new(),
        }
    }

    /// The block's words as plain text (for section titles and tests).
    pub fn plain_text(&self) -> String {
        match &self.kind {
            BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => plain(text),
            _ => String::new(),
        }
    }
}

/// Inline content flattened to text, math shown as its raw TeX between `$`.
pub fn plain(inlines: &[Inline]) -> String {
    let mut out = String::new();
    for inline in inlines {
        match inline {
            Inline::Text(t, _) | Inline::Code(t) => out.push_str(t),
            Inline::Math(t) => {
                out.push('$');
                out.push_str(t);
                out.push('$');
            }
            Inline::LinkTarget(_) => {}
            Inline::Break => out.push(' '),
        }
    }
    out
}
