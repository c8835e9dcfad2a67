//! The evaluator's window into the course's trained model (`crate::model`): its
//! parameters by name and, after running a text, every activation.
//!
//! Values stay numbers: a text is given as a string literal (`"the key"`), which only
//! these functions accept, or as its token ids (`tokens("the key")`, a vector), or as a
//! 2 x n matrix whose rows are token ids and positions (`-1`: no positional vector), which
//! is how a lesson shuffles or removes positions. The last run is kept, so several
//! questions about one text cost one forward pass.

mod circuits;
mod edits;
mod help;
mod runs;
mod stats;
mod text;

use std::sync::Arc;

use super::args::integer;
use super::budget::Budget;
use super::builtin::{Apply, Arg, Builtin, ModelFn};
use super::value::{Matrix, Value};
use crate::model::{Model, Run, Tensor, shipped};
use edits::edit_arg;
pub use help::text_call;
use text::{index, number, text};

/// A model function and what it gives (for `help(model)`).
pub(crate) struct ModelFunction {
    pub builtin: Builtin,
    gives: &'static str,
}

const fn model_fn(
    usage: &'static str,
    name: &'static str,
    args: (usize, usize),
    f: ModelFn,
    gives: &'static str,
) -> ModelFunction {
    ModelFunction {
        builtin: Builtin {
            name,
            usage,
            min_args: args.0,
            max_args: args.1,
            apply: Apply::Model(f),
        },
        gives,
    }
}

