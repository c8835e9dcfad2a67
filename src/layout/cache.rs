//! Laid-out lessons by (lesson, width): a resize back and forth, or a search across the
//! course, lays each lesson out only once per width.
//!
//! Each entry keeps the [`Context`] it was laid out in (the problems' view, the seed,
//! the theme), and a lookup in another context lays the lesson out again: a changed
//! record (an answer, "another one", another reader's save merged in) shows in the
//! boxes by itself, with nothing to invalidate by hand.

use std::collections::HashMap;
use std::sync::Arc;

use super::{Context, LaidOut, Theme};
use crate::content::Lesson;
use crate::progress::view::ProblemStates;

/// Widths are few (one per terminal size seen), but a long session of resizing should
/// not grow without bound.
const MAX_ENTRIES: usize = 64;

#[derive(Debug, Default)]
pub struct LayoutCache {
    map: HashMap<(usize, usize), (Stamp, Arc<LaidOut>)>,
}

/// Everything a layout depends on besides the lesson's text and the width: an owned
/// copy of a [`Context`], compared whole.
#[derive(Debug, PartialEq)]
struct Stamp {
    theme: Theme,
    lesson_number: usize,
    problems: ProblemStates,
    learner_seed: u64,
}

impl Stamp {
    fn of(ctx: &Context<'_>) -> Stamp {
        Stamp {
            theme: ctx.theme,
            lesson_number: ctx.lesson_number,
            problems: ctx.problems.clone(),
            learner_seed: ctx.learner_seed,
        }
    }

    fn is(&self, ctx: &Context<'_>) -> bool {
        (
            self.theme,
            self.lesson_number,
            &self.problems,
            self.learner_seed,
        ) == (ctx.theme, ctx.lesson_number, ctx.problems, ctx.learner_seed)
    }
}

impl LayoutCache {
    /// `lesson` (number `index` of the course) laid out at `width` in `ctx`: from the
    /// cache when it was laid out there in the same context, else laid out now.
    pub fn get(
        &mut self,
        index: usize,
        lesson: &Lesson,
        width: usize,
        ctx: &Context<'_>,
    ) -> Arc<LaidOut> {
        self.fetch((index, width), ctx, || super::lesson(lesson, width, ctx))
    }

    /// [`LayoutCache::get`] for the lesson whose `run` of blocks ([`super::opening`])
    /// was laid out in the same `width` and `ctx`: completed rather than laid out anew.
    pub fn complete(
        &mut self,
        index: usize,
        lesson: &Lesson,
        width: usize,
        ctx: &Context<'_>,
        run: LaidOut,
    ) -> Arc<LaidOut> {
        self.fetch((index, width), ctx, || {
            super::complete(lesson, run, width, ctx)
        })
    }

    fn fetch(
        &mut self,
        key: (usize, usize),
        ctx: &Context<'_>,
        lay_out: impl FnOnce() -> LaidOut,
    ) -> Arc<LaidOut> {
        if let Some((stamp, laid)) = self.map.get(&key)
            && stamp.is(ctx)
        {
            return laid.clone();
        }
        if self.map.len() >= MAX_ENTRIES && !self.map.contains_key(&key) {
            self.map.clear();
        }
        let laid = Arc::new(lay_out());
        self.map.insert(key, (Stamp::of(ctx), laid.clone()));
        laid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::view::{ProblemState, Stage};

    const PROBLEM: &str = "```problem\nid = \"p\"\nkind = \"compute-number\"\nprompt = 'P'\nanswer = \"1\"\ntolerance = \"exact\"\nhints = ['h']\nsolution = 's'\n```\n";

    fn lesson(slug: &str) -> Lesson {
        Lesson::parse(
            slug.into(),
            "f.md".into(),
            "T".into(),
            String::new(),
            PROBLEM,
        )
    }

    fn ctx(problems: &ProblemStates) -> Context<'_> {
        Context {
            theme: Theme::new(true, false),
            lesson_number: 1,
            problems,
            learner_seed: 7,
        }
    }

    #[test]
    fn a_lesson_is_laid_out_again_only_when_its_context_changed() {
        let (a, b) = (lesson("a"), lesson("b"));
        let mut cache = LayoutCache::default();
        let untouched = ProblemStates::default();
        let first = cache.get(0, &a, 40, &ctx(&untouched));
        let other = cache.get(1, &b, 40, &ctx(&untouched));
        // The same context: the same layout, not a new one.
        assert!(Arc::ptr_eq(&first, &cache.get(0, &a, 40, &ctx(&untouched))));
        // An attempt recorded in lesson a: a is laid out again, b is not.
        let tried: ProblemStates = [(
            "p".to_string(),
            ProblemState {
                variant: 0,
                stage: Stage::Attempted(1),
            },
        )]
        .into_iter()
        .collect();
        let again = cache.get(0, &a, 40, &ctx(&tried));
        assert!(!Arc::ptr_eq(&first, &again));
        let text = |l: &LaidOut| {
            l.lines
                .iter()
                .map(super::super::line_text)
                .collect::<Vec<_>>()
        };
        assert!(
            text(&again).iter().any(|l| l.contains("1 attempt")),
            "{:?}",
            text(&again)
        );
        assert!(Arc::ptr_eq(&other, &cache.get(1, &b, 40, &ctx(&untouched))));
        // Another seed draws other numbers: laid out again.
        let reseeded = Context {
            learner_seed: 8,
            ..ctx(&tried)
        };
        assert!(!Arc::ptr_eq(&again, &cache.get(0, &a, 40, &reseeded)));
    }
}
