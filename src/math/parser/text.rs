//! Text mode: the arguments of `\text{...}` and of commands that take words.

use super::Parser;
use crate::math::MathError;
use crate::math::lexer::{Tok, Token};
use crate::math::symbols;

impl Parser<'_> {
    /// The argument of `\text{...}`, read as text: spaces kept, few commands allowed.
    pub(super) fn text_arg(&mut self, cmd: &str, col: usize) -> Result<String, MathError> {
        let open = match self.next() {
            Some(Token {
                tok: Tok::Open,
                col,
            }) => col,
            Some(Token {
                tok: Tok::Char(c), ..
            }) => return Ok(self.text_char(c)),
            _ => return Err(MathError::new(col, format!("{cmd} is missing an argument"))),
        };
        let mut out = String::new();
        let mut depth = 0usize;
        loop {
            let Some(t) = self.toks.get(self.pos).copied() else {
                return Err(MathError::new(open, "'{' is never closed"));
            };
            self.pos += 1;
            match t.tok {
                Tok::Open => depth += 1,
                Tok::Close if depth == 0 => return Ok(out),
                Tok::Close => depth -= 1,
                Tok::Space | Tok::Tie => out.push(' '),
                Tok::Char(c) => out.push_str(&self.text_char(c)),
                Tok::Sup => out.push('^'),
                Tok::Sub => out.push('_'),
                Tok::Prime => out.push('\''),
                Tok::Cmd(c @ ("{" | "}" | "$" | "%" | "&" | "#" | "_")) => out.push_str(c),
                Tok::Cmd(" " | "," | ";" | ":" | "quad") => out.push(' '),
                Tok::Cmd(
                    "text" | "textrm" | "textit" | "textbf" | "textsf" | "texttt" | "emph"
                    | "textnormal" | "textup" | "mbox",
                ) => {
                    self.enter(t.col)?;
                    let inner = self.text_arg(cmd, t.col);
                    self.depth -= 1;
                    out.push_str(&inner?);
                }
                Tok::Cmd("ldots" | "dots") => out.push_str(self.glyph("…", "...")),
                Tok::Cmd(name) => {
                    return Err(MathError::new(
                        t.col,
                        format!("unknown command \\{name} in {cmd}"),
                    ));
                }
                Tok::Amp | Tok::RowSep => {
                    return Err(MathError::new(t.col, format!("alignment inside {cmd}")));
                }
            }
        }
    }

    pub(super) fn text_char(&self, c: char) -> String {
        if self.ascii {
            symbols::ascii_string(c.encode_utf8(&mut [0; 4]))
        } else {
            c.to_string()
        }
    }
}
