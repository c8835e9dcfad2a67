//! The quiet link convention of `check`. A link to an idea, `[text](#N.k)`, is drawn
//! as its text and a dim marker "(§N.k)"; markers are clutter unless each earns its
//! place, so:
//!
//! - a link points at an idea the course has, and not at the section it sits in;
//! - never in a heading, a table cell or a quotation (a `>` block or between quotation
//!   marks): a marker there reads as part of the heading, the table or the quoted words;
//! - never in bold: bold marks where a term is defined ([`super::defined`]), a link
//!   points to a definition elsewhere, and "**[GELU](#8.5)**" says both;
//! - never right before a possessive ("a head (§4.3)'s output"), a number ("variance
//!   (§2.2) 1" reads as a product) or another parenthesis ("(§8.2) (Lesson 8)");
//! - one link to an idea per `##` section, on the first use of the term it links:
//!   "queries (§1.3) and keys (§1.3)" links once;
//! - a forward link (to an idea later in the course) once per lesson: the reader who
//!   follows it once knows where the idea lives.
//!
//! Terms named before their idea must link forward once per lesson; that rule is the
//! glossary's ([`super::glossary`]).

use std::collections::HashMap;

use crate::content::glossary::Found;
use crate::content::{Block, BlockKind, Course, Inline, Lesson, section_link};

use super::Finding;

/// Where a run of inline content sits, which decides what it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    Prose,
    Heading { level: u8 },
    Table,
    Quote,
}

/// One paragraph, heading or cell of a lesson, in reading order.
pub(super) struct Run<'l> {
    pub line: usize,
    pub place: Place,
    pub inlines: &'l [Inline],
}

/// The inline runs of `blocks`, nested lists and quotes included; problems, code and
/// math blocks have none.
pub(super) fn runs(blocks: &[Block]) -> Vec<(usize, Run<'_>)> {
    let mut out = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        collect(i, b, Place::Prose, &mut out);
    }
    out
}

fn collect<'l>(top: usize, b: &'l Block, place: Place, out: &mut Vec<(usize, Run<'l>)>) {
    let mut push = |place: Place, inlines: &'l [Inline]| {
        out.push((
            top,
            Run {
                line: b.line,
                place,
                inlines,
            },
        ))
    };
    match &b.kind {
        BlockKind::Heading { level, text } => push(Place::Heading { level: *level }, text),
        BlockKind::Paragraph(text) => push(place, text),
        BlockKind::Table { header, rows, .. } => header
            .iter()
            .chain(rows.iter().flatten())
            .for_each(|c| push(Place::Table, c)),
        BlockKind::List { items, .. } => items
            .iter()
            .flatten()
            .for_each(|inner| collect(top, inner, place, out)),
        BlockKind::Quote(blocks) => blocks
            .iter()
            .for_each(|inner| collect(top, inner, Place::Quote, out)),
        _ => {}
    }
}

/// The text of `inlines` with math, code and breaks as one space each: what the
/// reference rules read.
pub(super) fn words(inlines: &[Inline]) -> String {
    let mut out = String::new();
    for i in inlines {
        match i {
            Inline::Text(t, _) => out.push_str(t),
            Inline::Math(_) | Inline::Code(_) | Inline::Break => out.push(' '),
            Inline::LinkTarget(_) => {}
        }
    }
    out
}

/// All link findings of a course.
pub fn check(course: &Course) -> Vec<Finding> {
    let mut out = Vec::new();
    for (li, lesson) in course.lessons.iter().enumerate() {
        let mut walk = Walk {
            course,
            lesson,
            li,
            section: format!("{}.0", li + 1),
            section_links: HashMap::new(),
            section_terms: HashMap::new(),
            forward: HashMap::new(),
            out: &mut out,
        };
        for (top, run) in runs(lesson.blocks()) {
            walk.run(top, &run);
        }
    }
    out
}

