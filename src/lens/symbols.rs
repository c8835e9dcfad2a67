//! Naming one symbol: the units of an equation (a letter or command with its scripts,
//! `W^Q_i`), and where the course's meaning of each comes from — the role a recognised
//! form gives it, the glossary, the paper variants the course translates, standard
//! notation — or "not in this course" when none of them knows it.

use super::command_kinds::{is_function, is_structure};
use super::names::{NOTATION, VARIANTS, WORD_MEANINGS, WORD_TERMS, variant_templates};
use crate::content::{Glossary, Term};
use crate::math::notation::{Placed, Sym};

/// A symbol as written: the token range `[start, end)` of the symbols stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub start: usize,
    pub end: usize,
}

/// What the course says about a symbol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meaning {
    pub text: String,
    pub shape: Option<String>,
    pub section: Option<String>,
    pub variant: Option<String>,
    /// Read from a single letter alone (`h`, `x`, `\sigma`) or a letter with an index
    /// (`x_m`): what the course calls that letter, which a paper may use for anything
    /// else. Only a form the symbol sits in can confirm it.
    pub guess: bool,
}

/// `\text{...}` words that are prose in an equation, not symbols.
fn is_prose(word: &str) -> bool {
    matches!(
        word,
        "if" | "otherwise"
            | "for"
            | "and"
            | "where"
            | "else"
            | "with"
            | "all"
            | "dot"
            | "general"
            | "concat"
            | "location"
            | "when"
            | "of"
            | "or"
    )
}

/// The symbols of a stream, in reading order.
pub fn units(toks: &[Placed]) -> Vec<Unit> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let start = i;
        match &toks[i].sym {
            Sym::Char(c) if c.is_alphabetic() && *c != 'e' => {}
            Sym::Char('e') if toks.get(i + 1).is_none_or(|p| p.sym != Sym::Sup) => {}
            Sym::Cmd(c) if c == "begin" || c == "end" => {
                i = super::stream::argument_end(toks, i + 1);
                continue;
            }
            Sym::Cmd(c) if is_function(c) => {
                out.push(Unit { start, end: i + 1 });
                i += 1;
                continue;
            }
            Sym::Cmd(c) if !is_structure(c) => {}
            _ => {
                i += 1;
                continue;
            }
        }
        let mut end = match &toks[i].sym {
            Sym::Cmd(c) if super::stream::takes_argument(c) => {
                super::stream::argument_end(toks, i + 1)
            }
            _ => i + 1,
        };
        while end < toks.len() {
            match toks[end].sym {
                Sym::Sub | Sym::Sup => end = super::stream::argument_end(toks, end + 1),
                Sym::Prime => end += 1,
                _ => break,
            }
        }
        out.push(Unit { start, end });
        i = end;
    }
    out
}

/// The end of `unit` without a trailing transpose (`K^\top` → `K`), and whether it
/// had one.
pub fn untransposed(toks: &[Placed], unit: &Unit) -> (usize, bool) {
    let n = unit.end - unit.start;
    let transposed = n >= 3
        && toks[unit.end - 2].sym == Sym::Sup
        && toks[unit.end - 1].sym == Sym::Cmd("top".into());
    if transposed {
        (unit.end - 2, true)
    } else {
        (unit.end, false)
    }
}

/// Whether `span` is one letter alone, Latin or Greek, not a word or an operator.
fn is_letter(span: &[Placed]) -> bool {
    match span {
        [one] => match &one.sym {
            Sym::Char(c) => c.is_alphabetic(),
            Sym::Cmd(c) => {
                !one.upright
                    && !is_function(c)
                    && !is_structure(c)
                    && c != "odot"
                    && !NOTATION.iter().any(|(n, ..)| n == c)
                    && !WORD_TERMS.iter().any(|(w, _)| w == c)
                    && !WORD_MEANINGS.iter().any(|(w, ..)| w == c)
            }
            _ => false,
        },
        _ => false,
    }
}

