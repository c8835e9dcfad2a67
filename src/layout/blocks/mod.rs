//! One function per block kind, each appending its lines at a given width. The prose
//! blocks (headings, paragraphs with their sentences, lists, quotes, tables, figures)
//! are here; code and computed claims, display equations, and problem boxes each have a
//! file below, as methods of the one [`Renderer`] that walks the lesson.

mod code;
mod equation;
mod problem;

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::wrap::{unbroken, wrap, wrap_owned};
use super::{Context, Row, SentenceSpot, Theme, ascii, table};
use crate::content::{Block, BlockKind, Emphasis, Inline, sentence};
use crate::figure::Figure;
use crate::math;

/// Lays out one lesson block by block, carrying what spans blocks: the problem count,
/// the sentences placed so far and whether prose sentences are being collected.
pub(super) struct Renderer<'a> {
    ctx: &'a Context<'a>,
    file: &'a str,
    slug: &'a str,
    /// Problems met so far in the lesson: the next one is number `problems + 1`.
    pub(super) problems: usize,
    /// The prose's sentences so far; rows relative to the buffer being filled (see
    /// [`Renderer::shift_sentences`]).
    pub(super) sentences: Vec<SentenceSpot>,
    /// The top-level block being laid out.
    pub(super) top_block: usize,
    /// Paragraphs (and list items) met so far.
    pub(super) paragraphs: usize,
    /// Off inside problem boxes: a prompt's sentences are not the lesson's prose.
    collect: bool,
}

