//! Markdown → blocks, with the source line of each block.
//!
//! pulldown-cmark's event stream is folded into a tree with an explicit stack of open
//! containers (quote, list, item, table). Display math is inline-level in pulldown-cmark,
//! so a paragraph holding `$$...$$` is split around it into paragraph, math, paragraph.

use pulldown_cmark::{
    CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, TextMergeWithOffset,
};

use super::block::{Align, Block, BlockKind, Emphasis, Inline};
use super::error::ContentError;
use super::{claim, figure, problem};

/// How deeply lists and quotes may nest. Laying out, checking and even dropping a block
/// tree recurse once per level, and a 20 KB line of `- - - …` is 10,000 levels: deeper
/// containers are shown flat inside the deepest allowed one, and `check` says where.
pub const MAX_NESTING: usize = 16;

/// Parses a whole markdown text. `file` names it in errors of problem and eval blocks;
/// `first_line` is the file line of the text's first line (1 for a lesson file).
pub fn parse(file: &str, first_line: usize, text: &str) -> Vec<Block> {
    parse_reporting(file, first_line, text).0
}

/// [`parse`], with what the text does wrong that does not stop it being shown: lists and
/// quotes nested deeper than [`MAX_NESTING`].
pub fn parse_reporting(
    file: &str,
    first_line: usize,
    text: &str,
) -> (Vec<Block>, Vec<ContentError>) {
    let options = Options::ENABLE_MATH | Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = TextMergeWithOffset::new(Parser::new_ext(text, options).into_offset_iter());
    let mut builder = Builder {
        file,
        stack: vec![Container::Root(Vec::new())],
        inline: None,
        emphasis: Emphasis::default(),
        links: Vec::new(),
        code: None,
        flattened: 0,
        warnings: Vec::new(),
    };
    // Byte offset of every line start, so an event's line is a binary search rather than
    // a count of newlines from the top (which made long lessons quadratic).
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    for (event, range) in events {
        let line = first_line - 1 + line_starts.partition_point(|&start| start <= range.start);
        builder.event(clean(event), line);
    }
    builder.flush_inline();
    let blocks = match builder.stack.into_iter().next() {
        Some(Container::Root(blocks)) => blocks,
        _ => Vec::new(),
    };
    (blocks, builder.warnings)
}

/// `event` with its text made safe to show ([`crate::sanitize::clean`]): every block and
/// inline of every markdown text (lessons, prompts, hints, glossary definitions) passes
/// here, after character references are decoded, so `&#x1b;` is caught as well as a raw
/// ESC.
fn clean(event: Event<'_>) -> Event<'_> {
    fn c(text: CowStr<'_>) -> CowStr<'_> {
        match crate::sanitize::clean(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(cleaned) => cleaned.into(),
        }
    }
    match event {
        Event::Text(t) => Event::Text(c(t)),
        Event::Code(t) => Event::Code(c(t)),
        Event::InlineMath(t) => Event::InlineMath(c(t)),
        Event::DisplayMath(t) => Event::DisplayMath(c(t)),
        Event::Html(t) => Event::Html(c(t)),
        Event::InlineHtml(t) => Event::InlineHtml(c(t)),
        Event::FootnoteReference(t) => Event::FootnoteReference(c(t)),
        Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(c(info))))
        }
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Link {
            link_type,
            dest_url: c(dest_url),
            title,
            id,
        }),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Image {
            link_type,
            dest_url: c(dest_url),
            title,
            id,
        }),
        other => other,
    }
}

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

struct Builder<'f> {
    file: &'f str,
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

