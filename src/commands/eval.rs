//! `attn-course eval 'EXPR' [--json]`: the evaluator on the command line (and
//! `help(model)`, the names of the course's model).

use std::process::ExitCode;

pub fn run(expr: &str, json: bool) -> anyhow::Result<ExitCode> {
    if let Some(help) = crate::eval::help_call(expr) {
        super::say(&help.map_err(anyhow::Error::msg)?);
        return Ok(ExitCode::SUCCESS);
    }
    let mut env = crate::eval::Env::new();
    let value = crate::eval::run(expr, &mut env)?;
    if json {
        super::say(&value.to_json());
    } else {
        super::say(&value.to_string());
    }
    Ok(ExitCode::SUCCESS)
}
