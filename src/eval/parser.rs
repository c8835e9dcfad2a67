//! Tokens → syntax tree. Recursive descent with precedence levels, lowest first:
//!
//! | level | syntax | associativity |
//! | --- | --- | --- |
//! | sum | `a + b`, `a - b` | left |
//! | product | `a * b`, `a / b`, `A @ B` (as in Python) | left |
//! | prefix | `-a`, `+a` | — (so `-x^2` is `-(x^2)`) |
//! | power | `a ^ b` (the exponent may carry a sign: `2^-1`) | right |
//! | postfix | `f(..)`, `X[i]`, `X[i, j]`, `X.T` | left |
//!
//! Nesting is bounded ([`MAX_DEPTH`]) both while parsing and in the finished tree, so
//! neither the parser, the evaluator nor dropping the tree can overflow the stack.

use super::EvalError;
use super::ast::{BinOp, Expr, ExprKind, MAX_DEPTH, Program, Statement, too_deep};
use super::lexer::{Pos, Tok, tokenize};

/// How tightly a prefix sign binds its operand: looser than `^`, tighter than `*`.
const PREFIX_POWER: u8 = 5;

/// A binary operator with its left and right binding powers: left < right makes it
/// left-associative, left > right right-associative.
fn infix(tok: &Tok) -> Option<(BinOp, u8, u8)> {
    Some(match tok {
        Tok::Plus => (BinOp::Add, 1, 2),
        Tok::Minus => (BinOp::Sub, 1, 2),
        Tok::Star => (BinOp::Mul, 3, 4),
        Tok::Slash => (BinOp::Div, 3, 4),
        Tok::At => (BinOp::MatMul, 3, 4),
        Tok::Caret => (BinOp::Pow, 8, 7),
        _ => return None,
    })
}

/// Parses a whole program. Empty statements (`;;`, a trailing `;`) are skipped, but a
/// program must have at least one statement.
pub fn parse(src: &str) -> Result<Program, EvalError> {
    let tokens = tokenize(src)?;
    let mut parser = Parser {
        tokens,
        next: 0,
        depth: 0,
    };
    let mut statements = Vec::new();
    loop {
        match parser.peek() {
            Tok::End => break,
            Tok::Semicolon => parser.next += 1,
            _ => {
                statements.push(parser.statement()?);
                match parser.peek() {
                    Tok::Semicolon | Tok::End => {}
                    other => {
                        let message =
                            format!("expected an operator or ';', found {}", other.describe());
                        return Err(parser.pos().error(message));
                    }
                }
            }
        }
    }
    if statements.is_empty() {
        return Err(parser.pos().error("empty input: expected an expression"));
    }
    Ok(Program { statements })
}

