//! Properties over generated input: anything in, no panic out; drawings within the
//! width whenever breaks allow it; ASCII output 7-bit; no control character anywhere.

use attn_course::math::{Options, display, inline};
use proptest::prelude::*;
use unicode_width::UnicodeWidthStr;

/// LaTeX-shaped soup: real commands, braces, scripts, environments and arbitrary
/// characters (controls and wide characters included), in any order.
fn soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-zA-Z0-9+=<>(),.|/' -]{1,3}",
        1 => any::<char>().prop_map(String::from),
        1 => Just("\u{1b}[2J".to_string()),
        1 => Just("中文".to_string()),
        2 => prop::sample::select(vec![
            r"\frac", r"\dfrac", r"\sqrt", r"\sqrt[3]", r"\left(", r"\right)", r"\left.",
            r"\right|", r"\big(", r"\Bigg]", r"\sum", r"\prod", r"\int", r"\max", r"\lim",
            r"\arg\max", r"\operatorname*{arg\,max}", r"\text{", r"\mathrm{", r"\mathbb{",
            r"\mathcal", r"\hat", r"\vec", r"\overline", r"\underbrace", r"\overbrace",
            r"\alpha", r"\theta", r"\top", r"\cdot", r"\odot", r"\le", r"\to", r"\|",
            r"\{", r"\}", r"\,", r"\quad", r"\!", r"\cos", r"\begin{pmatrix}",
            r"\end{pmatrix}", r"\begin{cases}", r"\end{cases}", r"\begin{aligned}",
            r"\end{aligned}", r"\begin{array}{lc}", r"\end{array}", "&", r"\\", "{", "}",
            "^", "_", "'", "~", "%", r"\unknown", r"\binom", r"\overset", r"\not",
        ])
        .prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

fn clean(s: &str) -> bool {
    !s.chars().any(char::is_control)
}

fn check(tex: &str, width: usize) {
    for ascii in [false, true] {
        let opts = Options { ascii };
        match display(tex, width, &opts) {
            Ok(rows) => {
                for row in &rows {
                    assert!(clean(row), "control character in {row:?}");
                    assert!(!ascii || row.is_ascii(), "non-ASCII row {row:?}");
                    assert!(!row.ends_with(' '), "trailing space in {row:?}");
                }
            }
            Err(e) => {
                assert!(clean(&e.to_string()), "control character in {e:?}");
                assert!(
                    e.column >= 1 && e.column <= tex.chars().count() + 1,
                    "{e:?}"
                );
            }
        }
        match inline(tex, &opts) {
            Ok(line) => {
                assert!(clean(&line), "control character in {line:?}");
                assert!(!ascii || line.is_ascii(), "non-ASCII line {line:?}");
            }
            Err(e) => assert!(clean(&e.to_string()), "control character in {e:?}"),
        }
    }
}

/// A term at most 8 cells wide in either glyph set.
fn term() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "x",
        "x_i",
        "W_1^Q",
        r"\frac{a}{b}",
        r"\sqrt{y}",
        r"\alpha",
        "42",
        r"\hat{x}",
        r"e^{z_j}",
        r"\sum_{i=1}^{n} x_i",
        r"(a-b)",
        r"\|v\|",
        r"\mathbb{E}[x]",
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_string_in_no_panic_out(tex in any::<String>(), width in 0usize..120) {
        check(&tex, width);
    }

    #[test]
    fn latex_soup_in_no_panic_out(tex in soup(), width in 0usize..120) {
        check(&tex, width);
    }

    #[test]
    fn breakable_equations_respect_the_width(
        terms in prop::collection::vec((term(), prop::sample::select(vec!["+", "-", "=", r"\le "])), 1..25),
        width in 12usize..100,
        ascii in any::<bool>(),
    ) {
        let tex: String = terms.iter().map(|(t, op)| format!("{t}{op}")).collect::<String>() + "y";
        let rows = display(&tex, width, &Options { ascii }).unwrap();
        for row in &rows {
            prop_assert!(row.width() <= width, "{:?} wider than {} for {}", row, width, tex);
        }
    }
}
