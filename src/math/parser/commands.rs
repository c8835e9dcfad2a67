//! Commands in math mode: fractions, radicals, delimiters, fonts, operators, accents.

use super::{Parser, Stop};
use std::borrow::Cow;

use crate::math::MathError;
use crate::math::ast::{AccentKind, BigKind, Class, Delim, FracStyle, Node};
use crate::math::lexer::{Tok, Token};
use crate::math::symbols::{self, Font};

impl<'a> Parser<'a> {
    pub(super) fn command(&mut self, name: &'a str, col: usize) -> Result<Option<Node>, MathError> {
        let cmd = format!("\\{name}");
        let node = match name {
            "frac" | "dfrac" | "tfrac" | "cfrac" => {
                let num = Box::new(self.arg(&cmd, col)?);
                let den = Box::new(self.arg(&cmd, col)?);
                let style = match name {
                    "tfrac" => FracStyle::Script,
                    "dfrac" | "cfrac" => FracStyle::Text,
                    _ => FracStyle::Auto,
                };
                Node::Frac {
                    num,
                    den,
                    bar: true,
                    style,
                }
            }
            "binom" | "dbinom" | "tbinom" => {
                let num = Box::new(self.arg(&cmd, col)?);
                let den = Box::new(self.arg(&cmd, col)?);
                Node::Delimited {
                    left: Delim::LParen,
                    body: Box::new(Node::Frac {
                        num,
                        den,
                        bar: false,
                        style: FracStyle::Auto,
                    }),
                    right: Delim::RParen,
                }
            }
            "sqrt" => {
                let index = match self.peek() {
                    Some(Token {
                        tok: Tok::Char('['),
                        col: open,
                    }) => {
                        self.pos += 1;
                        let items = self.list(Stop::Bracket, open)?;
                        match self.next() {
                            Some(Token {
                                tok: Tok::Char(']'),
                                ..
                            }) => Some(Box::new(Node::Group(items))),
                            _ => return Err(MathError::new(open, "'[' is never closed")),
                        }
                    }
                    _ => None,
                };
                let body = Box::new(self.arg(&cmd, col)?);
                Node::Sqrt { index, body }
            }
            "left" => self.left(col)?,
            "middle" => return Err(MathError::new(col, "\\middle is not supported")),
            "begin" => self.env(col)?,
            "big" | "Big" | "bigg" | "Bigg" | "bigl" | "Bigl" | "biggl" | "Biggl" | "bigr"
            | "Bigr" | "biggr" | "Biggr" | "bigm" | "Bigm" | "biggm" | "Biggm" => {
                let rows = match name.trim_end_matches(['l', 'r', 'm']) {
                    "big" => 1,
                    "Big" => 2,
                    "bigg" => 3,
                    _ => 4,
                };
                let delim = self.delim(col)?;
                let class = match name.as_bytes().last() {
                    Some(b'l') => Class::Open,
                    Some(b'r') => Class::Close,
                    Some(b'm') => Class::Rel,
                    _ => delim_class(delim),
                };
                Node::Sized { delim, rows, class }
            }
            "mathrm" | "mathit" | "mathbf" | "mathsf" | "mathtt" | "mathnormal" | "boldsymbol"
            | "bm" | "pmb" => self.font_arg(Font::Plain, &cmd, col)?,
            "mathbb" | "Bbb" | "mathds" | "mathbbm" => {
                self.font_arg(Font::DoubleStruck, &cmd, col)?
            }
            "mathcal" | "mathscr" => self.font_arg(Font::Script, &cmd, col)?,
            "mathfrak" => self.font_arg(Font::Fraktur, &cmd, col)?,
            "rm" | "bf" | "it" | "sf" | "tt" => return self.switch(Font::Plain),
            "cal" => return self.switch(Font::Script),
            "text" | "textrm" | "textit" | "textbf" | "textsf" | "texttt" | "textnormal"
            | "textup" | "mbox" | "hbox" | "emph" => Node::Text(self.text_arg(&cmd, col)?),
            "operatorname" | "mathop" => {
                let star = matches!(self.peek().map(|t| t.tok), Some(Tok::Char('*')));
                self.pos += usize::from(star);
                let body = self.font_arg(Font::Plain, &cmd, col)?;
                Node::BigOp {
                    kind: BigKind::Glyph,
                    body: Box::new(body),
                    limits: star || name == "mathop",
                }
            }
            "mathbin" | "mathrel" | "mathord" | "mathopen" | "mathclose" | "mathpunct"
            | "mathinner" => {
                let class = match name {
                    "mathbin" => Class::Bin,
                    "mathrel" => Class::Rel,
                    "mathopen" => Class::Open,
                    "mathclose" => Class::Close,
                    "mathpunct" => Class::Punct,
                    "mathinner" => Class::Inner,
                    _ => Class::Ord,
                };
                Node::Classed {
                    class,
                    body: Box::new(self.arg(&cmd, col)?),
                }
            }
            "sum" => self.big(BigKind::Sum, "∑", "sum", true),
            "prod" => self.big(BigKind::Prod, "∏", "prod", true),
            "coprod" => self.big(BigKind::Coprod, "∐", "coprod", true),
            "int" => self.big(BigKind::Int, "∫", "int", false),
            "iint" => self.big(BigKind::Glyph, "∬", "iint", false),
            "iiint" => self.big(BigKind::Glyph, "∭", "iiint", false),
            "oint" => self.big(BigKind::Glyph, "∮", "oint", false),
            "bigcup" => self.big(BigKind::Glyph, "⋃", "bigcup", true),
            "bigcap" => self.big(BigKind::Glyph, "⋂", "bigcap", true),
            "bigoplus" => self.big(BigKind::Glyph, "⨁", "bigoplus", true),
            "bigotimes" => self.big(BigKind::Glyph, "⨂", "bigotimes", true),
            "bigodot" => self.big(BigKind::Glyph, "⨀", "bigodot", true),
            "bigvee" => self.big(BigKind::Glyph, "⋁", "bigvee", true),
            "bigwedge" => self.big(BigKind::Glyph, "⋀", "bigwedge", true),
            "bigsqcup" => self.big(BigKind::Glyph, "⨆", "bigsqcup", true),
            "max" | "min" | "lim" | "sup" | "inf" | "det" | "gcd" | "Pr" | "limsup" | "liminf"
            | "argmax" | "argmin" => {
                let word = match name {
                    "limsup" => "lim sup",
                    "liminf" => "lim inf",
                    "argmax" => "arg max",
                    "argmin" => "arg min",
                    "max" => "max",
                    "min" => "min",
                    "lim" => "lim",
                    "sup" => "sup",
                    "inf" => "inf",
                    "det" => "det",
                    "gcd" => "gcd",
                    _ => "Pr",
                };
                self.big(BigKind::Glyph, word, word, true)
            }
            "hat" | "widehat" => self.accent(AccentKind::Hat, &cmd, col)?,
            "tilde" | "widetilde" => self.accent(AccentKind::Tilde, &cmd, col)?,
            "bar" | "overline" => self.accent(AccentKind::Bar, &cmd, col)?,
            "vec" | "overrightarrow" => self.accent(AccentKind::Vec, &cmd, col)?,
            "dot" => self.accent(AccentKind::Dot, &cmd, col)?,
            "ddot" => self.accent(AccentKind::Ddot, &cmd, col)?,
            "check" => self.accent(AccentKind::Check, &cmd, col)?,
            "breve" => self.accent(AccentKind::Breve, &cmd, col)?,
            "acute" => self.accent(AccentKind::Acute, &cmd, col)?,
            "grave" => self.accent(AccentKind::Grave, &cmd, col)?,
            "mathring" => self.accent(AccentKind::Ring, &cmd, col)?,
            "underline" => self.accent(AccentKind::Underline, &cmd, col)?,
            "overbrace" | "underbrace" => Node::Brace {
                over: name == "overbrace",
                body: Box::new(self.arg(&cmd, col)?),
            },
            "overset" | "stackrel" | "underset" => {
                let mark = Box::new(self.arg(&cmd, col)?);
                let base = Box::new(self.arg(&cmd, col)?);
                let (over, under) = if name == "underset" {
                    (None, Some(mark))
                } else {
                    (Some(mark), None)
                };
                Node::Stack { base, over, under }
            }
            "," | ":" | ">" | ";" | " " | "thinspace" | "medspace" | "thickspace" | "enspace" => {
                Node::Space(1)
            }
            "quad" => Node::Space(2),
            "qquad" => Node::Space(4),
            "hspace" => {
                self.text_arg(&cmd, col)?;
                Node::Space(1)
            }
            "!" | "negthinspace" | "negmedspace" | "negthickspace" | "/" | "displaystyle"
            | "textstyle" | "scriptstyle" | "scriptscriptstyle" | "nonumber" | "notag"
            | "hline" | "hdashline" => return Ok(None),
            "color" | "label" => {
                self.text_arg(&cmd, col)?;
                return Ok(None);
            }
            "textcolor" => {
                self.text_arg(&cmd, col)?;
                self.arg(&cmd, col)?
            }
            "not" => self.not(col)?,
            "bmod" => self.atom_node(Class::Bin, Cow::Borrowed("mod")),
            "mod" => Node::Group(vec![
                Node::Space(2),
                Node::atom(Class::Ord, "mod"),
                Node::Space(1),
            ]),
            "pmod" => {
                let arg = self.arg(&cmd, col)?;
                Node::Group(vec![
                    Node::Space(2),
                    Node::atom(Class::Open, "("),
                    Node::atom(Class::Ord, "mod"),
                    Node::Space(1),
                    arg,
                    Node::atom(Class::Close, ")"),
                ])
            }
            "tag" => {
                let text = self.text_arg(&cmd, col)?;
                Node::Group(vec![Node::Space(4), Node::Text(format!("({text})"))])
            }
            _ => match symbols::lookup(name, self.ascii) {
                Some(sym) => self.atom_node(sym.class, Cow::Borrowed(sym.text)),
                None => {
                    return Err(MathError::new(col, format!("unknown command \\{name}")));
                }
            },
        };
        Ok(Some(node))
    }

