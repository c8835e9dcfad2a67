//! Folding text to 7-bit ASCII for `--ascii` and non-UTF-8 locales. Equations are drawn
//! in ASCII by the math engine itself; this covers everything else a lesson says (prose
//! typography such as `§`, `–`, quotes, a stray Greek letter), so that a `LANG=C`
//! terminal never receives a byte above 0x7f.

use std::borrow::Cow;

use ratatui::text::Line;

/// `text` with every non-ASCII character replaced by an ASCII spelling (or `?`).
pub fn fold(text: &str) -> Cow<'_, str> {
    fold_keeping(text, |_| false)
}

/// [`fold`] for text not yet wrapped: the no-break space that glues inline math stays,
/// since the wrapper reads it as glue and never prints it.
pub fn fold_unwrapped(text: &str) -> Cow<'_, str> {
    fold_keeping(text, |c| c == super::wrap::NO_BREAK)
}

fn fold_keeping(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() || keep(c) {
            out.push(c);
        } else {
            out.push_str(spell(c));
        }
    }
    Cow::Owned(out)
}

/// Folds every span of `lines` in place.
pub fn fold_lines(lines: &mut [Line<'static>]) {
    for span in lines.iter_mut().flat_map(|l| l.spans.iter_mut()) {
        if let Cow::Owned(folded) = fold(&span.content) {
            span.content = folded.into();
        }
    }
}

fn spell(c: char) -> &'static str {
    match c {
        '§' => "Sec. ",
        '–' | '−' | '‐' | '‑' => "-",
        '—' => "--",
        '‘' | '’' | '′' => "'",
        '“' | '”' | '″' => "\"",
        '…' => "...",
        '×' => "x",
        '·' | '•' => "*",
        '→' => "->",
        '←' => "<-",
        '⇒' => "=>",
        '≤' => "<=",
        '≥' => ">=",
        '≠' => "!=",
        '≈' => "~",
        '±' => "+/-",
        '\u{a0}' | '\u{2009}' | '\u{202f}' => " ",
        'é' | 'è' | 'ê' => "e",
        'á' | 'à' | 'ä' => "a",
        'ö' | 'ó' => "o",
        'ü' | 'ú' => "u",
        'í' | 'ï' => "i",
        'ç' => "c",
        'ñ' => "n",
        'α' => "alpha",
        'β' => "beta",
        'γ' => "gamma",
        'δ' => "delta",
        'ε' => "epsilon",
        'θ' => "theta",
        'λ' => "lambda",
        'μ' => "mu",
        'π' => "pi",
        'σ' => "sigma",
        'τ' => "tau",
        'ω' => "omega",
        '✓' => "v",
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_typography_and_leaves_ascii_alone() {
        assert!(matches!(fold("plain"), Cow::Borrowed("plain")));
        assert_eq!(
            fold("see §3.2 – “quoted” … μP"),
            "see Sec. 3.2 - \"quoted\" ... muP"
        );
        assert_eq!(fold("漢"), "?");
        assert!(fold("any ∀ ∃ ✗ text").is_ascii());
    }
}
