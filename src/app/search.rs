//! Search across the whole course, on the laid-out lines (what the learner sees, math
//! included), case-insensitive. A phrase broken across two screen lines is not found.
//!
//! A query that is notation (`d_k`, `W_Q`, `\sqrt{d_k}`, or drawn: `√dₖ`, `sqrt(d_k)`)
//! also finds the equations whose source uses it: a drawn equation splits its tokens
//! across rows (`√` over one row, `d` and `k` on others), so its picture cannot be
//! searched, but its canonical tokens ([`crate::math::notation`]) can.

use std::sync::Arc;

use crate::content::Course;
use crate::layout::{LaidOut, line_text};
use crate::math::{self, notation::Sym};

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
        course: Option<&Course>,
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
                matches.extend(occurrences(&hay, &needle).map(|(start, end)| Match {
                    lesson,
                    line,
                    start,
                    end,
                }));
            }
        }
        if let (Some(course), Some(symbols)) = (course, notation_query(query)) {
            let found = equation_matches(&symbols, views, course, &matches);
            matches.extend(found);
            matches.sort_by_key(|m| (m.lesson, m.line, m.start));
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

/// The non-overlapping places of `needle` in `hay`, as character ranges.
fn occurrences<'a>(
    hay: &'a [char],
    needle: &'a [char],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let mut start = 0;
    std::iter::from_fn(move || {
        while start + needle.len() <= hay.len() {
            let at = start;
            if hay[at..at + needle.len()] == needle[..] {
                start += needle.len();
                return Some((at, start));
            }
            start += 1;
        }
        None
    })
}

/// The query's canonical tokens when it is notation: it has a script, a command or a
/// prime (`d_k`, `\sqrt{d}`, `Kᵀ`). Plain words are left to the text search.
fn notation_query(query: &str) -> Option<Vec<Sym>> {
    math::notation::query(query).filter(|t| {
        t.iter()
            .any(|s| matches!(s, Sym::Sub | Sym::Sup | Sym::Cmd(_) | Sym::Prime))
    })
}

/// Whether `symbols` occur in `tex` as a whole symbol: `d_k` is not in `d_{kv}`, and
/// `d` is not in `d_k`.
fn uses(tex: &str, symbols: &[Sym]) -> bool {
    let Ok(tokens) = math::notation::tokens(tex) else {
        return false;
    };
    tokens
        .windows(symbols.len())
        .enumerate()
        .any(|(i, w)| w == symbols && tokens.get(i + symbols.len()).is_none_or(|t| *t != Sym::Sub))
}

/// One match per equation of the course that uses `symbols`, placed on the row that
/// shows it; none in a block that the text search already found (`text`).
fn equation_matches(
    symbols: &[Sym],
    views: &[Arc<LaidOut>],
    course: &Course,
    text: &[Match],
) -> Vec<Match> {
    let mut out = Vec::new();
    for (lesson, (view, l)) in views.iter().zip(&course.lessons).enumerate() {
        for (block, b) in l.blocks().iter().enumerate() {
            let rows = view.line_of_block(block)
                ..view
                    .block_starts
                    .get(block + 1)
                    .copied()
                    .unwrap_or(view.lines.len());
            if text
                .iter()
                .any(|m| m.lesson == lesson && rows.contains(&m.line))
            {
                continue;
            }
            for tex in b.math().into_iter().filter(|tex| uses(tex, symbols)) {
                let (line, start, end) = locate(view, rows.clone(), tex);
                out.push(Match {
                    lesson,
                    line,
                    start,
                    end,
                });
            }
        }
    }
    out.dedup();
    out
}

/// Where an equation is drawn among `rows` of `view`: the first piece of its inline
/// drawing (Unicode or ASCII) when found on a row, else the block's first non-blank row.
fn locate(view: &LaidOut, rows: std::ops::Range<usize>, tex: &str) -> (usize, usize, usize) {
    let texts: Vec<Vec<char>> = rows
        .clone()
        .map(|r| {
            view.lines
                .get(r)
                .map_or_else(Vec::new, |l| fold(&line_text(l)))
        })
        .collect();
    for ascii in [false, true] {
        let Ok(drawn) = math::inline(tex, &math::Options { ascii }) else {
            continue;
        };
        let Some(piece) = drawn.split_whitespace().next() else {
            continue;
        };
        let piece = fold(piece);
        for (k, text) in texts.iter().enumerate() {
            if let Some((start, end)) = occurrences(text, &piece).next() {
                return (rows.start + k, start, end);
            }
        }
    }
    let k = texts
        .iter()
        .position(|t| t.iter().any(|c| !c.is_whitespace()))
        .unwrap_or(0);
    let text = texts.get(k).map_or(&[][..], Vec::as_slice);
    let start = text.iter().take_while(|c| c.is_whitespace()).count();
    (rows.start + k, start, text.len().max(start))
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
        let s = Search::run("soft", &views, None, None).unwrap();
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
        let mut s = Search::run("AB", &views, None, Some((0, 1))).unwrap();
        assert_eq!(s.current, 1);
        s.step(1);
        s.step(1);
        assert_eq!(s.current, 0);
        s.step(-1);
        assert_eq!(
            (s.current, s.status()),
            (2, "match 3/3 for \"AB\"".to_string())
        );
        assert!(Search::run("zz", &views, None, None).is_none());
        assert!(Search::run("", &views, None, None).is_none());
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        let s = Search::run("b", &[view(&["éb"])], None, None).unwrap();
        assert_eq!((s.matches[0].start, s.matches[0].end), (1, 2));
    }
}
