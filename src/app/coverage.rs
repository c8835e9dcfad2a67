//! How much of a lesson the learner has read: the parts that were on screen while they
//! moved through the text a line or a page at a time. A jump (`G`, a search, a link,
//! the contents, the ask panel) shows a place without reading what lies between, so it
//! adds nothing; reading on from there by steps does. Parts are kept as shares of the
//! lesson's source text, as the status bar's percentage is (a place in the source, as
//! `less` gives it), so a new width (and layout) keeps them and the two agree. The
//! percentage itself ([`App::percent_here`]) is measured here too.

use super::App;

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

impl App {
    /// Where the learner is: how far into the lesson's source text the screen's bottom
    /// line is, as `less` measures it (see [`crate::layout`]'s `source_place`): 100 only
    /// when the lesson's last line is on screen. `read` is measured the same way, so the
    /// two agree at the furthest point.
    pub fn percent_here(&self) -> u32 {
        let bottom = (self.scroll + self.text_height()).min(self.view.lines.len());
        let through = self.source_through(bottom.saturating_sub(1));
        (through * 100.0).floor() as u32
    }

    /// The share of the open lesson's source text up to the end of line `line`.
    pub(super) fn source_through(&self, line: usize) -> f64 {
        let bytes = self.course.lessons[self.lesson].block_bytes();
        share(self.view.source_through(line, bytes), bytes)
    }

    /// The share of the open lesson's source text before line `line`.
    pub(super) fn source_before(&self, line: usize) -> f64 {
        let bytes = self.course.lessons[self.lesson].block_bytes();
        share(self.view.source_before(line, bytes), bytes)
    }
}

/// `bytes` of a lesson's source text (as [`crate::content::Lesson::block_bytes`] ends)
/// as a share of it; an empty text is all read.
fn share(bytes: usize, block_bytes: &[usize]) -> f64 {
    match block_bytes.last() {
        Some(&total) if total > 0 => bytes as f64 / total as f64,
        _ => 1.0,
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
