//! Source text → tokens, each with the line and column where it starts.

use super::EvalError;

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    pub(crate) fn error(self, message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
            line: self.line,
            column: self.column,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Number(f64),
    Ident(String),
    /// A string literal (escapes resolved): only the text or name argument of a model
    /// function takes one.
    Str(String),
    Let,
    Plus,
    Minus,
    Star,
    Slash,
    Caret,
    At,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Semicolon,
    Equals,
    Dot,
    End,
}

impl Tok {
    /// How the token is named in "expected X, found Y" messages.
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Number(x) => format!("number {}", super::number::format_number(*x)),
            Tok::Ident(name) => format!("name '{name}'"),
            Tok::Str(text) => format!("string {text:?}"),
            Tok::Let => "'let'".into(),
            Tok::End => "end of input".into(),
            other => format!("'{}'", other.symbol()),
        }
    }

    fn symbol(&self) -> &'static str {
        match self {
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Caret => "^",
            Tok::At => "@",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::Comma => ",",
            Tok::Semicolon => ";",
            Tok::Equals => "=",
            Tok::Dot => ".",
            Tok::Number(_) | Tok::Ident(_) | Tok::Str(_) | Tok::Let | Tok::End => "",
        }
    }
}

/// The longest source accepted. Answers and claims are a few hundred bytes; the cap keeps
/// the lexer, parser and error messages cheap on anything pasted by mistake.
pub const MAX_SOURCE_BYTES: usize = 64 * 1024;

/// Splits `src` into tokens, ending with [`Tok::End`] at the position after the input.
pub(crate) fn tokenize(src: &str) -> Result<Vec<(Tok, Pos)>, EvalError> {
    let start = Pos { line: 1, column: 1 };
    if src.len() > MAX_SOURCE_BYTES {
        return Err(start.error(format!(
            "input is too long ({} bytes; the limit is {MAX_SOURCE_BYTES})",
            src.len()
        )));
    }
    let chars: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    // Index into `chars`.
    let mut i = 0;
    let mut pos = start;
    while i < chars.len() {
        let c = chars[i];
        let here = pos;
        let len = if c == '\n' {
            pos.line += 1;
            pos.column = 1;
            i += 1;
            continue;
        } else if c.is_whitespace() {
            1
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            let len = number_len(&chars[i..]);
            // Numbers are ASCII but for a U+2212 exponent sign (`1e−5`, as printed).
            let text: String = chars[i..i + len]
                .iter()
                .map(|&c| if c == '\u{2212}' { '-' } else { c })
                .collect();
            let value = text
                .parse::<f64>()
                .map_err(|_| here.error(format!("malformed number '{text}'")))?;
            tokens.push((Tok::Number(value), here));
            len
        } else if starts_name(c) {
            let len = chars[i..]
                .iter()
                .take_while(|&&c| continues_name(c))
                .count();
            let word = name(&chars[i..i + len]);
            tokens.push((
                if word == "let" {
                    Tok::Let
                } else {
                    Tok::Ident(word)
                },
                here,
            ));
            len
        } else if c == '"' {
            let (text, len) = string(&chars[i..]).map_err(|m| here.error(m))?;
            tokens.push((Tok::Str(text), here));
            len
        } else if let Some(len) = superscript(&chars[i..], &mut tokens, here) {
            len
        } else {
            // The course prints U+2212 for minus and `·`/`×` for products: what it
            // prints, a learner can paste.
            let tok = match c {
                '+' => Tok::Plus,
                '-' | '\u{2212}' => Tok::Minus,
                '*' | '·' | '×' | '⋅' => Tok::Star,
                '/' => Tok::Slash,
                '^' => Tok::Caret,
                '@' => Tok::At,
                '(' => Tok::LParen,
                ')' => Tok::RParen,
                '[' => Tok::LBracket,
                ']' => Tok::RBracket,
                ',' => Tok::Comma,
                ';' => Tok::Semicolon,
                '=' => Tok::Equals,
                '.' => Tok::Dot,
                _ => return Err(here.error(format!("unexpected character {c:?}"))),
            };
            tokens.push((tok, here));
            1
        };
        i += len;
        pos.column += len;
    }
    tokens.push((Tok::End, pos));
    Ok(tokens)
}

/// Whether `c` can start a name: an ASCII letter, `_`, or a Greek letter (the course
/// writes λ, α, σ, μ, ε; `let λ = 3` is as good as `let lam = 3`).
fn starts_name(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_' || greek(c)
}

