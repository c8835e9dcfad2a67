//! The glossary rules of `check`:
//!
//! - the glossary file itself: every term's lesson and section exist, no name, alias or
//!   symbol belongs to two terms, every definition's math lays out;
//! - a term named (by its name or an alias) before the idea that introduces it is
//!   linked there once per lesson: the block of its first mention in the lesson (or an
//!   earlier one) links to that idea, `[the variance argument](#2.2)`, and later
//!   mentions need none
//!   (more forward links are clutter, see [`super::links`]). A lesson's title and blurb
//!   (they preview it), headings, tables and quotations (no link may stand there) and
//!   problems are exempt. Symbols are not held to this: the notation table defines them
//!   for the whole course;
//! - every named symbol in a lesson's math is in the glossary, or declared local to
//!   the lesson in `[local]`.
//!
//! What a "named symbol" is: a Latin or Greek letter in italic (not inside `\text{}`,
//! `\mathrm{}` or `\operatorname{}`, which are words) or a letter under `\mathbb`,
//! `\mathbf`, `\mathcal`, with the subscript it carries. `d_k` must be a glossary symbol,
//! unless the bare letter `d` is known, in which case the subscript is checked on its
//! own (so `x_i` needs `x` and `i`). Digits, operators and commands such as `\sqrt`,
//! `\sum` or `\exp` are not symbols. That rule is `named`'s; the blocks are read into
//! prose and math by `check::pieces`.

mod named;

use std::collections::{HashMap, HashSet};

use crate::content::{BlockKind, Course, GLOSSARY_FILE, Lesson, Term, markdown, section_link};
use crate::math::notation::{self, Sym};
use crate::math::{self, Options};

use super::Finding;
use super::pieces::{Piece, links, math_line, pieces};
use named::{local_symbols, problem_params, unknown_symbols};

/// All glossary findings of a course (none when it has no glossary).
pub fn check(course: &Course) -> Vec<Finding> {
    let g = &course.glossary;
    if g.terms.is_empty() && g.local.is_empty() {
        return Vec::new();
    }
    let mut out = file_findings(course);
    for (li, lesson) in course.lessons.iter().enumerate() {
        out.extend(lesson_findings(course, li, lesson));
    }
    out.extend(super::defined::check(course));
    out
}

fn finding(file: &str, line: usize, message: String) -> Finding {
    Finding::at(file.to_string(), line, message)
}

fn file_findings(course: &Course) -> Vec<Finding> {
    let g = &course.glossary;
    let mut out = Vec::new();
    let mut names: HashMap<String, &str> = HashMap::new();
    let mut symbols: HashMap<Vec<Sym>, &str> = HashMap::new();
    for term in &g.terms {
        let at = |message: String| finding(GLOSSARY_FILE, term.line, message);
        match course.lessons.iter().find(|l| l.slug == term.lesson) {
            None => out.push(at(format!(
                "term `{}`: no lesson `{}` in course.toml",
                term.name, term.lesson
            ))),
            Some(_) if course.introduction(term).is_none() => out.push(at(format!(
                "term `{}`: lesson `{}` has no section {}",
                term.name, term.lesson, term.section
            ))),
            Some(_) => {}
        }
        for name in std::iter::once(&term.name).chain(&term.aliases) {
            let key = name.trim().to_lowercase();
            match names.get(&key) {
                Some(other) => out.push(at(format!(
                    "`{name}` names both `{other}` and `{}`",
                    term.name
                ))),
                None => {
                    names.insert(key, &term.name);
                }
            }
        }
        for symbol in &term.symbols {
            let Ok(key) = notation::tokens(symbol) else {
                continue;
            };
            match symbols.get(&key) {
                Some(other) if *other != term.name => out.push(at(format!(
                    "symbol `{symbol}` denotes both `{other}` and `{}`",
                    term.name
                ))),
                _ => {
                    symbols.insert(key, &term.name);
                }
            }
        }
        if term.definition.trim().is_empty() {
            out.push(at(format!("term `{}` has no definition", term.name)));
        }
        for tex in math_of(&term.definition) {
            if let Err(e) = math::inline(&tex, &Options::default())
                .and_then(|_| math::inline(&tex, &Options { ascii: true }))
            {
                out.push(at(format!("term `{}`: math `{tex}`: {e}", term.name)));
            }
        }
    }
    for (slug, line) in &g.local_lines {
        if !course.lessons.iter().any(|l| &l.slug == slug) {
            out.push(finding(
                GLOSSARY_FILE,
                *line,
                format!("[local]: no lesson `{slug}` in course.toml"),
            ));
        }
    }
    out
}

/// The math sources of a markdown text, inline and display.
fn math_of(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for piece in pieces(&markdown::parse(GLOSSARY_FILE, 1, text)) {
        if let Piece::Math { tex, .. } = piece {
            out.push(tex);
        }
    }
    out
}

fn lesson_findings(course: &Course, li: usize, lesson: &Lesson) -> Vec<Finding> {
    let g = &course.glossary;
    let local = local_symbols(g, &lesson.slug);
    let mut out = Vec::new();
    let mut early: HashSet<*const Term> = HashSet::new();
    // Ideas this lesson has linked so far: one forward link serves every term of it.
    let mut linked_before: HashSet<String> = HashSet::new();
    let mut undefined: HashSet<String> = HashSet::new();
    for (bi, b) in lesson.blocks().iter().enumerate() {
        let targets = links(b);
        let params = problem_params(b);
        // The title and the blurb under it preview the lesson: they may name what it
        // introduces. Problems are exempt too: a TOML string is no place for links.
        let exempt = bi == 0
            || (bi == 1 && matches!(b.kind, BlockKind::Paragraph(_)))
            || !matches!(b.kind, BlockKind::Paragraph(_) | BlockKind::List { .. });
        let mut used: Vec<(&Term, usize)> = Vec::new();
        for piece in pieces(std::slice::from_ref(b)) {
            match piece {
                Piece::Prose { line, text } if !exempt => {
                    // No link may stand inside a quotation, so a mention there is no
                    // first mention to link.
                    used.extend(
                        g.find_terms(&text)
                            .into_iter()
                            .filter(|f| !super::links::inside_quotes(&text[..f.offset]))
                            .map(|f| (f.term, line)),
                    );
                }
                Piece::Prose { .. } => {}
                Piece::Math { line, tex, display } => {
                    let Ok(placed) = notation::placed(&tex) else {
                        continue; // the layout rule reports it
                    };
                    let line_of = |col: usize| math_line(line, &tex, display, col);
                    for (col, name) in unknown_symbols(g, &local, &params, &placed) {
                        if undefined.insert(name.clone()) {
                            out.push(finding(
                                &lesson.file,
                                line_of(col),
                                format!(
                                    "symbol `{name}` is not in {GLOSSARY_FILE} (nor [local] to `{}`)",
                                    lesson.slug
                                ),
                            ));
                        }
                    }
                }
            }
        }
        for (term, line) in used {
            let Some(intro) = course.introduction(term) else {
                continue;
            };
            let linked = linked_before.contains(&term.section)
                || targets
                    .iter()
                    .any(|t| section_link(t) == Some(term.section.as_str()));
            if (li, bi) < intro && early.insert(std::ptr::from_ref(term)) && !linked {
                out.push(finding(
                    &lesson.file,
                    line,
                    format!(
                        "`{}` is named before section {} introduces it: link its first mention in this lesson, [..](#{})",
                        term.name, term.section, term.section
                    ),
                ));
            }
        }
        linked_before.extend(
            targets
                .iter()
                .filter_map(|t| section_link(t))
                .map(String::from),
        );
    }
    out
}
