//! The corpus: over a hundred equations from the transformer literature and every
//! equation of the curriculum, one per line in `fixtures/equations.txt`. All must lay
//! out in both glyph sets with no raw `\command` left and, in ASCII, nothing above 0x7F.

use attn_course::math::{Options, display, inline};
use unicode_width::UnicodeWidthStr;

const CORPUS: &str = include_str!("../fixtures/equations.txt");

fn equations() -> impl Iterator<Item = (usize, &'static str)> {
    CORPUS
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('%'))
}

/// A backslash followed by a letter: a command that was not drawn.
fn raw_command(s: &str) -> bool {
    s.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'\\' && w[1].is_ascii_alphabetic())
}

#[test]
fn the_corpus_is_large_enough() {
    assert!(equations().count() >= 100 + 700);
}

#[test]
fn every_equation_lays_out_in_unicode_without_raw_commands() {
    let opts = Options::default();
    for (line, tex) in equations() {
        let rows = display(tex, 80, &opts).unwrap_or_else(|e| panic!("line {line}: {e}"));
        let drawn = rows.join("\n");
        assert!(!raw_command(&drawn), "line {line}: raw command in\n{drawn}");
        let one = inline(tex, &opts).unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(!raw_command(&one), "line {line}: raw command in {one}");
    }
}

#[test]
fn every_equation_lays_out_in_seven_bit_ascii() {
    let opts = Options { ascii: true };
    for (line, tex) in equations() {
        let rows = display(tex, 80, &opts).unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(rows.iter().all(|r| r.is_ascii()), "line {line}: {rows:?}");
        let one = inline(tex, &opts).unwrap_or_else(|e| panic!("line {line}: {e}"));
        assert!(one.is_ascii(), "line {line}: {one}");
    }
}

#[test]
fn breakable_corpus_equations_fit_a_narrow_pane() {
    // At 60 columns every equation whose pieces between top-level break points are
    // narrower than the pane must fit; count the ones that do not, by hand-checkable
    // causes (one unbreakable piece wider than the pane).
    let opts = Options::default();
    for (line, tex) in equations() {
        let wide = display(tex, 10_000, &opts).unwrap();
        let narrow = display(tex, 60, &opts).unwrap();
        let widest = |rows: &[String]| rows.iter().map(|r| r.width()).max().unwrap_or(0);
        assert!(
            widest(&narrow) <= widest(&wide),
            "line {line}: breaking made it wider"
        );
        if widest(&wide) <= 60 {
            assert_eq!(narrow, wide, "line {line}: broken although it fits");
        }
    }
}