struct Parser {
    tokens: Vec<(Tok, Pos)>,
    next: usize,
    /// Current recursion depth of `expr_above`.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.next].0
    }

    fn pos(&self) -> Pos {
        self.tokens[self.next].1
    }

    /// Consumes the next token; `End` is never consumed, so the index stays in range.
    fn bump(&mut self) -> (Tok, Pos) {
        let (tok, pos) = &mut self.tokens[self.next];
        if *tok == Tok::End {
            return (Tok::End, *pos);
        }
        self.next += 1;
        // Tokens are read once, so the consumed one is moved out rather than cloned.
        (std::mem::replace(tok, Tok::Comma), *pos)
    }

    fn expect(&mut self, want: Tok, context: &str) -> Result<Pos, EvalError> {
        if *self.peek() == want {
            Ok(self.bump().1)
        } else {
            Err(self.expected(&want, context))
        }
    }

    fn expected(&self, want: &Tok, context: &str) -> EvalError {
        let found = self.peek().describe();
        self.pos().error(format!(
            "expected {} {context}, found {found}",
            want.describe()
        ))
    }

    fn statement(&mut self) -> Result<Statement, EvalError> {
        if *self.peek() != Tok::Let {
            return self.expr().map(Statement::Expr);
        }
        let pos = self.bump().1;
        let name = match self.bump() {
            (Tok::Ident(name), _) => name,
            (other, at) => {
                return Err(at.error(format!(
                    "expected a name after 'let', found {}",
                    other.describe()
                )));
            }
        };
        self.expect(Tok::Equals, &format!("after 'let {name}'"))?;
        let value = self.expr()?;
        Ok(Statement::Let { name, value, pos })
    }

    fn expr(&mut self) -> Result<Expr, EvalError> {
        self.expr_above(0)
    }

    /// Precedence climbing: parses an expression whose binary operators all bind at
    /// least as tightly as `min_power`. Every nested construct recurses through here, so
    /// this is where the recursion depth is counted; keeping one frame per level keeps the
    /// stack small.
    fn expr_above(&mut self, min_power: u8) -> Result<Expr, EvalError> {
        let pos = self.pos();
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(too_deep(pos));
        }
        let result = self.expr_above_inner(min_power);
        self.depth -= 1;
        result
    }

    fn expr_above_inner(&mut self, min_power: u8) -> Result<Expr, EvalError> {
        let pos = self.pos();
        let mut lhs = match self.peek() {
            Tok::Minus => {
                self.bump();
                let operand = self.expr_above(PREFIX_POWER)?;
                Expr::new(ExprKind::Neg(Box::new(operand)), pos)?
            }
            Tok::Plus => {
                self.bump();
                self.expr_above(PREFIX_POWER)?
            }
            _ => self.postfix()?,
        };
        while let Some((op, left, right)) = infix(self.peek()) {
            if left < min_power {
                break;
            }
            let pos = self.bump().1;
            let rhs = self.expr_above(right)?;
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), pos)?;
        }
        Ok(lhs)
    }

    fn postfix(&mut self) -> Result<Expr, EvalError> {
        let mut expr = self.primary()?;
        loop {
            match self.peek() {
                Tok::LBracket => {
                    let pos = self.bump().1;
                    let indices = self.list(Tok::RBracket, &|| "to close the index".into())?;
                    if indices.is_empty() {
                        return Err(pos.error("empty index: write X[i] or X[i, j]"));
                    }
                    expr = Expr::new(ExprKind::Index(Box::new(expr), indices), pos)?;
                }
                Tok::Dot => {
                    let pos = self.bump().1;
                    match self.bump() {
                        (Tok::Ident(name), _) if name == "T" => {
                            expr = Expr::new(ExprKind::Transpose(Box::new(expr)), pos)?;
                        }
                        (other, at) => {
                            let found = other.describe();
                            return Err(at.error(format!("expected 'T' after '.', found {found}")));
                        }
                    }
                }
                _ => return Ok(expr),
            }
        }
    }

    fn primary(&mut self) -> Result<Expr, EvalError> {
        let (tok, pos) = self.bump();
        let kind = match tok {
            Tok::Number(x) => ExprKind::Number(x),
            Tok::Str(text) => ExprKind::Str(text),
            Tok::Ident(name) if *self.peek() == Tok::LParen => {
                self.bump();
                let args = self.list(Tok::RParen, &|| format!("to close the call of {name}"))?;
                ExprKind::Call(name, args)
            }
            Tok::Ident(name) => ExprKind::Name(name),
            Tok::LParen => {
                let inner = self.expr()?;
                self.expect(Tok::RParen, "to close '('")?;
                return Ok(inner);
            }
            Tok::LBracket => {
                let items = self.rows()?;
                if items.is_empty() {
                    return Err(
                        pos.error("empty list: vectors and matrices need at least one entry")
                    );
                }
                ExprKind::List(items)
            }
            other => {
                return Err(pos.error(format!("expected a value, found {}", other.describe())));
            }
        };
        Expr::new(kind, pos)
    }

    /// The inside of a `[...]` literal up to the `]` (consumed): comma-separated
    /// entries, and `;` between rows as the course prints matrices (`[1, 2; 3, 4]` is
    /// `[[1, 2], [3, 4]]`).
    fn rows(&mut self) -> Result<Vec<Expr>, EvalError> {
        let context = || "to close '['".to_string();
        let mut rows = Vec::new();
        loop {
            let pos = self.pos();
            let mut row = Vec::new();
            while !matches!(self.peek(), Tok::RBracket | Tok::Semicolon) {
                row.push(self.expr()?);
                if *self.peek() == Tok::Comma {
                    self.bump();
                } else {
                    break;
                }
            }
            match self.peek() {
                Tok::Semicolon if row.is_empty() => {
                    return Err(self.pos().error("empty row before ';'"));
                }
                Tok::Semicolon => {
                    self.bump();
                    rows.push((pos, row));
                }
                Tok::RBracket => {
                    self.bump();
                    if rows.is_empty() {
                        return Ok(row);
                    }
                    if !row.is_empty() {
                        rows.push((pos, row));
                    }
                    return rows
                        .into_iter()
                        .map(|(pos, row)| Expr::new(ExprKind::List(row), pos))
                        .collect();
                }
                _ => return Err(self.expected(&Tok::RBracket, &context())),
            }
        }
    }

    /// Comma-separated expressions up to `close` (consumed); a trailing comma is allowed.
    /// `context` finishes the "expected ..." message, built only on error.
    fn list(&mut self, close: Tok, context: &dyn Fn() -> String) -> Result<Vec<Expr>, EvalError> {
        let mut items = Vec::new();
        while *self.peek() != close {
            items.push(self.expr()?);
            if *self.peek() == Tok::Comma {
                self.bump();
            } else {
                break;
            }
        }
        if *self.peek() != close {
            return Err(self.expected(&close, &context()));
        }
        self.bump();
        Ok(items)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouped(src: &str) -> String {
        let program = parse(src).unwrap();
        program
            .statements
            .iter()
            .map(|s| match s {
                Statement::Let { name, value, .. } => format!("let {name} = {value}"),
                Statement::Expr(e) => e.to_string(),
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn error(src: &str) -> String {
        parse(src).unwrap_err().to_string()
    }

    #[test]
    fn unary_minus_binds_looser_than_power() {
        assert_eq!(grouped("-x^2"), "(-(x ^ 2))");
        assert_eq!(grouped("2^-1"), "(2 ^ (-1))");
        assert_eq!(grouped("-2*3"), "((-2) * 3)");
    }

    #[test]
    fn power_is_right_associative() {
        assert_eq!(grouped("2^3^2"), "(2 ^ (3 ^ 2))");
    }

    #[test]
    fn matmul_binds_tighter_than_plus_and_like_times() {
        assert_eq!(grouped("A + B @ C"), "(A + (B @ C))");
        assert_eq!(grouped("A @ B + C"), "((A @ B) + C)");
        assert_eq!(grouped("a * B @ C"), "((a * B) @ C)");
        assert_eq!(grouped("A @ B @ C"), "((A @ B) @ C)");
    }

    #[test]
    fn arithmetic_is_left_associative_with_usual_precedence() {
        assert_eq!(grouped("1 - 2 - 3"), "((1 - 2) - 3)");
        assert_eq!(grouped("1 + 2 * 3 / 4"), "(1 + ((2 * 3) / 4))");
        assert_eq!(grouped("(1 + 2) * 3"), "((1 + 2) * 3)");
    }

    #[test]
    fn transpose_and_indexing_are_postfix() {
        assert_eq!(grouped("X.T @ Y"), "(X.T @ Y)");
        assert_eq!(grouped("-X.T"), "(-X.T)");
        assert_eq!(grouped("X[i, j]^2"), "(X[i, j] ^ 2)");
        assert_eq!(grouped("softmax(x)[0]"), "softmax(x)[0]");
        assert_eq!(grouped("(A @ B)[1].T"), "(A @ B)[1].T");
        assert_eq!(grouped("X[0][1]"), "X[0][1]");
    }

    #[test]
    fn literals_calls_and_statements() {
        assert_eq!(grouped("[[1, 2], [3, -4]]"), "[[1, 2], [3, (-4)]]");
        assert_eq!(grouped("[sin(2), cos(2),]"), "[sin(2), cos(2)]");
        assert_eq!(grouped("let Q = eye(2); Q @ Q;"), "let Q = eye(2); (Q @ Q)");
        assert_eq!(grouped("f()"), "f()");
    }

    #[test]
    fn semicolons_separate_matrix_rows_as_the_course_prints_them() {
        assert_eq!(grouped("[0, 5; 5, −1]"), "[[0, 5], [5, (-1)]]");
        assert_eq!(grouped("[1; 2;]"), "[[1], [2]]");
        assert_eq!(grouped("[1, 2]; [3]"), "[1, 2]; [3]");
        assert!(
            error("[1, 2;; 3]").contains("empty row"),
            "{}",
            error("[1, 2;; 3]")
        );
        assert!(error("[1, 2; 3").contains("']'"), "{}", error("[1, 2; 3"));
    }

    #[test]
    fn operator_positions_are_recorded() {
        let program = parse("A @ B").unwrap();
        let Statement::Expr(expr) = &program.statements[0] else {
            panic!("not an expression")
        };
        assert_eq!(expr.pos, Pos { line: 1, column: 3 });
    }

    #[test]
    fn syntax_errors_say_what_and_where() {
        assert_eq!(error(""), "empty input: expected an expression at 1:1");
        assert_eq!(error("1 +"), "expected a value, found end of input at 1:4");
        assert_eq!(
            error("(1 + 2"),
            "expected ')' to close '(', found end of input at 1:7"
        );
        assert_eq!(
            error("[1, 2"),
            "expected ']' to close '[', found end of input at 1:6"
        );
        assert_eq!(
            error("2 3"),
            "expected an operator or ';', found number 3 at 1:3"
        );
        assert_eq!(
            error("let = 3"),
            "expected a name after 'let', found '=' at 1:5"
        );
        assert_eq!(
            error("let x 3"),
            "expected '=' after 'let x', found number 3 at 1:7"
        );
        assert_eq!(
            error("X.U"),
            "expected 'T' after '.', found name 'U' at 1:3"
        );
        assert_eq!(error("X[]"), "empty index: write X[i] or X[i, j] at 1:2");
        assert_eq!(
            error("[]"),
            "empty list: vectors and matrices need at least one entry at 1:1"
        );
        assert_eq!(error("1;\n  )"), "expected a value, found ')' at 2:3");
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        for src in [
            format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000)),
            format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000)),
            format!("{}1", "-".repeat(10_000)),
            format!("{}1", "2^".repeat(10_000)),
            format!("{}x{}", "f(".repeat(10_000), ")".repeat(10_000)),
            format!("1{}", "+1".repeat(10_000)),
            format!("x{}", ".T".repeat(10_000)),
        ] {
            let err = parse(&src).unwrap_err();
            assert!(
                err.message.starts_with("expression nested too deeply"),
                "{err}"
            );
        }
    }

    #[test]
    fn nesting_within_the_limit_parses() {
        let depth = MAX_DEPTH - 1;
        let src = format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
        assert_eq!(grouped(&src), "1");
        assert!(parse(&format!("1{}", "+1".repeat(depth))).is_ok());
    }
}
