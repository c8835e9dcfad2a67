//! Word wrapping of styled text by display width (the width ratatui gives a cell).
//!
//! Text is cut into fragments at break opportunities: whitespace, and around every wide
//! (CJK) character, since those scripts break between characters. Fragments are placed
//! first-fit; one longer than the line is broken after its operators and slashes, and
//! only a piece still longer than the line is cut, at grapheme boundaries (a combining
//! sequence is never torn apart), with a hyphen marking the cut.
//!
//! A no-break space (U+00A0) glues the fragments on either side into one unit that
//! moves to the next line whole; only a unit longer than the line is broken, and then
//! at its no-break spaces first. Inline math uses it for its own spaces, so `[1, 0]`
//! is not torn in two while it fits, and a long formula breaks where it had spaces
//! (around relations, after commas). The space is drawn as an ordinary one.

use std::ops::Range;

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// A run of one span's text in one style and owner: a slice of the span, so that
/// cutting text into fragments allocates nothing per word.
#[derive(Debug, Clone, Copy)]
struct Piece<'a> {
    text: &'a str,
    /// The span it is a slice of, and where in its text the slice starts.
    span: usize,
    start: usize,
    style: Style,
    /// See [`wrap_owned`].
    owner: usize,
    width: usize,
}

/// An unbreakable run of styled text, and whether a space precedes it.
#[derive(Debug, Default)]
struct Fragment {
    /// Its pieces, in the one list of pieces of the text being wrapped.
    pieces: Range<usize>,
    width: usize,
    /// Style of the space before the fragment, if one is there.
    space_before: Option<Style>,
    /// The fragment starts a new line (after a hard break).
    newline: bool,
    /// Only a no-break space separates it from the fragment before.
    glued: bool,
}

/// The no-break space: a space the line may not be broken at while its unit fits.
pub const NO_BREAK: char = '\u{a0}';

/// Text cut into fragments: the fragments, and the pieces they are made of.
#[derive(Debug, Default)]
struct Cut<'a> {
    frags: Vec<Fragment>,
    pieces: Vec<Piece<'a>>,
}

impl<'a> Cut<'a> {
    /// The pieces of fragment `frag`.
    fn of(&self, frag: &Fragment) -> &[Piece<'a>] {
        &self.pieces[frag.pieces.clone()]
    }
}

