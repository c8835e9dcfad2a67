//! Laid-out lessons by (lesson, width): a resize back and forth, or a search across the
//! course, lays each lesson out only once per width.

use std::collections::HashMap;
use std::sync::Arc;

use super::LaidOut;

/// Widths are few (one per terminal size seen), but a long session of resizing should
/// not grow without bound.
const MAX_ENTRIES: usize = 64;

#[derive(Debug, Default)]
pub struct LayoutCache {
    map: HashMap<(usize, usize), Arc<LaidOut>>,
}

impl LayoutCache {
    /// The layout of `lesson` at `width`, computed by `make` on a miss.
    pub fn get(
        &mut self,
        lesson: usize,
        width: usize,
        make: impl FnOnce() -> LaidOut,
    ) -> Arc<LaidOut> {
        if self.map.len() >= MAX_ENTRIES && !self.map.contains_key(&(lesson, width)) {
            self.map.clear();
        }
        self.map
            .entry((lesson, width))
            .or_insert_with(|| Arc::new(make()))
            .clone()
    }

    /// Drops `lesson`'s layouts at every width: its problem boxes changed, the other
    /// lessons did not.
    pub fn forget(&mut self, lesson: usize) {
        self.map.retain(|&(l, _), _| l != lesson);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forgetting_a_lesson_keeps_the_others_at_every_width() {
        let mut cache = LayoutCache::default();
        let mut made = 0;
        for (lesson, width) in [(0, 40), (0, 80), (1, 40), (1, 80)] {
            cache.get(lesson, width, || {
                made += 1;
                LaidOut::default()
            });
        }
        cache.forget(0);
        for (lesson, width) in [(0, 40), (0, 80), (1, 40), (1, 80)] {
            cache.get(lesson, width, || {
                made += 1;
                LaidOut::default()
            });
        }
        // Four first layouts, then lesson 0 again at its two widths only.
        assert_eq!(made, 6);
    }
}
