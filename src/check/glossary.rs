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
//! `\sum` or `\exp` are not symbols.

use std::collections::{HashMap, HashSet};

use crate::content::glossary::is_font;
use crate::content::{
    Block, BlockKind, Course, GLOSSARY_FILE, Glossary, Inline, Lesson, Term, block, markdown,
    section_link,
};
use crate::math::notation::{self, Placed, Sym};
use crate::math::{self, Options};

use super::Finding;

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

/// What the rules read in a block: prose (with its links) and math.
pub(super) enum Piece {
    Prose {
        line: usize,
        text: String,
    },
    Math {
        line: usize,
        tex: String,
        display: bool,
    },
}

/// The prose and math of blocks, nested blocks and problem texts included.
pub(super) fn pieces(blocks: &[Block]) -> Vec<Piece> {
    let mut out = Vec::new();
    for b in blocks {
        collect(b, &mut out);
    }
    out
}

fn collect(b: &Block, out: &mut Vec<Piece>) {
    let inlines = |inl: &[Inline], out: &mut Vec<Piece>| {
        out.push(Piece::Prose {
            line: b.line,
            text: block::plain(inl),
        });
        for i in inl {
            if let Inline::Math(tex) = i {
                out.push(Piece::Math {
                    line: b.line,
                    tex: tex.clone(),
                    display: false,
                });
            }
        }
    };
    match &b.kind {
        BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => inlines(text, out),
        BlockKind::Table { header, rows, .. } => {
            for cell in header.iter().chain(rows.iter().flatten()) {
                inlines(cell, out);
            }
        }
        BlockKind::List { items, .. } => items.iter().flatten().for_each(|b| collect(b, out)),
        BlockKind::Quote(blocks) => blocks.iter().for_each(|b| collect(b, out)),
        BlockKind::DisplayMath(tex) => out.push(Piece::Math {
            line: b.line,
            tex: tex.clone(),
            display: true,
        }),
        BlockKind::Problem(spec) => {
            if let Ok(spec) = spec.as_ref() {
                let texts = std::iter::once(&spec.prompt)
                    .chain(&spec.hints)
                    .chain(std::iter::once(&spec.solution));
                for text in texts {
                    for inner in markdown::parse("", b.line, text) {
                        collect(&inner, out);
                    }
                }
            }
        }
        BlockKind::Code { .. } | BlockKind::Rule | BlockKind::Claims(_) | BlockKind::Figure(_) => {}
    }
}

