//! The one place that decides which characters of course or record text may reach a
//! terminal or a file. A course given with `--course` and a record brought in with
//! `progress import` are untrusted: an escape sequence in them (OSC 52 writes the
//! clipboard, OSC 8 hides a link, CSI 2J clears the screen, U+009B is a one-byte CSI)
//! must never be written raw, and bidi overrides and zero-width characters make text
//! read differently from what it is. Each such character is shown as a visible
//! replacement instead; `attn-course check` reports where they are ([`scan`]).
//!
//! Pure: no terminal code, so the loaders, the layout and the commands all use it.

pub mod scan;
pub mod toml_escape;
pub mod toml_lex;

use std::borrow::Cow;

/// What a hidden character is shown as: visible, one column wide, never an escape.
pub const REPLACEMENT: char = '\u{FFFD}';

/// Whether `c` must not be written as it is: a control character (C0 but tab and line
/// feed, DEL, C1), a bidirectional override, embedding, isolate or mark, a zero-width or
/// invisible character (soft hyphens, tag characters, fillers that draw nothing), or a
/// line or paragraph separator.
pub fn is_hidden(c: char) -> bool {
    match c {
        '\n' | '\t' => false,
        // Cc: C0, DEL and C1 (U+0080–U+009F, among them U+009B, CSI).
        c if c.is_control() => true,
        // Bidi: ALM, LRM, RLM, LRE…RLO (U+202A–U+202E), LRI…PDI (U+2066–U+2069).
        '\u{061C}'
        | '\u{200E}'
        | '\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => true,
        // Zero width: ZWSP, ZWNJ, ZWJ, word joiner, the invisible math operators, BOM,
        // the Mongolian vowel separator.
        '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{180E}' => true,
        // Invisible too: soft hyphen, combining grapheme joiner, the Hangul and Khmer
        // fillers, the deprecated format characters, interlinear annotation marks, the
        // musical format controls, and the tag characters (U+E0000–U+E007F), which
        // spell hidden ASCII text.
        '\u{00AD}'
        | '\u{034F}'
        | '\u{115F}'
        | '\u{1160}'
        | '\u{17B4}'
        | '\u{17B5}'
        | '\u{3164}'
        | '\u{FFA0}'
        | '\u{206A}'..='\u{206F}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{1D173}'..='\u{1D17A}'
        | '\u{E0000}'..='\u{E007F}' => true,
        '\u{2028}' | '\u{2029}' => true,
        _ => false,
    }
}

/// `text` with every hidden character replaced by [`REPLACEMENT`]; tabs and line feeds
/// stay (the layout expands tabs and breaks lines). A `\r\n` line end becomes `\n`.
pub fn clean(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            continue;
        }
        out.push(if is_hidden(c) { REPLACEMENT } else { c });
    }
    Cow::Owned(out)
}

/// `text` made safe and single-line for a terminal message: line breaks and tabs become
/// spaces, every other hidden character [`REPLACEMENT`].
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            c if is_hidden(c) => REPLACEMENT,
            c => c,
        })
        .collect()
}

/// Echoed input cut to `max` characters, one line and cleaned: a 60 KB answer is named
/// by its start and its length, not printed back whole.
pub fn excerpt(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return one_line(text);
    }
    let start: String = text.chars().take(max).collect();
    format!("{}… ({count} characters)", one_line(&start))
}

/// What kind of hidden character `c` is, with its code point, for `check`'s findings:
/// "U+001B (a control character)".
pub fn describe(c: char) -> String {
    let kind = if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
        "a control character"
    } else if matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    {
        "a bidirectional control"
    } else {
        "a zero-width character"
    };
    format!("U+{:04X} ({kind})", u32::from(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each class the issue names: C0 ESC, DEL, C1 CSI, bidi override and
    /// isolate, zero-width space and joiner, word joiner, BOM.
    const HOSTILE: [char; 15] = [
        '\x1b',
        '\x07',
        '\x00',
        '\x7f',
        '\u{9b}',
        '\u{9d}',
        '\u{202E}',
        '\u{2066}',
        '\u{200B}',
        '\u{200D}',
        '\u{2060}',
        '\u{FEFF}',
        '\u{AD}',
        '\u{E0041}',
        '\u{3164}',
    ];

    #[test]
    fn every_hidden_class_is_replaced_visibly() {
        for c in HOSTILE {
            let text = format!("a{c}b");
            assert_eq!(clean(&text), "a\u{FFFD}b", "{:?}", c);
            assert_eq!(one_line(&text), "a\u{FFFD}b");
        }
        let osc52 = "x\x1b]52;c;cm0gLXJm\x07y";
        assert!(!clean(osc52).contains('\x1b'));
        assert!(!clean(osc52).contains('\x07'));
    }

    #[test]
    fn ordinary_text_is_borrowed_and_layout_whitespace_stays() {
        let text = "Attention: softmax(QKᵀ/√dₖ)V — “exact”\n\tcode";
        assert!(matches!(clean(text), Cow::Borrowed(_)));
        assert_eq!(clean("a\r\nb\rc"), "a\nb\u{FFFD}c");
        assert_eq!(one_line("a\nb\tc\r"), "a b c ");
    }

    #[test]
    fn long_input_is_echoed_as_its_start_and_length() {
        assert_eq!(excerpt("softmax(x)", 20), "softmax(x)");
        assert_eq!(excerpt(&"1+".repeat(5000), 6), "1+1+1+… (10000 characters)");
        assert_eq!(excerpt("a\x1bb", 20), "a\u{FFFD}b");
    }

    #[test]
    fn descriptions_name_the_class() {
        assert_eq!(describe('\x1b'), "U+001B (a control character)");
        assert_eq!(describe('\u{9b}'), "U+009B (a control character)");
        assert_eq!(describe('\u{202E}'), "U+202E (a bidirectional control)");
        assert_eq!(describe('\u{200B}'), "U+200B (a zero-width character)");
    }
}
