//! Finding the glossary in a text: its names and aliases in prose (whole words, any
//! case, the longest mention winning) and its symbols in LaTeX (by canonical tokens).
//! Both search the sorted indexes built when the file is read.

use super::{Found, FoundSymbol, Glossary, Term, is_font};
use crate::content::prefix::longest_prefix;
use crate::math::notation::{self, Placed, Sym};

impl Glossary {
    /// The terms named in prose (names and aliases, whole words, any case), in order of
    /// first mention. `$...$` math is skipped: its symbols are [`Glossary::symbols_in`]'s.
    pub fn terms_in(&self, text: &str) -> Vec<&Term> {
        unique(self.find_terms(text).into_iter().map(|f| f.term))
    }

    /// Every mention of a term in prose, in order. Where mentions overlap the longest
    /// wins ("scaled dot-product attention" rather than "attention").
    pub fn find_terms(&self, text: &str) -> Vec<Found<'_>> {
        let chars = prose_chars(text);
        let mut found = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let starts_word = is_word(chars[i].1) && (i == 0 || !is_word(chars[i - 1].1));
            let hit = starts_word
                .then(|| {
                    longest_prefix(
                        &self.phrases,
                        |d| chars.get(i + d).map(|c| &c.1),
                        |len| chars.get(i + len).is_none_or(|c| !is_word(c.1)),
                    )
                })
                .flatten();
            match hit {
                Some((term, len)) => {
                    let end = i + len;
                    let offset = chars[i].0;
                    let len = chars.get(end).map_or(text.len(), |c| c.0) - offset;
                    found.push(Found {
                        offset,
                        len: len.min(text.len() - offset),
                        term: &self.terms[term],
                    });
                    i = end;
                }
                None => i += 1,
            }
        }
        found
    }

    /// The terms whose symbols occur in a LaTeX source, in order of first occurrence.
    /// Source the math engine refuses has no symbols.
    pub fn symbols_in(&self, tex: &str) -> Vec<&Term> {
        let placed = notation::placed(tex).unwrap_or_default();
        unique(self.find_symbols(&placed).into_iter().map(|f| f.term))
    }

    /// Every glossary symbol in canonical tokens, in order. At each place the longest
    /// symbol wins (`d_k` rather than `d`); a symbol followed by a subscript is a
    /// different symbol (`d` does not occur in `d_i`), one followed by a superscript is
    /// not (`Q` occurs in `Q^\top`); a letter under `\mathbb` is not the plain letter.
    pub fn find_symbols(&self, placed: &[Placed]) -> Vec<FoundSymbol<'_>> {
        let mut found = Vec::new();
        let mut i = 0;
        while i < placed.len() {
            match self.symbol_at(placed, i) {
                Some((term, len)) => {
                    found.push(FoundSymbol {
                        col: placed[i].col,
                        term: &self.terms[term],
                    });
                    i += len;
                }
                None => i += 1,
            }
        }
        found
    }

    /// The canonical tokens of every glossary symbol.
    pub(crate) fn symbol_tokens(&self) -> impl Iterator<Item = &[Sym]> {
        self.index.iter().map(|(t, _)| t.as_slice())
    }

    /// The longest glossary symbol starting at `placed[i]`: (term index, token count).
    pub(crate) fn symbol_at(&self, placed: &[Placed], i: usize) -> Option<(usize, usize)> {
        if i > 0 && matches!(&placed[i - 1].sym, Sym::Cmd(c) if is_font(c)) {
            return None;
        }
        longest_prefix(
            &self.index,
            |d| placed.get(i + d).map(|p| &p.sym),
            |len| placed.get(i + len).is_none_or(|p| p.sym != Sym::Sub),
        )
    }
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric()
}

/// The prose of a markdown text as (byte offset, folded character): math between `$`s
/// becomes one non-word character, white space runs become one space.
fn prose_chars(text: &str) -> Vec<(usize, char)> {
    let mut out: Vec<(usize, char)> = Vec::with_capacity(text.len());
    let mut in_math = false;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == '$' {
            if !in_math {
                out.push((at, '$'));
            }
            in_math = !in_math;
            continue;
        }
        if in_math {
            continue;
        }
        if c.is_whitespace() {
            if out.last().is_none_or(|l| l.1 != ' ') {
                out.push((at, ' '));
            }
            continue;
        }
        out.extend(c.to_lowercase().map(|l| (at, l)));
    }
    out
}

/// The distinct items of `it`, in order of first appearance.
fn unique<'g>(it: impl Iterator<Item = &'g Term>) -> Vec<&'g Term> {
    let mut out: Vec<&Term> = Vec::new();
    for t in it {
        if !out.iter().any(|o| std::ptr::eq(*o, t)) {
            out.push(t);
        }
    }
    out
}
