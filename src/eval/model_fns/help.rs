//! `help(model)`: the listing of the model's functions, parameters and vocabulary that
//! the command line and the scratchpad show. Text, not a value, so it stands beside the
//! language rather than in it.

use super::{GIVES, MODEL_BUILTINS, model};
use crate::eval::{ExprKind, Statement, parse};

/// `Some` when `src` is `help(model)`: then the listing, or why there is no model. Not
/// a function of the language (its value is text); the command line and the scratchpad
/// recognise it, as they recognise figure calls.
pub fn help_call(src: &str) -> Option<Result<String, String>> {
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
    (name == "help" && matches!(&arg.kind, ExprKind::Name(n) if n == "model")).then(model_help)
}

/// Every model function and parameter with its shape, and the vocabulary.
fn model_help() -> Result<String, String> {
    let m = model()?;
    let c = m.config;
    let mut out = format!(
        "The course's model: {} layers, {} heads of {} per layer, d = {}, d_ff = {}, \
         up to {} characters, {} characters in the vocabulary.\n\
         text = \"a string\", token ids (tokens(\"...\")), or [ids; positions] (2 x n, -1: no position)\n\n",
        c.n_layer, c.n_head, c.d_head, c.d_model, c.d_ff, c.n_ctx, c.vocab
    );
    for (b, gives) in MODEL_BUILTINS.iter().zip(GIVES) {
        out += &format!("  {:<32} {gives}\n", b.usage);
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
