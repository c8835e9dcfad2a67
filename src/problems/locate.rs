//! Problems are numbered `L.K` for display (lesson L, K-th problem in it) but stored by
//! slug and id; this maps one to the other.

use crate::content::{BlockKind, ContentError, Course, Lesson, ProblemSpec};

/// A problem found by its displayed number.
pub struct Located<'a> {
    pub lesson: &'a Lesson,
    pub lesson_number: usize,
    pub number: usize,
    /// Index of the problem's block in the lesson.
    pub block: usize,
    pub spec: &'a ProblemSpec,
}

/// The lesson's problem blocks in order, with their block indices; malformed ones too,
/// so that numbering does not shift when one block is broken.
pub fn problems(lesson: &Lesson) -> Vec<(usize, Result<&ProblemSpec, &ContentError>)> {
    lesson
        .blocks()
        .iter()
        .enumerate()
        .filter_map(|(i, b)| match &b.kind {
            BlockKind::Problem(spec) => Some((i, spec.as_ref().as_ref())),
            _ => None,
        })
        .collect()
}

/// Finds problem `id` written as `2.3`.
pub fn find<'a>(course: &'a Course, id: &str) -> Result<Located<'a>, String> {
    let bad = || format!("problem `{id}` is not of the form LESSON.NUMBER, e.g. 2.3");
    let (l, k) = id.trim().split_once('.').ok_or_else(bad)?;
    let (l, k): (usize, usize) = (l.parse().map_err(|_| bad())?, k.parse().map_err(|_| bad())?);
    let lesson = l
        .checked_sub(1)
        .and_then(|i| course.lessons.get(i))
        .ok_or_else(|| {
            format!(
                "there is no lesson {l} (lessons are 1 to {})",
                course.lessons.len()
            )
        })?;
    let list = problems(lesson);
    let (block, spec) = k
        .checked_sub(1)
        .and_then(|i| list.get(i))
        .ok_or_else(|| format!("lesson {l} has no problem {k} (it has {})", list.len()))?;
    let spec = spec.map_err(|e| format!("problem {id} is malformed: {e}"))?;
    Ok(Located {
        lesson,
        lesson_number: l,
        number: k,
        block: *block,
        spec,
    })
}
