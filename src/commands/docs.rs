//! `attn-course completions SHELL` and `attn-course man`: generated from the clap
//! definition ([`crate::cli::command`]), so they can never disagree with it.

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;

pub fn completions(shell: clap_complete::Shell) -> anyhow::Result<ExitCode> {
    let mut cmd = crate::cli::command();
    let name = cmd.get_name().to_string();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, name, &mut out);
    write_stdout(&out)
}

pub fn man() -> anyhow::Result<ExitCode> {
    let mut out = Vec::new();
    clap_mangen::Man::new(crate::cli::command())
        .render(&mut out)
        .context("writing the man page")?;
    write_stdout(&out)
}

fn write_stdout(bytes: &[u8]) -> anyhow::Result<ExitCode> {
    std::io::stdout()
        .write_all(bytes)
        .context("writing to stdout")?;
    Ok(ExitCode::SUCCESS)
}
