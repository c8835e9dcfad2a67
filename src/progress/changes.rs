//! What a save's merge brought into a session's record, so the session redraws that
//! and nothing else (and keeps no copy of its record to diff after every save).

use std::collections::{BTreeMap, BTreeSet};

use super::model::{ProblemRecord, Progress};

/// What a save's merge changed in the saving session's record (work another reader
/// saved meanwhile, pending changes), as far as anything shown from a cache depends on
/// it: the problem boxes of some lessons, or every problem's numbers with the seed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    /// Slugs of the lessons whose problem records changed.
    pub problems: BTreeSet<String>,
    /// The learner seed changed (a session started on an empty home that another
    /// reader then wrote takes that reader's seed).
    pub seed: bool,
}

impl Changes {
    /// What differs between a session's record `before` a save and `after` it. Called
    /// once per save by the store, which holds both, so no caller keeps a copy to diff.
    pub fn between(before: &Progress, after: &Progress) -> Changes {
        fn problems<'a>(
            p: &'a Progress,
            slug: &str,
        ) -> Option<&'a BTreeMap<String, ProblemRecord>> {
            p.lessons.get(slug).map(|l| &l.problems)
        }
        let problems = (before.lessons.keys())
            .chain(after.lessons.keys())
            .filter(|slug| problems(before, slug) != problems(after, slug))
            .cloned()
            .collect();
        Changes {
            problems,
            seed: before.learner_seed != after.learner_seed,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.problems.is_empty() && !self.seed
    }
}
