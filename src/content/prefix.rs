//! Longest-prefix lookup in a sorted list, for the glossary's names and symbols.

/// The longest entry of `sorted` that the text starts with (`at(d)` is its `d`-th item)
/// and that `ends_well` accepts by its length: (term index, length); among equal entries
/// the first term's. Each step narrows the range of entries that agree so far by two
/// binary searches, so one lookup costs the match's length times log(entries), however
/// many entries there are (20,000 terms scanned one by one at every word made `list`
/// take 10 s).
pub(crate) fn longest_prefix<'t, T: Ord + 't>(
    sorted: &[(Vec<T>, usize)],
    at: impl Fn(usize) -> Option<&'t T>,
    ends_well: impl Fn(usize) -> bool,
) -> Option<(usize, usize)> {
    let (mut lo, mut hi) = (0, sorted.len());
    let mut best = None;
    let mut depth = 0;
    while lo < hi {
        // Entries of exactly `depth` items sort first in the range; the first is the
        // first term's.
        if depth > 0 && sorted[lo].0.len() == depth && ends_well(depth) {
            best = Some((sorted[lo].1, depth));
        }
        let Some(next) = at(depth) else { break };
        let range = &sorted[lo..hi];
        let start = range.partition_point(|(e, _)| e.get(depth).is_none_or(|x| x < next));
        let end = range.partition_point(|(e, _)| e.get(depth).is_none_or(|x| x <= next));
        (lo, hi) = (lo + start, lo + end);
        depth += 1;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(entries: &[&str]) -> Vec<(Vec<char>, usize)> {
        let mut v: Vec<(Vec<char>, usize)> = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.chars().collect(), i))
            .collect();
        v.sort();
        v
    }

    fn find(entries: &[&str], text: &str, boundary: bool) -> Option<(usize, usize)> {
        let chars: Vec<char> = text.chars().collect();
        let ends = |n: usize| !boundary || chars.get(n).is_none_or(|c| !c.is_alphanumeric());
        longest_prefix(&sorted(entries), |d| chars.get(d), ends)
    }

    #[test]
    fn the_longest_entry_that_ends_well_wins_and_ties_go_to_the_first() {
        let e = ["attention", "attention head", "att", "attention", "b"];
        assert_eq!(find(&e, "attention head.", true), Some((1, 14)));
        // "attention head" would end inside "heads": the shorter one is taken.
        assert_eq!(find(&e, "attention heads", true), Some((0, 9)));
        assert_eq!(find(&e, "attentive", true), None);
        assert_eq!(find(&e, "attentive", false), Some((2, 3)));
        assert_eq!(find(&e, "", true), None);
        assert_eq!(find(&[], "attention", true), None);
    }

    #[test]
    fn twenty_thousand_entries_sharing_a_start_are_told_apart() {
        let owned: Vec<String> = (0..20_000).map(|i| format!("term {i}")).collect();
        let e: Vec<&str> = owned.iter().map(String::as_str).collect();
        assert_eq!(find(&e, "term 12345 is", true), Some((12_345, 10)));
        assert_eq!(find(&e, "term 123456", true), None);
    }
}
