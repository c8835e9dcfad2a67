//! `attn-course list`: lessons with their progress, one line each.

use std::process::ExitCode;

use crate::settings::Settings;

pub fn run(_settings: &Settings) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`list` is not built yet")
}
