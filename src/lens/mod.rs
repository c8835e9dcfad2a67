//! The paper lens: an equation as a paper writes it, with every symbol and every
//! recognised sub-expression named in the course's words, with the section that derives
//! it and the problem that practises it — or "not in this course", never a guess.
//!
//! A pure library (no terminal, no I/O), used by `attn-course explain`, the reader and
//! `check`. The pipeline: `stream` (LaTeX → the notation index's canonical tokens,
//! with papers' spellings of one thing made one) → `pattern` + `forms` (the forms it
//! recognises under renaming) and `symbols` (each symbol's meaning) → `links` (sections
//! and problems of the course) → a [`Legend`], written out by `render`.

mod blocks;
mod command_kinds;
mod forms;
mod links;
mod names;
mod pattern;
mod render;
mod source;
mod stream;
mod symbols;
pub mod tex;

use std::sync::OnceLock;

use crate::content::Course;
use crate::math::MathError;
use crate::math::notation::{Placed, Sym};
use pattern::{Bound, Template};

pub use links::Link;
pub use render::{drawing, entry_line, render};

/// One line of the legend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The LaTeX of the symbol or sub-expression, as the paper wrote it.
    pub tex: String,
    /// A recognised form (a sub-expression) rather than one symbol.
    pub form: bool,
    /// The course's words, or `None`: not in this course.
    pub meaning: Option<String>,
    pub shape: Option<String>,
    /// The section that derives it and the problem that practises it.
    pub link: Option<Link>,
    /// How the paper's notation differs from the course's.
    pub variant: Option<String>,
}

/// An equation explained: its legend in reading order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Legend {
    pub tex: String,
    pub entries: Vec<Entry>,
}

impl Legend {
    /// Whether some symbol is not in this course.
    pub fn has_unplaced(&self) -> bool {
        self.entries.iter().any(|e| e.meaning.is_none())
    }
}

/// A form found in the equation: which, the token range, what each hole stood for.
struct Found {
    compiled: &'static Compiled,
    start: usize,
    end: usize,
    binds: Vec<Bound>,
}

/// A form with its compiled templates and its own symbols as token sequences.
struct Compiled {
    form: &'static forms::Form,
    templates: Vec<Template>,
    symbols: Vec<(Vec<Sym>, &'static str)>,
}

/// Every form compiled, most specific first within each table.
fn compiled() -> &'static [Compiled] {
    static T: OnceLock<Vec<Compiled>> = OnceLock::new();
    T.get_or_init(|| {
        forms::ATTENTION
            .iter()
            .chain(blocks::BLOCKS)
            .map(|form| Compiled {
                form,
                templates: form.templates.iter().map(|t| Template::new(t)).collect(),
                symbols: form
                    .symbols
                    .iter()
                    .map(|(tex, text)| {
                        let toks = stream::symbols(tex)
                            .unwrap_or_else(|e| panic!("form symbol {tex}: {e}"));
                        (toks.into_iter().map(|p| p.sym).collect(), *text)
                    })
                    .collect(),
            })
            .collect()
    })
}

/// One symbol as the paper wrote it: its columns, where it ends without a trailing
/// transpose (a role names `K`, the paper writes `K^T`), its tokens with and without
/// it.
struct Written {
    from: usize,
    to: usize,
    bare_to: usize,
    key: Vec<Sym>,
    transposed: bool,
    unit: symbols::Unit,
}

/// What a recognised form says a symbol is: the form's words and the section to link.
#[derive(Clone, Copy)]
struct Role {
    text: &'static str,
    section: &'static str,
}

