//! Tokens → [`Node`] tree, with glyphs resolved for the output mode.
//!
//! Recursive descent with an explicit depth budget: every group and every command
//! argument spends one level, so 1,000 nested `\frac` end in an error long before the
//! stack is in danger.

mod commands;
mod env;
mod text;

use std::borrow::Cow;

use super::MathError;
use super::ast::{Class, Node};
use super::lexer::{MAX_DEPTH, Tok, Token, tokenize};
use super::symbols::{self, Font};

/// Parses a whole equation into its top-level list.
pub fn parse(src: &str, ascii: bool) -> Result<Vec<Node>, MathError> {
    let toks = tokenize(src)?;
    let end = src.chars().count() + 1;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
        ascii,
        font: Font::Plain,
        end,
    };
    p.list(Stop::End, 1)
}

/// What ends the list being parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    End,
    Brace,
    Bracket,
    Right,
    Env,
}

struct Parser<'a> {
    toks: Vec<Token<'a>>,
    pos: usize,
    depth: usize,
    ascii: bool,
    font: Font,
    /// The column just past the input, for errors at the end.
    end: usize,
}

impl<'a> Parser<'a> {
    /// The next token that matters in math mode (spaces are skipped, as in TeX).
    fn peek(&mut self) -> Option<Token<'a>> {
        while let Some(t) = self.toks.get(self.pos) {
            if t.tok != Tok::Space {
                return Some(*t);
            }
            self.pos += 1;
        }
        None
    }

    fn next(&mut self) -> Option<Token<'a>> {
        let t = self.peek();
        self.pos += usize::from(t.is_some());
        t
    }

    fn col(&mut self) -> usize {
        self.peek().map_or(self.end, |t| t.col)
    }

    fn enter(&mut self, col: usize) -> Result<(), MathError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(MathError::new(
                col,
                format!("nesting deeper than {MAX_DEPTH} levels"),
            ));
        }
        Ok(())
    }

    /// A list of atoms up to `stop` (which is left unconsumed).
    fn list(&mut self, stop: Stop, col: usize) -> Result<Vec<Node>, MathError> {
        self.enter(col)?;
        let font = self.font;
        let mut out = Vec::new();
        while let Some(t) = self.peek() {
            if t.tok == Tok::Char(']') && stop == Stop::Bracket {
                break;
            }
            if let Some((closes, what)) = closer(t.tok) {
                if closes == stop {
                    break;
                }
                let message = match closes {
                    Stop::Env if what != "\\end" => format!("{what} outside an environment"),
                    _ => format!("{what} without a matching opening"),
                };
                return Err(MathError::new(t.col, message));
            }
            if matches!(t.tok, Tok::Sup | Tok::Sub | Tok::Prime) {
                // Scripts after a space (or at the start) have an empty base.
                let base = match out.pop() {
                    Some(space @ Node::Space(_)) => {
                        out.push(space);
                        Node::Group(Vec::new())
                    }
                    other => other.unwrap_or(Node::Group(Vec::new())),
                };
                out.push(self.scripts(base)?);
            } else if let Some(node) = self.atom()? {
                out.push(self.scripts(node)?);
            }
        }
        self.font = font;
        self.depth -= 1;
        Ok(out)
    }

    /// One argument: a `{group}` or a single token.
    fn arg(&mut self, what: &str, col: usize) -> Result<Node, MathError> {
        let at = self.col();
        self.enter(at)?;
        let node = match self.peek().map(|t| t.tok) {
            Some(Tok::Open) => self.group()?,
            Some(Tok::Char(_) | Tok::Cmd(_) | Tok::Tie) => match self.atom()? {
                Some(n) => n,
                None => Node::Group(Vec::new()),
            },
            _ => {
                return Err(MathError::new(
                    col,
                    format!("{what} is missing an argument"),
                ));
            }
        };
        self.depth -= 1;
        Ok(node)
    }

    /// `{ ... }` → the single node inside, or a group. As in TeX, a braced operator,
    /// relation or punctuation mark is an ordinary symbol: `262{,}144` has no space
    /// after the comma, `{=}` none around the sign.
    fn group(&mut self) -> Result<Node, MathError> {
        let open = self.next().map_or(self.end, |t| t.col);
        let mut items = self.list(Stop::Brace, open)?;
        match self.next() {
            Some(Token {
                tok: Tok::Close, ..
            }) => {}
            _ => return Err(MathError::new(open, "'{' is never closed")),
        }
        Ok(if items.len() == 1 {
            match items.remove(0) {
                atom @ Node::Atom {
                    class: Class::Bin | Class::Rel | Class::Punct,
                    ..
                } => Node::Classed {
                    class: Class::Ord,
                    body: Box::new(atom),
                },
                one => one,
            }
        } else {
            Node::Group(items)
        })
    }

    /// Sub/superscripts, primes and `\limits` after a base.
    fn scripts(&mut self, base: Node) -> Result<Node, MathError> {
        let (mut base, mut primes, mut sub, mut sup) = (base, 0, None, None);
        while let Some(t) = self.peek() {
            match t.tok {
                Tok::Prime if sup.is_none() => primes += 1,
                Tok::Prime => return Err(MathError::new(t.col, "prime after a superscript")),
                Tok::Sup | Tok::Sub => {
                    let is_sup = t.tok == Tok::Sup;
                    let slot = if is_sup { &sup } else { &sub };
                    if slot.is_some() {
                        let which = if is_sup { "superscript" } else { "subscript" };
                        return Err(MathError::new(t.col, format!("double {which}")));
                    }
                    self.pos += 1;
                    let what = if is_sup { "'^'" } else { "'_'" };
                    let arg = Box::new(self.arg(what, t.col)?);
                    if is_sup {
                        sup = Some(arg);
                    } else {
                        sub = Some(arg);
                    }
                    continue;
                }
                Tok::Cmd(c @ ("limits" | "nolimits")) => match &mut base {
                    Node::BigOp { limits, .. } => *limits = c == "limits",
                    _ => {
                        return Err(MathError::new(
                            t.col,
                            format!("\\{c} must follow an operator"),
                        ));
                    }
                },
                _ => break,
            }
            self.pos += 1;
        }
        Ok(if primes == 0 && sub.is_none() && sup.is_none() {
            base
        } else {
            Node::Scripts {
                base: Box::new(base),
                primes,
                sub,
                sup,
            }
        })
    }

    /// One atom: a character, a group or a command. `None` for things that draw
    /// nothing (`\!`, `\displaystyle`, font switches).
    fn atom(&mut self) -> Result<Option<Node>, MathError> {
        let Some(t) = self.peek() else {
            return Ok(None);
        };
        match t.tok {
            Tok::Open => self.group().map(Some),
            Tok::Tie => {
                self.pos += 1;
                Ok(Some(Node::Space(1)))
            }
            Tok::Char(c) => {
                self.pos += 1;
                Ok(Some(self.char_atom(c)))
            }
            Tok::Cmd(name) => {
                self.pos += 1;
                self.command(name, t.col)
            }
            _ => Err(MathError::new(t.col, "unexpected token")),
        }
    }

    fn char_atom(&self, c: char) -> Node {
        let (class, ascii_name) = symbols::for_char(c);
        let text: Cow<'static, str> = if c == '-' && !self.ascii {
            Cow::Borrowed("−")
        } else if self.ascii && !c.is_ascii() {
            match ascii_name {
                Some(a) => Cow::Borrowed(a),
                None => Cow::Owned(symbols::ascii_string(c.encode_utf8(&mut [0; 4]))),
            }
        } else if c.is_ascii_alphanumeric() && self.font != Font::Plain && !self.ascii {
            Cow::Owned(symbols::styled(c, self.font).to_string())
        } else {
            symbols::char_str(c)
        };
        self.atom_node(class, text)
    }

    /// In ASCII a symbol's name is a word that needs spaces beside letters (`m theta`);
    /// so is an operator written as a letter (`\times` is `x`: `n x d`, never `nxd`,
    /// which reads as a variable, even in a script, where TeX drops the spaces).
    fn atom_node(&self, class: Class, text: Cow<'static, str>) -> Node {
        let word = self.ascii
            && (text.len() > 1 || class != Class::Ord)
            && text.bytes().all(|b| b.is_ascii_alphabetic());
        Node::Atom { class, text, word }
    }

    fn glyph(&self, uni: &'static str, ascii: &'static str) -> &'static str {
        if self.ascii { ascii } else { uni }
    }
}

/// The tokens that end a list, with the list they end and their name for errors.
fn closer(tok: Tok<'_>) -> Option<(Stop, &'static str)> {
    match tok {
        Tok::Close => Some((Stop::Brace, "'}'")),
        Tok::Amp => Some((Stop::Env, "'&'")),
        Tok::RowSep => Some((Stop::Env, "'\\\\'")),
        Tok::Cmd("end") => Some((Stop::Env, "\\end")),
        Tok::Cmd("right") => Some((Stop::Right, "\\right")),
        _ => None,
    }
}
