use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = attn_course::cli::Cli::parse();
    attn_course::commands::run(cli)
}