/// The model functions (looked up with the other built-ins), in the order `help(model)`
/// lists them. `[, edit]`: an intervention, see `edits.rs`.
pub(crate) static MODEL_FUNCTIONS: &[ModelFunction] = &[
    model_fn("tokens(text)", "tokens", (1, 1), tokens, "token ids (n)"),
    model_fn(
        "chars(ids)",
        "chars",
        (1, 1),
        help::chars_in_expression,
        "shows the characters of token ids (alone, not in an expression)",
    ),
    model_fn(
        "param(name[, \"init SEED\"])",
        "param",
        (1, 2),
        param,
        "a parameter by name (below); with \"init SEED\", as train.py starts it",
    ),
    model_fn(
        "logits(text[, edit])",
        "logits",
        (1, 2),
        logits,
        "next-character logits (n x vocab)",
    ),
    model_fn(
        "top_next(text[, k][, edit])",
        "top_next",
        (1, 3),
        top_next,
        "the k (default 5) likeliest next characters: rows [id, probability] (k x 2)",
    ),
    model_fn(
        "loss(text[, edit])",
        "loss",
        (1, 2),
        loss,
        "mean next-character cross-entropy over the text, nats",
    ),
    model_fn(
        "resid(text, layer[, edit])",
        "resid",
        (2, 3),
        resid,
        "stream entering the layer (n x d); layer = n_layer: the last output",
    ),
    model_fn(
        "resid_mid(text, layer[, edit])",
        "resid_mid",
        (2, 3),
        resid_mid,
        "stream after the layer's attention, before its FFN (n x d)",
    ),
    model_fn(
        "attn_scores(text, layer, head[, edit])",
        "attn_scores",
        (3, 4),
        attn_scores,
        "Q Kᵀ / √d_head plus the causal mask (n x n)",
    ),
    model_fn(
        "attn_weights(text, layer, head[, edit])",
        "attn_weights",
        (3, 4),
        attn_weights,
        "softmax of the scores, row by row (n x n)",
    ),
    model_fn(
        "head_out(text, layer, head[, edit])",
        "head_out",
        (3, 4),
        head_out,
        "weights V, before W_O (n x d_head)",
    ),
    model_fn(
        "attn_out(text, layer[, edit])",
        "attn_out",
        (2, 3),
        attn_out,
        "what the attention adds to the stream (n x d)",
    ),
    model_fn(
        "mlp_hidden(text, layer[, edit])",
        "mlp_hidden",
        (2, 3),
        mlp_hidden,
        "GELU(LN2(x) W1 + b1) (n x d_ff)",
    ),
    model_fn(
        "mlp_out(text, layer[, edit])",
        "mlp_out",
        (2, 3),
        mlp_out,
        "what the FFN adds to the stream (n x d)",
    ),
    model_fn(
        "logit_attrs(text[, targets][, edit])",
        "logit_attrs",
        (1, 3),
        circuits::logit_attrs,
        "direct share of each part in row t's target logit (n x parts; targets default: the next characters)",
    ),
    model_fn(
        "neuron_attrs(text, layer[, targets][, edit])",
        "neuron_attrs",
        (2, 4),
        circuits::neuron_attrs,
        "each FFN neuron's direct share of the target logit (n x d_ff)",
    ),
    model_fn(
        "score_part(text, layer, head, part)",
        "score_part",
        (4, 4),
        circuits::score_part,
        "part \"tok\", \"pos\" or \"rest\" of the scores; the three add up to attn_scores (n x n)",
    ),
    model_fn(
        "qk_circuit(layer, head)",
        "qk_circuit",
        (2, 2),
        circuits::qk_circuit,
        "LN1(E) W_Q W_Kᵀ LN1(E)ᵀ / √d_head: query character by key character (vocab x vocab)",
    ),
    model_fn(
        "ov_circuit(layer, head)",
        "ov_circuit",
        (2, 2),
        circuits::ov_circuit,
        "LN1(E) W_V W_O diag(g_f) Eᵀ: attended character by logit (vocab x vocab)",
    ),
    model_fn(
        "direct_path()",
        "direct_path",
        (0, 0),
        circuits::direct_path,
        "LN_f(E) Eᵀ: the logits of the embedding alone (vocab x vocab)",
    ),
    model_fn(
        "composition(kind)",
        "composition",
        (1, 1),
        circuits::composition,
        "kind \"q\", \"k\", \"v\": layer-0 head (row) into layer-1 head (column) (n_head x n_head)",
    ),
    model_fn(
        "heldout(start[, n])",
        "heldout",
        (1, 2),
        stats::heldout,
        "token ids of n (default 64) held-out characters from start: a text; heldout(indices): the id at each index",
    ),
    model_fn(
        "heldout_loss([edit])",
        "heldout_loss",
        (0, 1),
        stats::heldout_loss,
        "mean loss over every 64-character window of the held-out text",
    ),
    model_fn(
        "head_stat(name[, edit])",
        "head_stat",
        (1, 2),
        stats::head_stat,
        "a statistic of every head over the held-out text (n_layer x n_head), names below",
    ),
    model_fn(
        "stream_stat(name[, edit])",
        "stream_stat",
        (1, 2),
        stats::stream_stat,
        "a statistic of each stream resid(text, 0..n_layer) over the held-out text (vector), names below",
    ),
    model_fn(
        "part_attrs([edit])",
        "part_attrs",
        (0, 1),
        stats::part_attrs,
        "mean direct share of each part (logit_attrs columns) in the right next character's logit, held-out text",
    ),
    model_fn(
        "heldout_mean(site)",
        "heldout_mean",
        (1, 1),
        stats::heldout_mean,
        "the held-out mean a \"mean SITE\" edit substitutes",
    ),
    model_fn(
        "top_contexts(layer, neuron[, k])",
        "top_contexts",
        (2, 3),
        stats::top_contexts,
        "the neuron's k (default 5, at most 16) largest activations on the held-out text: rows [index, activation]",
    ),
    model_fn(
        "repeat_stat(name[, edit])",
        "repeat_stat",
        (1, 2),
        stats::repeat_stat,
        "on 16 random texts of 32 characters said twice, names below",
    ),
    model_fn(
        "ngram_loss(order[, text])",
        "ngram_loss",
        (1, 2),
        stats::ngram_loss,
        "loss of the add-one unigram (1) or bigram (2) model of the training text, on the held-out windows or a text",
    ),
];

/// What `functions` chains after the language's built-ins.
pub(crate) fn builtins() -> impl Iterator<Item = &'static Builtin> {
    MODEL_FUNCTIONS.iter().map(|f| &f.builtin)
}

/// The model, or the evaluator's message when the course has none.
fn model() -> Result<&'static Model, String> {
    shipped().map_err(|e| format!("no model: {e}"))
}

fn tokens(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let (ids, _) = text(&args[0], model()?)?;
    budget.alloc("the token ids", 1, ids.len())?;
    Ok(Value::Vector(ids.iter().map(|&i| i as f64).collect()))
}

