//! The attention evaluator: the small matrix language of `design.md` ("The evaluator
//! language"), used to check answers, to back the numbers stated in lessons, on the
//! command line (`attn-course eval`) and in the TUI scratchpad.
//!
//! `parse` turns source into a [`Program`] once; [`Program::eval`] runs it against an
//! [`Env`] of bindings (a problem's parameters, a scratchpad session's `let`s). Every
//! failure is an [`EvalError`] with a line and column; a budget
//! ([`MAX_ELEMENTS`], [`MAX_WORK`]) and a nesting limit ([`MAX_DEPTH`]) make sure no
//! input can hang the evaluator, exhaust memory or overflow the stack.
//!
//! One module per job: `lexer` → `parser` (syntax tree with positions) → `interpreter`,
//! which uses `ops` (operators), `functions` (the table of built-ins, implemented in
//! `elementwise`, `reduce`, `arrays`, `linalg`, `attention`, `norms`, `position`, `ffn`,
//! `random`; `model_fns` for the course's trained model, `crate::model`)
//! and `budget`; `value` holds values, shapes and their printed forms, `show` the form
//! a learner reads (6 digits, wrapped at a width).

mod args;
mod arrays;
mod ast;
mod attention;
mod budget;
mod builtin;
mod elementwise;
mod ffn;
mod functions;
mod interpreter;
mod lexer;
mod linalg;
mod model_fns;
mod norms;
mod number;
mod ops;
mod parser;
mod position;
mod random;
mod reduce;
mod show;
mod suggest;
#[cfg(test)]
mod test_support;
mod value;

use std::collections::HashMap;

pub use ast::{BinOp, Expr, ExprKind, MAX_DEPTH, Program, Statement};
pub use budget::{Budget, MAX_ELEMENTS, MAX_SWEEPS, MAX_WORK, interrupt_flag};
pub use functions::function_names;
pub use lexer::{MAX_SOURCE_BYTES, Pos};
pub use model_fns::text_call;
pub use number::{format_label, format_number, format_short, format_within};
pub use parser::parse;
pub use show::{Digits, Shown};
pub use value::{Matrix, Shape, Value};

/// Bindings that persist between statements and between runs (a scratchpad session).
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: HashMap<String, Value>,
    /// Names bound to a text (a problem's `text`), which only a model function takes.
    texts: HashMap<String, String>,
}

impl Env {
    pub fn new() -> Env {
        Env::default()
    }

    /// Binds `name` to `value`, replacing any earlier binding. Unlike `let`, this may
    /// shadow a constant (`e`), which is how a caller's parameter takes precedence.
    pub fn bind(&mut self, name: &str, value: Value) {
        self.texts.remove(name);
        self.vars.insert(name.to_string(), value);
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.vars.get(name)
    }

    /// Binds `name` to a text, which a model function takes where it takes a string
    /// literal (`resid(text, 0)` as a problem prints it); it replaces a value so bound.
    pub fn bind_text(&mut self, name: &str, text: &str) {
        self.vars.remove(name);
        self.texts.insert(name.to_string(), text.to_string());
    }

    /// The text bound to `name`, if it names one.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts.get(name).map(String::as_str)
    }

    /// The bound names, in no particular order.
    pub fn names(&self) -> impl Iterator<Item = &String> {
        self.vars.keys()
    }
}

/// An expression the evaluator rejects, with its position.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message} at {line}:{column}")]
pub struct EvalError {
    pub message: String,
    pub line: usize,
    pub column: usize,
}

/// Parses and evaluates `src` (statements separated by `;`), returning the last value.
pub fn run(src: &str, env: &mut Env) -> Result<Value, EvalError> {
    parse(src)?.eval(env)
}

/// [`run`] within a budget shared with other runs ([`Program::eval_within`]).
pub fn run_within(src: &str, env: &mut Env, budget: &mut Budget) -> Result<Value, EvalError> {
    parse(src)?.eval_within(env, budget)
}
