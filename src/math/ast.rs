//! The parsed equation. Glyphs are already resolved for the output mode (Unicode or
//! ASCII) by the parser, so the two renderers (2-D `layout`, one-line `inline`) only
//! arrange strings and never look a command up again.

use std::borrow::Cow;

/// TeX's atom classes: they decide the spacing between neighbours and where a long
/// equation may break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Ord,
    Op,
    Bin,
    Rel,
    Open,
    Close,
    Punct,
    Inner,
}

/// A delimiter that can grow to the height of what it encloses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delim {
    /// `\left.`: takes no room.
    Null,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Vert,
    DoubleVert,
    LAngle,
    RAngle,
    LFloor,
    RFloor,
    LCeil,
    RCeil,
    Slash,
}

/// How a big operator is drawn in display style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BigKind {
    Sum,
    Prod,
    Coprod,
    Int,
    /// Any other operator drawn as one glyph or word (`⋃`, `max`, `lim`, `arg max`).
    Glyph,
}

/// Accents drawn on a row above (or below) their body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccentKind {
    Hat,
    Tilde,
    Bar,
    Vec,
    Dot,
    Ddot,
    Check,
    Breve,
    Acute,
    Grave,
    Ring,
    Underline,
}

/// Column alignment inside an environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// The environments of the subset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvKind {
    Matrix,
    PMatrix,
    BMatrix,
    BigBMatrix,
    VMatrix,
    DoubleVMatrix,
    Cases,
    Aligned,
    Gathered,
    Array,
}

impl EnvKind {
    /// The delimiters an environment draws around itself.
    pub fn delims(self) -> (Delim, Delim) {
        match self {
            EnvKind::PMatrix => (Delim::LParen, Delim::RParen),
            EnvKind::BMatrix => (Delim::LBracket, Delim::RBracket),
            EnvKind::BigBMatrix => (Delim::LBrace, Delim::RBrace),
            EnvKind::VMatrix => (Delim::Vert, Delim::Vert),
            EnvKind::DoubleVMatrix => (Delim::DoubleVert, Delim::DoubleVert),
            EnvKind::Cases => (Delim::LBrace, Delim::Null),
            EnvKind::Matrix | EnvKind::Aligned | EnvKind::Gathered | EnvKind::Array => {
                (Delim::Null, Delim::Null)
            }
        }
    }

    /// `aligned` pairs columns `r` `l` around the `&` with no gap between the pair.
    pub fn is_aligned(self) -> bool {
        self == EnvKind::Aligned
    }
}

/// Fraction styles: `\tfrac` sets its parts in script style, `\dfrac` in text style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FracStyle {
    Auto,
    Text,
    Script,
}

/// One piece of an equation.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A symbol, letter, number, operator name; `word` marks ASCII names such as
    /// `alpha` that need a space before a neighbouring letter.
    Atom {
        class: Class,
        /// Borrowed from the symbol tables where possible: most atoms allocate nothing.
        text: Cow<'static, str>,
        word: bool,
    },
    /// `\text{...}` content.
    Text(String),
    /// Explicit horizontal space in cells.
    Space(usize),
    /// A `{...}` group: one ordinary atom to its neighbours.
    Group(Vec<Node>),
    Frac {
        num: Box<Node>,
        den: Box<Node>,
        bar: bool,
        style: FracStyle,
    },
    Sqrt {
        index: Option<Box<Node>>,
        body: Box<Node>,
    },
    Scripts {
        base: Box<Node>,
        primes: usize,
        sub: Option<Box<Node>>,
        sup: Option<Box<Node>>,
    },
    /// `\sum`, `\int`, `\max`, `\operatorname*{...}`: an operator that may take limits.
    BigOp {
        kind: BigKind,
        body: Box<Node>,
        limits: bool,
    },
    Delimited {
        left: Delim,
        body: Box<Node>,
        right: Delim,
    },
    /// `\big(` and friends: a delimiter of a fixed height in rows.
    Sized {
        delim: Delim,
        rows: usize,
        class: Class,
    },
    Accent {
        kind: AccentKind,
        body: Box<Node>,
    },
    /// `\overbrace` / `\underbrace`; the label comes from a following `^` / `_`.
    Brace {
        over: bool,
        body: Box<Node>,
    },
    /// `\overset`, `\underset`, `\stackrel`.
    Stack {
        base: Box<Node>,
        over: Option<Box<Node>>,
        under: Option<Box<Node>>,
    },
    Env {
        kind: EnvKind,
        cols: Vec<Align>,
        rows: Vec<Vec<Node>>,
    },
    /// `\mathbin{...}` and friends.
    Classed {
        class: Class,
        body: Box<Node>,
    },
}

impl Node {
    /// A plain atom.
    pub fn atom(class: Class, text: impl Into<Cow<'static, str>>) -> Node {
        Node::Atom {
            class,
            text: text.into(),
            word: false,
        }
    }

    /// An operator drawn larger than a letter (⎲⎳, ┬─┬, ⌠⌡), which needs a cell of air
    /// even before a parenthesis.
    pub fn is_drawn_operator(&self) -> bool {
        match self {
            Node::BigOp { kind, .. } => *kind != BigKind::Glyph,
            Node::Scripts { base, .. } => base.is_drawn_operator(),
            _ => false,
        }
    }

    /// The characters of an atom or a run of text.
    pub fn text(&self) -> Option<&str> {
        match self {
            Node::Atom { text, .. } => Some(text),
            Node::Text(text) => Some(text),
            _ => None,
        }
    }

    /// The class this node shows to its left and right neighbours.
    pub fn classes(&self) -> (Class, Class) {
        match self {
            Node::Atom { class, .. } | Node::Classed { class, .. } | Node::Sized { class, .. } => {
                (*class, *class)
            }
            Node::BigOp { .. } => (Class::Op, Class::Op),
            Node::Frac { bar: true, .. } => (Class::Inner, Class::Inner),
            Node::Delimited { .. } | Node::Frac { bar: false, .. } => (Class::Open, Class::Inner),
            Node::Env { kind, .. } if kind.delims() != (Delim::Null, Delim::Null) => {
                (Class::Open, Class::Inner)
            }
            Node::Scripts { base, .. } => base.classes(),
            Node::Stack { base, .. } => base.classes(),
            _ => (Class::Ord, Class::Ord),
        }
    }
}
