//! Which seed both records keep after a sync. The seed is the learner's: their problem
//! numbers come from it, and every attempt was made with the numbers of one seed. So a
//! record no problem work binds yet (a new machine) takes the other's, and two records
//! bound to two different seeds are refused unless the learner says which to keep.

use crate::progress::{Progress, SeedRule};

/// What the learner said about two different seeds (`--take-remote-seed`,
/// `--keep-local-seed`), or nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedChoice {
    Ask,
    TakeRemote,
    KeepLocal,
}

/// The rule both sides merge with, or the one-line refusal (the peer called `peer`).
pub fn seed_rule(
    local: &Progress,
    remote: &Progress,
    choice: SeedChoice,
    peer: &str,
) -> Result<SeedRule, String> {
    let (here, there) = (local.learner_seed, remote.learner_seed);
    if here == there {
        return Ok(SeedRule::IfUnbound(here));
    }
    match (choice, local.binds_seed(), remote.binds_seed()) {
        (SeedChoice::TakeRemote, ..) => Ok(SeedRule::Chosen(there)),
        (SeedChoice::KeepLocal, ..) => Ok(SeedRule::Chosen(here)),
        (SeedChoice::Ask, true, true) => Err(format!(
            "the records here and on {peer} hold problem work made with two different seeds (here {here}, {peer} {there}): pass --keep-local-seed or --take-remote-seed (the other side's numbers change)"
        )),
        (SeedChoice::Ask, true, false) => Ok(SeedRule::IfUnbound(here)),
        // A new machine (here, or both unbound) takes the synced seed.
        (SeedChoice::Ask, false, _) => Ok(SeedRule::IfUnbound(there)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Attempt;

    fn bound(seed: u64) -> Progress {
        let mut p = Progress::new(seed);
        p.record_attempt("l", "p", Attempt::new(1, "1", "1", true, 0));
        p
    }

    #[test]
    fn a_new_machine_takes_the_synced_seed_and_two_seeds_need_a_choice() {
        let ask = SeedChoice::Ask;
        assert_eq!(
            seed_rule(&Progress::new(1), &bound(2), ask, "lab"),
            Ok(SeedRule::IfUnbound(2))
        );
        assert_eq!(
            seed_rule(&bound(1), &Progress::new(2), ask, "lab"),
            Ok(SeedRule::IfUnbound(1))
        );
        assert_eq!(
            seed_rule(&Progress::new(1), &Progress::new(2), ask, "lab"),
            Ok(SeedRule::IfUnbound(2))
        );
        let refused = seed_rule(&bound(1), &bound(2), ask, "lab").expect_err("refused");
        assert!(refused.contains("here 1, lab 2"), "{refused}");
        assert_eq!(
            seed_rule(&bound(1), &bound(2), SeedChoice::KeepLocal, "lab"),
            Ok(SeedRule::Chosen(1))
        );
        assert_eq!(
            seed_rule(&bound(1), &bound(2), SeedChoice::TakeRemote, "lab"),
            Ok(SeedRule::Chosen(2))
        );
    }
}
