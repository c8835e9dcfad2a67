//! `attn-course explain 'LATEX' [--width W]`: an equation from a paper, drawn, then its
//! legend (see [`crate::lens`]); `--tex FILE`: every display equation of a paper's
//! source, in order, each with its legend.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

use crate::content::Course;
use crate::math::Options;
use crate::settings::Settings;

/// The largest source `--tex` reads: a paper's `.tex` is well under a megabyte.
const MAX_TEX_BYTES: u64 = 1 << 20;

pub fn run(
    settings: &Settings,
    latex: Option<&str>,
    tex: Option<&Path>,
    width: Option<u16>,
) -> anyhow::Result<ExitCode> {
    let width = match width {
        Some(0) => anyhow::bail!("--width must be at least 1"),
        Some(w) => usize::from(w),
        None => 80,
    };
    let course = Course::load(settings.course_dir.as_deref())?;
    let opts = Options {
        ascii: settings.ascii,
    };
    match (latex, tex) {
        (_, Some(path)) => paper(&course, path, width, &opts),
        (Some(latex), None) => {
            let legend = crate::lens::explain(&course, latex)?;
            for line in crate::lens::render(&legend, width, &opts) {
                super::say(&line);
            }
            Ok(ExitCode::SUCCESS)
        }
        (None, None) => anyhow::bail!("give an equation, or --tex FILE"),
    }
}

/// Every display equation of the source at `path`, with its legend, then a count.
fn paper(course: &Course, path: &Path, width: usize, opts: &Options) -> anyhow::Result<ExitCode> {
    let shown = path.display().to_string();
    let bytes = crate::disk::read_regular(path, MAX_TEX_BYTES).map_err(|e| match e {
        crate::disk::Refused::TooLarge(n) => anyhow::anyhow!(
            "{shown}: {n} bytes or more, over the {MAX_TEX_BYTES}-byte cap for a paper's source"
        ),
        other => anyhow::anyhow!("{shown}: {other}"),
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let equations = crate::lens::tex::equations(&text).with_context(|| shown.clone())?;
    let (mut placed, mut refused) = (0, 0);
    for (k, eq) in equations.iter().enumerate() {
        super::say(&format!("({}) line {}", k + 1, eq.line));
        match crate::lens::explain(course, &eq.tex) {
            Ok(legend) => {
                placed += usize::from(!legend.has_unplaced());
                for line in crate::lens::render(&legend, width, opts) {
                    super::say(&format!("  {line}"));
                }
            }
            Err(e) => {
                refused += 1;
                super::say(&format!("  not drawn: {e}"));
            }
        }
        super::say("");
    }
    super::say(&format!(
        "{} display equations: {placed} with every symbol in this course, {refused} not drawn",
        equations.len()
    ));
    Ok(ExitCode::SUCCESS)
}
