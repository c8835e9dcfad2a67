//! `glossary.toml`: the course's terms and notation as content, so that the reader can
//! say what a word or a symbol means and where the course introduces it.
//!
//! ```toml
//! [[term]]
//! name = "key dimension"
//! definition = 'The length $d_k$ of each query and key vector.'
//! lesson = "three-matrices"      # slug of the lesson that introduces it
//! section = "1.3"                # the `## 1.3 ...` idea that introduces it
//! aliases = ["key width"]
//! symbols = ['d_k']              # LaTeX that denotes it
//! shape = "scalar"               # optional, for notation
//!
//! [local]                        # letters bound inside one lesson's derivations
//! sqrt-dk = ['i', 'n', 'X']
//!
//! [shadow]                       # course-wide symbols a lesson rebinds on purpose
//! softmax = ['k']
//! ```
//!
//! Words are found in prose word-bounded and case-insensitively; symbols are found in
//! LaTeX by the canonical tokens of [`crate::math::notation`], so `W_{Q}` is `W_Q`.
//! Reading the file is `read`'s, finding terms and symbols in a text `find`'s; this file
//! holds the types and the lookup by name.

mod find;
mod lazy;
mod read;

use std::collections::BTreeMap;

use crate::math::notation::Sym;

pub use lazy::LazyGlossary;

/// The longest name or alias: matching one at a word costs up to its length.
pub const MAX_PHRASE: usize = 200;

/// All the terms of a course (empty when the course has no `glossary.toml`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Glossary {
    pub terms: Vec<Term>,
    /// Lesson slug → symbols used in that lesson as local names (`i`, `n`, `x`): they
    /// need no glossary entry there.
    pub local: BTreeMap<String, Vec<String>>,
    /// Line of each `[local]` key, for errors about it.
    pub local_lines: BTreeMap<String, usize>,
    /// Lesson slug → course-wide symbols the lesson knowingly gives another meaning
    /// (a bound index, a paper's letter): declared, so that `check` lets them be.
    pub shadow: BTreeMap<String, Vec<String>>,
    /// Line of each `[shadow]` key.
    pub shadow_lines: BTreeMap<String, usize>,
    /// Canonical tokens of every symbol: (tokens, term index), sorted, so that the
    /// symbols starting with given tokens are one range
    /// ([`crate::content::prefix::longest_prefix`]).
    index: Vec<(Vec<Sym>, usize)>,
    /// Lower-cased names and aliases as characters: (phrase, term index), sorted.
    phrases: Vec<(Vec<char>, usize)>,
}

/// One term or piece of notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// Display name: "scaled dot-product attention", "key dimension".
    pub name: String,
    /// Markdown with `$math$`, one to four sentences.
    pub definition: String,
    /// Slug of the lesson that introduces it.
    pub lesson: String,
    /// Number of the `##` idea that introduces it: "2.3".
    pub section: String,
    /// Other spellings, plurals.
    pub aliases: Vec<String>,
    /// LaTeX that denotes it: `d_k`; `W_Q`, `W^Q`; `\sqrt{d_k}`.
    pub symbols: Vec<String>,
    /// For notation: "n x d_k".
    pub shape: Option<String>,
    /// Line of its `[[term]]` header in the glossary file.
    pub line: usize,
}

/// A term found in a text: where (byte offset into the text) and which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found<'g> {
    pub offset: usize,
    pub len: usize,
    pub term: &'g Term,
}

/// A glossary symbol found in LaTeX: the 1-based column where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoundSymbol<'g> {
    pub col: usize,
    pub term: &'g Term,
}

impl Glossary {
    /// The term called `name`: by its name exactly, else by name or alias ignoring case.
    pub fn get(&self, name: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.name == name).or_else(|| {
            let wanted = fold(name);
            self.terms.iter().find(|t| {
                std::iter::once(&t.name)
                    .chain(&t.aliases)
                    .any(|p| fold(p) == wanted)
            })
        })
    }
}

/// Fonts that make a different symbol of a letter.
pub(crate) fn is_font(cmd: &str) -> bool {
    matches!(cmd, "mathbb" | "mathbf" | "mathcal" | "mathsf" | "mathfrak")
}

