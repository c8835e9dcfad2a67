//! The fold of pulldown-cmark's event stream into a block tree: an explicit stack of
//! open containers (quote, list, item, table) and the inline run being gathered. Kept
//! apart from the entry points in `markdown` so that the parsing options and the
//! sanitising of events sit in one short file and this state machine in another.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Tag, TagEnd};

use super::MAX_NESTING;
use crate::content::block::{Align, Block, BlockKind, Emphasis, Inline};
use crate::content::error::ContentError;
use crate::content::problem::ProblemFence;
use crate::content::{claim, figure};

/// An open container and the blocks gathered in it so far.
enum Container {
    Root(Vec<Block>),
    Quote(usize, Vec<Block>),
    List(usize, Option<u64>, Vec<Vec<Block>>),
    Item(Vec<Block>),
    Table(usize, TableBuild),
}

#[derive(Default)]
struct TableBuild {
    aligns: Vec<Align>,
    header: Vec<Vec<Inline>>,
    rows: Vec<Vec<Vec<Inline>>>,
    row: Vec<Vec<Inline>>,
    in_head: bool,
}

/// What the inline run being gathered will become.
#[derive(Clone, Copy, PartialEq)]
enum InlineKind {
    Paragraph,
    Heading(u8),
    Cell,
}

/// The fold in progress: the open containers, the inline run being gathered, and what
/// was found wrong on the way.
pub(super) struct Builder<'f> {
    file: &'f str,
    /// The embedded course's text: problem bodies are not scanned for hidden characters.
    trusted: bool,
    stack: Vec<Container>,
    inline: Option<(InlineKind, usize, Vec<Inline>)>,
    emphasis: Emphasis,
    links: Vec<String>,
    /// An open fenced or indented code block: line, info string, text.
    code: Option<(usize, String, String)>,
    /// Lists, items and quotes opened beyond [`MAX_NESTING`] and not yet closed: their
    /// content goes into the deepest container kept.
    flattened: usize,
    warnings: Vec<ContentError>,
}

