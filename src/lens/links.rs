//! A legend's links into the course: the section that derives a thing (by its `## N.k`
//! number) and the first problem under that section, which practises it.

use crate::content::{BlockKind, Course};

/// Where the course derives and practises something.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// "2.3".
    pub section: String,
    /// The section's heading, without its number.
    pub title: String,
    /// The lesson's index in the course (0-based) and the heading's block.
    pub lesson: usize,
    pub block: usize,
    /// The first problem under the section, numbered as the command line does ("2.4"),
    /// with its block; `None` when the section has none.
    pub problem: Option<(String, usize)>,
}

/// The link for section `number` ("2.3"), or `None` when the course has no such section.
pub fn resolve(course: &Course, number: &str) -> Option<Link> {
    let lesson: usize = number.split('.').next()?.parse().ok()?;
    let index = lesson.checked_sub(1)?;
    let l = course.lessons.get(index)?;
    let sections = l.sections();
    let at = sections
        .iter()
        .position(|s| s.title.split_whitespace().next() == Some(number))?;
    let heading = &sections[at];
    let next = sections.get(at + 1).map_or(usize::MAX, |s| s.block);
    let mut count = 0;
    let mut problem = None;
    for (i, b) in l.blocks().iter().enumerate() {
        if matches!(b.kind, BlockKind::Problem(_)) {
            count += 1;
            if i > heading.block && i < next {
                problem = Some((format!("{lesson}.{count}"), i));
                break;
            }
        }
    }
    let title = heading
        .title
        .split_once(' ')
        .map_or("", |(_, t)| t)
        .trim_end_matches("{.model}")
        .trim()
        .to_string();
    Some(Link {
        section: number.to_string(),
        title,
        lesson: index,
        block: heading.block,
        problem,
    })
}