    pub(super) fn switch(&mut self, font: Font) -> Result<Option<Node>, MathError> {
        self.font = font;
        Ok(None)
    }

    pub(super) fn big(
        &self,
        kind: BigKind,
        uni: &'static str,
        ascii: &'static str,
        limits: bool,
    ) -> Node {
        let text = self.glyph(uni, ascii);
        Node::BigOp {
            kind,
            body: Box::new(Node::atom(Class::Op, text)),
            limits,
        }
    }

    pub(super) fn accent(
        &mut self,
        kind: AccentKind,
        cmd: &str,
        col: usize,
    ) -> Result<Node, MathError> {
        Ok(Node::Accent {
            kind,
            body: Box::new(self.arg(cmd, col)?),
        })
    }

    pub(super) fn font_arg(
        &mut self,
        font: Font,
        cmd: &str,
        col: usize,
    ) -> Result<Node, MathError> {
        let saved = self.font;
        self.font = font;
        let node = self.arg(cmd, col);
        self.font = saved;
        node
    }

    /// `\not` before a relation.
    pub(super) fn not(&mut self, col: usize) -> Result<Node, MathError> {
        let target = match self.next().map(|t| t.tok) {
            Some(Tok::Char('=')) => "ne",
            Some(Tok::Char('<')) => "nless",
            Some(Tok::Char('>')) => "ngtr",
            Some(Tok::Cmd(name)) => name,
            _ => "",
        };
        let (uni, ascii) = match target {
            "ne" => ("≠", "!="),
            "nless" => ("≮", "!<"),
            "ngtr" => ("≯", "!>"),
            "in" => ("∉", "notin"),
            "ni" => ("∌", "notni"),
            "subset" => ("⊄", "notsubset"),
            "supset" => ("⊅", "notsupset"),
            "subseteq" => ("⊈", "notsubseteq"),
            "supseteq" => ("⊉", "notsupseteq"),
            "equiv" => ("≢", "!=="),
            "sim" => ("≁", "!~"),
            "approx" => ("≉", "!~~"),
            "le" | "leq" => ("≰", "!<="),
            "ge" | "geq" => ("≱", "!>="),
            "mid" => ("∤", "/|"),
            "parallel" => ("∦", "!||"),
            _ => return Err(MathError::new(col, "\\not must come before a relation")),
        };
        Ok(self.atom_node(Class::Rel, Cow::Borrowed(self.glyph(uni, ascii))))
    }

