//! `attn-course math 'LATEX' [--width W]`: one equation laid out on stdout.

use std::process::ExitCode;

use crate::settings::Settings;

pub fn run(settings: &Settings, latex: &str, width: Option<u16>) -> anyhow::Result<ExitCode> {
    let width = width.map_or(80, usize::from);
    let opts = crate::math::Options {
        ascii: settings.ascii,
    };
    let lines = crate::math::display(latex, width, &opts)?;
    for line in lines {
        super::say(&line);
    }
    Ok(ExitCode::SUCCESS)
}
