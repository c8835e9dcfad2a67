//! Finding a note's sentence again after the lesson was edited (pure).
//!
//! A note keeps the sentence's text, not its position: positions shift with every edit
//! above them. The text is compared normalised (case, punctuation and spacing ignored);
//! when no sentence matches exactly, the most similar one by shared words wins if it is
//! similar enough, so a fixed typo or a reworded clause keeps the note in place, and a
//! rewritten or removed sentence leaves it an orphan (listed, never dropped).

use std::collections::HashSet;

/// Least word overlap (Dice coefficient of the word sets) for a tolerant match.
pub const MIN_SIMILARITY: f64 = 0.6;

/// Lower case words of `text`: letters and digits, with `_` and `\` kept so that `d_k`
/// and `\sqrt` stay words.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\\'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The Dice coefficient of the two texts' word sets, 0.0 to 1.0.
pub fn similarity(a: &str, b: &str) -> f64 {
    let a: HashSet<String> = words(a).into_iter().collect();
    let b: HashSet<String> = words(b).into_iter().collect();
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let shared = a.intersection(&b).count();
    2.0 * shared as f64 / (a.len() + b.len()) as f64
}

/// Which of `candidates` (a lesson's sentences, each with its section) the note anchored
/// to `text` in `section` belongs to: an exact match of the words first (the one in the
/// note's section if several), else the most similar above [`MIN_SIMILARITY`].
pub fn locate<'a>(
    section: &str,
    text: &str,
    candidates: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Option<usize> {
    let wanted = words(text);
    let mut best: Option<(f64, usize)> = None;
    for (i, (sec, candidate)) in candidates.into_iter().enumerate() {
        let bonus = if sec == section { 0.01 } else { 0.0 };
        let score = if words(candidate) == wanted {
            2.0
        } else {
            similarity(text, candidate)
        } + bonus;
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, i));
        }
    }
    best.filter(|(s, _)| *s >= MIN_SIMILARITY).map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_ignore_case_and_punctuation_but_keep_subscripts() {
        assert_eq!(
            words("Divide by $\\sqrt{d_k}$, e.g. Here!"),
            ["divide", "by", "\\sqrt", "d_k", "e", "g", "here"]
        );
    }

    #[test]
    fn exact_words_win_and_the_section_breaks_ties() {
        let c = [
            ("2.1", "The scores grow."),
            ("2.2", "the scores  grow"),
            ("2.2", "The scores grow large."),
        ];
        assert_eq!(locate("2.2", "The scores grow.", c), Some(1));
        assert_eq!(locate("2.1", "The scores grow.", c), Some(0));
    }

    #[test]
    fn a_small_edit_still_matches_and_a_rewrite_is_an_orphan() {
        let note = "The variance of a dot product of d_k terms is d_k.";
        let edited = [
            ("2.1", "Softmax saturates."),
            (
                "2.1",
                "The variance of the dot product of d_k terms is d_k.",
            ),
        ];
        assert_eq!(locate("2.1", note, edited), Some(1));
        // By hand: 9 and 8 distinct words, 8 shared ("a" is gone): 16/17.
        let s = similarity(note, edited[1].1);
        assert!((s - 16.0 / 17.0).abs() < 1e-12, "{s}");
        let rewritten = [("2.1", "Scaling keeps the logits in a useful range.")];
        assert_eq!(locate("2.1", note, rewritten), None);
        assert_eq!(locate("2.1", note, []), None);
    }
}
