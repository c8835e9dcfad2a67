//! `attn-course check`: validates a course so that a broken lesson cannot land. Prints
//! one `file:line: message` per finding, then a summary; exit 1 when anything is wrong.

use std::process::ExitCode;

use crate::content::Course;
use crate::settings::Settings;

pub fn run(settings: &Settings, seeds: u32) -> anyhow::Result<ExitCode> {
    let course = Course::load(settings.course_dir.as_deref())?;
    let (findings, tally) = crate::check::check(&course, seeds);
    for f in &findings {
        super::say(&crate::sanitize::one_line(&f.to_string()));
    }
    let summary = format!(
        "{} lessons, {} equations, {} problems ({} seeds each), {} computed claims, {} figures",
        tally.lessons, tally.equations, tally.problems, seeds, tally.claims, tally.figures
    );
    if findings.is_empty() {
        super::say(&format!("ok: {summary}"));
        Ok(ExitCode::SUCCESS)
    } else {
        super::say(&format!("{} findings in {summary}", findings.len()));
        Ok(ExitCode::from(1))
    }
}
