//! `attn-course eval 'EXPR' [--json]`: the evaluator on the command line (and
//! `help(model)` and `chars(ids)`, the calls whose result is text).

use std::process::ExitCode;

pub fn run(expr: &str, json: bool) -> anyhow::Result<ExitCode> {
    let mut env = crate::eval::Env::new();
    if let Some(text) = crate::eval::text_call(expr, &mut env) {
        super::say(&text.map_err(anyhow::Error::msg)?);
        return Ok(ExitCode::SUCCESS);
    }
    let value = crate::eval::run(expr, &mut env)?;
    if json {
        super::say(&value.to_json());
    } else {
        super::say(&value.to_string());
    }
    Ok(ExitCode::SUCCESS)
}
