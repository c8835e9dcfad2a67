//! Tokens → [`Node`] tree, with glyphs resolved for the output mode.
//!
//! Recursive descent with an explicit depth budget: every group and every command
//! argument spends one level, so 1,000 nested `\frac` end in an error long before the
//! stack is in danger.

use super::MathError;
use super::ast::{AccentKind, Align, BigKind, Class, Delim, EnvKind, FracStyle, Node};
use super::lexer::{Tok, Token, tokenize};
use super::symbols::{self, Font};

/// Deeper nesting is refused. Real equations stay under 15 levels.
pub const MAX_DEPTH: usize = 64;

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
            _ => return Err(MathError::new(col, format!("{what} is missing an argument"))),
        };
        self.depth -= 1;
        Ok(node)
    }

    /// `{ ... }` → the single node inside, or a group.
    fn group(&mut self) -> Result<Node, MathError> {
        let open = self.next().map_or(self.end, |t| t.col);
        let mut items = self.list(Stop::Brace, open)?;
        match self.next() {
            Some(Token { tok: Tok::Close, .. }) => {}
            _ => return Err(MathError::new(open, "'{' is never closed")),
        }
        Ok(if items.len() == 1 {
            items.remove(0)
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
                    _ => return Err(MathError::new(t.col, format!("\\{c} must follow an operator"))),
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
        let text = if c == '-' && !self.ascii {
            "−".to_string()
        } else if self.ascii {
            match ascii_name {
                Some(a) => a.to_string(),
                None => symbols::ascii_string(c.encode_utf8(&mut [0; 4])),
            }
        } else if c.is_ascii_alphanumeric() {
            symbols::styled(c, self.font).to_string()
        } else {
            c.to_string()
        };
        self.atom_node(class, text)
    }

    fn atom_node(&self, class: Class, text: String) -> Node {
        let word =
            self.ascii && text.len() > 1 && text.bytes().all(|b| b.is_ascii_alphabetic());
        Node::Atom { class, text, word }
    }

    fn glyph(&self, uni: &str, ascii: &str) -> String {
        if self.ascii { ascii } else { uni }.to_string()
    }

    fn command(&mut self, name: &'a str, col: usize) -> Result<Option<Node>, MathError> {
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
            "mathbb" | "Bbb" => self.font_arg(Font::DoubleStruck, &cmd, col)?,
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
            "max" | "min" | "lim" | "sup" | "inf" | "det" | "gcd" | "Pr" | "limsup"
            | "liminf" | "argmax" | "argmin" => {
                let word = match name {
                    "limsup" => "lim sup",
                    "liminf" => "lim inf",
                    "argmax" => "arg max",
                    "argmin" => "arg min",
                    w => w,
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
            "color" => {
                self.text_arg(&cmd, col)?;
                return Ok(None);
            }
            "textcolor" => {
                self.text_arg(&cmd, col)?;
                self.arg(&cmd, col)?
            }
            "not" => self.not(col)?,
            "bmod" => self.atom_node(Class::Bin, "mod".to_string()),
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
                Some(sym) => self.atom_node(sym.class, sym.text.to_string()),
                None => {
                    return Err(MathError::new(col, format!("unknown command \\{name}")));
                }
            },
        };
        Ok(Some(node))
    }

    fn switch(&mut self, font: Font) -> Result<Option<Node>, MathError> {
        self.font = font;
        Ok(None)
    }

    fn big(&self, kind: BigKind, uni: &str, ascii: &str, limits: bool) -> Node {
        let text = self.glyph(uni, ascii);
        Node::BigOp {
            kind,
            body: Box::new(Node::atom(Class::Op, text)),
            limits,
        }
    }

    fn accent(&mut self, kind: AccentKind, cmd: &str, col: usize) -> Result<Node, MathError> {
        Ok(Node::Accent {
            kind,
            body: Box::new(self.arg(cmd, col)?),
        })
    }

    fn font_arg(&mut self, font: Font, cmd: &str, col: usize) -> Result<Node, MathError> {
        let saved = self.font;
        self.font = font;
        let node = self.arg(cmd, col);
        self.font = saved;
        node
    }

    /// `\not` before a relation.
    fn not(&mut self, col: usize) -> Result<Node, MathError> {
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
        Ok(self.atom_node(Class::Rel, self.glyph(uni, ascii)))
    }

    /// A delimiter after `\left`, `\right` or `\big`.
    fn delim(&mut self, col: usize) -> Result<Delim, MathError> {
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
    fn left(&mut self, col: usize) -> Result<Node, MathError> {
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

    /// The `{name}` after `\begin` or `\end`.
    fn env_name(&mut self, col: usize) -> Result<String, MathError> {
        if !matches!(self.next().map(|t| t.tok), Some(Tok::Open)) {
            return Err(MathError::new(col, "missing environment name"));
        }
        let mut name = String::new();
        loop {
            match self.next().map(|t| t.tok) {
                Some(Tok::Char(c)) if c.is_ascii_alphabetic() || c == '*' => name.push(c),
                Some(Tok::Close) => return Ok(name),
                _ => return Err(MathError::new(col, "bad environment name")),
            }
        }
    }

    fn env(&mut self, col: usize) -> Result<Node, MathError> {
        let name = self.env_name(col)?;
        let kind = match name.as_str() {
            "matrix" | "smallmatrix" => EnvKind::Matrix,
            "pmatrix" => EnvKind::PMatrix,
            "bmatrix" => EnvKind::BMatrix,
            "Bmatrix" => EnvKind::BigBMatrix,
            "vmatrix" => EnvKind::VMatrix,
            "Vmatrix" => EnvKind::DoubleVMatrix,
            "cases" | "dcases" => EnvKind::Cases,
            "aligned" | "align" | "align*" | "split" | "alignedat" | "eqnarray" | "eqnarray*" => {
                EnvKind::Aligned
            }
            "gathered" | "gather" | "gather*" | "equation" | "equation*" | "multline"
            | "multline*" => EnvKind::Gathered,
            "array" | "darray" => EnvKind::Array,
            _ => {
                let shown = symbols::ascii_string(&name);
                return Err(MathError::new(col, format!("unknown environment {shown}")));
            }
        };
        if name == "alignedat" {
            self.text_arg("\\begin{alignedat}", col)?;
        }
        let cols = if kind == EnvKind::Array {
            self.column_spec(col)?
        } else {
            Vec::new()
        };
        let mut rows: Vec<Vec<Node>> = Vec::new();
        let mut row = Vec::new();
        loop {
            let cell = Node::Group(self.list(Stop::Env, col)?);
            match self.next() {
                Some(Token { tok: Tok::Amp, .. }) => row.push(cell),
                Some(Token {
                    tok: Tok::RowSep, ..
                }) => {
                    self.skip_row_spacing();
                    row.push(cell);
                    rows.push(std::mem::take(&mut row));
                }
                Some(Token {
                    tok: Tok::Cmd("end"),
                    col: ecol,
                }) => {
                    let end = self.env_name(ecol)?;
                    if end != name {
                        return Err(MathError::new(
                            ecol,
                            format!(
                                "\\begin{{{}}} ended by \\end{{{}}}",
                                symbols::ascii_string(&name),
                                symbols::ascii_string(&end)
                            ),
                        ));
                    }
                    let empty = matches!(&cell, Node::Group(v) if v.is_empty());
                    if !(empty && row.is_empty() && !rows.is_empty()) {
                        row.push(cell);
                        rows.push(row);
                    }
                    break;
                }
                _ => {
                    return Err(MathError::new(
                        col,
                        format!("\\begin{{{name}}} without \\end{{{name}}}"),
                    ));
                }
            }
        }
        Ok(Node::Env { kind, cols, rows })
    }

    /// `\\[2pt]`: the optional extra row space is ignored.
    fn skip_row_spacing(&mut self) {
        if let Some(Tok::Char('[')) = self.peek().map(|t| t.tok) {
            let save = self.pos;
            while let Some(t) = self.next() {
                if t.tok == Tok::Char(']') {
                    return;
                }
            }
            self.pos = save;
        }
    }

    /// The `{lcr}` of an array; `|` rules are accepted and not drawn.
    fn column_spec(&mut self, col: usize) -> Result<Vec<Align>, MathError> {
        let spec = self.text_arg("\\begin{array}", col)?;
        spec.chars()
            .filter(|c| !matches!(c, '|' | ' '))
            .map(|c| match c {
                'l' => Ok(Align::Left),
                'c' => Ok(Align::Center),
                'r' => Ok(Align::Right),
                _ => Err(MathError::new(col, "array columns must be l, c or r")),
            })
            .collect()
    }

    /// The argument of `\text{...}`, read as text: spaces kept, few commands allowed.
    fn text_arg(&mut self, cmd: &str, col: usize) -> Result<String, MathError> {
        let open = match self.next() {
            Some(Token { tok: Tok::Open, col }) => col,
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
                Tok::Cmd("ldots" | "dots") => out.push_str(&self.glyph("…", "...")),
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

    fn text_char(&self, c: char) -> String {
        if self.ascii {
            symbols::ascii_string(c.encode_utf8(&mut [0; 4]))
        } else {
            c.to_string()
        }
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