impl<'f> Builder<'f> {
    pub(super) fn new(file: &'f str, trusted: bool) -> Builder<'f> {
        Builder {
            file,
            trusted,
            stack: vec![Container::Root(Vec::new())],
            inline: None,
            emphasis: Emphasis::default(),
            links: Vec::new(),
            code: None,
            flattened: 0,
            warnings: Vec::new(),
        }
    }

    /// The blocks of the whole text, and the warnings for `check`.
    pub(super) fn finish(mut self) -> (Vec<Block>, Vec<ContentError>) {
        self.flush_inline();
        let blocks = match self.stack.into_iter().next() {
            Some(Container::Root(blocks)) => blocks,
            _ => Vec::new(),
        };
        (blocks, self.warnings)
    }

    /// Takes one (cleaned) event that starts on file line `line`.
    pub(super) fn event(&mut self, event: Event<'_>, line: usize) {
        if let Some((_, _, text)) = &mut self.code {
            match event {
                Event::Text(t) => text.push_str(&t),
                Event::End(TagEnd::CodeBlock) => self.end_code(),
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag, line),
            Event::End(tag) => self.end(tag),
            Event::Text(t) => self.push_inline(line, Inline::Text(t.into_string(), self.emphasis)),
            Event::Code(t) => self.push_inline(line, Inline::Code(t.into_string())),
            Event::InlineMath(t) => self.push_inline(line, Inline::Math(t.into_string())),
            Event::DisplayMath(t) => self.display_math(line, &t),
            Event::Html(t) | Event::InlineHtml(t) => {
                self.push_inline(line, Inline::Text(t.into_string(), self.emphasis))
            }
            Event::FootnoteReference(t) => {
                self.push_inline(line, Inline::Text(format!("[^{t}]"), self.emphasis))
            }
            Event::SoftBreak => self.push_inline(line, Inline::Text(" ".into(), self.emphasis)),
            Event::HardBreak => self.push_inline(line, Inline::Break),
            Event::Rule => self.push_block(line, BlockKind::Rule),
            Event::TaskListMarker(done) => {
                let mark = if done { "[x] " } else { "[ ] " };
                self.push_inline(line, Inline::Text(mark.into(), self.emphasis))
            }
        }
    }

    /// Whether a list, item or quote opened now would be too deep; the first time, says
    /// so for `check`.
    fn too_deep(&mut self, tag: &Tag<'_>, line: usize) -> bool {
        // A list's items live and go with it; only lists and quotes are levels.
        let levels = || {
            let level = |c: &&Container| matches!(c, Container::Quote(..) | Container::List(..));
            self.stack.iter().filter(level).count()
        };
        if self.flattened == 0 && (matches!(tag, Tag::Item) || levels() < MAX_NESTING) {
            return false;
        }
        if self.warnings.is_empty() {
            self.warnings.push(ContentError::new(
                self.file,
                line,
                format!(
                    "lists and quotes nested more than {MAX_NESTING} deep; the deeper ones are shown flat"
                ),
            ));
        }
        self.flattened += 1;
        true
    }

    fn start(&mut self, tag: Tag<'_>, line: usize) {
        if matches!(tag, Tag::BlockQuote(_) | Tag::List(_) | Tag::Item) && self.too_deep(&tag, line)
        {
            self.flush_inline();
            return;
        }
        match tag {
            Tag::Paragraph => self.begin_inline(InlineKind::Paragraph, line),
            Tag::Heading { level, .. } => {
                self.begin_inline(InlineKind::Heading(level_number(level)), line)
            }
            Tag::BlockQuote(_) => {
                self.flush_inline();
                self.stack.push(Container::Quote(line, Vec::new()));
            }
            Tag::List(start) => {
                self.flush_inline();
                self.stack.push(Container::List(line, start, Vec::new()));
            }
            Tag::Item => {
                self.flush_inline();
                self.stack.push(Container::Item(Vec::new()));
            }
            Tag::CodeBlock(kind) => {
                self.flush_inline();
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.trim().to_string(),
                    CodeBlockKind::Indented => String::new(),
                };
                self.code = Some((line, info, String::new()));
            }
            Tag::Table(aligns) => {
                self.flush_inline();
                let aligns = aligns.into_iter().map(align).collect();
                self.stack.push(Container::Table(
                    line,
                    TableBuild {
                        aligns,
                        ..TableBuild::default()
                    },
                ));
            }
            Tag::TableHead => self.with_table(|t| t.in_head = true),
            Tag::TableRow => {}
            Tag::TableCell => self.begin_inline(InlineKind::Cell, line),
            Tag::Emphasis => self.emphasis.italic = true,
            Tag::Strong => self.emphasis.bold = true,
            Tag::Strikethrough => self.emphasis.strike = true,
            Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => {
                self.links.push(dest_url.into_string());
                self.emphasis.link = true;
            }
            _ => {}
        }
    }

    fn end(&mut self, tag: TagEnd) {
        if matches!(tag, TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item)
            && self.flattened > 0
        {
            self.flattened -= 1;
            self.flush_inline();
            return;
        }
        match tag {
            TagEnd::Paragraph | TagEnd::Heading(_) => self.flush_inline(),
            TagEnd::TableCell => {
                let cell = self.inline.take().map(|(_, _, c)| c).unwrap_or_default();
                self.with_table(|t| t.row.push(cell));
            }
            TagEnd::TableHead => self.with_table(|t| {
                t.header = std::mem::take(&mut t.row);
                t.in_head = false;
            }),
            TagEnd::TableRow => self.with_table(|t| {
                let row = std::mem::take(&mut t.row);
                t.rows.push(row);
            }),
            TagEnd::BlockQuote(_) | TagEnd::List(_) | TagEnd::Item | TagEnd::Table => {
                self.flush_inline();
                self.close_container();
            }
            TagEnd::Emphasis => self.emphasis.italic = false,
            TagEnd::Strong => self.emphasis.bold = false,
            TagEnd::Strikethrough => self.emphasis.strike = false,
            TagEnd::Link | TagEnd::Image => {
                self.emphasis.link = false;
                if let Some(url) = self.links.pop() {
                    self.push_inline(0, Inline::LinkTarget(url));
                }
            }
            _ => {}
        }
    }

