//! The terminal lifecycle and event loop.

use std::process::ExitCode;

use crate::settings::Settings;

pub fn run(_settings: &Settings) -> anyhow::Result<ExitCode> {
    anyhow::bail!("the reader is not built yet")
}