impl Builder<'_> {
    fn event(&mut self, event: Event<'_>, line: usize) {
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
            "problem" => BlockKind::Problem(Box::new(problem::parse(self.file, line, &text))),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(blocks: &[Block]) -> Vec<(&'static str, usize)> {
        blocks
            .iter()
            .map(|b| {
                let name = match b.kind {
                    BlockKind::Heading { .. } => "heading",
                    BlockKind::Paragraph(_) => "paragraph",
                    BlockKind::List { .. } => "list",
                    BlockKind::Table { .. } => "table",
                    BlockKind::Code { .. } => "code",
                    BlockKind::Quote(_) => "quote",
                    BlockKind::Rule => "rule",
                    BlockKind::DisplayMath(_) => "math",
                    BlockKind::Problem(_) => "problem",
                    BlockKind::Claims(_) => "claims",
                    BlockKind::Figure(_) => "figure",
                };
                (name, b.line)
            })
            .collect()
    }

    #[test]
    fn every_block_kind_with_its_source_line() {
        let src = "# T\n\nText $x$ here.\n\n$$\n\\frac{a}{b}\n$$\n\n- a\n- b\n\n| h | i |\n|---|--:|\n| 1 | 2 |\n\n```rust\nfn f() {}\n```\n\n> q\n\n---\n\n```problem\nid = \"p\"\n```\n\n```eval\n1\n=> 1\n```\n";
        let blocks = parse("f.md", 1, src);
        assert_eq!(
            kinds(&blocks),
            [
                ("heading", 1),
                ("paragraph", 3),
                ("math", 5),
                ("list", 9),
                ("table", 12),
                ("code", 16),
                ("quote", 20),
                ("rule", 22),
                ("problem", 24),
                ("claims", 28),
            ]
        );
        assert_eq!(
            blocks[2].kind,
            BlockKind::DisplayMath("\\frac{a}{b}".into())
        );
        let BlockKind::Problem(p) = &blocks[8].kind else {
            unreachable!()
        };
        // `kind` is missing: the error names the fence's file.
        assert!(
            p.as_ref()
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("f.md:")
        );
        let BlockKind::Claims(Ok(c)) = &blocks[9].kind else {
            panic!("{:?}", blocks[9])
        };
        assert_eq!((c[0].expr.as_str(), c[0].line), ("1", 29));
    }

    #[test]
    fn display_math_mid_paragraph_splits_it() {
        let blocks = parse("f.md", 1, "before $$x^2$$ after\n");
        assert_eq!(
            kinds(&blocks),
            [("paragraph", 1), ("math", 1), ("paragraph", 1)]
        );
        assert_eq!(blocks[2].plain_text(), " after");
    }

    #[test]
    fn inline_styles_links_and_tight_list_items() {
        let blocks = parse(
            "f.md",
            1,
            "1. *a* **b** `c` [d](http://e)\n2. two\n   - nested\n",
        );
        let BlockKind::List { start, items } = &blocks[0].kind else {
            unreachable!()
        };
        assert_eq!(*start, Some(1));
        assert_eq!(items.len(), 2);
        let BlockKind::Paragraph(inl) = &items[0][0].kind else {
            unreachable!()
        };
        let italic = Emphasis {
            italic: true,
            ..Emphasis::default()
        };
        let link = Emphasis {
            link: true,
            ..Emphasis::default()
        };
        assert_eq!(inl[0], Inline::Text("a".into(), italic));
        assert_eq!(inl[4], Inline::Code("c".into()));
        assert_eq!(inl[6], Inline::Text("d".into(), link));
        assert_eq!(inl[7], Inline::LinkTarget("http://e".into()));
        assert_eq!(kinds(&items[1]), [("paragraph", 2), ("list", 3)]);
    }

    #[test]
    fn table_cells_and_alignment() {
        let blocks = parse("f.md", 1, "| a | b |\n|:-:|--:|\n| $x$ | y \\| z |\n");
        let BlockKind::Table {
            aligns,
            header,
            rows,
        } = &blocks[0].kind
        else {
            unreachable!()
        };
        assert_eq!(aligns, &[Align::Center, Align::Right]);
        assert_eq!(header.len(), 2);
        assert_eq!(rows[0][0], vec![Inline::Math("x".into())]);
        assert_eq!(super::super::block::plain(&rows[0][1]), "y | z");
    }

    /// Depth of the deepest list or quote in `blocks`.
    fn depth(blocks: &[Block]) -> usize {
        blocks
            .iter()
            .map(|b| match &b.kind {
                BlockKind::Quote(inner) => 1 + depth(inner),
                BlockKind::List { items, .. } => {
                    1 + items.iter().map(|i| depth(i)).max().unwrap_or(0)
                }
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn nesting_beyond_the_limit_is_shown_flat_and_reported() {
        for (opener, levels) in [("- ", 1), ("> ", 1), ("1. ", 1), ("- > ", 2)] {
            let text = format!("intro\n\n{}deep text\n", opener.repeat(10_000 / levels));
            let (blocks, warnings) = parse_reporting("f.md", 1, &text);
            let d = depth(&blocks);
            assert!((1..=MAX_NESTING).contains(&d), "{opener:?}: depth {d}");
            assert!(format!("{blocks:?}").contains("deep text"), "{opener:?}");
            assert_eq!(warnings.len(), 1, "{opener:?}");
            assert!(
                warnings[0]
                    .to_string()
                    .starts_with("f.md:3: lists and quotes nested")
            );
        }
        let (blocks, warnings) =
            parse_reporting("f.md", 1, &format!("{}x", "- ".repeat(MAX_NESTING)));
        assert_eq!((depth(&blocks), warnings.len()), (MAX_NESTING, 0));
    }

    #[test]
    fn first_line_offsets_nested_text() {
        let blocks = parse("f.md", 40, "a\n\nb\n");
        assert_eq!(kinds(&blocks), [("paragraph", 40), ("paragraph", 42)]);
    }
}