    fn close_container(&mut self) {
        let Some(top) = self.stack.pop() else { return };
        match top {
            Container::Quote(line, blocks) => self.push_block(line, BlockKind::Quote(blocks)),
            Container::List(line, start, items) => {
                self.push_block(line, BlockKind::List { start, items })
            }
            Container::Item(blocks) => {
                if let Some(Container::List(_, _, items)) = self.stack.last_mut() {
                    items.push(blocks);
                }
            }
            Container::Table(line, t) => self.push_block(
                line,
                BlockKind::Table {
                    aligns: t.aligns,
                    header: t.header,
                    rows: t.rows,
                },
            ),
            Container::Root(blocks) => self.stack.push(Container::Root(blocks)),
        }
    }

    fn with_table(&mut self, f: impl FnOnce(&mut TableBuild)) {
        if let Some(Container::Table(_, t)) = self.stack.last_mut() {
            f(t);
        }
    }

    fn begin_inline(&mut self, kind: InlineKind, line: usize) {
        self.flush_inline();
        self.inline = Some((kind, line, Vec::new()));
    }

    /// Inline content outside any paragraph (a tight list item) opens an implicit one.
    fn push_inline(&mut self, line: usize, inline: Inline) {
        match &mut self.inline {
            Some((_, _, inlines)) => inlines.push(inline),
            None => self.inline = Some((InlineKind::Paragraph, line, vec![inline])),
        }
    }

    fn flush_inline(&mut self) {
        let Some((kind, line, inlines)) = self.inline.take() else {
            return;
        };
        match kind {
            InlineKind::Paragraph if inlines.is_empty() => {}
            InlineKind::Paragraph => self.push_block(line, BlockKind::Paragraph(inlines)),
            InlineKind::Heading(level) => self.push_block(
                line,
                BlockKind::Heading {
                    level,
                    text: inlines,
                },
            ),
            // A cell is closed by its own end tag; reaching here means it was cut short.
            InlineKind::Cell => self.with_table(|t| t.row.push(inlines)),
        }
    }

    /// `$$...$$` splits a paragraph; in a heading or a cell it stays inline.
    fn display_math(&mut self, line: usize, tex: &str) {
        match &self.inline {
            Some((InlineKind::Heading(_) | InlineKind::Cell, _, _)) => {
                self.push_inline(line, Inline::Math(tex.trim().to_string()))
            }
            _ => {
                self.flush_inline();
                self.push_block(line, BlockKind::DisplayMath(tex.trim().to_string()));
                self.inline = Some((InlineKind::Paragraph, line, Vec::new()));
            }
        }
    }

    fn end_code(&mut self) {
        let Some((line, info, text)) = self.code.take() else {
            return;
        };
        let lang = info.split_whitespace().next().unwrap_or("").to_string();
        let kind = match lang.as_str() {
            "problem" => BlockKind::Problem(ProblemFence::new(self.file, line, text, self.trusted)),
            "eval" => BlockKind::Claims(claim::parse(self.file, line, &text)),
            "figure" => {
                BlockKind::Figure(Box::new(figure::FigureBlock::new(self.file, line, &text)))
            }
            "math" => BlockKind::DisplayMath(text.trim().to_string()),
            _ => BlockKind::Code { lang, text },
        };
        self.push_block(line, kind);
    }

    fn push_block(&mut self, line: usize, kind: BlockKind) {
        self.flush_inline();
        let block = Block { line, kind };
        match self.stack.last_mut() {
            Some(Container::Root(b) | Container::Quote(_, b) | Container::Item(b)) => b.push(block),
            // Blocks directly in a list or a table do not occur in CommonMark; keep them
            // visible rather than drop them.
            Some(Container::List(_, _, items)) => items.push(vec![block]),
            Some(Container::Table(..)) | None => {}
        }
    }
}

fn level_number(level: HeadingLevel) -> u8 {
    match level {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

fn align(a: pulldown_cmark::Alignment) -> Align {
    match a {
        pulldown_cmark::Alignment::Center => Align::Center,
        pulldown_cmark::Alignment::Right => Align::Right,
        pulldown_cmark::Alignment::Left | pulldown_cmark::Alignment::None => Align::Left,
    }
}
