//! The progress record as TOML text: reading (with the schema check) and writing.
//!
//! Reading goes straight to the typed record; only when that fails is the text read
//! again as plain TOML, to learn its `schema`: a newer file whose fields no longer fit
//! is then reported as newer, not as corrupt.
//!
//! A written record opens with [`HEAD`] and closes with [`END`]: a file that opens with
//! the first line but lacks the last was cut short (a copy or a sync stopped at a line
//! boundary still parses as TOML, with attempts or half a seed missing) and is refused.
//! Files without the first line (older releases, written by hand) load as before.

use std::fmt;

use crate::progress::{Progress, SCHEMA};

/// Why a text is not a record this release can use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// Not a progress record: bad UTF-8, bad TOML, a missing or mistyped field.
    /// `line` and `column` are 1-based; 0 when the error has no place.
    Invalid {
        line: usize,
        column: usize,
        message: String,
    },
    /// Written by a newer release in a shape this one cannot read.
    Newer { schema: i64 },
}

impl FormatError {
    /// The error as `FILE:LINE:COLUMN: message`, or `FILE: message` when it has no place.
    pub fn located(&self, file: &dyn fmt::Display) -> String {
        match self {
            FormatError::Invalid {
                line: 0, message, ..
            } => format!("{file}: {message}"),
            FormatError::Invalid {
                line,
                column,
                message,
            } => format!("{file}:{line}:{column}: {message}"),
            FormatError::Newer { schema } => format!(
                "{file}: schema {schema} is newer than this attn-course reads ({SCHEMA}); upgrade attn-course"
            ),
        }
    }
}

/// The first line of every record this release writes.
pub const HEAD: &str = "# attn-course progress record (progress/FORMAT.md); its last line ends it";
/// The last line of every record this release writes.
pub const END: &str = "# end of progress record";

/// Reads a record from the bytes of a file. A record whose `schema` is newer but whose
/// fields still fit is returned as is (`Progress::is_newer` tells the caller).
pub fn parse(bytes: &[u8]) -> Result<Progress, FormatError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = line_column(bytes, e.valid_up_to());
        FormatError::Invalid {
            line,
            column,
            message: "not UTF-8 text".to_string(),
        }
    })?;
    check_complete(text)?;
    super::tokens::check(text).map_err(|message| over_bound(text, message))?;
    match toml::from_str::<Progress>(text) {
        Ok(progress) if progress.schema < 1 => Err(FormatError::Invalid {
            line: 0,
            column: 0,
            message: "schema 0 does not exist (the first is 1)".to_string(),
        }),
        Ok(progress) => match super::limits::check(&progress) {
            Ok(()) => Ok(progress),
            Err(message) => Err(over_bound(text, message)),
        },
        Err(error) => {
            let schema = toml::from_str::<toml::Table>(text)
                .ok()
                .and_then(|t| t.get("schema").and_then(toml::Value::as_integer));
            match schema {
                Some(schema) if schema > i64::from(SCHEMA) => Err(FormatError::Newer { schema }),
                _ => Err(invalid(text, &error)),
            }
        }
    }
}

/// A record over one of this release's bounds (`message` says which): corrupt, unless
/// it declares a newer schema, whose bounds may be wider; then it is newer, and never
/// written over.
fn over_bound(text: &str, message: String) -> FormatError {
    match declared_schema(text) {
        Some(schema) if schema > i64::from(SCHEMA) => FormatError::Newer { schema },
        _ => FormatError::Invalid {
            line: 0,
            column: 0,
            message,
        },
    }
}

/// How much of a file's start [`declared_schema`] needs: a record's `schema` is among
/// its first top-level keys.
pub const SCHEMA_HEAD_BYTES: u64 = 64 << 10;

/// The `schema = N` a record's text declares among its top-level keys (before its first
/// table), read without parsing the rest: a file too large or too full to parse can
/// still say it is from a newer release. Looks at [`SCHEMA_HEAD_BYTES`] at most.
pub fn declared_schema(text: &str) -> Option<i64> {
    let mut head = &text[..text.len().min(SCHEMA_HEAD_BYTES as usize)];
    while !text.is_char_boundary(head.len()) {
        head = &head[..head.len() - 1];
    }
    head.lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with('['))
        .find_map(|line| {
            let value = line
                .strip_prefix("schema")?
                .trim_start()
                .strip_prefix('=')?;
            value.split('#').next()?.trim().parse().ok()
        })
}

/// Writes a record as TOML text, between [`HEAD`] and [`END`], every hidden character
/// of its strings escaped (the record may hold what an import brought).
pub fn to_toml(progress: &Progress) -> Result<String, String> {
    let body = toml::to_string_pretty(progress).map_err(|e| one_line(&e.to_string()))?;
    let body = crate::sanitize::toml_escape::escape_hidden(&body);
    Ok(format!("{HEAD}\n{body}\n{END}\n"))
}

/// A text that opens with [`HEAD`] must close with [`END`] (blank lines after it aside).
fn check_complete(text: &str) -> Result<(), FormatError> {
    if text.lines().next().map(str::trim_end) != Some(HEAD) {
        return Ok(());
    }
    let last = text.lines().rev().find(|l| !l.trim().is_empty());
    if last.map(str::trim_end) == Some(END) {
        return Ok(());
    }
    Err(FormatError::Invalid {
        line: text.lines().count() + 1,
        column: 1,
        message: format!(
            "the record stops before its last line `{END}`: the file was cut short (or something was added after that line)"
        ),
    })
}

