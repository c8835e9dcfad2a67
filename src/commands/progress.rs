//! `attn-course progress (show | export FILE | import FILE | reset)`.
//!
//! Lessons and problems are listed by the slug and id the record holds, including ones
//! the course no longer has: the record is never pruned, so this is where a learner
//! finds progress on a lesson that was renamed or removed. The texts themselves (the
//! record report, the notes as markdown) are `progress::report`'s; this module runs
//! the command.

use std::process::ExitCode;

use anyhow::Context;

use crate::cli::ProgressAction;
use crate::content::Course;
use crate::progress::clock;
use crate::progress::report::{notes_markdown, show, shown_path};
use crate::sanitize::one_line;
use crate::settings::Settings;
use crate::store;

pub fn run(settings: &Settings, action: ProgressAction) -> anyhow::Result<ExitCode> {
    let opened = super::open_store(settings);
    let (mut store, mut progress) = (opened.store, opened.progress);
    match action {
        ProgressAction::Show => {
            let course = Course::load(settings.course_dir.as_deref())
                .inspect_err(|e| {
                    eprintln!(
                        "attn-course: {}; listing the record without lesson numbers",
                        one_line(&e.to_string())
                    )
                })
                .ok();
            let text = show(&progress, store.path(), course.as_ref());
            super::say(text.strip_suffix('\n').unwrap_or(&text));
        }
        ProgressAction::Export { file, notes, force } => {
            if let Some(file) = file {
                let text = store::record_text(&progress).map_err(|e| anyhow::anyhow!(e))?;
                let to = store::export(&store, &file, text.as_bytes(), force)
                    .map_err(|e| anyhow::anyhow!(one_line(&e)))?;
                report(&to, &format!("exported your record to {to}"));
            }
            if let Some(file) = notes {
                let course = Course::load(settings.course_dir.as_deref()).ok();
                let text = notes_markdown(&progress, course.as_ref());
                let to = store::export(&store, &file, text.as_bytes(), force)
                    .map_err(|e| anyhow::anyhow!(one_line(&e)))?;
                let n = progress.notes.len();
                let s = if n == 1 { "" } else { "s" };
                report(&to, &format!("exported {n} note{s} to {to}"));
            }
        }
        ProgressAction::Import { file } => {
            let imported = store::read_record(&file, clock::now())?;
            if let Some(notice) = store.import(&mut progress, &imported)? {
                eprintln!("attn-course: {}", one_line(&notice));
            }
            super::say(&format!(
                "merged {} into {}",
                one_line(&file.display().to_string()),
                shown_path(store.path())
            ));
        }
        ProgressAction::Reset { yes } => {
            let question = format!(
                "Start over? Your record at {} is kept beside the new one.",
                shown_path(store.path())
            );
            if !yes && !super::confirm::ask(&question, "progress reset")? {
                super::say("nothing changed");
                return Ok(ExitCode::from(1));
            }
            let (_, kept) = store.reset().context("reset failed")?;
            super::say(&match kept {
                Some(old) => format!(
                    "started fresh; your old record is kept at {}",
                    one_line(&old.display().to_string())
                ),
                None => "started fresh (there was no record yet)".to_string(),
            });
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Says where an export went: on stdout, unless stdout was the export itself.
fn report(to: &store::Exported, line: &str) {
    match to {
        store::Exported::Stdout => eprintln!("attn-course: {}", one_line(line)),
        store::Exported::File { .. } => {
            super::say(&one_line(line));
        }
    }
}
