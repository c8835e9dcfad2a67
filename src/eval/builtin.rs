//! What a built-in function is: its name, arity and how a call computes. The table
//! (`functions`) and the course model's functions (`model_fns`) both build on these
//! types, so neither imports the other's file for them.

use super::budget::Budget;
use super::value::Value;

/// What a call computes.
#[derive(Clone, Copy)]
pub(crate) enum Apply {
    /// An elementwise function of one value: applied to every entry, shape kept.
    Map(fn(f64) -> f64),
    /// Any other function of the evaluated arguments (arity already checked).
    Call(fn(&[Value], &mut Budget) -> Result<Value, String>),
    /// A function of the course's model: its text argument may be a string literal.
    Model(ModelFn),
}

pub(crate) struct Builtin {
    pub name: &'static str,
    /// How the function is called, for arity errors: `softmax(x[, T])`.
    pub usage: &'static str,
    pub min_args: usize,
    pub max_args: usize,
    pub apply: Apply,
}

/// An argument of a model function: a string literal or a value.
#[derive(Debug, Clone)]
pub(crate) enum Arg {
    Text(String),
    Value(Value),
}

pub(crate) type ModelFn = fn(&[Arg], &mut Budget) -> Result<Value, String>;