/// Explains `tex` against `course`: an error where the LaTeX is malformed (the
/// equation must be one the math engine can draw).
pub fn explain(course: &Course, tex: &str) -> Result<Legend, MathError> {
    crate::math::inline(tex, &crate::math::Options::default())?;
    let syms = stream::symbols(tex)?;
    let toks = stream::forms_of(syms.clone());
    let found = find_forms(&toks);
    let glossary = &*course.glossary;
    let end_col = tex.chars().count() + 1;
    let col_end = |toks: &[Placed], end: usize| toks.get(end).map_or(end_col, |p| p.col);
    let chars: Vec<char> = tex.chars().collect();
    let slice = |from: usize, to: usize| source::of(&chars, from, to);
    // (start column, -end column, entry): reading order, outer before inner.
    let mut lines: Vec<(usize, usize, Entry)> = Vec::new();
    // The column range of each form, with its section.
    let mut spans: Vec<(usize, usize, &Compiled)> = Vec::new();
    // Column ranges each hole's role names, for the symbols standing exactly there.
    let mut roles: Vec<(usize, usize, Role)> = Vec::new();
    for f in &found {
        let form = f.compiled.form;
        let (from, to) = (toks[f.start].col, col_end(&toks, f.end));
        spans.push((from, to, f.compiled));
        lines.push((
            from,
            usize::MAX - to,
            Entry {
                tex: slice(from, to),
                form: true,
                meaning: Some(form.meaning.to_string()),
                shape: None,
                link: links::resolve(course, form.section),
                variant: form.variant.map(str::to_string),
            },
        ));
        for b in &f.binds {
            if let Some((_, text, section)) = form.roles.iter().find(|(n, ..)| *n == b.name) {
                // `\sqrt{d_k}`: the hole holds the group, the symbol is inside it.
                let (start, end) = if toks[b.start].sym == Sym::Open
                    && stream::argument_end(&toks, b.start) == b.end
                {
                    (b.start + 1, b.end - 1)
                } else {
                    (b.start, b.end)
                };
                // Where the symbols stream goes on after the hole's last token: the
                // rewritten stream drops tokens (`m \cdot B` loses the `\cdot`), so
                // its next token can stand later than the written symbol ends.
                let last = toks[end - 1].col;
                let next = syms
                    .iter()
                    .find(|p| p.col > last)
                    .map_or(end_col, |p| p.col);
                let at = (toks[start].col, next);
                let section = if section.is_empty() {
                    form.section
                } else {
                    section
                };
                roles.push((at.0, at.1, Role { text, section }));
            }
        }
    }
    // Each symbol as written: its columns, and the columns and tokens without a
    // trailing transpose (a role names `K`, the paper writes `K^T`).
    let sym_run = |from: usize, to: usize| -> Vec<Sym> {
        syms[from..to].iter().map(|p| p.sym.clone()).collect()
    };
    let units: Vec<Written> = symbols::units(&syms)
        .into_iter()
        .filter(|u| !symbols::is_prose_unit(&syms[u.start..u.end]))
        .map(|unit| {
            let (bare, transposed) = symbols::untransposed(&syms, &unit);
            Written {
                from: syms[unit.start].col,
                to: col_end(&syms, unit.end),
                bare_to: col_end(&syms, bare),
                key: sym_run(unit.start, bare),
                transposed,
                unit,
            }
        })
        .collect();
    // The role of a symbol where a form names it; then the same symbol elsewhere in the
    // equation (`x` of `\mathrm{GELU}(x)`) takes the role its form gave it.
    let role_at = |from: usize, to: usize, bare_to: usize, key: &[Sym]| -> Option<Role> {
        roles
            .iter()
            .find(|r| r.0 == from && (r.1 == to || r.1 == bare_to))
            .map(|r| r.2)
            .or_else(|| {
                spans
                    .iter()
                    .filter(|s| s.0 <= from && to <= s.1)
                    .find_map(|s| {
                        let (_, text) = s.2.symbols.iter().find(|(k, _)| k == key)?;
                        Some(Role {
                            text,
                            section: s.2.form.section,
                        })
                    })
            })
    };
    let mut by_key: Vec<(Vec<Sym>, Role)> = Vec::new();
    // A hole inside a larger symbol (the position m of `R^d_{\Theta,m}`) names no
    // unit of its own, but the same symbol written alone elsewhere takes its role.
    for &(from, to, role) in &roles {
        let key: Vec<Sym> = (syms.iter())
            .filter(|p| from <= p.col && p.col < to)
            .map(|p| p.sym.clone())
            .collect();
        if !key.is_empty() && !by_key.iter().any(|(k, _)| *k == key) {
            by_key.push((key, role));
        }
    }
    for w in &units {
        if let Some(role) = role_at(w.from, w.to, w.bare_to, &w.key)
            && !by_key.iter().any(|(k, _)| *k == w.key)
        {
            by_key.push((w.key.clone(), role));
        }
    }
    let mut seen: Vec<Vec<Sym>> = Vec::new();
    for w in units {
        let Written {
            from,
            to,
            bare_to,
            key,
            transposed,
            unit,
        } = w;
        // `K^T` after `K` is the same symbol.
        if seen.contains(&key) {
            continue;
        }
        let role = role_at(from, to, bare_to, &key)
            .or_else(|| by_key.iter().find(|(k, _)| *k == key).map(|(_, r)| *r));
        let mut entry = Entry {
            tex: slice(from, to),
            form: false,
            meaning: None,
            shape: None,
            link: None,
            variant: None,
        };
        match (role, symbols::meaning(glossary, &syms, &unit)) {
            (Some(role), _) => {
                let note = if transposed { ", transposed" } else { "" };
                entry.meaning = Some(format!("{}{note}", role.text));
                entry.link = links::resolve(course, role.section);
            }
            // A single letter means what its form says, or nothing: the glossary's
            // `h` (the number of heads) is not the `h` of every paper.
            (None, Some(m)) if m.guess => {
                if let Some(s) = spans
                    .iter()
                    .filter(|s| s.0 <= from && to <= s.1)
                    .min_by_key(|s| s.1 - s.0)
                {
                    entry.meaning = Some("a symbol of this form".to_string());
                    entry.link = links::resolve(course, s.2.form.section);
                }
            }
            (None, Some(m)) => {
                entry.meaning = Some(m.text);
                entry.shape = m.shape;
                entry.link = m.section.and_then(|s| links::resolve(course, &s));
                entry.variant = m.variant;
            }
            (None, None) => {}
        }
        seen.push(key);
        lines.push((from, usize::MAX - to, entry));
    }
    lines.sort_by_key(|(from, to, e)| (*from, *to, !e.form));
    let mut entries: Vec<Entry> = Vec::with_capacity(lines.len());
    for (_, _, e) in lines {
        if !entries.contains(&e) {
            entries.push(e);
        }
    }
    Ok(Legend {
        tex: tex.to_string(),
        entries,
    })
}

/// Every form matching somewhere in `toks`: at one span the first form listed wins, a
/// form inside a match of the same form is not repeated, and an inner form counts only
/// inside another form.
fn find_forms(toks: &[Placed]) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    for compiled in compiled() {
        let form = compiled.form;
        for start in 0..toks.len() {
            for t in &compiled.templates {
                let Some((end, binds)) = t.match_at(toks, start) else {
                    continue;
                };
                let same_span = found.iter().any(|f| f.start == start && f.end == end);
                let inside_same = found.iter().any(|f| {
                    std::ptr::eq(f.compiled.form, form) && f.start <= start && end <= f.end
                });
                if !same_span && !inside_same {
                    found.push(Found {
                        compiled,
                        start,
                        end,
                        binds,
                    });
                }
                break;
            }
        }
    }
    let outer: Vec<(usize, usize)> = found
        .iter()
        .filter(|f| !f.compiled.form.inner)
        .map(|f| (f.start, f.end))
        .collect();
    found.retain(|f| {
        !f.compiled.form.inner
            || outer
                .iter()
                .any(|&(s, e)| s <= f.start && f.end <= e && (s, e) != (f.start, f.end))
    });
    found
}