/// Wraps styled text to lines at most `width` cells wide. `'\n'` is a hard break;
/// runs of whitespace count as one space and vanish at line ends.
pub fn wrap(spans: &[Span<'_>], width: usize) -> Vec<Line<'static>> {
    wrap_owned(spans, &[], width).0
}

/// Where the text of one owner landed: `line`, columns `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub owner: usize,
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

/// [`wrap`], also telling where each owner's text landed: span `i` belongs to owner
/// `owners[i]` (0 when `owners` is shorter). The spaces between words are not placed,
/// so a run ends at its owner's last visible cell on the line. This is how a sentence
/// is found on screen without wrapping twice.
pub fn wrap_owned(
    spans: &[Span<'_>],
    owners: &[usize],
    width: usize,
) -> (Vec<Line<'static>>, Vec<Placed>) {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut placed: Vec<Placed> = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    let cut = fragments(spans, owners);
    let frags = &cut.frags;
    for (i, frag) in frags.iter().enumerate() {
        let space = usize::from(frag.space_before.is_some() && used > 0);
        // A glued unit that fits a line moves to the next one whole.
        let unit = if frag.glued {
            frag.width
        } else {
            unit_width(&frags[i..])
        };
        let unit = if unit <= width { unit } else { frag.width };
        if frag.newline || (used > 0 && used + space + unit > width) {
            lines.push(Line::from(std::mem::take(&mut line)));
            used = 0;
        } else if let (1, Some(style)) = (space, frag.space_before) {
            push_span(&mut line, " ", style);
            used += 1;
        }
        // The common case, a fragment that fits the line: placed whole, piece by piece
        // (what the grapheme loop below would do, without cutting it into units).
        if used + frag.width <= width {
            for piece in cut.of(frag) {
                push_span(&mut line, piece.text, piece.style);
                let end = used + piece.width;
                place(&mut placed, piece.owner, lines.len(), used, end);
                used = end;
            }
            continue;
        }
        let units = units(cut.of(frag));
        for piece in pieces(&units) {
            let piece_width: usize = piece.iter().map(|u| unit_cells(u)).sum();
            if used > 0 && used + piece_width > width {
                lines.push(Line::from(std::mem::take(&mut line)));
                used = 0;
            }
            // Only a piece longer than a whole line is cut inside, and the cut is
            // marked with a hyphen so that `projecti` does not read as a word.
            let mark = piece_width > width && width >= 2;
            for (k, unit) in piece.iter().enumerate() {
                let w = unit_cells(unit);
                let room = width - usize::from(mark && k + 1 < piece.len());
                if used > 0 && used + w > room {
                    if mark {
                        push_span(&mut line, "-", unit[0].1);
                    }
                    lines.push(Line::from(std::mem::take(&mut line)));
                    used = 0;
                }
                for &(g, style, owner) in unit {
                    let gw = g.width();
                    push_span(&mut line, g, style);
                    place(&mut placed, owner, lines.len(), used, used + gw);
                    used += gw;
                }
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(Line::from(line));
    }
    (lines, placed)
}

/// Extends the owner's run on the line, or starts a new one.
fn place(placed: &mut Vec<Placed>, owner: usize, line: usize, start: usize, end: usize) {
    match placed.last_mut() {
        Some(p) if p.owner == owner && p.line == line => p.end = end,
        _ => placed.push(Placed {
            owner,
            line,
            start,
            end,
        }),
    }
}

/// `text` (inline math) with its spaces made no-break: wrapped as one unit.
pub fn unbroken(text: &str) -> String {
    text.replace(' ', NO_BREAK.encode_utf8(&mut [0; 4]))
}

/// The width of the fragments glued to the first one, with the spaces between.
fn unit_width(frags: &[Fragment]) -> usize {
    let rest = frags.iter().skip(1).take_while(|f| f.glued);
    rest.fold(frags.first().map_or(0, |f| f.width), |w, f| w + 1 + f.width)
}

/// The graphemes of a fragment in the groups a too-long fragment may be cut between:
/// closing punctuation stays with the character before it, so that no line starts
/// with the `,` of `queries,`.
fn units<'a>(pieces: &[Piece<'a>]) -> Vec<Unit<'a>> {
    let mut out: Vec<Unit<'a>> = Vec::new();
    for piece in pieces {
        for g in piece.text.graphemes(true) {
            match out.last_mut() {
                Some(unit) if closes(g) => unit.push((g, piece.style, piece.owner)),
                _ => out.push(vec![(g, piece.style, piece.owner)]),
            }
        }
    }
    out
}

/// A grapheme group that is never cut (see [`units`]): graphemes with style and owner.
type Unit<'a> = Vec<(&'a str, Style, usize)>;

fn unit_cells(unit: &[(&str, Style, usize)]) -> usize {
    unit.iter().map(|(g, _, _)| g.width()).sum()
}

/// A fragment's units grouped into the pieces it may be broken between when it is
/// longer than the line: after an operator or a slash (`10000^(2i/` | `d_model)`),
/// so that a formula breaks where a reader expects it, not inside a name.
fn pieces<'a, 'b>(units: &'b [Unit<'a>]) -> Vec<&'b [Unit<'a>]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, unit) in units.iter().enumerate() {
        let last = unit.last().map_or("", |u| u.0);
        if i + 1 < units.len() && matches!(last, "/" | "=" | "+" | "−" | "×" | "·" | "," | ";")
        {
            out.push(&units[start..=i]);
            start = i + 1;
        }
    }
    if start < units.len() {
        out.push(&units[start..]);
    }
    out
}

