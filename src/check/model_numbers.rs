//! Numbers the prose of a `{.model}` section states about the trained model. A number
//! typed into a sentence ("the head puts 0.37 on the previous character") goes stale
//! the day the weights change, and no claim fails for it. So every such number must be
//! the value of a computed claim (an `eval` block) of the same lesson's model sections,
//! to the digits it is written with; and when that claim no longer holds, each sentence
//! that repeats its number is named too, not only the claim.
//!
//! Prose is every paragraph, table, list and quote of those sections, the text of their
//! problems and the titles and captions of their figures. What counts as a stated number: a decimal (`0.37`, `1,013.5`), a percentage
//! (`52 %`), a factor (`×1.8`, `3 times`) and both sides of a count (`9 of 25`); a
//! number word before "times" ("ten times") can never come from a claim and is always
//! reported. Whole numbers alone are names and sizes (head 2, position 22, 64 × 64)
//! and are left alone, as are headings, section numbers (`§4.6`), code spans and
//! `<<slots>>`.

use super::Finding;
use crate::content::markdown;
use crate::content::tolerance::Tolerance;
use crate::content::{Block, BlockKind, Course, Inline, Lesson};

/// Number words that, before "times", state a factor no claim can give.
const NUMBER_WORDS: [&str; 12] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "fifty",
    "hundred",
];

/// Findings for every lesson of `course` that has model sections.
pub fn check(course: &Course) -> Vec<Finding> {
    course.lessons.iter().flat_map(lesson).collect()
}

/// One number of a claim's written value, and whether the claim still holds.
struct Claimed {
    value: f64,
    line: usize,
    error: Option<String>,
}

/// A number a sentence states.
struct Stated {
    line: usize,
    written: String,
    value: f64,
    percent: bool,
    sentence: String,
}

fn lesson(lesson: &Lesson) -> Vec<Finding> {
    let Some(without) = lesson.without_model() else {
        return Vec::new();
    };
    let kept: std::collections::HashSet<usize> = without.blocks().iter().map(|b| b.line).collect();
    let marked: Vec<&Block> = lesson
        .blocks()
        .iter()
        .filter(|b| !kept.contains(&b.line))
        .collect();
    let mut claimed = Vec::new();
    let mut stated = Vec::new();
    for block in &marked {
        collect(&lesson.file, block, &mut claimed, &mut stated);
    }
    let mut findings = Vec::new();
    for s in &stated {
        let Some(value) = s.value.is_finite().then_some(s.value) else {
            findings.push(Finding::at(
                &lesson.file,
                s.line,
                format!(
                    "\"{}\" states a factor in words; write it as digits a claim computes: {}",
                    s.written, s.sentence
                ),
            ));
            continue;
        };
        let tolerance = Tolerance::implied_by(&s.written.replace(',', ""));
        // "56 %" rounds a share: it holds 55.5 to 56.5, or 0.555 to 0.565.
        let rounded = Tolerance::Absolute(0.5 * 10f64.powi(-decimals(&s.written)));
        let matches = |c: &&Claimed| {
            tolerance.accepts(value, c.value)
                || (s.percent
                    && (rounded.accepts(value, c.value) || rounded.accepts(value, 100.0 * c.value)))
        };
        let linked: Vec<&Claimed> = claimed.iter().filter(matches).collect();
        if linked.is_empty() {
            findings.push(Finding::at(
                &lesson.file,
                s.line,
                format!(
                    "{} is a bare model number: no claim of the model section computes it: {}",
                    s.written, s.sentence
                ),
            ));
        } else if let Some(stale) = linked.iter().find(|c| c.error.is_some()) {
            findings.push(Finding::at(
                &lesson.file,
                s.line,
                format!(
                    "{} is stale: the claim at line {} it repeats no longer holds ({}): {}",
                    s.written,
                    stale.line,
                    stale.error.as_deref().unwrap_or_default(),
                    s.sentence
                ),
            ));
        }
    }
    findings
}

