//! `attn-course progress (show | export FILE | import FILE | reset)`.

use std::process::ExitCode;

use crate::cli::ProgressAction;
use crate::settings::Settings;

pub fn run(_settings: &Settings, _action: ProgressAction) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`progress` is not built yet")
}
