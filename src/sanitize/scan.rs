//! Finding hidden characters in course files, for `attn-course check` (`file:line:col`),
//! both as they are written and as the file's own escapes would decode them: a TOML
//! basic string's `\u001b`, `\e`, `\x9b`, `\b`, `\f`, `\r`, and a markdown character
//! reference such as `&#x1b;` or `&zwj;`. Each scan is one pass, linear in the text.

use std::borrow::Cow;

use super::toml_lex::Part;
use super::{REPLACEMENT, is_hidden};

/// A hidden character at a 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hazard {
    pub line: usize,
    pub col: usize,
    pub ch: char,
}

/// A file's first hazards are reported; more would only repeat the point (a hostile
/// file may hold millions).
pub const MAX_REPORTED: usize = 20;

/// Named character references that decode to a hidden character (the rest of HTML5's
/// table decodes to visible ones, `&Tab;` and `&NewLine;` to layout whitespace).
const HIDDEN_ENTITIES: [(&str, char); 16] = [
    ("ZeroWidthSpace", '\u{200B}'),
    ("NegativeVeryThinSpace", '\u{200B}'),
    ("NegativeThinSpace", '\u{200B}'),
    ("NegativeMediumSpace", '\u{200B}'),
    ("NegativeThickSpace", '\u{200B}'),
    ("zwnj", '\u{200C}'),
    ("zwj", '\u{200D}'),
    ("lrm", '\u{200E}'),
    ("rlm", '\u{200F}'),
    ("NoBreak", '\u{2060}'),
    ("ApplyFunction", '\u{2061}'),
    ("af", '\u{2061}'),
    ("InvisibleTimes", '\u{2062}'),
    ("it", '\u{2062}'),
    ("InvisibleComma", '\u{2063}'),
    ("ic", '\u{2063}'),
];

/// Hidden characters of a markdown file: raw ones, and character references that
/// decode to one. (A reference inside a code span is reported too, though CommonMark
/// leaves it undecoded there: spell it another way.)
pub fn markdown(text: &str) -> Vec<Hazard> {
    let mut found = Vec::new();
    let mut at = Cursor::default();
    let bytes = text.as_bytes();
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\r' && chars.peek().map(|&(_, n)| n) == Some('\n') {
            at.step(c);
            continue;
        }
        if is_hidden(c) {
            push(&mut found, at.hazard(c));
        } else if c == '&'
            && let Some(decoded) = reference(&bytes[i + 1..])
            && is_hidden(decoded)
        {
            push(&mut found, at.hazard(decoded));
        }
        at.step(c);
    }
    found
}

/// Hidden characters of a TOML text (raw anywhere; decoded from the escapes of basic
/// strings; character references, since some strings are markdown), and the text with
/// each raw one replaced by U+FFFD and each such escape by `\uFFFD`, so that what it
/// parses to is safe to show. Lines do not move, so parse errors keep their place.
pub fn toml(text: &str) -> (Cow<'_, str>, Vec<Hazard>) {
    let mut found = markdown(text);
    let mut out = String::new();
    let mut copied = 0; // bytes of `text` already in `out`
    let mut replace = |out: &mut String, from: usize, to: usize, with: &str| {
        out.push_str(&text[copied..from]);
        out.push_str(with);
        copied = to;
    };
    let bytes = text.as_bytes();
    let mut at = Cursor::default();
    let mut state = Part::Code;
    let mut i = 0;
    while i < text.len() {
        let c = text[i..].chars().next().unwrap_or(REPLACEMENT);
        let rest = &bytes[i..];
        let mut len = c.len_utf8();
        match state.after(rest) {
            Some((next, n)) => (state, len) = (next, n),
            None if matches!(state, Part::Basic(_)) && c == '\\' => {
                let (decoded, escape_len) = escape(&rest[1..]);
                len = 1 + escape_len;
                if let Some(d) = decoded.filter(|&d| is_hidden(d)) {
                    found.push(at.hazard(d));
                    replace(&mut out, i, i + len, "\\uFFFD");
                }
            }
            None => {}
        }
        if is_hidden(c) && !(c == '\r' && rest.get(1) == Some(&b'\n')) {
            // Raw: the markdown pass above has reported it.
            replace(&mut out, i, i + len, "\u{FFFD}");
        }
        for c in text[i..i + len].chars() {
            at.step(c);
        }
        i += len;
    }
    found.sort_by_key(|h| (h.line, h.col));
    found.dedup();
    found.truncate(MAX_REPORTED);
    if copied == 0 {
        return (Cow::Borrowed(text), found);
    }
    out.push_str(&text[copied..]);
    (Cow::Owned(out), found)
}

fn push(found: &mut Vec<Hazard>, hazard: Hazard) {
    if found.len() < MAX_REPORTED {
        found.push(hazard);
    }
}

/// The line and column of the character being scanned.
#[derive(Clone, Copy)]
struct Cursor {
    line: usize,
    col: usize,
}

impl Default for Cursor {
    fn default() -> Cursor {
        Cursor { line: 1, col: 1 }
    }
}

impl Cursor {
    fn step(&mut self, c: char) {
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
    }

