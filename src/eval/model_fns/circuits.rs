//! Circuits read from the weights (`qk_circuit`, `ov_circuit`, `direct_path`,
//! `composition`), a head's scores split into token and positional parts
//! (`score_part`), and direct logit attribution (`logit_attrs`, `neuron_attrs`). The
//! formulas are in `crate::model`'s `circuits.rs`.

use super::edits::edit_arg;
use super::runs::run;
use super::text::{index, whole_numbers};
use super::{Arg, Budget, Value, model, value};
use crate::model::{Composition, Run};

/// `qk_circuit(layer, head)`: vocab x vocab, query character by key character.
pub(super) fn qk_circuit(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let (m, l, h) = head_args(args)?;
    charge_circuit(budget)?;
    value(&m.qk_circuit(l, h), budget, false)
}

/// `ov_circuit(layer, head)`: vocab x vocab, attended character by output logit.
pub(super) fn ov_circuit(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let (m, l, h) = head_args(args)?;
    charge_circuit(budget)?;
    value(&m.ov_circuit(l, h), budget, false)
}

/// `direct_path()`: vocab x vocab, current character by next-character logit.
pub(super) fn direct_path(_: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let m = model()?;
    charge_circuit(budget)?;
    value(&m.direct_path(), budget, false)
}

/// A circuit is a few vocab x d x d products: charged as one 64-character pass.
fn charge_circuit(budget: &mut Budget) -> Result<(), String> {
    let m = model()?;
    budget.model_pass(m.work(m.config.n_ctx))
}

fn head_args(args: &[Arg]) -> Result<(&'static crate::model::Model, usize, usize), String> {
    let m = model()?;
    let l = index(&args[0], "layer", m.config.n_layer)?;
    let h = index(&args[1], "head", m.config.n_head)?;
    Ok((m, l, h))
}

/// `composition(kind)`: n_head x n_head scores of layer-0 heads (rows) into layer-1
/// heads (columns); kind "q", "k" or "v".
pub(super) fn composition(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let m = model()?;
    if m.config.n_layer < 2 {
        return Err("composition needs two layers".into());
    }
    let kind = match &args[0] {
        Arg::Text(k) if k == "q" => Composition::Q,
        Arg::Text(k) if k == "k" => Composition::K,
        Arg::Text(k) if k == "v" => Composition::V,
        _ => {
            return Err(
                "the kind is \"q\", \"k\" or \"v\": which input of the layer-1 head".into(),
            );
        }
    };
    charge_circuit(budget)?;
    value(&m.composition(kind), budget, false)
}

/// `score_part(text, layer, head, part)`: part "tok", "pos" or "rest" of the scores.
pub(super) fn score_part(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let m = model()?;
    let l = index(&args[1], "layer", m.config.n_layer)?;
    let h = index(&args[2], "head", m.config.n_head)?;
    let part = match &args[3] {
        Arg::Text(p) if p == "tok" => 0,
        Arg::Text(p) if p == "pos" => 1,
        Arg::Text(p) if p == "rest" => 2,
        _ => return Err("the part is \"tok\", \"pos\" or \"rest\"".into()),
    };
    let run = run(&args[0], None, budget)?;
    budget.model_pass(m.work(run.ids.len()))?;
    let [tok, pos, rest] = m.score_parts(&run, l, h);
    value(&[tok, pos, rest][part], budget, false)
}

/// `logit_attrs(text[, targets][, edit])`: n x parts, each part's direct share of the
/// logit of row t's target.
pub(super) fn logit_attrs(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let (run, targets) = attr_args(args, 1, budget)?;
    let m = model()?;
    value(&m.logit_attrs(&run, &targets), budget, false)
}

/// `neuron_attrs(text, layer[, targets][, edit])`: n x d_ff, each neuron's share.
pub(super) fn neuron_attrs(args: &[Arg], budget: &mut Budget) -> Result<Value, String> {
    let m = model()?;
    let l = index(&args[1], "layer", m.config.n_layer)?;
    let (run, targets) = attr_args(args, 2, budget)?;
    budget.work((run.ids.len() * m.config.d_ff * m.config.d_model) as u64)?;
    value(&m.neuron_attrs(&run, l, &targets), budget, false)
}

/// The run and the target of each row: `args[fixed]` when it is a value (one id for
/// every row, or one per row), else the next character (the last row: the model's own
/// likeliest); an intervention after them.
fn attr_args(
    args: &[Arg],
    fixed: usize,
    budget: &mut Budget,
) -> Result<(std::sync::Arc<Run>, Vec<usize>), String> {
    let m = model()?;
    let given = match args.get(fixed) {
        Some(Arg::Value(v)) => Some(whole_numbers(v.elements(), "a target id", m.config.vocab)?),
        _ => None,
    };
    let edit = edit_arg(args, fixed + usize::from(given.is_some()))?;
    if args.len() > fixed + usize::from(given.is_some()) + usize::from(edit.is_some()) {
        return Err("after the targets comes only the intervention".into());
    }
    let run = run(&args[0], edit, budget)?;
    let n = run.ids.len();
    let targets = match given {
        Some(t) if t.len() == 1 => vec![t[0]; n],
        Some(t) if t.len() == n => t,
        Some(t) => {
            return Err(format!(
                "the targets are one id or one per character ({n}), got {}",
                t.len()
            ));
        }
        None => {
            let last = run.logits.row(n - 1);
            let top = (0..last.len()).fold(0, |b, i| if last[i] > last[b] { i } else { b });
            run.ids[1..].iter().copied().chain([top]).collect()
        }
    };
    Ok((run, targets))
}
