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
        if fold(query).is_empty() {
            return None;
        }
        let mut matches = match (course, notation_query(query)) {
            // Notation is found by its tokens alone, so every way of writing it (`d_k`,
            // `dₖ`, `\sqrt{d_k}`, `√dₖ`, `sqrt(d_k)`) finds the same places.
            (Some(course), Some(symbols)) => equation_matches(query, &symbols, views, course),
            _ => text_matches(&spellings(query, course), views),
        };
        matches.sort_by_key(|m| (m.lesson, m.line, m.start));
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

/// A spelling searched for: its characters, and whether it must stand as a whole word
/// and match case exactly.
struct Spelling {
    text: Vec<char>,
    /// A glossary name: a whole word only (`LN` is not in `kiln`).
    whole_word: bool,
    /// An abbreviation in capitals (`LN`): only in capitals (not the `ln` of a log).
    exact_case: bool,
}

/// What a query of words finds: itself anywhere; or, when it names a glossary term (its
/// name or an alias, any case), every name of that term as a whole word, so "layer
/// norm" and "LayerNorm" find the same places.
fn spellings(query: &str, course: Option<&Course>) -> Vec<Spelling> {
    let wanted = fold(query.trim());
    let terms = course.map_or(&[][..], |c| c.glossary.terms.as_slice());
    let term = terms.iter().find(|term| {
        std::iter::once(&term.name)
            .chain(&term.aliases)
            .any(|n| fold(n) == wanted)
    });
    let Some(term) = term else {
        return vec![Spelling {
            text: fold(query),
            whole_word: false,
            exact_case: false,
        }];
    };
    std::iter::once(&term.name)
        .chain(&term.aliases)
        .filter(|n| !n.trim().is_empty())
        .map(|n| {
            let exact_case = n.chars().count() <= 3 && n.chars().all(|c| c.is_uppercase());
            Spelling {
                text: if exact_case {
                    n.chars().collect()
                } else {
                    fold(n)
                },
                whole_word: true,
                exact_case,
            }
        })
        .collect()
}

/// Every place of any of `spellings` in the laid-out lines; where two overlap the
/// longer one counts, once.
fn text_matches(spellings: &[Spelling], views: &[Arc<LaidOut>]) -> Vec<Match> {
    let mut matches = Vec::new();
    for (lesson, view) in views.iter().enumerate() {
        for (line, l) in view.lines.iter().enumerate() {
            let text = line_text(l);
            let (folded, exact): (Vec<char>, Vec<char>) = (fold(&text), text.chars().collect());
            let mut found: Vec<(usize, usize)> = spellings
                .iter()
                .flat_map(|s| {
                    let hay = if s.exact_case { &exact } else { &folded };
                    occurrences(hay, &s.text)
                        .filter(|&(a, b)| !s.whole_word || is_word(hay, a, b))
                        .collect::<Vec<_>>()
                })
                .collect();
            found.sort_by_key(|&(start, end)| (start, std::cmp::Reverse(end)));
            let mut taken = 0;
            for (start, end) in found {
                if start >= taken {
                    taken = end;
                    matches.push(Match {
                        lesson,
                        line,
                        start,
                        end,
                    });
                }
            }
        }
    }
    matches
}

/// Whether `hay[start..end]` stands as a word: no letter or digit right before or after.
fn is_word(hay: &[char], start: usize, end: usize) -> bool {
    let joins = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
    !joins(start.checked_sub(1).and_then(|i| hay.get(i))) && !joins(hay.get(end))
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

/// One match per formula of the course that uses `symbols` (the tokens of `query`),
/// placed on the row that shows it.
fn equation_matches(
    query: &str,
    symbols: &[Sym],
    views: &[Arc<LaidOut>],
    course: &Course,
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
            for tex in b.math().into_iter().filter(|tex| uses(tex, symbols)) {
                let (line, start, end) = locate(view, rows.clone(), tex, query);
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

/// Where an equation is drawn among `rows` of `view`: the query as drawn (Unicode or
/// ASCII), when a row shows it; else the first piece of the equation's
/// inline drawing; else its widest row, which in a 2-D display is the main line (a
/// numerator or a limit above it is narrower).
fn locate(
    view: &LaidOut,
    rows: std::ops::Range<usize>,
    tex: &str,
    query: &str,
) -> (usize, usize, usize) {
    let texts: Vec<Vec<char>> = rows
        .clone()
        .map(|r| {
            view.lines
                .get(r)
                .map_or_else(Vec::new, |l| fold(&line_text(l)))
        })
        .collect();
    let drawn = |tex: &str, ascii: bool| math::inline(tex, &math::Options { ascii }).ok();
    // Drawn from its LaTeX, so that every spelling of the query lands on the same place.
    let query = math::notation::query_tex(query);
    let mut pieces: Vec<String> = [false, true]
        .into_iter()
        .filter_map(|ascii| drawn(&query, ascii))
        .collect();
    pieces.extend([false, true].into_iter().filter_map(|ascii| {
        drawn(tex, ascii).and_then(|d| d.split_whitespace().next().map(str::to_string))
    }));
    for piece in pieces
        .iter()
        .map(|p| fold(p.trim()))
        .filter(|p| !p.is_empty())
    {
        for (k, text) in texts.iter().enumerate() {
            if let Some((start, end)) = occurrences(text, &piece).next() {
                return (rows.start + k, start, end);
            }
        }
    }
    let inked = |t: &Vec<char>| t.iter().filter(|c| !c.is_whitespace()).count();
    let k = (0..texts.len())
        .max_by_key(|&k| (inked(&texts[k]), std::cmp::Reverse(k)))
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
