//! What a save does with the records it meets, as far as the record decides it: whether
//! a record read before a reset may be merged, which seed an import carries, and the
//! fresh record a reset starts. The store (files only) calls these; it writes no field.

use super::model::Progress;

/// Merges `incoming` into `base` (the join, see `Progress::merge_from`) and says
/// whether `incoming` was kept: not when it was read before a reset that `base` has seen
/// (fewer `resets`), for such a record holds what the learner chose to start over from.
pub fn absorb(base: &mut Option<Progress>, incoming: &Progress) -> bool {
    match base {
        None => {
            let mut fresh = incoming.clone();
            fresh.normalize();
            *base = Some(fresh);
            true
        }
        Some(base) => {
            let kept = incoming.resets >= base.resets;
            base.merge_from(incoming);
            kept
        }
    }
}

/// `imported` as a record of the reset generation `resets`: `progress import` merges
/// the file the learner names whatever reset it came from, and keeps the local `resets`.
pub fn adopted(imported: &Progress, resets: u64) -> Progress {
    Progress {
        resets,
        ..imported.clone()
    }
}

/// Which seed a merged record ends with when two machines' records meet (`progress
/// import`, `sync`): the learner's numbers move with their record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedRule {
    /// Take this seed while no problem work binds the record to its own.
    IfUnbound(u64),
    /// Take this seed whatever the record holds: the learner chose it (`sync
    /// --take-remote-seed` / `--keep-local-seed`) over two records bound to two seeds.
    Chosen(u64),
}

/// The record both sides of a sync end with: `local` merged with `remote`, its seed
/// by `seed` (what `Store::merge_in` writes on each side, computed beforehand to say
/// what will move).
pub fn joined(local: &Progress, remote: &Progress, seed: SeedRule) -> Progress {
    let mut merged = local.clone();
    merged.merge_from(remote);
    merged.apply_seed(seed);
    merged
}

impl Progress {
    /// Applies `rule` to this record's seed; a seed it changes counts in
    /// `seed_changes`, so that the merge prefers it to the one it replaced.
    pub fn apply_seed(&mut self, rule: SeedRule) {
        let seed = match rule {
            SeedRule::IfUnbound(_) if self.binds_seed() => return,
            SeedRule::IfUnbound(seed) | SeedRule::Chosen(seed) => seed,
        };
        if seed != self.learner_seed {
            self.learner_seed = seed;
            self.seed_changes = self.seed_changes.saturating_add(1);
        }
    }

    /// The fresh record a reset starts with `seed`: one more reset than `before`.
    pub fn started_over(seed: u64, before: Option<&Progress>) -> Progress {
        let mut fresh = Progress::new(seed);
        fresh.resets = before.map_or(0, |p| p.resets).saturating_add(1);
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Attempt;

    #[test]
    fn a_record_read_before_a_reset_is_not_merged() {
        let mut base = Some(Progress::started_over(1, Some(&Progress::new(9))));
        let mut stale = Progress::new(9);
        stale.record_attempt("l", "p", Attempt::new(1, "1", "1", true, 0));
        assert!(!absorb(&mut base, &stale));
        assert_eq!(
            base.as_ref().map(|b| (b.resets, b.is_empty())),
            Some((1, true))
        );
        let mut later = Progress::started_over(1, Some(&Progress::new(9)));
        later.record_attempt("l", "p", Attempt::new(2, "1", "1", true, 0));
        assert!(absorb(&mut base, &later));
        assert!(base.is_some_and(|b| b.binds_seed()));
    }

    #[test]
    fn only_an_unbound_record_takes_a_seed_and_a_chosen_one_outranks_the_old() {
        let mut p = Progress::new(1);
        p.apply_seed(SeedRule::IfUnbound(2));
        assert_eq!((p.learner_seed, p.seed_changes), (2, 1));
        p.record_attempt("l", "p", Attempt::new(1, "1", "1", true, 0));
        p.apply_seed(SeedRule::IfUnbound(3));
        assert_eq!((p.learner_seed, p.seed_changes), (2, 1));
        // A reader left open with the seed replaced by a choice saves: the choice stays.
        let mut open = Progress::new(9);
        open.record_attempt("l", "p", Attempt::new(2, "2", "2", false, 0));
        let mut chosen = p.clone();
        chosen.apply_seed(SeedRule::Chosen(5));
        let mut saved = chosen.clone();
        saved.merge_from(&open);
        assert_eq!(saved.learner_seed, 5);
        open.merge_from(&chosen);
        assert_eq!(open, saved);
    }
}
