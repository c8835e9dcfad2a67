//! What a save does with the records it meets, as far as the record decides it: whether
//! a record read before a reset may be merged, which seed an import carries, and the
//! fresh record a reset starts. The store (files only) calls these; it writes no field.

use super::model::Progress;

/// Merges `incoming` into `base` unless it was read before a reset that `base` has seen
/// (fewer `resets`): such a record holds what the learner chose to start over from.
/// Returns whether it was merged.
pub fn absorb(base: &mut Option<Progress>, incoming: &Progress) -> bool {
    match base {
        None => {
            *base = Some(incoming.clone());
            true
        }
        Some(base) if incoming.resets < base.resets => false,
        Some(base) => {
            base.merge_from(incoming);
            base.resets = incoming.resets;
            true
        }
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
    /// Applies `rule` to this record's seed.
    pub fn apply_seed(&mut self, rule: SeedRule) {
        match rule {
            SeedRule::IfUnbound(seed) => self.take_seed_if_unbound(seed),
            SeedRule::Chosen(seed) => self.learner_seed = seed,
        }
    }

    /// Takes `seed` while no problem work binds this record to its own (an import's
    /// numbers move with it, see `Store::import`).
    pub fn take_seed_if_unbound(&mut self, seed: u64) {
        if !self.binds_seed() {
            self.learner_seed = seed;
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
    fn only_an_unbound_record_takes_a_seed() {
        let mut p = Progress::new(1);
        p.take_seed_if_unbound(2);
        assert_eq!(p.learner_seed, 2);
        p.record_attempt("l", "p", Attempt::new(1, "1", "1", true, 0));
        p.take_seed_if_unbound(3);
        assert_eq!(p.learner_seed, 2);
    }
}
