//! The sentences of a run of inline text (a paragraph, a list item), pure.
//!
//! Inline math and code are atomic: a period inside `$x.y$` or `` `X.T` `` never ends a
//! sentence. A sentence ends at `.`, `!`, `?` or `…` (with any closing quotes and
//! brackets after it) when whitespace and then the start of a new sentence follow: a
//! capital, a digit, an opening quote or bracket, math or code. Periods of known
//! abbreviations ("e.g.", "i.e.", "et al.", "cf.", "Eq.", "vs.") do not end one, and a
//! decimal ("0.5761") never does since no whitespace follows its period.

use super::Inline;

/// Abbreviations whose period does not end a sentence, lower case, without the last
/// period.
const ABBREVIATIONS: &[&str] = &[
    "e.g", "i.e", "al", "cf", "eq", "eqs", "vs", "fig", "figs", "sec", "approx", "resp", "no",
    "ch", "ref", "dr", "mr", "ms", "prof",
];

/// One sentence: its inlines (text cut at the sentence's ends, whitespace between two
/// sentences kept at the end of the first) and what the ask panel reads of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Sentence {
    pub inlines: Vec<Inline>,
}

impl Sentence {
    /// The sentence as its source writes it: prose, `$math$` and `` `code` ``, with runs
    /// of whitespace as one space. This is the text a note is anchored to.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for inline in &self.inlines {
            match inline {
                Inline::Text(t, _) => out.push_str(t),
                Inline::Code(c) => {
                    out.push('`');
                    out.push_str(c);
                    out.push('`');
                }
                Inline::Math(tex) => {
                    out.push('$');
                    out.push_str(tex);
                    out.push('$');
                }
                Inline::LinkTarget(_) => {}
                Inline::Break => out.push(' '),
            }
        }
        out.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The words outside math (code included), for looking up terms.
    pub fn prose(&self) -> String {
        let mut out = String::new();
        for inline in &self.inlines {
            match inline {
                Inline::Text(t, _) | Inline::Code(t) => out.push_str(t),
                Inline::Math(_) | Inline::Break => out.push(' '),
                Inline::LinkTarget(_) => {}
            }
        }
        out
    }

    /// The TeX of every inline formula, in order.
    pub fn math(&self) -> Vec<&str> {
        self.inlines
            .iter()
            .filter_map(|i| match i {
                Inline::Math(tex) => Some(tex.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The targets of the sentence's links.
    pub fn links(&self) -> Vec<&str> {
        self.inlines
            .iter()
            .filter_map(|i| match i {
                Inline::LinkTarget(url) => Some(url.as_str()),
                _ => None,
            })
            .collect()
    }
}

/// A character of the flattened text, and where it comes from.
#[derive(Debug, Clone, Copy)]
struct Cell {
    /// What the splitter sees: math and code are one `ATOM` each, breaks a space.
    c: char,
    inline: usize,
    /// Byte offset in a text inline where this character starts (0 for atoms).
    byte: usize,
}

/// Stands for one formula or code span: it can start a sentence, never end one.
const ATOM: char = '\u{FFFC}';

/// Splits `inlines` into sentences. Empty or blank input gives none; the sentences'
/// inlines put back together are the input (text split, never altered).
pub fn split(inlines: &[Inline]) -> Vec<Sentence> {
    let cells = flatten(inlines);
    let mut cuts = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        if let Some(cut) = cut_after(&cells, i, cell.c) {
            cuts.push(cut);
        }
    }
    let mut sentences = Vec::new();
    let mut current = Vec::new();
    let mut cuts = cuts
        .into_iter()
        .map(|k| (cells[k].inline, cells[k].byte))
        .peekable();
    for (i, inline) in inlines.iter().enumerate() {
        let mut from = 0;
        while let Some((_, byte)) = cuts.next_if(|&(at, _)| at == i) {
            if let Inline::Text(t, e) = inline
                && byte > from
            {
                current.push(Inline::Text(t[from..byte].to_string(), *e));
            }
            finish(&mut current, &mut sentences);
            from = byte;
        }
        match inline {
            Inline::Text(t, e) if from > 0 => current.push(Inline::Text(t[from..].to_string(), *e)),
            other => current.push(other.clone()),
        }
    }
    finish(&mut current, &mut sentences);
    sentences
}

/// Ends the sentence being built, unless it is only whitespace.
fn finish(current: &mut Vec<Inline>, sentences: &mut Vec<Sentence>) {
    let inlines = std::mem::take(current);
    if !is_blank(&inlines) {
        sentences.push(Sentence { inlines });
    }
}

fn is_blank(inlines: &[Inline]) -> bool {
    inlines.iter().all(|i| match i {
        Inline::Text(t, _) => t.trim().is_empty(),
        Inline::Break => true,
        _ => false,
    })
}

fn flatten(inlines: &[Inline]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for (i, inline) in inlines.iter().enumerate() {
        match inline {
            Inline::Text(t, _) => {
                cells.extend(
                    t.char_indices()
                        .map(|(byte, c)| Cell { c, inline: i, byte }),
                )
            }
            Inline::Math(_) | Inline::Code(_) => cells.push(Cell {
                c: ATOM,
                inline: i,
                byte: 0,
            }),
            Inline::Break => cells.push(Cell {
                c: ' ',
                inline: i,
                byte: 0,
            }),
            // A link's target is shown after the link's text: it belongs to what
            // precedes it and is invisible to the splitter.
            Inline::LinkTarget(_) => {}
        }
    }
    cells
}

/// When a sentence ends at cell `i`, the index of the cell the next sentence starts at.
fn cut_after(cells: &[Cell], i: usize, c: char) -> Option<usize> {
    if !matches!(c, '.' | '!' | '?' | '…') {
        return None;
    }
    let mut j = i + 1;
    while j < cells.len() && matches!(cells[j].c, '.' | ')' | ']' | '"' | '\'' | '”' | '’') {
        j += 1;
    }
    let space = j;
    while j < cells.len() && cells[j].c.is_whitespace() {
        j += 1;
    }
    if j == space || j >= cells.len() {
        return None;
    }
    let next = cells[j].c;
    let starts = next.is_uppercase()
        || next.is_ascii_digit()
        || matches!(next, ATOM | '(' | '[' | '"' | '“' | '‘' | '\'');
    if !starts || (c == '.' && abbreviation_before(cells, i)) {
        return None;
    }
    Some(j)
}

/// True when the period at cell `i` ends an abbreviation ("e.g.", "et al.") or a single
/// initial ("A. Vaswani").
fn abbreviation_before(cells: &[Cell], i: usize) -> bool {
    let mut start = i;
    while start > 0 && !cells[start - 1].c.is_whitespace() && cells[start - 1].c != '(' {
        start -= 1;
    }
    let word: String = cells[start..i]
        .iter()
        .map(|c| c.c.to_ascii_lowercase())
        .collect();
    let single_initial = word.chars().count() == 1 && word.chars().all(char::is_alphabetic);
    single_initial && cells[start].c.is_uppercase() || ABBREVIATIONS.contains(&word.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{BlockKind, markdown};

    fn sentences(md: &str) -> Vec<String> {
        let blocks = markdown::parse("t.md", 1, md);
        match &blocks[0].kind {
            BlockKind::Paragraph(inlines) => split(inlines).iter().map(|s| s.text()).collect(),
            other => panic!("not a paragraph: {other:?}"),
        }
    }

    #[test]
    fn plain_sentences_split_after_their_terminator() {
        assert_eq!(
            sentences("One two. Three four! Five six? Seven."),
            ["One two.", "Three four!", "Five six?", "Seven."]
        );
    }

    #[test]
    fn abbreviations_do_not_end_a_sentence() {
        assert_eq!(
            sentences(
                "Take a score, e.g. The first one. Scale it, i.e. Divide. Vaswani et al. (2017) did. Compare Eq. (1) vs. Eq. 2, cf. Lesson 3. End."
            ),
            [
                "Take a score, e.g. The first one.",
                "Scale it, i.e. Divide.",
                "Vaswani et al. (2017) did.",
                "Compare Eq. (1) vs. Eq. 2, cf. Lesson 3.",
                "End."
            ]
        );
    }

    #[test]
    fn decimals_ellipses_and_math_periods_stay_inside() {
        assert_eq!(
            sentences(
                "The weight is 0.5761 here. It goes on... and on. Then $x = 1.5. y$ holds. Next… Last."
            ),
            [
                "The weight is 0.5761 here.",
                "It goes on... and on.",
                "Then $x = 1.5. y$ holds.",
                "Next…",
                "Last."
            ]
        );
    }

    #[test]
    fn a_sentence_may_start_with_math_code_or_a_quote() {
        assert_eq!(
            sentences("It is small. $d_k$ grows. `softmax` saturates. \"Why?\" he asked."),
            [
                "It is small.",
                "$d_k$ grows.",
                "`softmax` saturates.",
                "\"Why?\" he asked."
            ]
        );
        // A closing bracket or quote after the period stays with its sentence.
        assert_eq!(
            sentences("(It is small.) Then \"so.\" Done."),
            ["(It is small.)", "Then \"so.\"", "Done."]
        );
    }

    #[test]
    fn a_lower_case_start_or_a_missing_space_does_not_split() {
        assert_eq!(
            sentences("Use x.T here. and go."),
            ["Use x.T here. and go."]
        );
        assert_eq!(
            sentences("Vaswani A. Shazeer wrote it."),
            ["Vaswani A. Shazeer wrote it."]
        );
    }

    #[test]
    fn sentences_put_back_together_are_the_paragraph() {
        let md = "First *emphasised. Second* part with $a.b$. Third [link](#x). Fourth.";
        let blocks = markdown::parse("t.md", 1, md);
        let BlockKind::Paragraph(inlines) = &blocks[0].kind else {
            panic!("not a paragraph")
        };
        let parts = split(inlines);
        assert_eq!(parts.len(), 4);
        let joined: Vec<Inline> = parts.iter().flat_map(|s| s.inlines.clone()).collect();
        let text = |v: &[Inline]| {
            Sentence {
                inlines: v.to_vec(),
            }
            .text()
        };
        assert_eq!(text(&joined), text(inlines));
        assert_eq!(parts[1].math(), ["a.b"]);
        assert_eq!(parts[2].links(), ["#x"]);
        assert_eq!(
            parts[1].prose().split_whitespace().collect::<Vec<_>>(),
            ["Second", "part", "with", "."]
        );
    }
}
