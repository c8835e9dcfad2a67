//! The `i` view's state: the glossary's index, filtered as the learner types, with one
//! term selected. A term matches by its name, an alias or a symbol: the symbol as LaTeX
//! (`d_k`, `\sqrt{d_k}`), as the reader draws it (`dₖ`, `√dₖ`, ASCII `sqrt(d_k)`), or
//! as the same notation written another way (`W_{Q}` for `W_Q`).

use super::{Action, Prompt, PromptKind};
use crate::content::{Course, Glossary, Term};
use crate::math::{self, notation};

#[derive(Debug, Clone, PartialEq)]
pub struct GlossaryView {
    /// The filter, with its cursor: edited with every line's readline keys, and kept
    /// free of hidden characters (see [`GlossaryView::set_query`]).
    line: Prompt,
    /// Indices into the glossary's terms that match, best first.
    pub hits: Vec<usize>,
    /// Index into `hits`.
    pub selected: usize,
}

/// What a key did in the glossary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GlossaryOutcome {
    Stay,
    Close,
    /// Go to where the selected term is introduced: lesson, block.
    Go(usize, usize),
}

impl GlossaryView {
    /// Letters type into the filter; the arrows move the selection.
    pub fn update(&mut self, action: Action, course: &Course) -> GlossaryOutcome {
        let g = &course.glossary;
        match action {
            // The filter edits as every line does (the prompt's readline keys).
            Action::Type(_) | Action::Edit(_) => {
                let before = self.query().to_string();
                self.line.update(action);
                let clean = visible(self.query());
                if clean != self.query() {
                    self.line = Prompt::new(PromptKind::Search, &clean);
                }
                if self.query() != before {
                    self.refilter(g);
                }
            }
            Action::Down => self.step(1),
            Action::Up => self.step(-1),
            Action::PageDown => self.step(10),
            Action::PageUp => self.step(-10),
            Action::PromptCancel => return GlossaryOutcome::Close,
            Action::PromptSubmit => {
                let place = self.selected_term(g).and_then(|t| course.introduction(t));
                if let Some((lesson, block)) = place {
                    return GlossaryOutcome::Go(lesson, block);
                }
            }
            _ => {}
        }
        GlossaryOutcome::Stay
    }

    /// Every term, alphabetically.
    pub fn new(glossary: &Glossary) -> GlossaryView {
        let mut view = GlossaryView {
            line: Prompt::new(PromptKind::Search, ""),
            hits: Vec::new(),
            selected: 0,
        };
        view.refilter(glossary);
        view
    }

    /// Filters by `text`, without hidden characters, line breaks or tabs; the selection
    /// goes back to the top when the filter changed.
    pub fn set_query(&mut self, glossary: &Glossary, text: &str) {
        let text = visible(text);
        if text != self.query() {
            self.line = Prompt::new(PromptKind::Search, &text);
            self.refilter(glossary);
        }
    }

    /// The filter as it stands.
    pub fn query(&self) -> &str {
        self.line.text()
    }

    /// The filter split at its cursor: what stands before it and after it.
    pub fn filter_at_cursor(&self) -> (&str, &str) {
        let text = self.line.text();
        let at = text
            .char_indices()
            .nth(self.line.input.cursor())
            .map_or(text.len(), |(i, _)| i);
        text.split_at(at)
    }

    /// Moves the selection by `delta` rows, stopping at the ends.
    pub fn step(&mut self, delta: isize) {
        let last = self.hits.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(delta).min(last);
    }

    pub fn selected_term<'g>(&self, glossary: &'g Glossary) -> Option<&'g Term> {
        self.hits.get(self.selected).map(|&i| &glossary.terms[i])
    }

    /// Recomputes the hits: terms whose name starts with the query first, then the
    /// others that match, each group alphabetical. The selection goes back to the top.
    fn refilter(&mut self, glossary: &Glossary) {
        let query = self.query().trim();
        let needle = query.to_lowercase();
        let symbols = notation::query(query);
        let mut hits: Vec<(bool, String, usize)> = glossary
            .terms
            .iter()
            .enumerate()
            .filter(|(_, t)| needle.is_empty() || matches(t, &needle, symbols.as_deref()))
            .map(|(i, t)| {
                let name = t.name.to_lowercase();
                (!name.starts_with(&needle), name, i)
            })
            .collect();
        hits.sort();
        self.hits = hits.into_iter().map(|(_, _, i)| i).collect();
        self.selected = 0;
    }
}

