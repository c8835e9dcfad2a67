//! Environments: `\begin{name} ... \end{name}` with `&` columns and `\\` rows.

use super::{Parser, Stop};
use crate::math::MathError;
use crate::math::ast::{Align, EnvKind, Node};
use crate::math::lexer::{Tok, Token};
use crate::math::symbols;

impl Parser<'_> {
    /// The `{name}` after `\begin` or `\end`.
    pub(super) fn env_name(&mut self, col: usize) -> Result<String, MathError> {
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

    pub(super) fn env(&mut self, col: usize) -> Result<Node, MathError> {
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
    pub(super) fn skip_row_spacing(&mut self) {
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
    pub(super) fn column_spec(&mut self, col: usize) -> Result<Vec<Align>, MathError> {
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
}
