//! How much of a lesson the learner has read: the parts that were on screen while they
//! moved through the text a line or a page at a time. A jump (`G`, a search, a link,
//! the contents, the ask panel) shows a place without reading what lies between, so it
//! adds nothing; reading on from there by steps does. Parts are kept as fractions of
//! the lesson, so a new width (and layout) keeps them.

/// The parts read of one lesson: disjoint, sorted fractions `[from, to)` of its lines.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Coverage {
    spans: Vec<(f64, f64)>,
}

impl Coverage {
    /// A step from the screen at line `before` to the screen at line `after`, each
    /// `height` lines high, in a lesson of `total` lines: both screens and all between
    /// were on screen as the learner moved.
    pub fn step(&mut self, before: usize, after: usize, height: usize, total: usize) {
        let total = total.max(1) as f64;
        let from = before.min(after) as f64 / total;
        let to = ((before.max(after) + height) as f64 / total).min(1.0);
        self.add(from, to);
    }

    fn add(&mut self, from: f64, to: f64) {
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
        // 100 lines, screens of 10: a line down covers lines 0..11.
        c.step(0, 1, 10, 100);
        assert!((c.fraction() - 0.11).abs() < 1e-12);
        c.step(1, 0, 10, 100);
        assert!((c.fraction() - 0.11).abs() < 1e-12, "back over read text");
        // After a jump to line 80, a page down there covers 80..98, apart.
        c.step(80, 88, 10, 100);
        assert!((c.fraction() - 0.29).abs() < 1e-12);
        c.step(88, 90, 10, 100);
        assert!(
            (c.fraction() - 0.31).abs() < 1e-12,
            "ends at the lesson's end"
        );
        // A step joining two parts merges them.
        c.step(5, 85, 10, 100);
        assert_eq!(c.fraction(), 1.0);
    }
}