/// Whether `term` answers the lower-cased query `needle` (`symbols`: its canonical
/// tokens, when it reads as math).
fn matches(term: &Term, needle: &str, symbols: Option<&[notation::Sym]>) -> bool {
    let words = std::iter::once(&term.name)
        .chain(&term.aliases)
        .any(|w| w.to_lowercase().contains(needle));
    words
        || term.symbols.iter().any(|s| {
            s.to_lowercase().contains(needle)
                || drawn(s).iter().any(|d| d.to_lowercase().contains(needle))
                || symbols.is_some_and(|q| {
                    notation::tokens(s)
                        .is_ok_and(|t| !q.is_empty() && t.windows(q.len()).any(|w| w == q))
                })
        })
}

/// A symbol as the reader draws it, in Unicode and in ASCII.
fn drawn(tex: &str) -> Vec<String> {
    [false, true]
        .into_iter()
        .filter_map(|ascii| math::inline(tex, &math::Options { ascii }).ok())
        .collect()
}

/// `text` without hidden characters, line breaks or tabs: what the filter may hold.
fn visible(text: &str) -> String {
    (text.chars())
        .filter(|&c| !crate::sanitize::is_hidden(c) && c != '\n' && c != '\t')
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERMS: &str = r#"
[[term]]
name = "key width"
definition = 'd'
lesson = "a"
section = "1.1"
aliases = ["key dimension"]
symbols = ['d_k']

[[term]]
name = "scale"
definition = 'd'
lesson = "a"
section = "1.1"
symbols = ['\sqrt{d_k}']

[[term]]
name = "attention"
definition = 'd'
lesson = "a"
section = "1.1"

[[term]]
name = "keys"
definition = 'd'
lesson = "a"
section = "1.1"
symbols = ['K']
"#;

    fn glossary() -> Glossary {
        Glossary::parse("g.toml", TERMS).unwrap()
    }

    fn names(view: &GlossaryView, g: &Glossary) -> Vec<String> {
        view.hits.iter().map(|&i| g.terms[i].name.clone()).collect()
    }

    fn typed(text: &str) -> (GlossaryView, Glossary) {
        let g = glossary();
        let mut v = GlossaryView::new(&g);
        v.set_query(&g, text);
        (v, g)
    }

    #[test]
    fn the_index_is_alphabetical_and_typing_filters_it() {
        let g = glossary();
        let v = GlossaryView::new(&g);
        assert_eq!(names(&v, &g), ["attention", "key width", "keys", "scale"]);
        let (v, g) = typed("KEY");
        assert_eq!(names(&v, &g), ["key width", "keys"]);
        let (v, g) = typed("dimension");
        assert_eq!(names(&v, &g), ["key width"]);
    }

    #[test]
    fn names_that_start_with_the_query_come_first() {
        let (v, g) = typed("s");
        // "scale" starts with s; the others only contain it.
        assert_eq!(names(&v, &g)[0], "scale");
        assert_eq!(names(&v, &g).len(), 3);
    }

    #[test]
    fn symbols_match_as_source_as_drawn_and_as_other_spellings() {
        for query in ["d_k", "dₖ", "d_{k}"] {
            let (v, g) = typed(query);
            assert_eq!(names(&v, &g), ["key width", "scale"], "{query}");
        }
        for query in ["√dₖ", "sqrt(d_k)", r"\sqrt{d_{k}}"] {
            let (v, g) = typed(query);
            assert_eq!(names(&v, &g), ["scale"], "{query}");
        }
    }

    #[test]
    fn backspace_widens_and_the_selection_stays_in_range() {
        let (mut v, g) = typed("zzz");
        assert!(v.hits.is_empty());
        assert_eq!(v.selected_term(&g), None);
        v.step(1);
        assert_eq!(v.selected, 0);
        v.set_query(&g, "");
        assert_eq!(v.hits.len(), 4);
        v.step(10);
        assert_eq!(v.selected_term(&g).unwrap().name, "scale");
        v.step(-1);
        assert_eq!(v.selected_term(&g).unwrap().name, "keys");
        v.set_query(&g, "k");
        assert_eq!(v.selected, 0, "a new filter selects the first hit");
    }
}
