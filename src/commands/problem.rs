//! `attn-course problem ID` and `attn-course answer ID 'ANSWER'`.

use std::process::ExitCode;

use crate::settings::Settings;

pub fn show(_settings: &Settings, _id: &str) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`problem` is not built yet")
}

pub fn answer(_settings: &Settings, _id: &str, _answer: &str) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`answer` is not built yet")
}