struct Walk<'c> {
    course: &'c Course,
    lesson: &'c Lesson,
    li: usize,
    /// The `##` section being read ("4.0" before the first).
    section: String,
    /// Ideas linked in this section: target → line.
    section_links: HashMap<String, usize>,
    /// Terms named in this section's prose so far: name → line.
    section_terms: HashMap<&'c str, usize>,
    /// Forward links of this lesson: target → line.
    forward: HashMap<String, usize>,
    out: &'c mut Vec<Finding>,
}

impl<'c> Walk<'c> {
    fn find(&mut self, line: usize, message: String) {
        self.out
            .push(Finding::at(self.lesson.file.clone(), line, message));
    }

    fn run(&mut self, top: usize, run: &Run<'c>) {
        if run.place == (Place::Heading { level: 2 }) {
            let title = words(run.inlines);
            if let Some(number) = title.split_whitespace().next() {
                self.section = number.to_string();
            }
            self.section_links.clear();
            self.section_terms.clear();
        }
        // The text read so far and where the current link's text starts in it.
        let mut before = String::new();
        let mut link_start = None;
        let mut bold_link = false;
        for (i, inline) in run.inlines.iter().enumerate() {
            match inline {
                Inline::Text(t, e) => {
                    if e.link && link_start.is_none() {
                        link_start = Some(before.len());
                    }
                    bold_link |= e.link && e.bold;
                    before.push_str(t);
                }
                Inline::LinkTarget(url) => {
                    if std::mem::take(&mut bold_link) {
                        self.find(
                            run.line,
                            "a bold link: bold marks the definition, a link points to one elsewhere; drop one".to_string(),
                        );
                    }
                    let start = link_start.take().unwrap_or(before.len());
                    let after = &run.inlines[i + 1..];
                    self.link(top, run, url, &before, start, after);
                }
                Inline::Math(tex) => {
                    before.push('$');
                    before.push_str(tex);
                    before.push('$');
                }
                Inline::Code(_) | Inline::Break => before.push(' '),
            }
        }
        // The title and blurb preview the lesson: naming a term there is no first use.
        if run.place == Place::Prose && top > 1 {
            for found in unquoted(self.course.glossary.find_terms(&before), &before) {
                self.section_terms
                    .entry(found.term.name.as_str())
                    .or_insert(run.line);
            }
        }
    }

    fn link(
        &mut self,
        top: usize,
        run: &Run<'c>,
        url: &str,
        before: &str,
        start: usize,
        after: &[Inline],
    ) {
        let line = run.line;
        let Some(target) = section_link(url) else {
            if url.starts_with('#') {
                self.find(line, format!("link `{url}` is not an idea: write `#N.k`"));
            }
            return;
        };
        let Some(at) = self.position(target) else {
            return self.find(
                line,
                format!("link to §{target}: the course has no such idea"),
            );
        };
        if let Some(why) = misplaced(run.place, &before[..start]) {
            return self.find(line, format!("a link in {why}: drop the link to §{target}"));
        }
        if let Some(what) = crowds(after) {
            self.find(
                line,
                format!("the marker (§{target}) stands before {what}: move the link or reword"),
            );
        }
        if target == self.section {
            return self.find(line, format!("a link to §{target} inside §{target} itself"));
        }
        if let Some(first) = self.section_links.get(target) {
            return self.find(
                line,
                format!(
                    "§{target} is linked already in this section (line {first}): link once per section"
                ),
            );
        }
        self.section_links.insert(target.to_string(), line);
        let forward = at > (self.li, top);
        if forward {
            if let Some(first) = self.forward.get(target) {
                return self.find(
                    line,
                    format!(
                        "a second forward link to §{target} in this lesson (first at line {first})"
                    ),
                );
            }
            self.forward.insert(target.to_string(), line);
        }
        let g = &self.course.glossary;
        let linked = g.find_terms(&before[start..]);
        let earlier = unquoted(g.find_terms(&before[..start]), before);
        for found in linked.iter().filter(|f| f.term.section == target) {
            let name = found.term.name.as_str();
            let first = self
                .section_terms
                .get(name)
                .copied()
                .or_else(|| earlier.iter().any(|e| e.term.name == name).then_some(line));
            if let Some(first) = first {
                self.find(
                    line,
                    format!(
                        "`{name}` is linked after its first use in this section (line {first}): link that one"
                    ),
                );
            }
        }
    }

