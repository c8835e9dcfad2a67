//! `attn-course read N [--width W]`: a lesson as plain text, for pipes and pagers.

use std::process::ExitCode;

use crate::settings::Settings;

pub fn run(_settings: &Settings, _n: usize, _width: Option<u16>) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`read` is not built yet")
}
