//! TOML the program writes, with no hidden character left raw. A TOML serialiser escapes
//! only C0 controls and DEL; a record brought in with `progress import` may hold C1
//! controls (U+009B is a one-byte CSI), bidi overrides, zero-width characters and line
//! separators, which `progress export -` then wrote raw to a terminal or a file. Every
//! TOML text the program writes passes through [`escape_hidden`] after serialising:
//! each hidden character ([`is_hidden`]) in a string becomes a `\uXXXX` escape, which
//! reads back as the same character, so the record is unchanged and its text is clean.
//!
//! A literal string (`'…'`, `'''…'''`) has no escapes, so one holding a hidden
//! character is rewritten as the basic string (`"…"`) of the same value.

use std::borrow::Cow;
use std::fmt::Write;

use super::is_hidden;
use super::toml_lex::Part;

/// `text` (TOML) with every hidden character inside its strings escaped; borrowed when
/// it has none.
pub fn escape_hidden(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let (mut part, mut opened, mut copied, mut i) = (Part::Code, 0, 0, 0);
    while i < bytes.len() {
        i += match part.after(&bytes[i..]) {
            Some((next, n)) => {
                if part == Part::Code && next != Part::Comment {
                    opened = i;
                } else if next == Part::Code && part != Part::Comment {
                    out.push_str(&text[copied..opened]);
                    rewrite(&mut out, part, &text[opened..i + n]);
                    copied = i + n;
                }
                part = next;
                n
            }
            None if matches!(part, Part::Basic(_)) && bytes[i] == b'\\' => 2,
            None => 1,
        };
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// Appends the string token `token` (quotes included) of kind `part` with its hidden
/// characters escaped.
fn rewrite(out: &mut String, part: Part, token: &str) {
    if !token.chars().any(is_hidden) {
        out.push_str(token);
        return;
    }
    match part {
        // Escapes mean the same in one-line and multi-line basic strings.
        Part::Basic(_) => token.chars().for_each(|c| push(out, c, false)),
        Part::Literal(multi) => {
            let quotes = if multi { 3 } else { 1 };
            let mut value = &token[quotes..token.len() - quotes];
            if multi {
                // A line feed right after the opening quotes is not part of the value.
                value = value
                    .strip_prefix("\r\n")
                    .or_else(|| value.strip_prefix('\n'))
                    .unwrap_or(value);
            }
            out.push('"');
            value.chars().for_each(|c| push(out, c, true));
            out.push('"');
        }
        Part::Code | Part::Comment => out.push_str(token),
    }
}

/// Appends `c` as it goes in a basic string: escaped when hidden, and when `literal`
/// (the value of a literal string, now quoted as a basic one) its backslashes, quotes
/// and line breaks escaped too.
fn push(out: &mut String, c: char, literal: bool) {
    match c {
        '\\' | '"' if literal => {
            out.push('\\');
            out.push(c);
        }
        '\n' if literal => out.push_str("\\n"),
        '\r' if literal => out.push_str("\\r"),
        c if is_hidden(c) && u32::from(c) > 0xFFFF => {
            let _ = write!(out, "\\U{:08X}", u32::from(c));
        }
        c if is_hidden(c) => {
            let _ = write!(out, "\\u{:04X}", u32::from(c));
        }
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::escape_hidden;
    use crate::sanitize::is_hidden;
    use std::collections::BTreeMap;

    /// Values a serialiser writes as basic, literal and multi-line strings, each with
    /// hidden characters, quotes, backslashes and line feeds around them.
    const VALUES: [&str; 8] = [
        "a\u{9b}2Jb",
        "quote \" and \\ then \u{202E}",
        "line\nbreak \u{2028} and \u{200D}",
        "it's \u{85} \"both\" \\ quotes\n",
        "''' \u{2066} '''\n'\"",
        "tag \u{E0041} soft\u{AD}hyphen",
        "plain",
        "\u{200B}",
    ];

    #[test]
    fn every_hidden_character_is_escaped_and_reads_back_the_same() {
        let map: BTreeMap<String, String> = VALUES
            .iter()
            .enumerate()
            .map(|(i, v)| (format!("k{i}"), (*v).to_string()))
            .collect();
        let mut keyed = map.clone();
        keyed.insert("key \u{202E} x".into(), "v".into());
        for text in [
            toml::to_string(&keyed).unwrap(),
            toml::to_string_pretty(&keyed).unwrap(),
        ] {
            let escaped = escape_hidden(&text);
            assert!(!escaped.chars().any(is_hidden), "{escaped}");
            let back: BTreeMap<String, String> = toml::from_str(&escaped).unwrap();
            assert_eq!(back, keyed, "{escaped}");
        }
        let hand = "a = '''\nx\u{9b}y'''\nb = 'p\\q\u{85}'\nc = \"\"\"r\u{2028}\"\"\"\"\n";
        let back: toml::Table = toml::from_str(&escape_hidden(hand)).unwrap();
        assert_eq!(back["a"].as_str(), Some("x\u{9b}y"));
        assert_eq!(back["b"].as_str(), Some("p\\q\u{85}"));
        assert_eq!(back["c"].as_str(), Some("r\u{2028}\""));
        assert!(!escape_hidden(hand).chars().any(is_hidden));
    }

    #[test]
    fn clean_text_is_borrowed() {
        let text = "a = \"b\"\n# c\n";
        assert!(matches!(escape_hidden(text), std::borrow::Cow::Borrowed(_)));
    }
}
