//! `attn-course explain 'LATEX' [--width W]`: an equation from a paper, drawn, then its
//! legend (see [`crate::lens`]).

use std::process::ExitCode;

use crate::content::Course;
use crate::settings::Settings;

pub fn run(settings: &Settings, latex: &str, width: Option<u16>) -> anyhow::Result<ExitCode> {
    let width = match width {
        Some(0) => anyhow::bail!("--width must be at least 1"),
        Some(w) => usize::from(w),
        None => 80,
    };
    let course = Course::load(settings.course_dir.as_deref())?;
    let opts = crate::math::Options {
        ascii: settings.ascii,
    };
    let legend = crate::lens::explain(&course, latex)?;
    for line in crate::lens::render(&legend, width, &opts) {
        super::say(&line);
    }
    Ok(ExitCode::SUCCESS)
}