/// Link targets anywhere in a block.
fn links(b: &Block) -> Vec<String> {
    let mut out = Vec::new();
    let mut push = |inl: &[Inline]| {
        out.extend(inl.iter().filter_map(|i| match i {
            Inline::LinkTarget(url) => Some(url.clone()),
            _ => None,
        }))
    };
    match &b.kind {
        BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => push(text),
        BlockKind::Table { header, rows, .. } => header
            .iter()
            .chain(rows.iter().flatten())
            .for_each(|c| push(c)),
        BlockKind::List { items, .. } => items.iter().flatten().for_each(|b| out.extend(links(b))),
        BlockKind::Quote(blocks) => blocks.iter().for_each(|b| out.extend(links(b))),
        _ => {}
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

/// The source line of column `col` of math starting on `line`: a display's TeX starts
/// on the line after its `$$`.
pub(super) fn math_line(line: usize, tex: &str, display: bool, col: usize) -> usize {
    if display {
        line + 1 + tex.chars().take(col).filter(|&c| c == '\n').count()
    } else {
        line
    }
}

/// The `[local]` symbols of a lesson, as canonical tokens.
fn local_symbols(g: &Glossary, slug: &str) -> Vec<Vec<Sym>> {
    g.local
        .get(slug)
        .into_iter()
        .flatten()
        .filter_map(|s| notation::tokens(s).ok())
        .filter(|t| !t.is_empty())
        .collect()
}

/// A problem's parameter names are local to its texts.
fn problem_params(b: &Block) -> Vec<Vec<Sym>> {
    match &b.kind {
        BlockKind::Problem(spec) => spec
            .as_ref()
            .as_ref()
            .map(|s| {
                s.params
                    .keys()
                    .map(|k| k.chars().map(Sym::Char).collect())
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Named symbols of `placed` that neither the glossary nor the local lists define:
/// (column, the symbol as LaTeX).
fn unknown_symbols(
    g: &Glossary,
    local: &[Vec<Sym>],
    params: &[Vec<Sym>],
    placed: &[Placed],
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    let is_local = |toks: &[Placed], at: usize| -> Option<usize> {
        local
            .iter()
            .chain(params)
            .filter(|l| {
                let end = at + l.len();
                end <= toks.len()
                    && toks[at..end].iter().map(|p| &p.sym).eq(l.iter())
                    && toks.get(end).is_none_or(|p| p.sym != Sym::Sub)
            })
            .map(Vec::len)
            .max()
    };
    while i < placed.len() {
        if let Some((_, len)) = g.symbol_at(placed, i) {
            i += len;
            continue;
        }
        if let Some(len) = is_local(placed, i) {
            i += len;
            continue;
        }
        if let Sym::Cmd(c) = &placed[i].sym
            && matches!(c.as_str(), "begin" | "end")
        {
            i = skip_group(placed, i + 1);
            continue;
        }
        let Some(base) = name_at(placed, i) else {
            i += 1;
            continue;
        };
        let bare = &placed[i..i + base];
        let subscripted = placed.get(i + base).is_some_and(|p| p.sym == Sym::Sub);
        let known = g.symbol_at(bare, 0).is_some()
            || is_local(bare, 0).is_some()
            || (subscripted && is_indexed(g, local, bare));
        if !known {
            let end = if subscripted {
                skip_group(placed, i + base + 1)
            } else {
                i + base
            };
            out.push((placed[i].col, tex_of(&placed[i..end])));
        }
        i += base;
    }
    out
}

/// Whether the glossary or the local list writes `base` with a subscript (`s_{ij}`):
/// then it is an indexed family and may carry any index (`s_{01}`), whose own symbols
/// are checked in turn.
fn is_indexed(g: &Glossary, local: &[Vec<Sym>], base: &[Placed]) -> bool {
    g.symbol_tokens()
        .chain(local.iter().map(Vec::as_slice))
        .any(|t| {
            t.len() > base.len()
                && t[base.len()] == Sym::Sub
                && t.iter().zip(base).all(|(a, b)| *a == b.sym)
        })
}

/// How many tokens make the named symbol's base at `i` (0: none there).
fn name_at(placed: &[Placed], i: usize) -> Option<usize> {
    let p = &placed[i];
    if p.upright {
        return None;
    }
    match &p.sym {
        Sym::Char(c) if c.is_alphabetic() => Some(1),
        Sym::Cmd(c) if is_greek(c) => Some(1),
        Sym::Cmd(c)
            if is_font(c)
                && placed
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.sym, Sym::Char(_) | Sym::Cmd(_))) =>
        {
            Some(2)
        }
        _ => None,
    }
}

/// The index just past the group (or single token) starting at `i`.
fn skip_group(placed: &[Placed], i: usize) -> usize {
    if placed.get(i).is_none_or(|p| p.sym != Sym::Open) {
        return (i + 1).min(placed.len());
    }
    let mut depth = 0usize;
    for (k, p) in placed.iter().enumerate().skip(i) {
        match p.sym {
            Sym::Open => depth += 1,
            Sym::Close => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    placed.len()
}

/// Canonical tokens written back as LaTeX, for messages.
fn tex_of(placed: &[Placed]) -> String {
    let mut out = String::new();
    for p in placed {
        match &p.sym {
            Sym::Char(c) => out.push(*c),
            Sym::Cmd(c) => {
                out.push('\\');
                out.push_str(c);
                if c.chars().all(|c| c.is_ascii_alphabetic()) {
                    out.push(' ');
                }
            }
            Sym::Sub => out.push('_'),
            Sym::Sup => out.push('^'),
            Sym::Prime => out.push('\''),
            Sym::Open => out.push('{'),
            Sym::Close => out.push('}'),
            Sym::Amp => out.push('&'),
            Sym::RowSep => out.push_str("\\\\"),
        }
    }
    out.trim_end().replace(" _", "_").replace(" }", "}")
}

fn is_greek(name: &str) -> bool {
    matches!(
        name,
        "alpha"
            | "beta"
            | "gamma"
            | "delta"
            | "epsilon"
            | "varepsilon"
            | "zeta"
            | "eta"
            | "theta"
            | "vartheta"
            | "iota"
            | "kappa"
            | "lambda"
            | "mu"
            | "nu"
            | "xi"
            | "pi"
            | "varpi"
            | "rho"
            | "varrho"
            | "sigma"
            | "varsigma"
            | "tau"
            | "upsilon"
            | "phi"
            | "varphi"
            | "chi"
            | "psi"
            | "omega"
            | "Gamma"
            | "Delta"
            | "Theta"
            | "Lambda"
            | "Xi"
            | "Pi"
            | "Sigma"
            | "Upsilon"
            | "Phi"
            | "Psi"
            | "Omega"
            | "ell"
    )
}
