//! Where the glossary files a term is where the lessons define it: the first place, in
//! reading order, where the term's name or an alias stands in bold as a whole,
//! `**attention head**`, must be in the entry's section. A qualifier in parentheses
//! after a name ("write (residual stream)", kept so that the everyday word is not taken
//! for the term in prose) is not part of what is bolded. Entries the lessons never
//! bold, mostly notation defined by its symbol ("position index", `i`), are not held to
//! this.

use crate::content::{Block, BlockKind, Course, GLOSSARY_FILE, Glossary, Inline, Term};

use super::Finding;

/// Where a term is first defined: (lesson index, section number, file, line).
type Place = (usize, String, String, usize);

/// All definition findings of a course (none when it has no glossary).
pub fn check(course: &Course) -> Vec<Finding> {
    let g = &course.glossary;
    let defined = first_definitions(course);
    let mut out = Vec::new();
    for (ti, term) in g.terms.iter().enumerate() {
        let Some((li, section, file, line)) = &defined[ti] else {
            continue;
        };
        if course.lessons[*li].slug == term.lesson && *section == term.section {
            continue;
        }
        let message = format!(
            "term `{}` is filed under {} but first defined (bold) in {section} ({file}:{line})",
            term.name, term.section
        );
        out.push(Finding::at(GLOSSARY_FILE.to_string(), term.line, message));
    }
    out
}

/// For each glossary term (by index), where the lessons first define it in bold.
fn first_definitions(course: &Course) -> Vec<Option<Place>> {
    let g = &course.glossary;
    let mut out: Vec<Option<Place>> = vec![None; g.terms.len()];
    for (li, lesson) in course.lessons.iter().enumerate() {
        let mut section = format!("{}.0", li + 1);
        for b in lesson.blocks() {
            if let BlockKind::Heading { level: 2, .. } = b.kind
                && let Some(n) = b.plain_text().split_whitespace().next()
            {
                section = n.to_string();
            }
            let mut spans = Vec::new();
            bold_spans(b, &mut spans);
            for (line, span) in spans {
                if let Some(ti) = defined_term(g, &span)
                    && out[ti].is_none()
                {
                    out[ti] = Some((li, section.clone(), lesson.file.clone(), line));
                }
            }
        }
    }
    out
}

/// The term that `span` names as a whole (trailing punctuation aside), if any.
fn defined_term(g: &Glossary, span: &str) -> Option<usize> {
    let span = span.trim().trim_end_matches(['.', ',', ':', ';']);
    if let Some(ti) = g.terms.iter().position(|t| {
        t.name
            .split_once(" (")
            .is_some_and(|(word, _)| word.eq_ignore_ascii_case(span))
    }) {
        return Some(ti);
    }
    let found = g.find_terms(span);
    match found.as_slice() {
        [one] if one.offset == 0 && one.len == span.len() => g
            .terms
            .iter()
            .position(|t: &Term| std::ptr::eq(t, one.term)),
        _ => None,
    }
}

/// The runs of bold text in a block and its nested blocks: (line, text).
fn bold_spans(b: &Block, out: &mut Vec<(usize, String)>) {
    let mut inlines = |inl: &[Inline]| {
        let mut current: Option<String> = None;
        for i in inl {
            match i {
                // A bold link points at a definition elsewhere; it is none itself.
                Inline::Text(t, e) if e.bold && !e.link => {
                    current.get_or_insert_default().push_str(t)
                }
                Inline::Math(tex) if current.is_some() => {
                    let c = current.get_or_insert_default();
                    c.push('$');
                    c.push_str(tex);
                    c.push('$');
                }
                Inline::LinkTarget(_) => {}
                _ => out.extend(current.take().map(|s| (b.line, s))),
            }
        }
        out.extend(current.map(|s| (b.line, s)));
    };
    match &b.kind {
        BlockKind::Paragraph(text) => inlines(text),
        BlockKind::Table { header, rows, .. } => header
            .iter()
            .chain(rows.iter().flatten())
            .for_each(|c| inlines(c)),
        BlockKind::List { items, .. } => items.iter().flatten().for_each(|i| bold_spans(i, out)),
        BlockKind::Quote(blocks) => blocks.iter().for_each(|i| bold_spans(i, out)),
        _ => {}
    }
}
