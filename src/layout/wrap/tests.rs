//! Wrapping, and the fragments cut as slices held to the owning cut they replaced.

use super::*;
use ratatui::style::Modifier;

fn texts(lines: &[Line<'_>]) -> Vec<String> {
    lines.iter().map(|l| l.to_string()).collect()
}

#[test]
fn ascii_is_cut_as_segmentation_cuts_it() {
    for text in [
        "plain words, (x) = 1.",
        "a\r\nb\tc\u{1b}d",
        "café x",
        "\r\n",
        "",
    ] {
        let fast: Vec<(usize, &str)> = graphemes(text).collect();
        let slow: Vec<(usize, &str)> = text.grapheme_indices(true).collect();
        assert_eq!(fast, slow, "{text:?}");
    }
}

#[test]
fn wraps_at_spaces_without_trailing_space() {
    let lines = wrap(&[Span::raw("the quick brown fox jumps")], 10);
    assert_eq!(texts(&lines), ["the quick", "brown fox", "jumps"]);
}

#[test]
fn styles_survive_and_whitespace_runs_collapse() {
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let lines = wrap(
        &[
            Span::raw("a  "),
            Span::styled("bold", bold),
            Span::raw(" z"),
        ],
        80,
    );
    assert_eq!(texts(&lines), ["a bold z"]);
    assert_eq!(lines[0].spans[1], Span::styled("bold", bold));
}

#[test]
fn a_word_glued_to_styled_punctuation_stays_together() {
    let b = Style::new().add_modifier(Modifier::BOLD);
    let lines = wrap(
        &[Span::raw("xx "), Span::styled("yy", b), Span::raw(".")],
        5,
    );
    assert_eq!(texts(&lines), ["xx", "yy."]);
}

#[test]
fn cjk_is_two_cells_wide_and_breaks_between_characters() {
    // Each ideograph is 2 cells: 3 fit in 7 cells, never 4.
    let lines = wrap(&[Span::raw("注意力机制很重要")], 7);
    assert_eq!(texts(&lines), ["注意力", "机制很", "重要"]);
    assert!(lines.iter().all(|l| l.width() <= 7));
}

#[test]
fn combining_characters_take_no_extra_cell() {
    // "e" + COMBINING ACUTE is one cell: "éé éé" is 5 cells and fits in 5.
    let text = "e\u{301}e\u{301} e\u{301}e\u{301}";
    assert_eq!(texts(&wrap(&[Span::raw(text)], 5)), [text]);
    // A too-long word splits between graphemes, never inside one.
    let split = wrap(&[Span::raw("e\u{301}e\u{301}e\u{301}")], 2);
    assert_eq!(texts(&split), ["e\u{301}-", "e\u{301}e\u{301}"]);
}

#[test]
fn no_break_spaces_keep_a_unit_whole_while_it_fits() {
    let text = "aaa bbb x\u{a0}=\u{a0}[1,\u{a0}0] end";
    assert_eq!(
        texts(&wrap(&[Span::raw(text)], 12)),
        ["aaa bbb", "x = [1, 0]", "end"]
    );
    // Longer than the line: broken at its no-break spaces, not inside a word.
    let long = "so p\u{a0}=\u{a0}[1,\u{a0}2,\u{a0}3]";
    assert_eq!(
        texts(&wrap(&[Span::raw(long)], 8)),
        ["so p =", "[1, 2,", "3]"]
    );
    assert_eq!(unbroken("a = b"), "a\u{a0}=\u{a0}b");
}

#[test]
fn long_words_split_and_hard_breaks_hold() {
    assert_eq!(
        texts(&wrap(&[Span::raw("abcdefg")], 3)),
        ["ab-", "cd-", "efg"]
    );
    assert_eq!(texts(&wrap(&[Span::raw("a\nb c")], 80)), ["a", "b c"]);
    assert_eq!(texts(&wrap(&[], 10)), [""]);
}

#[test]
fn a_too_long_word_is_cut_before_never_at_its_punctuation() {
    // "queries," is 8 cells in 7: the comma goes down with the letter before it.
    assert_eq!(
        texts(&wrap(&[Span::raw("queries, keys")], 7)),
        ["querie-", "s, keys"]
    );
    assert_eq!(longest_word(&[Span::raw("queries, keys")]), 8);
}

#[test]
fn a_formula_longer_than_the_line_breaks_after_an_operator_and_a_cut_is_marked() {
    let cell = "sin(t/10000^(2i/d_model))";
    assert_eq!(
        texts(&wrap(&[Span::raw(cell)], 12)),
        ["sin(t/", "10000^(2i/", "d_model))"]
    );
    assert_eq!(longest_piece(&[Span::raw(cell)]), 10);
    assert_eq!(longest_piece(&[Span::raw("two words")]), 5);
    // No operator to break after: cut, with a hyphen at the cut.
    assert_eq!(
        texts(&wrap(&[Span::raw("projections")], 9)),
        ["projecti-", "ons"]
    );
}

#[test]
fn owners_are_placed_by_line_and_column() {
    let spans = [Span::raw("aa bb. "), Span::raw("cc dd ee.")];
    let (lines, placed) = wrap_owned(&spans, &[0, 1], 8);
    assert_eq!(texts(&lines), ["aa bb.", "cc dd", "ee."]);
    let runs: Vec<_> = placed
        .iter()
        .map(|p| (p.owner, p.line, p.start, p.end))
        .collect();
    assert_eq!(runs, [(0, 0, 0, 6), (1, 1, 0, 5), (1, 2, 0, 3)]);
    let (_, same_line) = wrap_owned(&spans, &[0, 1], 40);
    let runs: Vec<_> = same_line
        .iter()
        .map(|p| (p.owner, p.start, p.end))
        .collect();
    assert_eq!(runs, [(0, 0, 6), (1, 7, 16)]);
}

/// What a fragment was before its pieces became slices: runs of owned text, one per
/// style and owner in a row, with the fragment's flags.
type Owned = (
    Vec<(String, Style, usize)>,
    usize,
    Option<Style>,
    bool,
    bool,
);

/// The fragments as the previous cutting made them, owning their text: the
/// reference the slices are held to.
fn reference(spans: &[Span<'_>], owners: &[usize]) -> Vec<Owned> {
    let mut out: Vec<Owned> = Vec::new();
    let mut current: Owned = Default::default();
    let (mut space, mut newline, mut glue) = (None, false, None::<bool>);
    let finish = |current: &mut Owned, out: &mut Vec<Owned>| {
        if !current.0.is_empty() {
            out.push(std::mem::take(current));
        }
    };
    for (i, span) in spans.iter().enumerate() {
        let owner = owners.get(i).copied().unwrap_or(0);
        for g in span.content.graphemes(true) {
            if g == "\n" {
                finish(&mut current, &mut out);
                (space, newline, glue) = (None, true, None);
            } else if g.chars().all(char::is_whitespace) {
                finish(&mut current, &mut out);
                space.get_or_insert(span.style);
                glue = Some(glue.unwrap_or(true) && g.chars().all(|c| c == NO_BREAK));
            } else {
                let wide = g.width() >= 2;
                if wide {
                    finish(&mut current, &mut out);
                }
                if current.0.is_empty() {
                    current.2 = space.take();
                    current.3 = std::mem::take(&mut newline);
                    current.4 = glue.take() == Some(true);
                }
                match current.0.last_mut() {
                    Some((text, s, o)) if (*s, *o) == (span.style, owner) => text.push_str(g),
                    _ => current.0.push((g.to_string(), span.style, owner)),
                }
                current.1 += g.width();
                if wide {
                    finish(&mut current, &mut out);
                }
            }
        }
    }
    finish(&mut current, &mut out);
    out
}

proptest::proptest! {
    /// Any styled text with any owners: the fragments cut as slices are the ones
    /// the owning cut made (their pieces joined where style and owner go on).
    #[test]
    fn fragments_are_what_the_owning_cut_made(
        texts in proptest::collection::vec("[ab ,.\u{a0}\n\u{301}é漢\t-]{0,12}", 0..6),
        styles in proptest::collection::vec(0..2u8, 6),
        owners in proptest::collection::vec(0..3usize, 6),
    ) {
        let spans: Vec<Span<'_>> = texts
            .iter()
            .zip(&styles)
            .map(|(t, &s)| Span::styled(t.as_str(), Style::new().add_modifier(
                if s == 0 { Modifier::empty() } else { Modifier::BOLD })))
            .collect();
        let cut = fragments(&spans, &owners);
        let sliced: Vec<Owned> = cut
            .frags
            .iter()
            .map(|f| {
                let mut runs: Vec<(String, Style, usize)> = Vec::new();
                for p in cut.of(f) {
                    match runs.last_mut() {
                        Some((text, s, o)) if (*s, *o) == (p.style, p.owner) => {
                            text.push_str(p.text)
                        }
                        _ => runs.push((p.text.to_string(), p.style, p.owner)),
                    }
                }
                (runs, f.width, f.space_before, f.newline, f.glued)
            })
            .collect();
        proptest::prop_assert_eq!(sliced, reference(&spans, &owners));
    }
}
