//! The evaluator's syntax tree: what the parser builds and the interpreter walks. Its own
//! file so that the interpreter and the operator tables (`ops`, `ffn`) import the tree
//! without the parser, and so that the depth bound is kept by construction: an [`Expr`]
//! is only made through [`Expr::new`], which refuses a tree deeper than [`MAX_DEPTH`].

use std::fmt;

use super::EvalError;
use super::lexer::Pos;
use super::number::format_number;

/// The deepest nesting accepted: well beyond any hand-written expression (the course's
/// answers nest less than 10 deep), well within what recursion on a 2 MB thread stack can
/// take even in an unoptimised build. A chain `a + b + ...` counts one level per operator.
pub const MAX_DEPTH: usize = 64;

/// A parsed program: statements run in order, the last one's value is the result.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    pub statements: Vec<Statement>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    Let { name: String, value: Expr, pos: Pos },
    Expr(Expr),
}

/// An expression and where it starts (for an operator: where the operator is).
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub pos: Pos,
    /// Height of the tree under this node, 1 for a leaf.
    height: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Number(f64),
    Name(String),
    /// `"text"`: allowed only as the text or name argument of a model function.
    Str(String),
    /// `[a, b, c]`: a vector of scalars or a matrix of equal-length rows.
    List(Vec<Expr>),
    Neg(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
    Index(Box<Expr>, Vec<Expr>),
    Transpose(Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    MatMul,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Pow => "^",
            BinOp::MatMul => "@",
        }
    }
}

impl Expr {
    /// A node over `kind`, refused when it would make the tree deeper than [`MAX_DEPTH`].
    pub(super) fn new(kind: ExprKind, pos: Pos) -> Result<Expr, EvalError> {
        let tallest = |items: &[Expr]| items.iter().map(|c| c.height).max().unwrap_or(0);
        let below = match &kind {
            ExprKind::Number(_) | ExprKind::Name(_) | ExprKind::Str(_) => 0,
            ExprKind::List(items) | ExprKind::Call(_, items) => tallest(items),
            ExprKind::Neg(a) | ExprKind::Transpose(a) => a.height,
            ExprKind::Binary(_, a, b) => a.height.max(b.height),
            ExprKind::Index(a, items) => a.height.max(tallest(items)),
        };
        let height = 1 + below;
        if height > MAX_DEPTH {
            return Err(too_deep(pos));
        }
        Ok(Expr { kind, pos, height })
    }
}

/// The error for nesting beyond [`MAX_DEPTH`], the parser's and the tree's alike.
pub(super) fn too_deep(pos: Pos) -> EvalError {
    pos.error(format!(
        "expression nested too deeply (the limit is {MAX_DEPTH} levels)"
    ))
}

/// Fully parenthesised form: shows exactly how an expression was grouped.
impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |items: &[Expr]| {
            items
                .iter()
                .map(Expr::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &self.kind {
            ExprKind::Number(x) => write!(f, "{}", format_number(*x)),
            ExprKind::Name(name) => write!(f, "{name}"),
            ExprKind::Str(text) => {
                let escaped = text
                    .replace('\\', "\\\\")
                    .replace('"', "\\\"")
                    .replace('\n', "\\n");
                write!(f, "\"{escaped}\"")
            }
            ExprKind::List(items) => write!(f, "[{}]", join(items)),
            ExprKind::Neg(a) => write!(f, "(-{a})"),
            ExprKind::Binary(op, a, b) => write!(f, "({a} {} {b})", op.symbol()),
            ExprKind::Call(name, args) => write!(f, "{name}({})", join(args)),
            ExprKind::Index(a, items) => write!(f, "{a}[{}]", join(items)),
            ExprKind::Transpose(a) => write!(f, "{a}.T"),
        }
    }
}
