//! The evaluator's window into the course's trained model (`crate::model`): its
//! parameters by name and, after running a text, every activation.
//!
//! Values stay numbers: a text is given as a string literal (`"the key"`), which only
//! these functions accept, or as its token ids (`tokens("the key")`, a vector), or as a
//! 2 x n matrix whose rows are token ids and positions (`-1`: no positional vector), which
//! is how a lesson shuffles or removes positions. The last run is kept, so several
//! questions about one text cost one forward pass.

mod help;
mod text;

use std::sync::{Arc, Mutex};

use super::args::integer;
use super::budget::Budget;
use super::builtin::{Apply, Arg, Builtin, ModelFn};
use super::value::{Matrix, Value};
use crate::model::{Model, Run, Tensor, shipped};
pub use help::help_call;
use text::{index, number, text};

const fn model_fn(
    name: &'static str,
    usage: &'static str,
    args: (usize, usize),
    f: ModelFn,
) -> Builtin {
    Builtin {
        name,
        usage,
        min_args: args.0,
        max_args: args.1,
        apply: Apply::Model(f),
    }
}

/// The model functions (looked up with the other built-ins).
pub(crate) static MODEL_BUILTINS: &[Builtin] = &[
    model_fn("tokens", "tokens(text)", (1, 1), tokens),
    model_fn("param", "param(name)", (1, 1), param),
    model_fn("logits", "logits(text)", (1, 1), logits),
    model_fn("top_next", "top_next(text[, k])", (1, 2), top_next),
    model_fn("loss", "loss(text)", (1, 1), loss),
    model_fn("resid", "resid(text, layer)", (2, 2), resid),
    model_fn("resid_mid", "resid_mid(text, layer)", (2, 2), resid_mid),
    model_fn(
        "attn_scores",
        "attn_scores(text, layer, head)",
        (3, 3),
        attn_scores,
    ),
    model_fn(
        "attn_weights",
        "attn_weights(text, layer, head)",
        (3, 3),
        attn_weights,
    ),
    model_fn("head_out", "head_out(text, layer, head)", (3, 3), head_out),
    model_fn("attn_out", "attn_out(text, layer)", (2, 2), attn_out),
    model_fn("mlp_hidden", "mlp_hidden(text, layer)", (2, 2), mlp_hidden),
    model_fn("mlp_out", "mlp_out(text, layer)", (2, 2), mlp_out),
];

/// What each model function gives, in the order of [`MODEL_BUILTINS`] (for `help(model)`).
const GIVES: [&str; 13] = [
    "token ids (n)",
    "a parameter by name (below)",
    "next-character logits (n x vocab)",
    "the k (default 5) likeliest next characters: rows [id, probability] (k x 2)",
    "mean next-character cross-entropy over the text, nats",
    "stream entering the layer (n x d); layer = n_layer: the last output",
    "stream after the layer's attention, before its FFN (n x d)",
    "Q Kᵀ / √d_head plus the causal mask (n x n)",
    "softmax of the scores, row by row (n x n)",
    "weights V, before W_O (n x d_head)",
    "what the attention adds to the stream (n x d)",
    "GELU(LN2(x) W1 + b1) (n x d_ff)",
    "what the FFN adds to the stream (n x d)",
];

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
    let m = model()?;
    let t = m.param(name).ok_or_else(|| {
        format!("no parameter {name:?}; help(model) lists them (e.g. \"l0.h1.W_Q\", \"tok_emb\")")
    })?;
    value(&t, budget, t.rows() == 1)
}

fn logits(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    value(&run(&args[0], budget)?.logits, budget, false)
}

fn top_next(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let vocab = model()?.config.vocab;
    let k = match args.get(1) {
        Some(a) => {
            let k = integer(number(a, "k")?, "k")?;
            if !(1..=vocab as i64).contains(&k) {
                return Err(format!("k must be from 1 to {vocab}, got {k}"));
            }
            k as usize
        }
        None => 5,
    };
    let run = run(&args[0], budget)?;
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
    let run = run(&args[0], budget)?;
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
    value(&run(&args[0], budget)?.resid[l], budget, false)
}

