//! Markdown → blocks, with the source line of each block.
//!
//! pulldown-cmark's event stream is folded (in `builder`) into a tree with an explicit
//! stack of open containers (quote, list, item, table). Display math is inline-level in
//! pulldown-cmark, so a paragraph holding `$$...$$` is split around it into paragraph,
//! math, paragraph.

mod builder;

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TextMergeWithOffset};

use super::block::Block;
use super::error::{ContentError, Lines};
use builder::Builder;

/// How deeply lists and quotes may nest. Laying out, checking and even dropping a block
/// tree recurse once per level, and a 20 KB line of `- - - …` is 10,000 levels: deeper
/// containers are shown flat inside the deepest allowed one, and `check` says where.
pub const MAX_NESTING: usize = 16;

/// Parses a whole markdown text. `file` names it in errors of problem and eval blocks;
/// `first_line` is the file line of the text's first line (1 for a lesson file).
pub fn parse(file: &str, first_line: usize, text: &str) -> Vec<Block> {
    parse_reporting(file, first_line, text, false).0
}

/// [`parse`], with what the text does wrong that does not stop it being shown: lists and
/// quotes nested deeper than [`MAX_NESTING`]. A `trusted` text (the embedded course's,
/// scanned by `check`) is not made safe to show: it has nothing to make safe.
pub fn parse_reporting(
    file: &str,
    first_line: usize,
    text: &str,
    trusted: bool,
) -> (Vec<Block>, Vec<ContentError>) {
    let options = Options::ENABLE_MATH | Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = TextMergeWithOffset::new(Parser::new_ext(text, options).into_offset_iter());
    let mut builder = Builder::new(file, trusted);
    // Byte offset of every line start, so an event's line is a binary search rather than
    // a count of newlines from the top (which made long lessons quadratic).
    let lines = Lines::new(text);
    for (event, range) in events {
        let line = first_line - 1 + lines.line_of(range.start);
        builder.event(if trusted { event } else { clean(event) }, line);
    }
    builder.finish()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::block::{Align, BlockKind, Emphasis, Inline};

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
            let (blocks, warnings) = parse_reporting("f.md", 1, &text, false);
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
            parse_reporting("f.md", 1, &format!("{}x", "- ".repeat(MAX_NESTING)), false);
        assert_eq!((depth(&blocks), warnings.len()), (MAX_NESTING, 0));
    }

    #[test]
    fn first_line_offsets_nested_text() {
        let blocks = parse("f.md", 40, "a\n\nb\n");
        assert_eq!(kinds(&blocks), [("paragraph", 40), ("paragraph", 42)]);
    }
}
