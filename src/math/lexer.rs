//! LaTeX source → tokens, each with the 1-based column (in characters) where it starts.
//!
//! The lexer is the gate for hostile input: control characters (an escape sequence in
//! `\text{}` would otherwise reach the terminal), invisible formatting characters
//! (bidi overrides reorder what the reader sees) and over-long input are refused here,
//! so nothing later can copy them into the output or into an error message.

use super::MathError;

/// Deeper nesting is refused (braces here, groups in the parser). Real equations stay
/// under 15 levels.
pub const MAX_DEPTH: usize = 64;

/// Longer input is refused: real equations are a few hundred characters, and the cap
/// bounds the work and the size of the drawing.
pub const MAX_CHARS: usize = 4000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok<'a> {
    /// `\name` (letters) or `\c` (one non-letter character).
    Cmd(&'a str),
    Char(char),
    Open,
    Close,
    Sup,
    Sub,
    Amp,
    /// `\\`
    RowSep,
    Prime,
    /// A run of spaces, tabs and newlines.
    Space,
    /// `~`: a non-breaking space.
    Tie,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub tok: Tok<'a>,
    pub col: usize,
}

pub fn tokenize(src: &str) -> Result<Vec<Token<'_>>, MathError> {
    let mut out = Vec::with_capacity(src.len());
    let mut chars = src.char_indices().enumerate().peekable();
    // Braces are counted here so that deep nesting is reported at the brace that goes
    // too deep, even in input that is also too long.
    let mut braces = 0usize;
    while let Some((i, (_, c))) = chars.next() {
        let col = i + 1;
        check_char(c, col)?;
        let tok = match c {
            '\\' => match chars.next() {
                None => return Err(MathError::new(col, "a lone '\\' at the end")),
                Some((_, (_, '\\'))) => Tok::RowSep,
                Some((j, (start, d))) if d.is_ascii_alphabetic() => {
                    let mut end = start + 1;
                    let mut last = j;
                    while let Some(&(k, (pos, e))) = chars.peek() {
                        if !e.is_ascii_alphabetic() {
                            break;
                        }
                        end = pos + 1;
                        last = k;
                        chars.next();
                    }
                    check_len(last + 1)?;
                    Tok::Cmd(&src[start..end])
                }
                // `\` before a tab or newline is a control space, like `\ `.
                Some((_, (_, d))) if d.is_whitespace() => Tok::Cmd(" "),
                Some((j, (start, d))) => {
                    check_char(d, j + 1)?;
                    Tok::Cmd(&src[start..start + d.len_utf8()])
                }
            },
            '{' => {
                braces += 1;
                if braces > MAX_DEPTH {
                    return Err(MathError::new(
                        col,
                        format!("nesting deeper than {MAX_DEPTH} levels"),
                    ));
                }
                Tok::Open
            }
            '}' => {
                braces = braces.saturating_sub(1);
                Tok::Close
            }
            '^' => Tok::Sup,
            '_' => Tok::Sub,
            '&' => Tok::Amp,
            '\'' => Tok::Prime,
            '~' => Tok::Tie,
            '%' => {
                // A comment runs to the end of the line, as in TeX.
                while let Some(&(k, (_, e))) = chars.peek() {
                    if e == '\n' {
                        break;
                    }
                    check_char(e, k + 1)?;
                    chars.next();
                }
                continue;
            }
            '$' => {
                return Err(MathError::new(
                    col,
                    "'$' inside math (write \\$ for a dollar sign)",
                ));
            }
            '#' => {
                return Err(MathError::new(
                    col,
                    "'#' is not allowed in math (write \\#)",
                ));
            }
            c if c.is_whitespace() => {
                while let Some(&(k, (_, e))) = chars.peek() {
                    if !e.is_whitespace() {
                        break;
                    }
                    check_char(e, k + 1)?;
                    chars.next();
                }
                Tok::Space
            }
            _ => Tok::Char(c),
        };
        out.push(Token { tok, col });
    }
    Ok(out)
}

fn check_len(count: usize) -> Result<(), MathError> {
    if count > MAX_CHARS {
        return Err(MathError::new(
            MAX_CHARS + 1,
            format!("equation longer than {MAX_CHARS} characters"),
        ));
    }
    Ok(())
}

/// Refuses characters that must never reach a terminal, and input past the length cap.
fn check_char(c: char, col: usize) -> Result<(), MathError> {
    check_len(col)?;
    if c.is_control() && !matches!(c, '\t' | '\n' | '\r') {
        return Err(MathError::new(
            col,
            format!("control character U+{:04X}", u32::from(c)),
        ));
    }
    if is_format_char(c) {
        return Err(MathError::new(
            col,
            format!("invisible formatting character U+{:04X}", u32::from(c)),
        ));
    }
    Ok(())
}

/// Unicode format characters (category Cf) and line/paragraph separators: invisible,
/// and some of them (bidi overrides) change how the rest of the line is displayed.
fn is_format_char(c: char) -> bool {
    matches!(
        u32::from(c),
        0xAD | 0x600..=0x605
            | 0x61C
            | 0x6DD
            | 0x70F
            | 0x890..=0x891
            | 0x8E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x2028..=0x202E
            | 0x2060..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok<'_>> {
        tokenize(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn commands_end_at_the_first_non_letter() {
        assert_eq!(
            toks(r"\cos m\theta"),
            vec![
                Tok::Cmd("cos"),
                Tok::Space,
                Tok::Char('m'),
                Tok::Cmd("theta")
            ]
        );
        assert_eq!(toks(r"\,\\"), vec![Tok::Cmd(","), Tok::RowSep]);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let t = tokenize("θ^x").unwrap();
        assert_eq!(t[1].col, 2);
        assert_eq!(t[2].col, 3);
    }

    #[test]
    fn comments_run_to_the_end_of_the_line() {
        assert_eq!(
            toks("a%b}\nc"),
            vec![Tok::Char('a'), Tok::Space, Tok::Char('c')]
        );
    }

    #[test]
    fn hostile_characters_are_refused_with_their_column() {
        let e = tokenize("ab\u{1b}[31m").unwrap_err();
        assert_eq!(
            (e.column, e.message.as_str()),
            (3, "control character U+001B")
        );
        assert_eq!(tokenize("x\u{202e}y").unwrap_err().column, 2);
        assert_eq!(tokenize("\\text{a\u{7}}").unwrap_err().column, 8);
        assert_eq!(tokenize("a\\\u{7}").unwrap_err().column, 3);
        assert!(tokenize("a\n\tb\r\n").is_ok());
    }
}