fn param(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let Arg::Text(name) = &args[0] else {
        return Err("the name must be a string, as in param(\"l0.h1.W_Q\")".into());
    };
    let m = edits::initial(model()?, edit_arg(args, 1)?)?;
    let t = m.param(name).ok_or_else(|| {
        format!("no parameter {name:?}; help(model) lists them (e.g. \"l0.h1.W_Q\", \"tok_emb\")")
    })?;
    value(&t, budget, t.rows() == 1)
}

fn logits(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    value(&run(args, 1, budget)?.logits, budget, false)
}

fn top_next(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let vocab = model()?.config.vocab;
    let k = match args.get(1).filter(|a| matches!(a, Arg::Value(_))) {
        Some(a) => {
            let k = integer(number(a, "k")?, "k")?;
            if !(1..=vocab as i64).contains(&k) {
                return Err(format!("k must be from 1 to {vocab}, got {k}"));
            }
            k as usize
        }
        None => 5,
    };
    let given_k = usize::from(matches!(args.get(1), Some(Arg::Value(_))));
    let run = run(args, 1 + given_k, budget)?;
    let last = run.logits.row(run.logits.rows() - 1);
    let probs = softmax(last);
    let mut order: Vec<usize> = (0..probs.len()).collect();
    order.sort_by(|&a, &b| probs[b].total_cmp(&probs[a]).then(a.cmp(&b)));
    let data = order[..k]
        .iter()
        .flat_map(|&i| [i as f64, probs[i]])
        .collect();
    Ok(Value::Matrix(
        Matrix::new(k, 2, data).expect("k x 2 entries"),
    ))
}

fn loss(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let run = run(args, 1, budget)?;
    let n = run.ids.len();
    if n < 2 {
        return Err("the loss needs a text of at least 2 characters".into());
    }
    let total: f64 = (0..n - 1)
        .map(|t| -softmax(run.logits.row(t))[run.ids[t + 1]].ln())
        .sum();
    Ok(Value::Scalar(total / (n - 1) as f64))
}

fn resid(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let n_layer = model()?.config.n_layer;
    let l = index(&args[1], "layer", n_layer + 1)?;
    value(&run(args, 2, budget)?.resid[l], budget, false)
}

/// The functions of one layer's activations.
macro_rules! per_layer {
    ($name:ident, $field:ident) => {
        fn $name(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
            let l = index(&args[1], "layer", model()?.config.n_layer)?;
            value(&run(args, 2, budget)?.$field[l], budget, false)
        }
    };
}

/// The functions of one head's activations.
macro_rules! per_head {
    ($name:ident, $field:ident) => {
        fn $name(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
            let c = model()?.config;
            let l = index(&args[1], "layer", c.n_layer)?;
            let h = index(&args[2], "head", c.n_head)?;
            value(&run(args, 3, budget)?.$field[l][h], budget, false)
        }
    };
}

per_layer!(resid_mid, resid_mid);
per_layer!(attn_out, attn_out);
per_layer!(mlp_hidden, mlp_hidden);
per_layer!(mlp_out, mlp_out);
per_head!(attn_scores, scores);
per_head!(attn_weights, weights);
per_head!(head_out, head_out);

/// The run of the text `args[0]` with the intervention at `args[fixed]`, if any.
fn run(args: &[Arg], fixed: usize, budget: &mut Budget) -> Result<Arc<Run>, String> {
    runs::run(&args[0], edit_arg(args, fixed)?, budget)
}

/// A tensor as an evaluator value (a vector when asked and it is one row).
fn value(t: &Tensor, budget: &mut Budget, as_vector: bool) -> Result<Value, String> {
    budget.alloc("the result", t.rows(), t.cols())?;
    let data: Vec<f64> = t.data().iter().map(|&x| f64::from(x)).collect();
    Ok(if as_vector {
        Value::Vector(data)
    } else {
        Value::Matrix(
            Matrix::new(t.rows(), t.cols(), data).expect("a tensor has rows x cols entries"),
        )
    })
}

fn softmax(row: &[f32]) -> Vec<f64> {
    let max = row
        .iter()
        .fold(f64::NEG_INFINITY, |m, &x| m.max(f64::from(x)));
    let exps: Vec<f64> = row.iter().map(|&x| (f64::from(x) - max).exp()).collect();
    let total: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / total).collect()
}

#[cfg(test)]
mod tests;
