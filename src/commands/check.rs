//! `attn-course check`: validates a course so that a broken lesson cannot land.

use std::process::ExitCode;

use crate::settings::Settings;

pub fn run(_settings: &Settings, _seeds: u32) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`check` is not built yet")
}