/// The functions of one layer's activations.
macro_rules! per_layer {
    ($name:ident, $field:ident) => {
        fn $name(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
            let l = index(&args[1], "layer", model()?.config.n_layer)?;
            value(&run(&args[0], budget)?.$field[l], budget, false)
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
            value(&run(&args[0], budget)?.$field[l][h], budget, false)
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

/// The last run, kept so that several questions about one text run the model once.
static LAST_RUN: Mutex<Option<Arc<Run>>> = Mutex::new(None);

/// The forward pass over `text`, from the kept run when it is the same text; a new pass
/// is charged its multiply-adds.
fn run(text_arg: &Arg, budget: &mut Budget) -> Result<Arc<Run>, String> {
    let m = model()?;
    let (ids, positions) = text(text_arg, m)?;
    let mut last = LAST_RUN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(run) = last
        .as_ref()
        .filter(|r| r.ids == ids && r.positions == positions)
    {
        return Ok(Arc::clone(run));
    }
    budget.work(m.work(ids.len()))?;
    let run = Arc::new(m.run(&ids, &positions)?);
    *last = Some(Arc::clone(&run));
    Ok(run)
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
mod tests {
    use crate::eval::{Env, Value, run};

    fn eval(src: &str) -> Result<Value, String> {
        run(src, &mut Env::new()).map_err(|e| e.to_string())
    }

    #[test]
    fn strings_are_only_arguments_of_model_functions() {
        assert_eq!(
            eval("sum(\"ab\")").unwrap_err(),
            "a string can only be the text or name given to a model function, as in tokens(\"the key\") at 1:5"
        );
        assert!(eval("let s = \"ab\"").is_err());
        assert_eq!(
            eval("tokens(\"a\\\"b\")").unwrap().len(),
            3,
            "escapes resolve"
        );
        assert!(
            eval("tokens(\"ab")
                .unwrap_err()
                .starts_with("unterminated string")
        );
    }

    #[test]
    fn a_text_is_a_string_token_ids_or_ids_and_positions() {
        let ids = eval("tokens(\"the key\")").unwrap();
        assert_eq!(ids.len(), 7);
        let by_string = eval("logits(\"the key\")").unwrap();
        assert_eq!(eval("logits(tokens(\"the key\"))").unwrap(), by_string);
        assert_eq!(
            eval("let t = tokens(\"the key\"); logits([t, range(7)])").unwrap(),
            by_string
        );
        let no_positions = eval("let t = tokens(\"the key\"); logits([t, -ones(7)])").unwrap();
        assert_ne!(
            no_positions, by_string,
            "removing positions changes the logits"
        );
        assert_eq!(
            eval("tokens(\"Ω\")").unwrap_err(),
            "tokens: character 'Ω' at 1 is not in the model's vocabulary at 1:1"
        );
        assert!(
            eval("logits([0.5])")
                .unwrap_err()
                .contains("a token id must be a whole number")
        );
        let long = "a".repeat(65);
        assert!(
            eval(&format!("logits(\"{long}\")"))
                .unwrap_err()
                .contains("reads 1 to 64 characters")
        );
        assert!(
            eval("logits([[1, 2], [0, 64]])")
                .unwrap_err()
                .contains("a position (or -1)")
        );
    }

    #[test]
    fn attention_weights_are_causal_rows_of_a_softmax() {
        let Value::Matrix(w) = eval("attn_weights(\"the query\", 1, 2)").unwrap() else {
            panic!("a matrix")
        };
        for i in 0..w.rows() {
            assert!((w.row(i).iter().sum::<f64>() - 1.0).abs() < 1e-6);
            assert!(
                w.row(i)[i + 1..].iter().all(|&x| x == 0.0),
                "row {i} sees the future"
            );
        }
        let s = eval("attn_scores(\"the query\", 1, 2)").unwrap();
        assert_eq!(
            eval("softmax(attn_scores(\"the query\", 1, 2))")
                .unwrap()
                .shape(),
            s.shape()
        );
        let diff = eval(
            "max(abs(softmax(attn_scores(\"the query\", 1, 2)) - attn_weights(\"the query\", 1, 2)))",
        );
        assert!(diff.unwrap().as_scalar().unwrap() < 1e-6);
        assert_eq!(
            eval("attn_weights(\"ab\", 2, 0)").unwrap_err(),
            "attn_weights: layer must be from 0 to 1, got 2 at 1:1"
        );
        assert!(
            eval("attn_weights(\"ab\", 0, 4)")
                .unwrap_err()
                .contains("head must be from 0 to 3")
        );
    }

    #[test]
    fn per_head_parameters_are_slices_of_the_stored_ones() {
        assert_eq!(
            eval("shape(param(\"l0.h1.W_Q\"))").unwrap(),
            Value::Vector(vec![64.0, 16.0])
        );
        let q = eval("param(\"l0.h1.W_Q\")[3, 5] - param(\"l0.attn.W_Q\")[3, 21]").unwrap();
        assert_eq!(q.as_scalar(), Some(0.0));
        let o = eval("param(\"l1.h3.W_O\")[2, 7] - param(\"l1.attn.W_O\")[50, 7]").unwrap();
        assert_eq!(o.as_scalar(), Some(0.0));
        assert_eq!(
            eval("shape(param(\"l1.ffn.b1\"))").unwrap(),
            Value::Vector(vec![256.0])
        );
        assert!(
            eval("param(\"l2.attn.W_Q\")")
                .unwrap_err()
                .contains("no parameter \"l2.attn.W_Q\"")
        );
        assert!(
            eval("param(3)")
                .unwrap_err()
                .contains("the name must be a string")
        );
    }

    #[test]
    fn the_stream_adds_up_and_top_next_is_sorted() {
        let gap = eval(
            "let s = tokens(\"the key\"); max(abs(resid(s, 0) + attn_out(s, 0) + mlp_out(s, 0) - resid(s, 1)))",
        );
        assert!(gap.unwrap().as_scalar().unwrap() < 1e-5);
        let Value::Matrix(top) = eval("top_next(\"the k\", 3)").unwrap() else {
            panic!("a matrix")
        };
        assert!(top.get(0, 1) >= top.get(1, 1) && top.get(1, 1) >= top.get(2, 1));
        assert!(
            eval("loss(\"a\")")
                .unwrap_err()
                .contains("at least 2 characters")
        );
    }

    #[test]
    fn help_lists_every_function_and_parameter() {
        assert!(super::help_call("1 + 1").is_none());
        let help = super::help_call(" help( model ) ").unwrap().unwrap();
        for b in super::MODEL_BUILTINS {
            assert!(help.contains(b.usage), "{}", b.name);
        }
        assert!(help.contains("l1.h3.W_O      16 x 64"));
        assert!(help.contains("l0.ln1.g       (64)"));
    }
}