/// Lower case, with runs of white space as one space.
fn fold(s: &str) -> Vec<char> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.trim().chars().flat_map(char::to_lowercase) {
        if c.is_whitespace() {
            if out.last() != Some(&' ') {
                out.push(' ');
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
[[term]]
name = "scaled dot-product attention"
definition = 'Attention with scores $QK^\top/\sqrt{d_k}$.'
lesson = "three-matrices"
section = "1.5"
aliases = ["dot-product attention"]

[[term]]
name = "attention"
definition = 'A weighted average of values.'
lesson = "three-matrices"
section = "1.1"

[[term]]
name = "key dimension"
definition = 'The length $d_k$ of a key.'
lesson = "three-matrices"
section = "1.3"
symbols = ['d_k']
shape = "scalar"

[[term]]
name = "query projection"
definition = 'The matrix $W_Q$.'
lesson = "three-matrices"
section = "1.3"
aliases = ["query matrix", "query projections"]
symbols = ['W_Q', 'W^Q']
shape = "d x d_k"

[[term]]
name = "queries"
definition = 'The rows of $Q$.'
lesson = "three-matrices"
section = "1.3"
symbols = ['Q']

[[term]]
name = "expectation"
definition = 'The mean.'
lesson = "sqrt-dk"
section = "2.2"
symbols = ['\mathbb{E}']

[[term]]
name = "model width"
definition = 'The width.'
lesson = "residual"
section = "6.1"
symbols = ['d_{\text{model}}', 'd']

[local]
sqrt-dk = ['i', 'n']
"#;

    fn sample() -> Glossary {
        Glossary::parse("glossary.toml", SAMPLE).unwrap()
    }

    fn names(terms: Vec<&Term>) -> Vec<&str> {
        terms.into_iter().map(|t| t.name.as_str()).collect()
    }

    #[test]
    fn every_field_and_the_header_line_are_read() {
        let g = sample();
        assert_eq!(g.terms.len(), 7);
        let t = &g.terms[3];
        assert_eq!(t.name, "query projection");
        assert_eq!(t.definition, "The matrix $W_Q$.");
        assert_eq!(t.lesson, "three-matrices");
        assert_eq!(t.section, "1.3");
        assert_eq!(t.aliases, ["query matrix", "query projections"]);
        assert_eq!(t.symbols, ["W_Q", "W^Q"]);
        assert_eq!(t.shape.as_deref(), Some("d x d_k"));
        assert_eq!(t.line, 23);
        assert_eq!(g.terms[1].shape, None);
        assert_eq!(g.local["sqrt-dk"], ["i", "n"]);
        assert_eq!(g.local_lines["sqrt-dk"], 54);
    }

    #[test]
    fn words_are_found_whole_in_any_case_the_longest_first() {
        let g = sample();
        let text = "Scaled Dot-Product Attention is attention; the Query\nMatrix too.";
        assert_eq!(
            names(g.terms_in(text)),
            [
                "scaled dot-product attention",
                "attention",
                "query projection"
            ]
        );
        // Not inside another word, and plurals only where an alias says so.
        assert!(g.terms_in("inattention, attentions").is_empty());
        assert_eq!(
            names(g.terms_in("two query projections")),
            ["query projection"]
        );
    }

    #[test]
    fn found_words_give_their_place_in_the_text() {
        let g = sample();
        let text = "ok é\n  ATTENTION here";
        let f = g.find_terms(text);
        assert_eq!(f.len(), 1);
        assert_eq!(&text[f[0].offset..f[0].offset + f[0].len], "ATTENTION");
    }

    #[test]
    fn words_inside_math_are_not_prose() {
        let g = sample();
        assert!(g.terms_in(r"the $\text{attention}$ sum").is_empty());
        assert_eq!(names(g.terms_in(r"costs \$5 attention")), ["attention"]);
    }

    #[test]
    fn symbols_are_found_however_they_are_braced() {
        let g = sample();
        assert_eq!(
            names(g.symbols_in(r"\frac{Q W_{Q}^\top}{\sqrt{d_{k}}}")),
            ["queries", "query projection", "key dimension"]
        );
        assert_eq!(names(g.symbols_in("W^{Q}")), ["query projection"]);
        assert_eq!(names(g.symbols_in(r"d_\mathrm{model}")), ["model width"]);
    }

    #[test]
    fn a_symbol_with_a_subscript_or_a_font_is_another_symbol() {
        let g = sample();
        assert!(g.symbols_in("d_i").is_empty());
        assert!(g.symbols_in("d_{kv}").is_empty());
        assert!(g.symbols_in(r"\mathbf{Q}").is_empty());
        assert_eq!(names(g.symbols_in("Q^2 + d")), ["queries", "model width"]);
        assert_eq!(names(g.symbols_in(r"\mathbb E[x]")), ["expectation"]);
    }

    #[test]
    fn bad_math_has_no_symbols() {
        assert!(sample().symbols_in("\u{7}d_k").is_empty());
    }

    #[test]
    fn get_finds_by_name_then_alias_ignoring_case() {
        let g = sample();
        assert_eq!(g.get("attention").unwrap().section, "1.1");
        assert_eq!(g.get("Query Matrix").unwrap().name, "query projection");
        assert!(g.get("nothing").is_none());
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let err =
            Glossary::parse("glossary.toml", "[[term]]\nname = \"x\"\nnope = 1\n").unwrap_err();
        assert_eq!(err.file, "glossary.toml");
        assert_eq!(err.line, 3, "{err}");

        let text = "[[term]]\nname='a'\ndefinition='b'\nlesson='c'\nsection='1.1'\n\n[[term]]\nname='x'\ndefinition='y'\nlesson='c'\nsection='1.1'\nsymbols=['a$b']\n";
        let err = Glossary::parse("glossary.toml", text).unwrap_err();
        assert_eq!(err.line, 7, "{err}");
        assert!(err.message.contains("a$b"), "{err}");

        let err = Glossary::parse(
            "g.toml",
            "[[term]]\nname=' '\ndefinition=''\nlesson=''\nsection=''\n",
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "g.toml:1: a term with an empty name");
    }

    #[test]
    fn an_empty_file_is_an_empty_glossary() {
        assert_eq!(Glossary::parse("g.toml", "").unwrap(), Glossary::default());
    }
}