fn invalid(text: &str, error: &toml::de::Error) -> FormatError {
    let (line, column) = error
        .span()
        .map_or((0, 0), |span| line_column(text.as_bytes(), span.start));
    FormatError::Invalid {
        line,
        column,
        message: one_line(error.message()),
    }
}

/// The 1-based line and column (in characters) of a byte offset.
fn line_column(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_schema_is_read_from_the_top_level_keys_only() {
        assert_eq!(declared_schema("# c\nschema = 2 # new\nx = 1\n"), Some(2));
        assert_eq!(declared_schema("x = 1\nschema=7\n[t]\n"), Some(7));
        assert_eq!(declared_schema("[t]\nschema = 9\n"), None);
        assert_eq!(declared_schema("schemas = 3\n"), None);
        let far = format!("{}schema = 2\n", "# x\n".repeat(20_000));
        assert_eq!(declared_schema(&far), None);
    }

    fn invalid_at(bytes: &[u8]) -> (usize, usize) {
        match parse(bytes) {
            Err(FormatError::Invalid { line, column, .. }) => (line, column),
            other => panic!("expected an invalid record, got {other:?}"),
        }
    }

    #[test]
    fn syntax_errors_carry_their_place() {
        // An unclosed array is reported at the end of the line that opened it.
        assert_eq!(
            invalid_at(b"schema = 1\nlearner_seed = 5\nlessons = [\n"),
            (3, 12)
        );
        assert_eq!(invalid_at(b"schema = 1\nlearner_seed = = 5\n"), (2, 16));
    }

    #[test]
    fn type_errors_carry_their_place() {
        let (line, _) = invalid_at(b"schema = 1\nlearner_seed = \"five\"\n");
        assert_eq!(line, 2);
    }

    #[test]
    fn bad_utf8_is_invalid_at_its_byte() {
        assert_eq!(invalid_at(b"schema = 1\nx = \"\xff\"\n"), (2, 6));
    }

    #[test]
    fn empty_and_schema_zero_are_invalid() {
        assert!(matches!(parse(b""), Err(FormatError::Invalid { .. })));
        assert!(matches!(
            parse(b"schema = 0\nlearner_seed = 1\n"),
            Err(FormatError::Invalid { .. })
        ));
    }

    #[test]
    fn a_newer_schema_is_read_when_it_fits_and_reported_when_not() {
        let fits = parse(b"schema = 2\nlearner_seed = 7\nbookmarks = [1, 2]\n");
        assert!(fits.is_ok_and(|p| p.is_newer() && p.learner_seed == 7));
        let reshaped = parse(b"schema = 3\nlearner_seed = \"seven\"\n");
        assert_eq!(reshaped, Err(FormatError::Newer { schema: 3 }));
    }

    #[test]
    fn a_written_record_cut_at_any_line_is_refused_and_one_without_the_head_loads() {
        let mut p = Progress::new(8_141_506_721_049_875_327);
        p.set_position("softmax", 3, 10);
        let text = to_toml(&p).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(parse(text.as_bytes()), Ok(p.clone()));
        let lines: Vec<&str> = text.lines().collect();
        for keep in 1..lines.len() - 1 {
            let cut = format!("{}\n", lines[..keep].join("\n"));
            assert!(
                matches!(parse(cut.as_bytes()), Err(FormatError::Invalid { .. })),
                "cut after line {keep} loaded"
            );
        }
        // Cut inside the seed: still parses as TOML, but with another seed.
        let seed_cut = &text[..text.find("8141506").unwrap_or(0) + 7];
        assert!(parse(seed_cut.as_bytes()).is_err());
        // No head line: the rule does not apply (older files, hand-written ones).
        let body = lines[1..lines.len() - 2].join("\n");
        assert_eq!(parse(body.as_bytes()), Ok(p));
    }

    #[test]
    fn line_column_counts_characters_not_bytes() {
        assert_eq!(line_column("ab\né x".as_bytes(), 6), (2, 3));
    }

    #[test]
    fn notes_round_trip_and_an_old_file_without_notes_loads() {
        let old = parse(b"schema = 1\nlearner_seed = 3\n")
            .unwrap_or_else(|e| panic!("{}", e.located(&"old")));
        assert!(old.notes.is_empty());
        let mut p = Progress::new(3);
        let mut note = crate::progress::Note::new(
            "softmax",
            "3.1",
            "It sums to $1$.",
            "why \"one\"?\nreally",
            42,
        );
        note.answered = true;
        p.notes.push(note);
        p.notes.push(crate::progress::Note {
            lesson: "heads".into(),
            text: "hand-written, no id".into(),
            ..crate::progress::Note::default()
        });
        let text = to_toml(&p).unwrap_or_else(|e| panic!("{e}"));
        assert!(text.contains("[[notes]]"), "{text}");
        let back = parse(text.as_bytes()).unwrap_or_else(|e| panic!("{}", e.located(&"saved")));
        assert_eq!(back, p);
        // A field left out is not written back.
        assert!(!text.contains("sentence = \"\""), "{text}");
    }
}
