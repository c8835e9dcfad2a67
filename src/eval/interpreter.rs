//! Evaluation of a parsed program against an environment, within a budget.

use std::collections::HashMap;

use super::ast::{Expr, ExprKind, Program, Statement};
use super::budget::Budget;
use super::builtin::{Apply, Arg};
use super::functions;
use super::lexer::Pos;
use super::ops;
use super::suggest::closest;
use super::value::{Matrix, Value};
use super::{Env, EvalError};

/// The constants of the language.
/// Why a string literal is refused anywhere but as a model function's argument.
const STRING_ONLY_IN_MODEL_FNS: &str =
    "a string can only be the text or name given to a model function, as in tokens(\"the key\")";

const CONSTANTS: [(&str, f64); 4] = [
    ("pi", std::f64::consts::PI),
    ("π", std::f64::consts::PI),
    ("e", std::f64::consts::E),
    ("inf", f64::INFINITY),
];

impl Program {
    /// Runs the statements in order and returns the last one's value. Bindings made by
    /// `let` reach `env` only if the whole program succeeds, so a failed line in the
    /// scratchpad leaves the session as it was.
    pub fn eval(&self, env: &mut Env) -> Result<Value, EvalError> {
        self.eval_within(env, &mut Budget::default())
    }

    /// [`Program::eval`] charging `budget`, which may be shared by several programs (one
    /// problem draw: its `where` tries, answer and mistakes) and is left with what
    /// remains.
    pub fn eval_within(&self, env: &mut Env, budget: &mut Budget) -> Result<Value, EvalError> {
        let mut scope = Scope {
            env,
            local: HashMap::new(),
            budget,
        };
        let mut last = None;
        for statement in &self.statements {
            last = Some(match statement {
                Statement::Expr(expr) => scope.eval(expr)?,
                Statement::Let { name, value, pos } => {
                    if let Some(reserved) = reserved(name) {
                        return Err(pos.error(format!("cannot bind '{name}': it is {reserved}")));
                    }
                    let value = scope.eval(value)?;
                    scope.local.insert(name.clone(), value.clone());
                    value
                }
            });
        }
        let local = std::mem::take(&mut scope.local);
        for (name, value) in local {
            env.bind(&name, value);
        }
        last.ok_or_else(|| {
            Pos { line: 1, column: 1 }.error("empty program: expected an expression")
        })
    }
}

/// Why a name cannot be bound by `let`, if it cannot.
fn reserved(name: &str) -> Option<&'static str> {
    if CONSTANTS.iter().any(|(c, _)| *c == name) {
        Some("a built-in constant")
    } else if functions::lookup(name).is_some() {
        Some("a built-in function")
    } else {
        None
    }
}

struct Scope<'a> {
    env: &'a Env,
    local: HashMap<String, Value>,
    budget: &'a mut Budget,
}