fn collect(file: &str, block: &Block, claimed: &mut Vec<Claimed>, stated: &mut Vec<Stated>) {
    let line = block.line;
    let text = |inlines: &[Inline], stated: &mut Vec<Stated>| {
        let prose: String = inlines
            .iter()
            .map(|i| match i {
                Inline::Text(t, _) | Inline::Math(t) => t.as_str(),
                Inline::Break => " ",
                _ => " … ",
            })
            .collect();
        stated.extend(numbers(&prose).into_iter().map(|s| Stated { line, ..s }));
    };
    match &block.kind {
        // A heading's number is the section's.
        BlockKind::Heading { .. } => {}
        BlockKind::Paragraph(t) => text(t, stated),
        BlockKind::Table { header, rows, .. } => {
            for cell in header.iter().chain(rows.iter().flatten()) {
                text(cell, stated);
            }
        }
        BlockKind::List { items, .. } => {
            for b in items.iter().flatten() {
                collect(file, b, claimed, stated);
            }
        }
        BlockKind::Quote(blocks) => {
            for b in blocks {
                collect(file, b, claimed, stated);
            }
        }
        BlockKind::Claims(Ok(claims)) => {
            for c in claims {
                let error = super::claims::check(&c.expr, &c.expected).err();
                for value in written_values(&c.expected) {
                    claimed.push(Claimed {
                        value,
                        line: c.line,
                        error: error.clone(),
                    });
                }
            }
        }
        BlockKind::Problem(fence) => {
            let Ok(spec) = fence.as_ref() else { return };
            let texts = std::iter::once(&spec.prompt)
                .chain(&spec.hints)
                .chain(std::iter::once(&spec.solution))
                .chain(spec.mistakes.iter().map(|m| &m.says));
            for t in texts {
                prose(file, line, &without_slots(t), claimed, stated);
            }
        }
        // A caption says what the drawing shows ("row 6 puts 0.41 on the e"): prose too.
        // A figure whose data fails has no caption to read; `check` reports that failure.
        BlockKind::Figure(figure) => {
            if let Ok(f) = figure.figure() {
                for t in [&f.spec.title, &f.spec.caption] {
                    prose(file, line, t, claimed, stated);
                }
            }
        }
        _ => {}
    }
}

/// The claims and stated numbers of markdown `text` (a problem's field, a caption),
/// all at `line`, the line of the fence that holds it.
fn prose(
    file: &str,
    line: usize,
    text: &str,
    claimed: &mut Vec<Claimed>,
    stated: &mut Vec<Stated>,
) {
    for b in markdown::parse(file, line, text) {
        collect(file, &Block { line, ..b }, claimed, stated);
    }
}

/// How many digits `written` has after its decimal point.
fn decimals(written: &str) -> i32 {
    written.split_once('.').map_or(0, |(_, f)| f.len() as i32)
}

