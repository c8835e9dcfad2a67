//! "Did you mean ...?" for unknown names: the closest candidate by edit distance.

/// Names longer than this get no suggestion: nobody mistypes a 64 KB name, and the
/// edit distance costs the product of the two lengths.
const MAX_NAME: usize = 48;

/// The candidate closest to `name`, if it is close enough to be a plausible typo: equal
/// ignoring case, or at most one edit per three characters.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    if name.len() > MAX_NAME {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    candidates
        .into_iter()
        // The distance is at least the difference of the lengths: skip what cannot pass.
        .filter(|c| {
            c.len() <= MAX_NAME && c.len().abs_diff(name.len()) * 3 <= name.len().max(c.len())
        })
        .map(|c| (distance(&lower, &c.to_ascii_lowercase()), c))
        .filter(|&(d, c)| d * 3 <= name.len().max(c.len()))
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance (insertions, deletions, substitutions), on bytes: names are ASCII.
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &x) in a.iter().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(x != y);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_by_hand() {
        assert_eq!(distance("sofmax", "softmax"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
    }

    #[test]
    fn suggests_plausible_typos_only() {
        let names = ["softmax", "sum", "sqrt", "layernorm", "e", "WQ"];
        assert_eq!(closest("sofmax", names), Some("softmax"));
        assert_eq!(closest("Softmax", names), Some("softmax"));
        assert_eq!(closest("layer_norm", names), Some("layernorm"));
        assert_eq!(closest("wq", names), Some("WQ"));
        assert_eq!(closest("x", names), None);
        assert_eq!(closest("attention", names), None);
        // A long name is not compared at all (the edit distance would cost its square).
        let long = format!("softmax{}", "x".repeat(64 * 1024));
        assert_eq!(closest(&long, [long.as_str()]), None);
        assert_eq!(
            closest("sofmax", [long.as_str(), "softmax"]),
            Some("softmax")
        );
    }
}
