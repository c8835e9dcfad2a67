//! The two calls whose result is text, not a value, so they stand beside the language
//! rather than in it (the command line and the scratchpad recognise them, as they
//! recognise figure calls): `help(model)`, the listing of the model's functions,
//! parameters and vocabulary; and `chars(ids)`, token ids turned back into characters.

use super::stats::{HEAD_STATS, REPEAT_STATS, STREAM_STATS};
use super::text::text;
use super::{Arg, Budget, MODEL_FUNCTIONS, Value, model};
use crate::eval::{Env, ExprKind, Statement, parse};

/// `Some` when `src` is `help(model)` or `chars(expr)`: then the text, or why there is
/// none. `chars`' argument is evaluated in `env` (a scratchpad session's bindings).
pub fn text_call(src: &str, env: &mut Env) -> Option<Result<String, String>> {
    let program = parse(src).ok()?;
    let [Statement::Expr(expr)] = program.statements.as_slice() else {
        return None;
    };
    let ExprKind::Call(name, args) = &expr.kind else {
        return None;
    };
    let [arg] = args.as_slice() else {
        return None;
    };
    match name.as_str() {
        "help" => matches!(&arg.kind, ExprKind::Name(n) if n == "model").then(model_help),
        "chars" => Some(chars(arg, env)),
        _ => None,
    }
}

/// The characters of the ids `arg` evaluates to (or of a string), quoted and escaped
/// as a string literal, so that a newline or a quote shows as `\n`, `\"`.
fn chars(arg: &crate::eval::Expr, env: &mut Env) -> Result<String, String> {
    let m = model().map_err(|e| format!("chars: {e}"))?;
    let arg = match &arg.kind {
        ExprKind::Str(s) => Arg::Text(s.clone()),
        _ => {
            let program = crate::eval::Program {
                statements: vec![Statement::Expr(arg.clone())],
            };
            Arg::Value(program.eval(env).map_err(|e| e.to_string())?)
        }
    };
    let (ids, _) = text(&arg, m).map_err(|e| format!("chars: {e}"))?;
    let shown: String = ids
        .iter()
        .map(|&i| m.vocab()[i].escape_debug().to_string())
        .collect();
    Ok(format!("\"{shown}\""))
}

/// `chars` inside an expression: it has no value to compute with.
pub(super) fn chars_in_expression(_: &[Arg], _: &mut Budget) -> Result<Value, String> {
    Err(
        "chars(ids) shows characters and has no value: write it alone, as in chars(heldout(0, 20))"
            .into(),
    )
}

/// Every model function and parameter with its shape, the statistics' names, the
/// interventions, and the vocabulary.
fn model_help() -> Result<String, String> {
    let m = model()?;
    let c = m.config;
    let mut out = format!(
        "The course's model: {} layers, {} heads of {} per layer, d = {}, d_ff = {}, \
         up to {} characters, {} characters in the vocabulary.\n\
         text = \"a string\", token ids (tokens(\"...\")), or [ids; positions] (2 x n, -1: no position)\n\n",
        c.n_layer, c.n_head, c.d_head, c.d_model, c.d_ff, c.n_ctx, c.vocab
    );
    for f in MODEL_FUNCTIONS {
        out += &format!("  {:<44} {}\n", f.builtin.usage, f.gives);
    }
    out += "\nedit (an intervention, the last argument): \"zero SITE\", \"mean SITE\" (its mean \
            on the held-out text), \"patch SITE from TEXT\", \"sym lL.hH\" / \"antisym lL.hH\" \
            (the head's W_Q W_Kᵀ made symmetric / antisymmetric), \"init SEED\" (the model as \
            training started it); several joined by \";\". SITE: embed, pos, lL.resid, lL.hH (head \
            output), lL.hH.pattern, lL.nJ (neuron), lL.attn, lL.mlp; SITE@T: character T only.\n";
    out += "\nlogit_attrs columns: ";
    out += &m.part_names().join(", ");
    out += "\nhead_stat names (rows t >= 1 of every window):\n";
    for (name, what) in HEAD_STATS {
        out += &format!("  {name:<12} {what}\n");
    }
    out += "stream_stat names:\n";
    for (name, what) in STREAM_STATS {
        out += &format!("  {name:<12} {what}\n");
    }
    out += "repeat_stat names:\n";
    for (name, what) in REPEAT_STATS {
        out += &format!("  {name:<12} {what}\n");
    }
    out += "\nparam(name):\n";
    for (name, (r, c)) in m.param_names() {
        let shape = if r == 1 {
            format!("({c})")
        } else {
            format!("{r} x {c}")
        };
        out += &format!("  {name:<14} {shape}\n");
    }
    out += "\nvocabulary (id: character):\n ";
    for (i, ch) in m.vocab().iter().enumerate() {
        out += &format!(" {i}:{}", ch.escape_debug());
    }
    Ok(out)
}