    /// A delimiter after `\left`, `\right` or `\big`.
    pub(super) fn delim(&mut self, col: usize) -> Result<Delim, MathError> {
        let d = match self.next().map(|t| t.tok) {
            Some(Tok::Char('(')) => Delim::LParen,
            Some(Tok::Char(')')) => Delim::RParen,
            Some(Tok::Char('[') | Tok::Cmd("lbrack")) => Delim::LBracket,
            Some(Tok::Char(']') | Tok::Cmd("rbrack")) => Delim::RBracket,
            Some(Tok::Char('|') | Tok::Cmd("vert" | "lvert" | "rvert" | "mid")) => Delim::Vert,
            Some(Tok::Cmd("|" | "Vert" | "lVert" | "rVert")) => Delim::DoubleVert,
            Some(Tok::Char('.')) => Delim::Null,
            Some(Tok::Char('/')) => Delim::Slash,
            Some(Tok::Char('<') | Tok::Cmd("langle")) => Delim::LAngle,
            Some(Tok::Char('>') | Tok::Cmd("rangle")) => Delim::RAngle,
            Some(Tok::Cmd("{" | "lbrace")) => Delim::LBrace,
            Some(Tok::Cmd("}" | "rbrace")) => Delim::RBrace,
            Some(Tok::Cmd("lfloor")) => Delim::LFloor,
            Some(Tok::Cmd("rfloor")) => Delim::RFloor,
            Some(Tok::Cmd("lceil")) => Delim::LCeil,
            Some(Tok::Cmd("rceil")) => Delim::RCeil,
            _ => return Err(MathError::new(col, "missing delimiter")),
        };
        Ok(d)
    }

    /// `\left D ... \right D`.
    pub(super) fn left(&mut self, col: usize) -> Result<Node, MathError> {
        let left = self.delim(col)?;
        let items = self.list(Stop::Right, col)?;
        match self.next() {
            Some(Token {
                tok: Tok::Cmd("right"),
                col: rcol,
            }) => {
                let right = self.delim(rcol)?;
                Ok(Node::Delimited {
                    left,
                    body: Box::new(Node::Group(items)),
                    right,
                })
            }
            _ => Err(MathError::new(col, "\\left without \\right")),
        }
    }
}

fn delim_class(d: Delim) -> Class {
    match d {
        Delim::LParen
        | Delim::LBracket
        | Delim::LBrace
        | Delim::LAngle
        | Delim::LFloor
        | Delim::LCeil => Class::Open,
        Delim::RParen
        | Delim::RBracket
        | Delim::RBrace
        | Delim::RAngle
        | Delim::RFloor
        | Delim::RCeil => Class::Close,
        _ => Class::Ord,
    }
}
