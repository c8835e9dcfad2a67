//! One symbol, one meaning across the course. Two glossary entries claiming one symbol
//! are the glossary rule's ([`super::glossary`]); here:
//!
//! - a `[local]` letter of a lesson that is also a course-wide symbol shadows it: the
//!   lesson uses `k` for something else than a key. It must be renamed, or declared in
//!   `[shadow]` when the lesson does it on purpose (a paper's own letter, read as the
//!   paper writes it);
//! - a course-wide symbol bound as the index of a sum, product, max or min
//!   (`\sum_{k=1}^n`) means an index there, not what the glossary says; a symbol whose
//!   entry is itself an index ("position index" `i`) is what such a binding is for;
//! - a `[shadow]` entry names a lesson and a course-wide symbol that exist.

use std::collections::HashSet;

use crate::content::{Course, GLOSSARY_FILE, Glossary, Term};
use crate::math::notation::{self, Placed, Sym};

use super::Finding;
use super::pieces::{Piece, math_line, pieces};

/// All notation findings of a course.
pub fn check(course: &Course) -> Vec<Finding> {
    let g = &course.glossary;
    let mut out = Vec::new();
    let at = |line: usize, message: String| Finding::at(GLOSSARY_FILE.to_string(), line, message);
    for (slug, symbols) in &g.local {
        for symbol in symbols {
            if let Some(term) = owner(g, symbol)
                && !declared(g, slug, symbol)
            {
                out.push(at(
                    g.local_lines[slug],
                    format!(
                        "[local] `{symbol}` of `{slug}` shadows `{}` ({GLOSSARY_FILE}:{}): rename it in the lesson, or declare it in [shadow]",
                        term.name, term.line
                    ),
                ));
            }
        }
    }
    for (slug, symbols) in &g.shadow {
        let line = g.shadow_lines[slug];
        if !course.lessons.iter().any(|l| &l.slug == slug) {
            out.push(at(
                line,
                format!("[shadow]: no lesson `{slug}` in course.toml"),
            ));
        }
        for symbol in symbols.iter().filter(|s| owner(g, s).is_none()) {
            out.push(at(
                line,
                format!("[shadow] `{symbol}` of `{slug}` is no course-wide symbol"),
            ));
        }
    }
    for lesson in &course.lessons {
        let mut seen = HashSet::new();
        for piece in pieces(lesson.blocks()) {
            let Piece::Math { line, tex, display } = piece else {
                continue;
            };
            let Ok(placed) = notation::placed(&tex) else {
                continue; // the layout rule reports it
            };
            for (col, term, symbol) in bound_symbols(g, &placed) {
                if term.name.contains("index")
                    || declared(g, &lesson.slug, &symbol)
                    || !seen.insert(symbol.clone())
                {
                    continue;
                }
                out.push(Finding::at(
                    lesson.file.clone(),
                    math_line(line, &tex, display, col),
                    format!(
                        "`{symbol}` is `{}` course-wide, here the index of a sum: rename the index, or declare `{symbol}` in [shadow] for `{}`",
                        term.name, lesson.slug
                    ),
                ));
            }
        }
    }
    out
}

/// The term whose symbols include `symbol` (compared as canonical tokens).
fn owner<'g>(g: &'g Glossary, symbol: &str) -> Option<&'g Term> {
    let wanted = notation::tokens(symbol).ok()?;
    g.terms.iter().find(|t| {
        t.symbols
            .iter()
            .any(|s| notation::tokens(s).is_ok_and(|t| t == wanted))
    })
}

/// Whether lesson `slug` declares `symbol` in `[shadow]`.
fn declared(g: &Glossary, slug: &str, symbol: &str) -> bool {
    let Ok(wanted) = notation::tokens(symbol) else {
        return false;
    };
    g.shadow
        .get(slug)
        .into_iter()
        .flatten()
        .any(|s| notation::tokens(s).is_ok_and(|t| t == wanted))
}

/// Course-wide symbols bound as the index of a big operator: `\sum_{k=0}`, `\max_k`.
/// (column, term, the symbol as written in the glossary's tokens).
fn bound_symbols<'g>(g: &'g Glossary, placed: &[Placed]) -> Vec<(usize, &'g Term, String)> {
    let mut out = Vec::new();
    for (i, p) in placed.iter().enumerate() {
        let Sym::Cmd(op) = &p.sym else { continue };
        if !matches!(
            op.as_str(),
            "sum" | "prod" | "max" | "min" | "bigcup" | "bigcap"
        ) || placed.get(i + 1).is_none_or(|n| n.sym != Sym::Sub)
        {
            continue;
        }
        let grouped = placed.get(i + 2).is_some_and(|n| n.sym == Sym::Open);
        let at = if grouped { i + 3 } else { i + 2 };
        let Some((ti, len)) = g.symbol_at(placed, at) else {
            continue;
        };
        // In a group the index is what stands before `=` (or the whole group).
        let ends = !grouped
            || placed
                .get(at + len)
                .is_some_and(|n| matches!(n.sym, Sym::Char('=') | Sym::Close));
        if ends {
            let symbol = placed[at..at + len]
                .iter()
                .map(|p| match &p.sym {
                    Sym::Char(c) => c.to_string(),
                    Sym::Cmd(c) => format!("\\{c}"),
                    Sym::Sub => "_".to_string(),
                    _ => String::new(),
                })
                .collect();
            out.push((placed[at].col, &g.terms[ti], symbol));
        }
    }
    out
}
