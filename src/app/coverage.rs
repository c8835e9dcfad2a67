//! How much of a lesson the learner has read: the parts that were on screen while they
//! moved through the text a line or a page at a time. A jump (`G`, a search, a link,
//! the contents, the ask panel) shows a place without reading what lies between, so it
//! adds nothing; reading on from there by steps does. Parts are kept as shares of the
//! lesson's source text, as the status bar's percentage is (a place in the source, as
//! `less` gives it), so a new width (and layout) keeps them and the two agree.

/// The parts read of one lesson: disjoint, sorted shares `[from, to)` of its source.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Coverage {
    spans: Vec<(f64, f64)>,
}

impl Coverage {
    /// A step through the text: the share `from..to` of the source was on screen as
    /// the learner moved (from above the top of the screen before or after the step to
    /// the bottom of the other).
    pub fn add(&mut self, from: f64, to: f64) {
        if to <= from {
            return;
        }
        let (mut from, mut to) = (from, to);
        let mut kept = Vec::with_capacity(self.spans.len() + 1);
        for &(a, b) in &self.spans {
            if b < from || a > to {
                kept.push((a, b));
            } else {
                from = from.min(a);
                to = to.max(b);
            }
        }
        kept.push((from, to));
        kept.sort_by(|x, y| x.0.total_cmp(&y.0));
        self.spans = kept;
    }

    /// The fraction of the lesson read.
    pub fn fraction(&self) -> f64 {
        self.spans.iter().map(|(a, b)| b - a).sum::<f64>().min(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_cover_what_passed_and_overlaps_count_once() {
        let mut c = Coverage::default();
        assert_eq!(c.fraction(), 0.0);
        c.add(0.0, 0.11);
        assert!((c.fraction() - 0.11).abs() < 1e-12);
        c.add(0.0, 0.1);
        assert!((c.fraction() - 0.11).abs() < 1e-12, "back over read text");
        // After a jump, a part apart.
        c.add(0.8, 0.98);
        assert!((c.fraction() - 0.29).abs() < 1e-12);
        c.add(0.88, 1.0);
        assert!(
            (c.fraction() - 0.31).abs() < 1e-12,
            "ends at the lesson's end"
        );
        // A step joining two parts merges them.
        c.add(0.05, 0.95);
        assert_eq!(c.fraction(), 1.0);
        // Nothing passed: nothing read.
        c = Coverage::default();
        c.add(0.5, 0.5);
        assert_eq!(c.fraction(), 0.0);
    }
}