/// Whether `c` can go on a name: what starts one, an ASCII digit, or a subscript the
/// course prints (`x₀`, `dₖ`, `Wᵢ`).
fn continues_name(c: char) -> bool {
    starts_name(c) || c.is_ascii_digit() || subscript(c).is_some()
}

fn greek(c: char) -> bool {
    matches!(c, 'Α'..='Ω' | 'α'..='ω' | 'ϵ' | 'ϑ' | 'ϕ' | 'ϱ' | 'ϖ' | 'ℓ')
}

/// The letter or digit a subscript character stands for.
fn subscript(c: char) -> Option<char> {
    const SUBSCRIPTS: [(char, char); 27] = [
        ('₀', '0'),
        ('₁', '1'),
        ('₂', '2'),
        ('₃', '3'),
        ('₄', '4'),
        ('₅', '5'),
        ('₆', '6'),
        ('₇', '7'),
        ('₈', '8'),
        ('₉', '9'),
        ('ₐ', 'a'),
        ('ₑ', 'e'),
        ('ₒ', 'o'),
        ('ₓ', 'x'),
        ('ₕ', 'h'),
        ('ₖ', 'k'),
        ('ₗ', 'l'),
        ('ₘ', 'm'),
        ('ₙ', 'n'),
        ('ₚ', 'p'),
        ('ₛ', 's'),
        ('ₜ', 't'),
        ('ᵢ', 'i'),
        ('ᵣ', 'r'),
        ('ᵤ', 'u'),
        ('ᵥ', 'v'),
        ('ⱼ', 'j'),
    ];
    SUBSCRIPTS.iter().find(|(s, _)| *s == c).map(|&(_, a)| a)
}

/// A name as the evaluator keeps it: a run of subscripts becomes `_` and the plain
/// characters, so `x₀` is `x_0` and `dₖ` is `d_k`, the name the course's ASCII mode prints
/// and a learner without those characters types.
fn name(chars: &[char]) -> String {
    let mut out = String::new();
    let mut in_subscript = false;
    for &c in chars {
        match subscript(c) {
            Some(plain) => {
                if !in_subscript && !out.ends_with('_') {
                    out.push('_');
                }
                in_subscript = true;
                out.push(plain);
            }
            None => {
                in_subscript = false;
                out.push(c);
            }
        }
    }
    out
}

/// The string literal starting at `chars[0]` (a `"`) and how many characters it spans.
/// Escapes: `\"`, `\\` and `\n`; a string ends on its line.
fn string(chars: &[char]) -> Result<(String, usize), String> {
    let mut text = String::new();
    let mut i = 1;
    loop {
        match chars.get(i) {
            Some('"') => return Ok((text, i + 1)),
            Some('\\') => {
                match chars.get(i + 1) {
                    Some('"') => text.push('"'),
                    Some('\\') => text.push('\\'),
                    Some('n') => text.push('\n'),
                    other => {
                        let found = other.map_or("the end".to_string(), |c| format!("{c:?}"));
                        return Err(format!(
                            "unknown escape in a string: \\ then {found} (use \\\", \\\\ or \\n)"
                        ));
                    }
                }
                i += 2;
            }
            Some('\n') | None => return Err("unterminated string: a closing \" is missing".into()),
            Some(&c) => {
                text.push(c);
                i += 1;
            }
        }
    }
}

/// Superscript digits (with an optional leading `⁻`) as a power: `x²` is `x^2` and
/// `x⁻¹` is `x^-1`, as the course prints them. Pushes the tokens and returns how many
/// characters they took, or `None` when `chars` does not start with one.
fn superscript(chars: &[char], tokens: &mut Vec<(Tok, Pos)>, here: Pos) -> Option<usize> {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let minus = usize::from(chars[0] == '⁻');
    let digits: Vec<u32> = chars[minus..]
        .iter()
        .map_while(|c| DIGITS.iter().position(|d| d == c).map(|d| d as u32))
        .collect();
    if digits.is_empty() {
        return None;
    }
    let value = digits.iter().fold(0f64, |n, d| n * 10.0 + f64::from(*d));
    tokens.push((Tok::Caret, here));
    if minus == 1 {
        tokens.push((Tok::Minus, here));
    }
    tokens.push((Tok::Number(value), here));
    Some(minus + digits.len())
}

