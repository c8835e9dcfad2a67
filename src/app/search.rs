//! Search across the whole course, on the laid-out lines (what the learner sees, math
//! included), case-insensitive. A phrase broken across two screen lines is not found.

use std::sync::Arc;

use crate::layout::{LaidOut, line_text};

/// A hit: lesson, line, and the matched characters `start..end` of the line's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub lesson: usize,
    pub line: usize,
    pub start: usize,
    pub end: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    pub query: String,
    /// In course order.
    pub matches: Vec<Match>,
    pub current: usize,
}

impl Search {
    /// All matches of `query` in `views` (one per lesson), the current one the first at or
    /// after `from` (lesson, line); `None` when nothing matches.
    pub fn run(
        query: &str,
        views: &[Arc<LaidOut>],
        from: Option<(usize, usize)>,
    ) -> Option<Search> {
        let needle: Vec<char> = fold(query);
        if needle.is_empty() {
            return None;
        }
        let mut matches = Vec::new();
        for (lesson, view) in views.iter().enumerate() {
            for (line, l) in view.lines.iter().enumerate() {
                let hay = fold(&line_text(l));
                let mut start = 0;
                while start + needle.len() <= hay.len() {
                    if hay[start..start + needle.len()] == needle[..] {
                        matches.push(Match {
                            lesson,
                            line,
                            start,
                            end: start + needle.len(),
                        });
                        start += needle.len();
                    } else {
                        start += 1;
                    }
                }
            }
        }
        if matches.is_empty() {
            return None;
        }
        let current = from
            .and_then(|from| matches.iter().position(|m| (m.lesson, m.line) >= from))
            .unwrap_or(0);
        Some(Search {
            query: query.to_string(),
            matches,
            current,
        })
    }

    pub fn current_match(&self) -> Option<&Match> {
        self.matches.get(self.current)
    }

    /// Moves to the next (`1`) or previous (`-1`) match, wrapping around the course.
    pub fn step(&mut self, delta: isize) {
        let n = self.matches.len() as isize;
        if n > 0 {
            self.current = (self.current as isize + delta).rem_euclid(n) as usize;
        }
    }

    /// The matches on line `line` of lesson `lesson`.
    pub fn on_line(&self, lesson: usize, line: usize) -> &[Match] {
        let lo = self
            .matches
            .partition_point(|m| (m.lesson, m.line) < (lesson, line));
        let hi = self
            .matches
            .partition_point(|m| (m.lesson, m.line) <= (lesson, line));
        &self.matches[lo..hi]
    }

    pub fn status(&self) -> String {
        format!(
            "match {}/{} for \"{}\"",
            self.current + 1,
            self.matches.len(),
            self.query
        )
    }
}

/// One char per char, lowercased, so match positions are character positions.
fn fold(text: &str) -> Vec<char> {
    text.chars()
        .map(|c| c.to_lowercase().next().unwrap_or(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::text::Line;

    fn view(lines: &[&str]) -> Arc<LaidOut> {
        Arc::new(LaidOut {
            lines: lines.iter().map(|l| Line::raw(l.to_string())).collect(),
            block_starts: vec![0],
            ..LaidOut::default()
        })
    }

    #[test]
    fn finds_every_match_case_insensitively_in_course_order() {
        let views = [view(&["Softmax and soft", "none"]), view(&["x", "SOFT"])];
        let s = Search::run("soft", &views, None).unwrap();
        let found: Vec<_> = s
            .matches
            .iter()
            .map(|m| (m.lesson, m.line, m.start, m.end))
            .collect();
        assert_eq!(found, [(0, 0, 0, 4), (0, 0, 12, 16), (1, 1, 0, 4)]);
        assert_eq!(s.on_line(0, 0).len(), 2);
        assert!(s.on_line(0, 1).is_empty());
    }

    #[test]
    fn starts_at_the_reading_place_and_wraps_around() {
        let views = [view(&["ab", "ab"]), view(&["ab"])];
        let mut s = Search::run("AB", &views, Some((0, 1))).unwrap();
        assert_eq!(s.current, 1);
        s.step(1);
        s.step(1);
        assert_eq!(s.current, 0);
        s.step(-1);
        assert_eq!(
            (s.current, s.status()),
            (2, "match 3/3 for \"AB\"".to_string())
        );
        assert!(Search::run("zz", &views, None).is_none());
        assert!(Search::run("", &views, None).is_none());
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        let s = Search::run("b", &[view(&["éb"])], None).unwrap();
        assert_eq!((s.matches[0].start, s.matches[0].end), (1, 2));
    }
}