/// The width of the widest piece of the text that [`wrap`] keeps whole (see
/// `pieces`): the narrowest column that wraps the text without cutting a word.
pub fn longest_piece(spans: &[Span<'_>]) -> usize {
    let cut = fragments(spans, &[]);
    cut.frags
        .iter()
        .flat_map(|f| {
            let units = units(cut.of(f));
            pieces(&units)
                .iter()
                .map(|p| p.iter().map(|u| unit_cells(u)).sum::<usize>())
                .collect::<Vec<_>>()
        })
        .max()
        .unwrap_or(0)
}

/// Punctuation that ends what comes before it.
fn closes(g: &str) -> bool {
    matches!(
        g,
        "," | "." | ";" | ":" | "!" | "?" | ")" | "]" | "}" | "'" | "\"" | "’" | "”" | "…"
    )
}

/// The width of the widest unbreakable run of the text: the narrowest column it fits
/// without a word being cut.
pub fn longest_word(spans: &[Span<'_>]) -> usize {
    fragments(spans, &[])
        .frags
        .iter()
        .map(|f| f.width)
        .max()
        .unwrap_or(0)
}

/// Appends text to the last span when the style matches (fewer, longer spans).
fn push_span(line: &mut Vec<Span<'static>>, text: &str, style: Style) {
    match line.last_mut() {
        Some(span) if span.style == style => span.content.to_mut().push_str(text),
        _ => line.push(Span::styled(text.to_string(), style)),
    }
}

/// The graphemes of `text`, each with its byte offset. ASCII text without a CR (nearly
/// all prose) is cut byte by byte, which is what segmentation gives it (CR LF is ASCII's
/// only cluster), without its cost: segmenting was the largest part of laying out a
/// lesson.
fn graphemes(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytewise = text.is_ascii() && !text.contains('\r');
    let fast = bytewise.then(|| (0..text.len()).map(move |i| (i, &text[i..=i])));
    let slow = (!bytewise).then(|| text.grapheme_indices(true));
    fast.into_iter().flatten().chain(slow.into_iter().flatten())
}

/// `spans` cut into fragments at whitespace and around wide characters.
fn fragments<'a>(spans: &'a [Span<'_>], owners: &[usize]) -> Cut<'a> {
    let mut cut = Cut::default();
    let mut current = Fragment::default();
    let mut pending_space: Option<Style> = None;
    let mut pending_newline = false;
    // Whether the whitespace since the last fragment is only no-break spaces.
    let mut pending_glue: Option<bool> = None;
    let finish = |current: &mut Fragment, cut: &mut Cut<'a>| {
        if !current.pieces.is_empty() {
            let next = cut.pieces.len();
            cut.frags.push(std::mem::take(current));
            current.pieces = next..next;
        }
    };
    for (i, span) in spans.iter().enumerate() {
        let owner = owners.get(i).copied().unwrap_or(0);
        let text: &'a str = &span.content;
        for (at, g) in graphemes(text) {
            if g == "\n" {
                finish(&mut current, &mut cut);
                pending_newline = true;
                pending_space = None;
                pending_glue = None;
            } else if g.chars().all(char::is_whitespace) {
                finish(&mut current, &mut cut);
                pending_space.get_or_insert(span.style);
                let glue = g.chars().all(|c| c == NO_BREAK);
                pending_glue = Some(pending_glue.unwrap_or(true) && glue);
            } else {
                let w = g.width();
                let wide = w >= 2;
                if wide {
                    finish(&mut current, &mut cut);
                }
                if current.pieces.is_empty() {
                    current.pieces = cut.pieces.len()..cut.pieces.len();
                    current.space_before = pending_space.take();
                    current.newline = std::mem::take(&mut pending_newline);
                    current.glued = pending_glue.take() == Some(true);
                }
                let end = at + g.len();
                match cut.pieces.last_mut() {
                    // The grapheme goes on the fragment's last piece when it follows it
                    // in the same span.
                    Some(p)
                        if !current.pieces.is_empty()
                            && p.span == i
                            && p.start + p.text.len() == at
                            && (p.style, p.owner) == (span.style, owner) =>
                    {
                        p.text = &text[p.start..end];
                        p.width += w;
                    }
                    _ => cut.pieces.push(Piece {
                        text: g,
                        span: i,
                        start: at,
                        style: span.style,
                        owner,
                        width: w,
                    }),
                }
                current.pieces.end = cut.pieces.len();
                current.width += w;
                if wide {
                    finish(&mut current, &mut cut);
                }
            }
        }
    }
    finish(&mut current, &mut cut);
    cut
}

#[cfg(test)]
mod tests;