impl Scope<'_> {
    fn eval(&mut self, expr: &Expr) -> Result<Value, EvalError> {
        let at = |message: String| expr.pos.error(message);
        let value = match &expr.kind {
            ExprKind::Number(x) => Value::Scalar(*x),
            ExprKind::Str(_) => return Err(at(STRING_ONLY_IN_MODEL_FNS.into())),
            ExprKind::Name(name) => match self.lookup(name) {
                Some(value) => value,
                None if self.env.text(name).is_some() => {
                    return Err(at(format!(
                        "'{name}' is a text: give it to a model function, as in tokens({name})"
                    )));
                }
                None => return Err(at(self.unknown_name(name))),
            },
            ExprKind::List(items) => {
                let values = items
                    .iter()
                    .map(|item| self.eval(item))
                    .collect::<Result<Vec<_>, _>>()?;
                list(&values, items, self.budget).map_err(|(pos, message)| pos.error(message))?
            }
            ExprKind::Neg(operand) => self.eval(operand)?.map(|x| -x),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.eval(a)?, self.eval(b)?);
                ops::binary(*op, &a, &b, self.budget).map_err(at)?
            }
            ExprKind::Call(name, args) => self.call(name, args, expr.pos)?,
            ExprKind::Index(target, indices) => {
                let target = self.eval(target)?;
                let indices = indices
                    .iter()
                    .map(|i| self.eval(i))
                    .collect::<Result<Vec<_>, _>>()?;
                ops::index(&target, &indices).map_err(at)?
            }
            ExprKind::Transpose(operand) => ops::transpose(&self.eval(operand)?),
        };
        self.budget.work(1 + value.len() as u64).map_err(at)?;
        // Children are checked before their parent, so the first node whose value holds a
        // NaN is the one that made it from inputs that were numbers: name it there, rather
        // than let a bare "nan" surface somewhere downstream.
        if value.elements().iter().any(|x| x.is_nan()) {
            return Err(at(nan_message(&expr.kind)));
        }
        Ok(value)
    }

    fn lookup(&self, name: &str) -> Option<Value> {
        self.local
            .get(name)
            .or_else(|| self.env.get(name))
            .cloned()
            .or_else(|| {
                CONSTANTS
                    .iter()
                    .find(|(c, _)| *c == name)
                    .map(|&(_, x)| Value::Scalar(x))
            })
    }

    fn unknown_name(&self, name: &str) -> String {
        if functions::lookup(name).is_some() {
            return format!("'{name}' is a function: call it, as in {name}(x)");
        }
        let values = self
            .local
            .keys()
            .chain(self.env.names())
            .map(String::as_str)
            .chain(CONSTANTS.iter().map(|(c, _)| *c));
        match closest(name, values) {
            Some(best) => format!("unknown name '{name}'; did you mean '{best}'?"),
            None => format!("unknown name '{name}'"),
        }
    }

    fn call(&mut self, name: &str, args: &[Expr], pos: Pos) -> Result<Value, EvalError> {
        let Some(builtin) = functions::lookup(name) else {
            let message = match closest(name, functions::function_names()) {
                Some(best) => format!("unknown function '{name}'; did you mean '{best}'?"),
                None if self.lookup(name).is_some() => {
                    format!("'{name}' is a value, not a function")
                }
                None => format!("unknown function '{name}'"),
            };
            return Err(pos.error(message));
        };
        if !(builtin.min_args..=builtin.max_args).contains(&args.len()) {
            let expected = match (builtin.min_args, builtin.max_args) {
                (1, 1) => "1 argument".to_string(),
                (a, b) if a == b => format!("{a} arguments"),
                (a, b) if b == a + 1 => format!("{a} or {b} arguments"),
                (a, b) => format!("{a} to {b} arguments"),
            };
            return Err(pos.error(format!(
                "{name} takes {expected}, got {}: {}",
                args.len(),
                builtin.usage
            )));
        }
        let result = match builtin.apply {
            Apply::Map(f) => Ok(self.values(args)?[0].map(f)),
            Apply::Call(f) => {
                let values = self.values(args)?;
                f(&values, self.budget)
            }
            Apply::Model(f) => {
                // A string literal reaches a model function as text; nothing else takes one.
                let args = args
                    .iter()
                    .map(|a| match &a.kind {
                        ExprKind::Str(text) => Ok(Arg::Text(text.clone())),
                        ExprKind::Name(name) if self.lookup(name).is_none() => {
                            match self.env.text(name) {
                                Some(text) => Ok(Arg::Text(text.to_string())),
                                None => self.eval(a).map(Arg::Value),
                            }
                        }
                        _ => self.eval(a).map(Arg::Value),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                f(&args, self.budget)
            }
        };
        result.map_err(|message| pos.error(format!("{name}: {message}")))
    }

    fn values(&mut self, args: &[Expr]) -> Result<Vec<Value>, EvalError> {
        args.iter().map(|a| self.eval(a)).collect()
    }
}

/// What to say where a NaN first appears.
fn nan_message(kind: &ExprKind) -> String {
    match kind {
        ExprKind::Call(name, _) => {
            format!("{name} gives NaN (not a number): it is undefined for these inputs")
        }
        ExprKind::Binary(op, _, _) => format!(
            "'{}' gives NaN (not a number): undefined here, as 0/0, inf-inf and 0*inf are",
            op.symbol()
        ),
        _ => "NaN (not a number) here".to_string(),
    }
}

/// The value of a list literal: numbers make a vector, equal-length vectors the rows of
/// a matrix. On error, the position of the offending entry.
fn list(values: &[Value], items: &[Expr], budget: &mut Budget) -> Result<Value, (Pos, String)> {
    let first = &values[0];
    let mismatch = |k: usize| {
        (
            items[k].pos,
            format!(
                "list entries must all be numbers or all be rows of the same length: entry {k} is {} but entry 0 is {}",
                values[k].shape().describe(),
                first.shape().describe()
            ),
        )
    };
    match first {
        Value::Scalar(_) => {
            if let Some(k) = values.iter().position(|v| v.as_scalar().is_none()) {
                return Err(mismatch(k));
            }
            Ok(Value::Vector(
                values.iter().filter_map(Value::as_scalar).collect(),
            ))
        }
        Value::Vector(row) => {
            let cols = row.len();
            if let Some(k) = values
                .iter()
                .position(|v| !matches!(v, Value::Vector(r) if r.len() == cols))
            {
                return Err(mismatch(k));
            }
            budget
                .alloc("the matrix", values.len(), cols)
                .map_err(|m| (items[0].pos, m))?;
            let data = values.iter().flat_map(Value::elements).copied().collect();
            Matrix::new(values.len(), cols, data)
                .map(Value::Matrix)
                .ok_or_else(|| mismatch(0))
        }
        Value::Matrix(_) => Err((
            items[0].pos,
            "a list of matrices would be 3-dimensional; values are at most matrices".into(),
        )),
    }
}
