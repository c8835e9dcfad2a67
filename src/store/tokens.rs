//! A bound on a record's TOML before it is parsed: how many keys and values it holds.
//!
//! The parser's memory grows with the number of values, not with the bytes: a 16 MiB
//! file of `x = [1,1,1,…]` is eight million values, and parsing it (with the typed
//! record's buffering of unknown fields) took 1.3 GB, where the largest real record of
//! that size takes a quarter of it. Counting first, in one pass with no allocation,
//! refuses such a file before the parser sees it; [`limits`](super::limits) then bounds
//! what the parsed record holds.
//!
//! Written by hand: no TOML crate counts without building the document; what is inside
//! a string or a comment is the one TOML lexer's ([`Part`]), shared with the scan for
//! hidden characters.

use crate::sanitize::toml_lex::Part;

/// Keys and values (every `=`, `,`, `[` and `{` outside strings and comments) in one
/// record. A real record has about six per attempt; the largest one that fits
/// `MAX_RECORD_BYTES` (some 150,000 attempts) stays under a million.
pub const MAX_PIECES: usize = 1_000_000;

/// Whether `text` holds at most `max` keys and values (counting no further).
pub fn within(text: &str, max: usize) -> bool {
    count(text.as_bytes(), max + 1) <= max
}

/// `Err` with a message when `text` holds more than [`MAX_PIECES`] keys and values.
pub fn check(text: &str) -> Result<(), String> {
    if !within(text, MAX_PIECES) {
        return Err(format!(
            "the record holds more than {MAX_PIECES} keys and values, more than a record may"
        ));
    }
    Ok(())
}

/// The keys and values in `bytes`, counting no further than `stop`. Byte by byte:
/// every byte that opens or closes a string or a comment is ASCII, and no byte of a
/// multi-byte character is.
fn count(bytes: &[u8], stop: usize) -> usize {
    let mut part = Part::Code;
    let mut pieces = 0;
    let mut i = 0;
    while i < bytes.len() && pieces < stop {
        i += match part.after(&bytes[i..]) {
            Some((next, n)) => {
                part = next;
                n
            }
            // An escape: the byte after the backslash cannot end the string.
            None if matches!(part, Part::Basic(_)) && bytes[i] == b'\\' => 2,
            None => {
                if part == Part::Code && matches!(bytes[i], b'=' | b',' | b'[' | b'{') {
                    pieces += 1;
                }
                1
            }
        };
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> usize {
        count(text.as_bytes(), usize::MAX)
    }

    #[test]
    fn counts_keys_values_and_tables_outside_strings_and_comments() {
        assert_eq!(n("a = 1\nb = [1, 2, 3]\n"), 5);
        assert_eq!(n("[t]\nx = { y = 1, z = 2 }\n[[u]]\n"), 8);
        assert_eq!(n("a = \"=,[{\" # = , [ {\nb = 'x,y'\n"), 2);
        assert_eq!(n("a = \"q\\\"=,\"\n"), 1);
        assert_eq!(n("a = \"\"\"\n=,\n\"\"\"\nb = '''[[''' \n"), 2);
        assert_eq!(n("a = \"\"\"x\"\"\"\"\nb = 1"), 2);
        assert_eq!(n("a = 'C:\\'\nb = 1\n"), 2);
    }

    #[test]
    fn the_written_sample_record_is_far_inside_the_bound() {
        let sample = include_str!("../../progress/v1.toml");
        let pieces = n(sample);
        assert!((20..200).contains(&pieces), "{pieces}");
        assert!(check(sample).is_ok());
    }

    #[test]
    fn a_record_of_tiny_values_is_refused_before_parsing() {
        let text = format!("schema = 1\nx = [{}1]\n", "1,".repeat(MAX_PIECES));
        let message = check(&text).expect_err("over the bound");
        assert!(
            message.contains("more than 1000000 keys and values"),
            "{message}"
        );
        // The scan stops at the bound, whatever follows.
        assert_eq!(count(text.as_bytes(), 10), 10);
    }
}
