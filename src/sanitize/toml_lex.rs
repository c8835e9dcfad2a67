//! Where a TOML text's strings and comments begin and end: the one reading of TOML's
//! quoting rules, shared by the scan for hidden characters (which must know what is
//! inside a basic string to decode its escapes) and the count of a record's keys and
//! values before it is parsed (`store`, which must not count what is quoted).
//!
//! Written by hand: no TOML crate exposes its lexer, and both users need only this.

/// What a byte of a TOML text is part of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Code,
    Comment,
    /// `"…"`, or `"""…"""` when true.
    Basic(bool),
    /// `'…'`, or `'''…'''` when true.
    Literal(bool),
}

impl Part {
    /// The part that begins where `rest` (the text from here on) begins, and how many
    /// bytes the quotes or the line feed that change it take; `None` where nothing
    /// changes. An escape (`\` in a basic string) is the caller's: the scan decodes
    /// it, the count skips it.
    pub fn after(self, rest: &[u8]) -> Option<(Part, usize)> {
        let first = *rest.first()?;
        let tripled = |q: u8| rest.starts_with(&[q, q, q]);
        // A tripled string may end in one or two quotes of its own (`"""a""""`).
        let closing = |q: u8| rest.iter().take(5).take_while(|&&b| b == q).count();
        match self {
            Part::Code => match first {
                b'#' => Some((Part::Comment, 1)),
                b'"' if tripled(b'"') => Some((Part::Basic(true), 3)),
                b'"' => Some((Part::Basic(false), 1)),
                b'\'' if tripled(b'\'') => Some((Part::Literal(true), 3)),
                b'\'' => Some((Part::Literal(false), 1)),
                _ => None,
            },
            Part::Comment => (first == b'\n').then_some((Part::Code, 1)),
            Part::Basic(true) => tripled(b'"').then(|| (Part::Code, closing(b'"'))),
            Part::Literal(true) => tripled(b'\'').then(|| (Part::Code, closing(b'\''))),
            // A line feed ends an unclosed one-line string: the parser says where.
            Part::Basic(false) => matches!(first, b'"' | b'\n').then_some((Part::Code, 1)),
            Part::Literal(false) => matches!(first, b'\'' | b'\n').then_some((Part::Code, 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Part::{Basic, Code, Comment, Literal};

    #[test]
    fn strings_and_comments_begin_and_end_where_toml_says() {
        /// Where the scan is, the text from there on, and the change it finds.
        type Case<'a> = (Part, &'a str, Option<(Part, usize)>);
        let cases: &[Case<'_>] = &[
            (Code, "# x", Some((Comment, 1))),
            (Code, "\"x", Some((Basic(false), 1))),
            (Code, "\"\"\"x", Some((Basic(true), 3))),
            (Code, "'x", Some((Literal(false), 1))),
            (Code, "'''x", Some((Literal(true), 3))),
            (Code, "= 1", None),
            (Comment, "\"", None),
            (Comment, "\nx", Some((Code, 1))),
            (Basic(false), "\"", Some((Code, 1))),
            (Basic(false), "'", None),
            (Basic(false), "\nx", Some((Code, 1))),
            (Basic(true), "\"\"x", None),
            (Basic(true), "\"\"\"x", Some((Code, 3))),
            // One or two quotes of the text before the closing three.
            (Basic(true), "\"\"\"\"\"x", Some((Code, 5))),
            (Literal(false), "'", Some((Code, 1))),
            (Literal(false), "\\", None),
            (Literal(true), "''''", Some((Code, 4))),
            (Literal(true), "\n", None),
            (Code, "", None),
        ];
        for &(part, rest, want) in cases {
            assert_eq!(part.after(rest.as_bytes()), want, "{part:?} at {rest:?}");
        }
    }
}