    /// Where the idea `target` is: (lesson index, block index of its heading; 0 for
    /// "N.0", the lesson's opening).
    fn position(&self, target: &str) -> Option<(usize, usize)> {
        let (lesson, idea) = target.split_once('.')?;
        let li = lesson.parse::<usize>().ok()?.checked_sub(1)?;
        let l = self.course.lessons.get(li)?;
        let block = if idea.parse::<usize>().ok()? == 0 {
            0
        } else {
            l.section_block(target)?
        };
        Some((li, block))
    }
}

/// The mentions of terms in `text` that are not inside a quotation (no link can
/// stand there, so none of them is a first use to link).
fn unquoted<'g>(found: Vec<Found<'g>>, text: &str) -> Vec<Found<'g>> {
    found
        .into_iter()
        .filter(|f| !inside_quotes(&text[..f.offset]))
        .collect()
}

/// Why no link may stand at the end of `before` in a run at `place`.
fn misplaced(place: Place, before: &str) -> Option<&'static str> {
    match place {
        Place::Heading { .. } => Some("a heading"),
        Place::Table => Some("a table"),
        Place::Quote => Some("a quotation"),
        Place::Prose if inside_quotes(before) => Some("a quotation"),
        Place::Prose => None,
    }
}

/// Whether the end of `text` is between quotation marks: an odd number of `"`, or more
/// `“` than `”`.
pub(super) fn inside_quotes(text: &str) -> bool {
    let straight = text.matches('"').count();
    let open = text.matches('“').count();
    let close = text.matches('”').count();
    straight % 2 == 1 || open > close
}

/// What the inlines after a link's marker would make of it: a possessive, a number or
/// a second parenthesis.
fn crowds(after: &[Inline]) -> Option<&'static str> {
    // A space between the marker and a formula is no separation.
    let next = match after {
        [Inline::Text(t, _), rest @ ..] if t.trim().is_empty() => rest.first()?,
        _ => after.first()?,
    };
    match next {
        Inline::Text(t, _) => {
            let trimmed = t.trim_start();
            if t.starts_with("'s") || t.starts_with("’s") {
                Some("a possessive")
            } else if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
                Some("a number")
            } else if trimmed.starts_with('(') {
                Some("a parenthesis")
            } else {
                None
            }
        }
        Inline::Math(tex) if tex.trim_start().starts_with(|c: char| c.is_ascii_digit()) => {
            Some("a number")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Emphasis;

    fn text(t: &str) -> Inline {
        Inline::Text(t.into(), Emphasis::default())
    }

    #[test]
    fn quotes_are_counted_straight_and_curly() {
        assert!(inside_quotes("they write \"the head"));
        assert!(!inside_quotes("they write \"the\" head"));
        assert!(inside_quotes("they write “the head"));
        assert!(!inside_quotes("“the” head"));
    }

    #[test]
    fn what_follows_a_marker() {
        let one = |i: Inline| crowds(&[i]);
        assert_eq!(one(text("'s output")), Some("a possessive"));
        assert_eq!(one(text("’s output")), Some("a possessive"));
        assert_eq!(one(text(" 1 and")), Some("a number"));
        assert_eq!(one(Inline::Math("1/2".into())), Some("a number"));
        assert_eq!(
            crowds(&[text(" "), Inline::Math("1".into())]),
            Some("a number")
        );
        assert_eq!(one(text(" (so it")), Some("a parenthesis"));
        assert_eq!(one(text(", so")), None);
        assert_eq!(one(Inline::Math("x".into())), None);
        assert_eq!(crowds(&[]), None);
    }
}
