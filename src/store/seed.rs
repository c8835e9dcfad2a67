//! A new learner's seed: their problem numbers derive from it, so it only has to differ
//! between learners, not be secret.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::Read;

/// A fresh seed from the operating system, or, where `/dev/urandom` cannot be read,
/// from the time and process id through the standard library's randomly keyed hasher.
/// Kept to 63 bits: TOML integers are signed.
pub fn new_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let from_os = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    let raw = match from_os {
        Ok(()) => u64::from_le_bytes(bytes),
        Err(_) => {
            let mut hasher = RandomState::new().build_hasher();
            hasher.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            hasher.write_u32(std::process::id());
            hasher.finish()
        }
    };
    raw & (i64::MAX as u64)
}

#[cfg(test)]
mod tests {
    use super::new_seed;

    #[test]
    fn seeds_fit_toml_and_differ() {
        let seeds: Vec<u64> = (0..8).map(|_| new_seed()).collect();
        assert!(seeds.iter().all(|&s| s <= i64::MAX as u64));
        let mut distinct = seeds.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), seeds.len());
    }
}