/// Length of the number starting at `chars[0]`: digits, an optional fraction, an optional
/// exponent. A trailing `.` belongs to the number (`1.` like Python) unless a name follows
/// it, which keeps `x.T`-style postfix unambiguous; `e` starts an exponent only when digits
/// follow, so `2e` is the number 2 and then the name `e`.
fn number_len(chars: &[char]) -> usize {
    let digits = |from: usize| {
        chars[from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let mut len = digits(0);
    if chars.get(len) == Some(&'.')
        && !chars
            .get(len + 1)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == '_')
    {
        len += 1 + digits(len + 1);
    }
    if matches!(chars.get(len), Some('e' | 'E')) {
        let sign = usize::from(matches!(chars.get(len + 1), Some('+' | '-' | '\u{2212}')));
        let exponent_digits = digits(len + 1 + sign);
        if exponent_digits > 0 {
            len += 1 + sign + exponent_digits;
        }
    }
    len
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        tokenize(src).unwrap().into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn numbers_in_every_written_form() {
        assert_eq!(
            toks("3 -1.5e-3 .5 2. 1E+2"),
            vec![
                Tok::Number(3.0),
                Tok::Minus,
                Tok::Number(1.5e-3),
                Tok::Number(0.5),
                Tok::Number(2.0),
                Tok::Number(100.0),
                Tok::End
            ]
        );
    }

    #[test]
    fn exponent_needs_digits_else_e_is_a_name() {
        assert_eq!(
            toks("2e"),
            vec![Tok::Number(2.0), Tok::Ident("e".into()), Tok::End]
        );
    }

    #[test]
    fn dot_t_after_a_name_or_number_is_postfix() {
        assert_eq!(
            toks("X.T"),
            vec![
                Tok::Ident("X".into()),
                Tok::Dot,
                Tok::Ident("T".into()),
                Tok::End
            ]
        );
    }

    #[test]
    fn positions_count_lines_and_characters() {
        let tokens = tokenize("let é").unwrap_err();
        assert_eq!((tokens.line, tokens.column), (1, 5));
        let tokens = tokenize("a;\n  b").unwrap();
        assert_eq!(tokens[2].1, Pos { line: 2, column: 3 });
        assert_eq!(tokens[3].1, Pos { line: 2, column: 4 });
    }

    #[test]
    fn wide_whitespace_keeps_numbers_and_names_aligned() {
        assert_eq!(
            toks("\u{3000}12\u{a0}ab"),
            vec![Tok::Number(12.0), Tok::Ident("ab".into()), Tok::End]
        );
    }

    #[test]
    fn the_course_s_printed_notation_lexes() {
        assert_eq!(toks("2 − 1"), toks("2 - 1"));
        assert_eq!(toks("2·3×4⋅5"), toks("2*3*4*5"));
        assert_eq!(toks("x²"), toks("x^2"));
        assert_eq!(toks("10⁻¹²+1"), toks("10^-12+1"));
        assert_eq!(toks("1e−5 − 1"), toks("1e-5 - 1"));
        // Columns count characters: `é` is the 7th.
        let tokens = tokenize("−x² + é").unwrap_err();
        assert_eq!((tokens.line, tokens.column), (1, 7));
    }

    #[test]
    fn greek_letters_and_subscripts_are_names() {
        assert_eq!(toks("λ"), vec![Tok::Ident("λ".into()), Tok::End]);
        assert_eq!(toks("x₀ dₖ W_Q"), toks("x_0 d_k W_Q"));
        assert_eq!(toks("xᵢⱼ"), toks("x_ij"));
        assert_eq!(toks("α·σ_q²"), toks("α*σ_q^2"));
        // Positions still count characters after a wide name.
        let err = tokenize("λ₁ + #").unwrap_err();
        assert_eq!((err.line, err.column), (1, 6));
        assert_eq!(
            toks("μ1+ℓ"),
            vec![
                Tok::Ident("μ1".into()),
                Tok::Plus,
                Tok::Ident("ℓ".into()),
                Tok::End
            ]
        );
    }

    #[test]
    fn rejects_unknown_characters_and_huge_input() {
        let err = tokenize("1 # 2").unwrap_err();
        assert_eq!(err.to_string(), "unexpected character '#' at 1:3");
        let err = tokenize(&"1+".repeat(600_000)).unwrap_err();
        assert!(err.message.starts_with("input is too long"), "{err}");
    }
}
