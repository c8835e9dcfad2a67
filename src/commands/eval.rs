//! `attn-course eval 'EXPR' [--json]`: the evaluator on the command line.

use std::process::ExitCode;

pub fn run(expr: &str, json: bool) -> anyhow::Result<ExitCode> {
    let mut env = crate::eval::Env::new();
    let value = crate::eval::run(expr, &mut env)?;
    if json {
        super::say(&value.to_json());
    } else {
        super::say(&value.to_string());
    }
    Ok(ExitCode::SUCCESS)
}
