//! One line of text with `$…$` inline math, outside a lesson: what a problem says after
//! an answer (its mistake messages are written in the lesson's notation). Only the math
//! is interpreted; everything else is shown as written, since the line also carries
//! values the evaluator printed.

use ratatui::style::Style;
use ratatui::text::Span;

use super::wrap::{NO_BREAK, unbroken};
use super::{Theme, ascii};
use crate::math;

/// A piece of the line: words as written, or the TeX between two dollars.
#[derive(Debug, PartialEq)]
enum Piece<'a> {
    Words(&'a str),
    Math(&'a str),
}

/// Cuts at unescaped dollars; a dollar left without a partner stays in the words.
fn pieces(text: &str) -> Vec<Piece<'_>> {
    let dollars: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| c == '$' && !text[..i].ends_with('\\'))
        .map(|(i, _)| i)
        .collect();
    let mut out = Vec::new();
    let mut at = 0;
    for pair in dollars.chunks_exact(2) {
        let (open, close) = (pair[0], pair[1]);
        if open > at {
            out.push(Piece::Words(&text[at..open]));
        }
        out.push(Piece::Math(&text[open + 1..close]));
        at = close + 1;
    }
    if at < text.len() {
        out.push(Piece::Words(&text[at..]));
    }
    out
}

/// The line as styled spans: words in `base`, math laid out on one line in the theme's
/// math style; folded to ASCII in an ASCII theme. Math the engine rejects is shown as
/// its source, dollars included, rather than lost.
pub fn spans(text: &str, base: Style, theme: Theme) -> Vec<Span<'static>> {
    let opts = math::Options { ascii: theme.ascii };
    let fold = |s: String| {
        if theme.ascii {
            ascii::fold(&s).into_owned()
        } else {
            s
        }
    };
    pieces(text)
        .into_iter()
        .map(|piece| match piece {
            Piece::Words(w) => Span::styled(fold(w.to_string()), base),
            Piece::Math(tex) => match math::inline(tex, &opts) {
                Ok(drawn) => Span::styled(unbroken(&fold(drawn)), base.patch(theme.math())),
                Err(_) => Span::styled(fold(format!("${tex}$")), base),
            },
        })
        .collect()
}

/// The line as plain text, math drawn linearly (for the command line).
pub fn plain(text: &str, ascii: bool) -> String {
    spans(text, Style::new(), Theme::new(ascii, false))
        .iter()
        .map(|s| s.content.as_ref())
        .collect::<String>()
        .replace(NO_BREAK, " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_pair_up_and_an_odd_or_escaped_one_stays_text() {
        assert_eq!(
            pieces("a $x$ b $y$"),
            [
                Piece::Words("a "),
                Piece::Math("x"),
                Piece::Words(" b "),
                Piece::Math("y")
            ]
        );
        assert_eq!(pieces("costs \\$5 or $"), [Piece::Words("costs \\$5 or $")]);
        assert_eq!(pieces(""), []);
    }

    #[test]
    fn math_is_drawn_in_unicode_and_in_ascii() {
        let says = "The sign is missing: $\\partial a_0/\\partial s_1=-a_0a_1$.";
        assert_eq!(plain(says, false), "The sign is missing: ∂a₀/∂s₁ = −a₀a₁.");
        let ascii = plain(says, true);
        assert!(ascii.is_ascii(), "{ascii}");
        assert!(!ascii.contains('$') && !ascii.contains('\\'), "{ascii}");
        assert_eq!(
            plain("divide by $\\sqrt{d_k}$", true),
            "divide by sqrt(d_k)"
        );
    }

    #[test]
    fn words_keep_their_style_and_math_gets_the_math_style() {
        let theme = Theme::new(false, false);
        let base = theme.error();
        let spans = spans("off by $M$ here", base, theme);
        assert_eq!(spans.len(), 3);
        assert_eq!(spans[0].style, base);
        assert_eq!(spans[1].style, base.patch(theme.math()));
        assert_eq!(spans[1].content, "M");
    }

    #[test]
    fn each_symbol_is_written_one_way_whatever_stands_beside_it() {
        assert_eq!(plain("$d_k$ is not $x_A$", false), "dₖ is not x_A");
        assert_eq!(
            plain("$\\Delta^{n-1}$ and $a_{i,n-1}$", false),
            "Δⁿ⁻¹ and a_(i,n−1)"
        );
        assert_eq!(plain("$\\sigma_q^2$ and $d_k$", false), "σ_q^2 and dₖ");
        assert_eq!(plain("$2^s=e^{s\\ln 2}$", false), "2ˢ = e^(s ln 2)");
    }

    #[test]
    fn math_the_engine_rejects_is_shown_as_written() {
        assert_eq!(plain("see $\\frac{1$", false), "see $\\frac{1$");
    }
}
