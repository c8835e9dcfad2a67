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
mod forms;
mod links;
mod names;
mod pattern;
mod render;
mod stream;
mod symbols;

use std::sync::OnceLock;

use crate::content::Course;
use crate::math::MathError;
use crate::math::notation::Placed;
use pattern::{Bound, Template};

pub use links::Link;
pub use render::render;

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
    form: &'static forms::Form,
    start: usize,
    end: usize,
    binds: Vec<Bound>,
}

/// Every form with its compiled templates, most specific first within each table.
fn templates() -> &'static [(&'static forms::Form, Vec<Template>)] {
    static T: OnceLock<Vec<(&'static forms::Form, Vec<Template>)>> = OnceLock::new();
    T.get_or_init(|| {
        forms::ATTENTION
            .iter()
            .chain(blocks::BLOCKS)
            .map(|f| (f, f.templates.iter().map(|t| Template::new(t)).collect()))
            .collect()
    })
}

/// Explains `tex` against `course`: an error only where the math engine refuses it.
pub fn explain(course: &Course, tex: &str) -> Result<Legend, MathError> {
    let syms = stream::symbols(tex)?;
    let toks = stream::forms_of(syms.clone());
    let found = find_forms(&toks);
    let glossary = &*course.glossary;
    let end_col = tex.chars().count() + 1;
    let col_end = |toks: &[Placed], end: usize| toks.get(end).map_or(end_col, |p| p.col);
    let chars: Vec<char> = tex.chars().collect();
    let slice = |from: usize, to: usize| source_of(&chars, from, to);
    // (start column, -end column, entry): reading order, outer before inner.
    let mut lines: Vec<(usize, usize, Entry)> = Vec::new();
    // Column ranges each hole's role names, for the symbols standing exactly there.
    let mut roles: Vec<(usize, usize, &str, &str)> = Vec::new();
    for f in &found {
        let (from, to) = (toks[f.start].col, col_end(&toks, f.end));
        lines.push((
            from,
            usize::MAX - to,
            Entry {
                tex: slice(from, to),
                form: true,
                meaning: Some(f.form.meaning.to_string()),
                shape: None,
                link: links::resolve(course, f.form.section),
                variant: f.form.variant.map(str::to_string),
            },
        ));
        for b in &f.binds {
            if let Some((_, role)) = f.form.roles.iter().find(|(n, _)| *n == b.name) {
                let at = (toks[b.start].col, col_end(&toks, b.end));
                roles.push((at.0, at.1, role, f.form.section));
            }
        }
    }
    let mut seen: Vec<Vec<crate::math::notation::Sym>> = Vec::new();
    for unit in symbols::units(&syms) {
        let span = &syms[unit.start..unit.end];
        if symbols::is_prose_unit(span) {
            continue;
        }
        let key: Vec<_> = span.iter().map(|p| p.sym.clone()).collect();
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let (from, to) = (syms[unit.start].col, col_end(&syms, unit.end));
        let role = roles.iter().find(|r| r.0 == from && r.1 == to);
        let meaning = symbols::meaning(glossary, &syms, &unit);
        let entry = match (role, meaning) {
            (Some((_, _, role, section)), m) => Entry {
                tex: slice(from, to),
                form: false,
                meaning: Some(role.to_string()),
                shape: m.as_ref().and_then(|m| m.shape.clone()),
                link: links::resolve(course, section),
                variant: m.and_then(|m| m.variant),
            },
            (None, Some(m)) => Entry {
                tex: slice(from, to),
                form: false,
                meaning: Some(m.text),
                shape: m.shape,
                link: m.section.and_then(|s| links::resolve(course, &s)),
                variant: m.variant,
            },
            (None, None) => Entry {
                tex: slice(from, to),
                form: false,
                meaning: None,
                shape: None,
                link: None,
                variant: None,
            },
        };
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

/// Commands that wrap what follows without drawing anything of their own.
const WRAPPERS: &[&str] = &[
    "\\mathrm{",
    "\\text{",
    "\\operatorname{",
    "\\operatorname*{",
    "\\mathbf{",
    "\\boldsymbol{",
    "\\bm{",
    "\\mathit{",
    "\\textrm{",
];

/// The LaTeX of the columns `[from, to)` of the source, made to stand alone: widened
/// back over a font command that wraps its start, sizes and open braces at its end
/// dropped, braces balanced.
fn source_of(chars: &[char], from: usize, to: usize) -> String {
    let mut from = from.saturating_sub(1).min(chars.len());
    let to = to.saturating_sub(1).clamp(from, chars.len());
    let before: String = chars[..from].iter().collect();
    if let Some(w) = WRAPPERS.iter().find(|w| before.ends_with(*w)) {
        from -= w.chars().count();
    }
    let mut s: String = chars[from..to].iter().collect();
    loop {
        let t = s.trim_end();
        let t = [
            "\\left",
            "\\right",
            "\\bigl",
            "\\bigr",
            "\\Bigl",
            "\\Bigr",
            "\\big",
            "\\Big",
            "{",
            "\\,",
            "&",
            "\\mathbf",
            "\\boldsymbol",
            "\\bm",
            "\\mathrm",
            "\\text",
            "\\operatorname",
        ]
        .iter()
        .find_map(|suffix| t.strip_suffix(suffix))
        .unwrap_or(t);
        if t.len() == s.len() {
            break;
        }
        s = t.to_string();
    }
    let opens = s.matches('{').count() - s.matches("\\{").count();
    let closes = s.matches('}').count() - s.matches("\\}").count();
    for _ in opens..closes {
        match s.strip_suffix('}') {
            Some(t) => s = t.to_string(),
            None => break,
        }
    }
    for _ in closes..opens {
        s.push('}');
    }
    s.trim().to_string()
}

/// Every form matching somewhere in `toks`: at one span the first form listed wins, a
/// form inside a match of the same form is not repeated, and an inner form counts only
/// inside another form.
fn find_forms(toks: &[Placed]) -> Vec<Found> {
    let mut found: Vec<Found> = Vec::new();
    for (form, temps) in templates() {
        let form: &'static forms::Form = form;
        for start in 0..toks.len() {
            for t in temps {
                let Some((end, binds)) = t.match_at(toks, start) else {
                    continue;
                };
                let same_span = found.iter().any(|f| f.start == start && f.end == end);
                let inside_same = found
                    .iter()
                    .any(|f| std::ptr::eq(f.form, form) && f.start <= start && end <= f.end);
                if !same_span && !inside_same {
                    found.push(Found {
                        form,
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
        .filter(|f| !f.form.inner)
        .map(|f| (f.start, f.end))
        .collect();
    found.retain(|f| {
        !f.form.inner
            || outer
                .iter()
                .any(|&(s, e)| s <= f.start && f.end <= e && (s, e) != (f.start, f.end))
    });
    found
}