impl<'a> Renderer<'a> {
    pub(super) fn new(ctx: &'a Context<'a>, file: &'a str, slug: &'a str) -> Renderer<'a> {
        Renderer {
            ctx,
            file,
            slug,
            problems: 0,
            sentences: Vec::new(),
            top_block: 0,
            paragraphs: 0,
            collect: true,
        }
    }

    fn theme(&self) -> Theme {
        self.ctx.theme
    }

    pub(super) fn block(&mut self, block: &Block, width: usize, out: &mut Vec<Line<'static>>) {
        match &block.kind {
            BlockKind::Heading { level, text } => {
                let style = self.theme().heading(*level);
                out.extend(wrap(&self.spans(text, style), width));
            }
            BlockKind::Paragraph(text) if self.collect => self.paragraph(text, width, out),
            BlockKind::Paragraph(text) => out.extend(wrap(&self.spans(text, Style::new()), width)),
            BlockKind::List { start, items } => self.list(*start, items, width, out),
            BlockKind::Table {
                aligns,
                header,
                rows,
            } => {
                let header: Vec<_> = header.iter().map(|c| self.spans(c, Style::new())).collect();
                let rows: Vec<Vec<_>> = rows
                    .iter()
                    .map(|r| r.iter().map(|c| self.spans(c, Style::new())).collect())
                    .collect();
                out.extend(table::lay_out(aligns, &header, &rows, width, self.theme()));
            }
            BlockKind::Code { text, .. } => self.code(text, width, out),
            BlockKind::Quote(blocks) => {
                let bar = Span::styled(format!("{} ", self.theme().vertical()), self.theme().dim());
                let mark = self.sentences.len();
                let inner = self.nested(blocks, width.saturating_sub(2), true);
                self.shift_sentences(mark, out.len(), 2);
                out.extend(prefixed(inner, bar.clone(), bar));
            }
            BlockKind::Rule => out.push(Line::styled(
                self.theme().horizontal().repeat(width),
                self.theme().dim(),
            )),
            BlockKind::DisplayMath(tex) => self.display_math(tex, width, out),
            BlockKind::Problem(spec) => {
                self.problems += 1;
                let collect = std::mem::replace(&mut self.collect, false);
                self.problem(spec.as_ref(), width, out);
                self.collect = collect;
            }
            BlockKind::Claims(claims) => self.claims(claims, width, out),
            BlockKind::Figure(figure) => match figure.figure() {
                Ok(figure) => self.figure(figure, width, out),
                Err(err) => out.extend(wrap(
                    &[Span::styled(err.to_string(), self.theme().error())],
                    width,
                )),
            },
        }
    }

    /// A figure: its title in bold, the drawing, its caption dimmed.
    fn figure(&self, figure: &Figure, width: usize, out: &mut Vec<Line<'static>>) {
        let theme = self.theme();
        let title = &figure.spec.title;
        if !title.is_empty() {
            let bold = Style::new().add_modifier(Modifier::BOLD);
            out.extend(wrap(&[Span::styled(title.clone(), bold)], width));
        }
        out.extend(figure.body(width, &theme.figure_look()));
        let caption = &figure.spec.caption;
        if !caption.is_empty() {
            out.extend(wrap(&[Span::styled(caption.clone(), theme.dim())], width));
        }
    }

    /// Blocks inside a container, at `width`; `gaps` puts blank lines between them.
    fn nested(&mut self, blocks: &[Block], width: usize, gaps: bool) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for (i, block) in blocks.iter().enumerate() {
            if gaps && i > 0 {
                lines.push(Line::default());
            }
            self.block(block, width.max(1), &mut lines);
        }
        lines
    }

    /// A paragraph of prose, sentence by sentence, noting where each sentence lands.
    fn paragraph(&mut self, text: &[Inline], width: usize, out: &mut Vec<Line<'static>>) {
        let sentences = sentence::split(text);
        let mut spans = Vec::new();
        let mut owners = Vec::new();
        for (i, s) in sentences.iter().enumerate() {
            let own = self.spans(&s.inlines, Style::new());
            owners.extend(std::iter::repeat_n(i, own.len()));
            spans.extend(own);
        }
        let (lines, placed) = wrap_owned(&spans, &owners, width);
        let base = out.len();
        let first = self.sentences.len();
        for s in sentences {
            self.sentences.push(SentenceSpot {
                sentence: s,
                block: self.top_block,
                paragraph: self.paragraphs,
                rows: Vec::new(),
            });
        }
        for p in placed {
            if let Some(spot) = self.sentences.get_mut(first + p.owner) {
                spot.rows.push(Row {
                    line: base + p.line,
                    start: p.start,
                    end: p.end,
                });
            }
        }
        self.paragraphs += 1;
        out.extend(lines);
    }

    /// Moves the rows of sentences `from..` laid out in a nested buffer to where that
    /// buffer lands: `line` lines down and `indent` columns right.
    fn shift_sentences(&mut self, from: usize, line: usize, indent: usize) {
        for row in self.sentences[from..]
            .iter_mut()
            .flat_map(|s| s.rows.iter_mut())
        {
            row.line += line;
            row.start += indent;
            row.end += indent;
        }
    }

    /// Inline content as styled spans; `base` is the style of plain words. In ASCII mode
    /// the text is folded here, before wrapping, so lines keep their width and columns.
    fn spans(&self, inlines: &[Inline], base: Style) -> Vec<Span<'static>> {
        let theme = self.theme();
        let opts = math::Options { ascii: theme.ascii };
        let mut spans = Vec::new();
        for inline in inlines {
            match inline {
                Inline::Text(t, emphasis) => {
                    spans.push(Span::styled(t.clone(), emphasised(base, *emphasis, theme)))
                }
                Inline::Code(t) => spans.push(Span::styled(t.clone(), base.patch(theme.code()))),
                Inline::Math(tex) => match math::inline(tex, &opts) {
                    Ok(drawn) => {
                        spans.push(Span::styled(unbroken(&drawn), base.patch(theme.math())))
                    }
                    Err(err) => {
                        spans.push(Span::styled(format!("${tex}$"), theme.error()));
                        spans.push(Span::styled(format!(" [math error: {err}]"), theme.error()));
                    }
                },
                // A link inside the course names the idea, not its raw target; `§` so that
                // "variance (§2.2) 1" cannot be read as a number.
                Inline::LinkTarget(url) => match crate::content::section_link(url) {
                    Some(idea) => spans.push(Span::styled(format!(" (§{idea})"), theme.dim())),
                    None => spans.push(Span::styled(format!(" <{url}>"), theme.dim())),
                },
                Inline::Break => spans.push(Span::raw("\n")),
            }
        }
        // Fold to ASCII before wrapping (`§` becomes `Sec. `, wider than it was), so
        // lines keep their width and sentences their columns.
        if theme.ascii {
            for span in &mut spans {
                if let std::borrow::Cow::Owned(folded) = ascii::fold_unwrapped(&span.content) {
                    span.content = folded.into();
                }
            }
        }
        spans
    }

    fn list(
        &mut self,
        start: Option<u64>,
        items: &[Vec<Block>],
        width: usize,
        out: &mut Vec<Line<'static>>,
    ) {
        let markers: Vec<String> = (0..items.len() as u64)
            .map(|i| match start {
                Some(n) => format!("{}. ", n + i),
                None => format!("{} ", self.theme().bullet()),
            })
            .collect();
        let indent = markers.iter().map(|m| m.width()).max().unwrap_or(2);
        for (item, marker) in items.iter().zip(markers) {
            let mark = self.sentences.len();
            let inner = self.nested(item, width.saturating_sub(indent), false);
            self.shift_sentences(mark, out.len(), indent);
            let first = Span::raw(format!("{marker:>indent$}"));
            out.extend(prefixed(inner, first, Span::raw(" ".repeat(indent))));
        }
    }
}

fn emphasised(base: Style, e: Emphasis, theme: Theme) -> Style {
    let mut style = base;
    if e.italic {
        style = style.add_modifier(Modifier::ITALIC);
    }
    if e.bold {
        style = style.add_modifier(Modifier::BOLD);
    }
    if e.strike {
        style = style.add_modifier(Modifier::CROSSED_OUT);
    }
    if e.link {
        style = style.patch(theme.link());
    }
    style
}

/// Puts `first` before the first line and `rest` before the others.
fn prefixed(
    lines: Vec<Line<'static>>,
    first: Span<'static>,
    rest: Span<'static>,
) -> Vec<Line<'static>> {
    let mut lines = if lines.is_empty() {
        vec![Line::default()]
    } else {
        lines
    };
    for (i, line) in lines.iter_mut().enumerate() {
        let lead = if i == 0 { first.clone() } else { rest.clone() };
        line.spans.insert(0, lead);
    }
    lines
}