/// The course's meaning of the symbol `unit` in the symbols stream `toks`, or `None`:
/// not in this course.
pub fn meaning(glossary: &Glossary, toks: &[Placed], unit: &Unit) -> Option<Meaning> {
    let mut span = &toks[unit.start..unit.end];
    let mut notes: Vec<&str> = Vec::new();
    // A transpose is not part of the symbol.
    let n = span.len();
    if n >= 3 && span[n - 2].sym == Sym::Sup && span[n - 1].sym == Sym::Cmd("top".into()) {
        span = &span[..n - 2];
        notes.push("transposed");
    }
    if let Some(mut m) = exact(glossary, span) {
        m.guess = is_letter(span);
        return Some(with_notes(m, &notes));
    }
    // A power is not part of the symbol either: `a_i^2`.
    let n = span.len();
    if n >= 3
        && span[n - 2].sym == Sym::Sup
        && matches!(span[n - 1].sym, Sym::Char(c) if c.is_ascii_digit())
        && let Some(mut m) = exact(glossary, &span[..n - 2])
    {
        m.guess = is_letter(&span[..n - 2]);
        return Some(with_notes(m, &["squared or raised to a power"]));
    }
    // A vector or matrix indexed by a letter: `q_m` is a query, of token m. A number
    // (`x_1`) is as often a coordinate as a token: not placed.
    if let [
        base,
        sub,
        Placed {
            sym: Sym::Char(index),
            ..
        },
    ] = span
        && sub.sym == Sym::Sub
        && index.is_ascii_alphabetic()
        && let Some(term) = glossary_term(glossary, std::slice::from_ref(base))
        && term.shape.as_deref().is_some_and(|s| s.contains(" x "))
    {
        let mut m = from_term(term);
        m.text = format!("{}, indexed by {index}", m.text);
        m.guess = true;
        return Some(with_notes(m, &notes));
    }
    None
}

fn with_notes(mut m: Meaning, notes: &[&str]) -> Meaning {
    if !notes.is_empty() {
        m.text = format!("{}, {}", m.text, notes.join(", "));
    }
    m
}

/// The meaning of exactly this span, from words, the glossary, variants or notation.
fn exact(glossary: &Glossary, span: &[Placed]) -> Option<Meaning> {
    if let [one] = span
        && let Sym::Cmd(word) = &one.sym
    {
        let lower = word.to_lowercase();
        if let Some((_, name)) = WORD_TERMS.iter().find(|(w, _)| *w == lower)
            && let Some(term) = glossary.get(name)
        {
            let mut m = from_term(term);
            // A term named by the very word written ("softmax" for `\softmax`) says
            // nothing by its name: its definition's opening words say what it is.
            if term.name.eq_ignore_ascii_case(word)
                && let Some(head) = definition_head(&term.definition)
            {
                m.text = format!("{}: {head}", m.text);
            }
            return Some(m);
        }
        if let Some((_, text, section)) = WORD_MEANINGS.iter().find(|(w, ..)| *w == lower) {
            return Some(plain(text, section, None));
        }
    }
    if let Some(term) = glossary_term(glossary, span) {
        return Some(from_term(term));
    }
    for ((_, text, section, variant), t) in VARIANTS.iter().zip(variant_templates()) {
        if t.match_at(span, 0)
            .is_some_and(|(end, _)| end == span.len())
        {
            let variant = (!variant.is_empty()).then_some(*variant);
            return Some(plain(text, section, variant));
        }
    }
    if let [one] = span
        && let Sym::Cmd(name) = &one.sym
        && let Some((_, text, section)) = NOTATION.iter().find(|(n, ..)| n == name)
    {
        return Some(plain(text, section, None));
    }
    None
}

/// Whether a merged word is prose (`\text{if}`) rather than a symbol.
pub fn is_prose_unit(span: &[Placed]) -> bool {
    matches!(span, [one] if one.upright && matches!(&one.sym, Sym::Cmd(w) if is_prose(w)))
}

fn glossary_term<'g>(glossary: &'g Glossary, span: &[Placed]) -> Option<&'g Term> {
    glossary
        .symbol_at(span, 0)
        .filter(|(_, len)| *len == span.len())
        .map(|(t, _)| &glossary.terms[t])
}

/// The plain opening of a definition, up to its first math, colon or full stop, with a
/// lower-case first letter; `None` when that leaves fewer than three words.
fn definition_head(definition: &str) -> Option<String> {
    let end = definition.find(['$', ':', '.']).unwrap_or(definition.len());
    let head = definition[..end].trim();
    if head.split_whitespace().count() < 3 {
        return None;
    }
    let mut chars = head.chars();
    let first = chars.next()?.to_lowercase();
    Some(first.chain(chars).collect())
}

fn from_term(term: &Term) -> Meaning {
    Meaning {
        text: term.name.clone(),
        shape: term.shape.clone(),
        section: Some(term.section.clone()),
        variant: None,
        guess: false,
    }
}

fn plain(text: &str, section: &str, variant: Option<&str>) -> Meaning {
    Meaning {
        text: text.to_string(),
        shape: None,
        section: Some(section.to_string()),
        variant: variant.map(str::to_string),
        guess: false,
    }
}
