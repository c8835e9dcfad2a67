//! The attention evaluator (placeholder until the evaluator lands).

use std::fmt;

/// A value: f64 scalars, row vectors and row-major matrices.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Scalar(f64),
}

impl Value {
    /// `{"shape":[...],"data":[...]}`, data flattened row-major, full f64 precision.
    pub fn to_json(&self) -> String {
        match self {
            Value::Scalar(x) => format!("{{\"shape\":[],\"data\":[{x:?}]}}"),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Scalar(x) => write!(f, "{x}"),
        }
    }
}

/// Bindings that persist between statements and between runs (a scratchpad session).
#[derive(Debug, Clone, Default)]
pub struct Env {}

impl Env {
    pub fn new() -> Env {
        Env::default()
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
pub fn run(src: &str, _env: &mut Env) -> Result<Value, EvalError> {
    src.trim()
        .parse::<f64>()
        .map(Value::Scalar)
        .map_err(|_| EvalError {
            message: "the evaluator is not built yet".into(),
            line: 1,
            column: 1,
        })
}

/// A parsed program (stand-in: keeps the source).
#[derive(Debug, Clone)]
pub struct Program {
    src: String,
}

impl Program {
    pub fn eval(&self, env: &mut Env) -> Result<Value, EvalError> {
        run(&self.src, env)
    }
}

/// Parses `src` without evaluating it.
pub fn parse(src: &str) -> Result<Program, EvalError> {
    Ok(Program {
        src: src.to_string(),
    })
}