/// `text` with each `<<expr>>` slot removed: a slot shows a computed value.
fn without_slots(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("<<") {
        out.push_str(&rest[..open]);
        match rest[open..].find(">>") {
            Some(close) => {
                out.push_str(" … ");
                rest = &rest[open + close + 2..];
            }
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The numbers of a claim's written value (`[0.37, -1.2e-3]`), in order.
fn written_values(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+')))
        .filter_map(|t| t.parse::<f64>().ok())
        .collect()
}

/// The stated numbers of one run of prose (line 0), each with its sentence.
fn numbers(prose: &str) -> Vec<Stated> {
    let chars: Vec<char> = prose.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && !(i > 0 && (chars[i - 1].is_alphanumeric() || matches!(chars[i - 1], '_' | '.')));
        if !starts {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (matches!(chars[i], '.' | ',')
                    && chars.get(i + 1).is_some_and(char::is_ascii_digit)
                    && !(chars[i] == ',' && chars.get(i + 2).is_none_or(|c| !c.is_ascii_digit()))))
        {
            i += 1;
        }
        let written: String = chars[start..i].iter().collect();
        let before: String = chars[start.saturating_sub(8)..start].iter().collect();
        let after: String = chars[i..(i + 8).min(chars.len())].iter().collect();
        let after = after.trim_start();
        let section = before.trim_end().ends_with('§');
        let percent = after.starts_with('%') || after.starts_with("\\%");
        let factor =
            after.starts_with("times") || before.ends_with('×') || before.ends_with("\\times ");
        let count = (after.starts_with("of ")
            && after[3..].starts_with(|c: char| c.is_ascii_digit()))
            || count_before(&before);
        if !section && (written.contains('.') || percent || factor || count) {
            out.push(Stated {
                line: 0,
                value: written.replace(',', "").parse().unwrap_or(f64::NAN),
                written,
                percent,
                sentence: sentence(&chars, start),
            });
        }
    }
    let lower = prose.to_lowercase();
    for word in NUMBER_WORDS {
        for (at, _) in lower.match_indices(&format!("{word} times")) {
            let boundary = at == 0 || !lower[..at].ends_with(char::is_alphanumeric);
            if boundary {
                let start = prose[..at].chars().count();
                out.push(Stated {
                    line: 0,
                    written: format!("{word} times"),
                    value: f64::NAN,
                    percent: false,
                    sentence: sentence(&chars, start),
                });
            }
        }
    }
    out
}

/// Whether the text before a number ends "N of" with N a number: the second side of a
/// count.
fn count_before(before: &str) -> bool {
    let head = before.trim_end().trim_end_matches("of").trim_end();
    head.ends_with(|c: char| c.is_ascii_digit())
}

/// The sentence around character `at`, trimmed to 90 characters, for the report.
fn sentence(chars: &[char], at: usize) -> String {
    let end_of = |k: usize| {
        matches!(chars[k], '.' | '!' | '?' | ':' | ';')
            && chars.get(k + 1).is_none_or(|c| c.is_whitespace())
    };
    let start = (0..at).rev().find(|&k| end_of(k)).map_or(0, |k| k + 1);
    let end = (at..chars.len())
        .find(|&k| end_of(k))
        .map_or(chars.len(), |k| k + 1);
    let text: String = chars[start..end].iter().collect();
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > 90 {
        format!("\"{}…\"", text.chars().take(89).collect::<String>())
    } else {
        format!("\"{text}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(prose: &str) -> Vec<String> {
        numbers(prose).into_iter().map(|s| s.written).collect()
    }

    #[test]
    fn decimals_percentages_factors_and_counts_are_stated_names_are_not() {
        assert_eq!(
            written("Head 2 of layer 0 puts 0.37 on it, top in 52 % of rows; 9 of 25 letters."),
            ["0.37", "52", "9", "25"]
        );
        assert_eq!(
            written("It grows 3 times, ×1.8 in all (§4.6, l0.h3, 64 × 64)."),
            ["3", "1.8"]
        );
        assert_eq!(written("ten times larger"), ["ten times"]);
        assert_eq!(written("it took 1,013.5 s"), ["1,013.5"]);
    }

    #[test]
    fn a_stated_number_is_linked_to_a_claim_to_its_written_digits() {
        let course = |prose: &str, value: &str| crate::content::Course {
            lessons: vec![Lesson::parse(
                "l".into(),
                "l.md".into(),
                "L".into(),
                String::new(),
                &format!(
                    "# L\n\n## 1.1 Idea\n\nIt is 0.25 here.\n\n## 1.2 In a trained model {{.model}}\n\n{prose}\n\n```eval\n1 / 3\n=> {value}\n```\n"
                ),
            )],
            ..Course::load(None).expect("embedded course")
        };
        assert_eq!(check(&course("A third: 0.33, or 33 %.", "0.3333")), []);
        let bare = check(&course("A third: 0.34.", "0.3333"));
        assert_eq!(bare.len(), 1, "{bare:?}");
        assert!(
            bare[0].message.contains("0.34 is a bare model number"),
            "{}",
            bare[0]
        );
        assert_eq!(bare[0].line, 9);
        let caption = "```figure\nkind = \"bars\"\ndata = \"[1, 2]\"\ncaption = \"The left bar is 0.34.\"\n```";
        let in_caption = check(&course(caption, "0.3333"));
        assert_eq!(in_caption.len(), 1, "{in_caption:?}");
        assert!(
            in_caption[0]
                .message
                .contains("0.34 is a bare model number"),
            "{}",
            in_caption[0]
        );
        let stale = check(&course("A third: 0.35.", "0.35"));
        assert_eq!(stale.len(), 1, "{stale:?}");
        assert!(
            stale[0]
                .message
                .contains("0.35 is stale: the claim at line 12"),
            "{}",
            stale[0]
        );
    }
}