    fn hazard(&self, ch: char) -> Hazard {
        Hazard {
            line: self.line,
            col: self.col,
            ch,
        }
    }
}

/// The character a TOML escape decodes to (given the bytes after its backslash), and
/// how many of those bytes it takes. `None` for escapes that decode to nothing
/// hidden-worthy or are malformed (the TOML parser reports those).
fn escape(after: &[u8]) -> (Option<char>, usize) {
    let hex = |n: usize| -> (Option<char>, usize) {
        let digits = after
            .get(1..=n)
            .filter(|d| d.iter().all(u8::is_ascii_hexdigit));
        let code = digits
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .and_then(char::from_u32);
        (code, if code.is_some() { 1 + n } else { 1 })
    };
    match after.first() {
        Some(b'u') => hex(4),
        Some(b'U') => hex(8),
        Some(b'x') => hex(2),
        Some(b'e') => (Some('\x1b'), 1),
        Some(b'b') => (Some('\x08'), 1),
        Some(b'f') => (Some('\x0c'), 1),
        Some(b'r') => (Some('\r'), 1),
        // `\\` must be skipped whole, so that `\\u001b` is text, not an escape.
        Some(b'\\') => (None, 1),
        _ => (None, 0),
    }
}

/// The character a markdown character reference decodes to, given the bytes after its
/// `&`: `#27;`, `#x1B;` (CommonMark: up to 7 decimal or 6 hex digits; 0 and invalid code
/// points decode to U+FFFD) or a name from [`HIDDEN_ENTITIES`].
fn reference(after: &[u8]) -> Option<char> {
    let end = after.iter().take(33).position(|&b| b == b';')?;
    let body = std::str::from_utf8(&after[..end]).ok()?;
    if let Some(number) = body.strip_prefix('#') {
        let (digits, radix, max) = match number.strip_prefix(['x', 'X']) {
            Some(h) => (h, 16, 6),
            None => (number, 10, 7),
        };
        if digits.is_empty() || digits.len() > max {
            return None;
        }
        let code = u32::from_str_radix(digits, radix).ok()?;
        return Some(
            char::from_u32(code)
                .filter(|&c| c != '\0')
                .unwrap_or(REPLACEMENT),
        );
    }
    HIDDEN_ENTITIES
        .iter()
        .find(|(name, _)| *name == body)
        .map(|&(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(found: &[Hazard]) -> Vec<(usize, usize, char)> {
        found.iter().map(|h| (h.line, h.col, h.ch)).collect()
    }

    #[test]
    fn markdown_finds_raw_characters_and_references_with_their_columns() {
        let text = "# T\x1b]0;x\x07\n\nab &#27;[2J &#x9B; &zwj; &amp; &#955;\r\n— \u{202E}x\n";
        assert_eq!(
            places(&markdown(text)),
            [
                (1, 4, '\x1b'),
                (1, 9, '\x07'),
                (3, 4, '\x1b'),
                (3, 13, '\u{9b}'),
                (3, 20, '\u{200D}'),
                (4, 3, '\u{202E}'),
            ]
        );
        assert!(markdown("plain — text & more; &#955;\n").is_empty());
    }

    #[test]
    fn toml_decodes_basic_string_escapes_only() {
        let text = "a = \"x\\u001b]52;c;eA==\\u0007\"\nb = 'x\\e'\nc = \"\\e[2J \\x9b \\\\u001b\"\n# \"\\e\"\nd = \"\"\"\n\\b\\f\\r\"\"\"\ne = '''\\e'''\n";
        let (clean, found) = toml(text);
        assert_eq!(
            places(&found),
            [
                (1, 7, '\x1b'),
                (1, 23, '\x07'),
                (3, 6, '\x1b'),
                (3, 12, '\u{9b}'),
                (6, 1, '\x08'),
                (6, 3, '\x0c'),
                (6, 5, '\r'),
            ]
        );
        let parsed: toml::Table = toml::from_str(&clean).unwrap();
        assert_eq!(parsed["a"].as_str(), Some("x\u{FFFD}]52;c;eA==\u{FFFD}"));
        assert_eq!(parsed["b"].as_str(), Some("x\\e"));
        assert_eq!(parsed["c"].as_str(), Some("\u{FFFD}[2J \u{FFFD} \\u001b"));
        assert_eq!(parsed["e"].as_str(), Some("\\e"));
    }

    #[test]
    fn toml_replaces_raw_hidden_characters_and_keeps_lines() {
        let text = "a = \"x\u{200B}y\"\r\nb = \"\u{9b}\"\n";
        let (clean, found) = toml(text);
        assert_eq!(places(&found), [(1, 7, '\u{200B}'), (2, 6, '\u{9b}')]);
        assert_eq!(clean, "a = \"x\u{FFFD}y\"\r\nb = \"\u{FFFD}\"\n");
        assert!(matches!(
            toml("a = \"\\u00e9 \\\\e\"\n").0,
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn reports_are_capped() {
        let text = "\x1b".repeat(1000);
        assert_eq!(markdown(&text).len(), MAX_REPORTED);
        assert_eq!(toml(&text).1.len(), MAX_REPORTED);
    }
}
