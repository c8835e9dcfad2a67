//! The table of built-in functions (name, usage, number of arguments, implementation).
//! The argument checks the implementations share live below them, in `args`.

use super::budget::Budget;
use super::builtin::{Apply, Builtin};
use super::value::Value;
use super::{arrays, attention, elementwise, ffn, linalg, norms, position, random, reduce};

const fn map(name: &'static str, usage: &'static str, f: fn(f64) -> f64) -> Builtin {
    Builtin {
        name,
        usage,
        min_args: 1,
        max_args: 1,
        apply: Apply::Map(f),
    }
}

type CallFn = fn(&[Value], &mut Budget) -> Result<Value, String>;

const fn call(name: &'static str, usage: &'static str, args: (usize, usize), f: CallFn) -> Builtin {
    Builtin {
        name,
        usage,
        min_args: args.0,
        max_args: args.1,
        apply: Apply::Call(f),
    }
}

/// Every built-in function, in the order of the design's list.
pub(crate) static BUILTINS: &[Builtin] = &[
    map("sqrt", "sqrt(x)", f64::sqrt),
    map("exp", "exp(x)", f64::exp),
    map("log", "log(x)", f64::ln),
    map("abs", "abs(x)", f64::abs),
    map("sin", "sin(x)", f64::sin),
    map("cos", "cos(x)", f64::cos),
    map("tanh", "tanh(x)", f64::tanh),
    map("sigmoid", "sigmoid(x)", elementwise::sigmoid),
    map("relu", "relu(x)", elementwise::relu),
    map("erf", "erf(x)", elementwise::erf),
    map("erfc", "erfc(x)", elementwise::erfc),
    map("gelu", "gelu(x)", elementwise::gelu),
    map("gelu_tanh", "gelu_tanh(x)", elementwise::gelu_tanh),
    call("sum", "sum(x[, axis])", (1, 2), reduce::sum),
    call("mean", "mean(x[, axis])", (1, 2), reduce::mean),
    call("var", "var(x[, axis])", (1, 2), reduce::var),
    call("std", "std(x[, axis])", (1, 2), reduce::std),
    call("max", "max(x[, axis])", (1, 2), reduce::max),
    call("min", "min(x[, axis])", (1, 2), reduce::min),
    call("argmax", "argmax(x[, axis])", (1, 2), reduce::argmax),
    call("norm", "norm(x[, axis])", (1, 2), reduce::norm),
    call("dot", "dot(u, v)", (2, 2), arrays::dot),
    call("outer", "outer(u, v)", (2, 2), arrays::outer),
    call("transpose", "transpose(A)", (1, 1), arrays::transpose),
    call("shape", "shape(x)", (1, 1), arrays::shape),
    call("rows", "rows(X)", (1, 1), arrays::rows),
    call("cols", "cols(X)", (1, 1), arrays::cols),
    call("eye", "eye(n[, m])", (1, 2), arrays::eye),
    call("zeros", "zeros(n[, m])", (1, 2), arrays::zeros),
    call("ones", "ones(n[, m])", (1, 2), arrays::ones),
    call(
        "range",
        "range(n) or range(start, stop[, step])",
        (1, 3),
        arrays::range,
    ),
    call("concat", "concat(A, B[, axis])", (2, 3), arrays::concat),
    call(
        "reshape",
        "reshape(x, n) or reshape(x, rows, cols)",
        (2, 3),
        arrays::reshape,
    ),
    call("maximum", "maximum(A, B)", (2, 2), elementwise::maximum),
    call("minimum", "minimum(A, B)", (2, 2), elementwise::minimum),
    call("inv", "inv(A)", (1, 1), linalg::inv),
    call("det", "det(A)", (1, 1), linalg::det),
    call("softmax", "softmax(x[, T])", (1, 2), attention::softmax),
    call(
        "causal_mask",
        "causal_mask(n)",
        (1, 1),
        attention::causal_mask,
    ),
    call(
        "attention",
        "attention(Q, K, V[, M])",
        (3, 4),
        attention::attention,
    ),
    call(
        "attention_weights",
        "attention_weights(Q, K[, M])",
        (2, 3),
        attention::attention_weights,
    ),
    call(
        "multihead",
        "multihead(X, WQ, WK, WV, WO, h[, M])",
        (6, 7),
        attention::multihead,
    ),
    call("layernorm", "layernorm(X[, eps])", (1, 2), norms::layernorm),
    call("batchnorm", "batchnorm(X[, eps])", (1, 2), norms::batchnorm),
    call("rmsnorm", "rmsnorm(X[, eps])", (1, 2), norms::rmsnorm),
    call(
        "sinusoidal_pe",
        "sinusoidal_pe(n, d)",
        (2, 2),
        position::sinusoidal_pe,
    ),
    call("rope", "rope(X[, base])", (1, 2), position::rope),
    call("ffn", "ffn(X, W1, b1, W2, b2)", (5, 5), ffn::ffn),
    call(
        "rand",
        "rand(n, seed) or rand(r, c, seed)",
        (2, 3),
        random::rand,
    ),
    call(
        "randn",
        "randn(n, seed) or randn(r, c, seed)",
        (2, 3),
        random::randn,
    ),
    call("linspace", "linspace(a, b, n)", (3, 3), random::linspace),
    call("round", "round(x[, n])", (1, 2), elementwise::round),
    call("full", "full(x)", (1, 1), elementwise::full),
    map("f32", "f32(x)", elementwise::to_f32),
];

pub(crate) fn lookup(name: &str) -> Option<&'static Builtin> {
    all().find(|b| b.name == name)
}

/// The names of all built-in functions (for completion and suggestions).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    all().map(|b| b.name)
}

/// The built-ins of the language, then the model functions.
fn all() -> impl Iterator<Item = &'static Builtin> {
    BUILTINS.iter().chain(super::model_fns::builtins())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_arities_consistent() {
        let all: Vec<&Builtin> = all().collect();
        for (i, b) in all.iter().enumerate() {
            assert!(
                all[..i].iter().all(|o| o.name != b.name),
                "{} twice",
                b.name
            );
            assert!(b.min_args <= b.max_args, "{}", b.name);
            assert!(b.usage.starts_with(b.name), "{}", b.name);
        }
    }
}
