//! Text for the panels: markdown from outside a lesson's flow (a hint, a worked
//! solution, a glossary definition) laid out like the lesson, a value as the evaluator
//! shows it, and the memo that lets a panel lay its markdown out once per width.
//!
//! One function for every panel, so the problem pane, the ask panel and the glossary
//! overlay cannot drift apart in how they draw the same markdown.
//!
//! The memo stays a [`RefCell`] filled on first use, by whichever side asks first: the
//! application (which measures the problem panel to stop `J` at its end) or the drawing
//! (the ask panel's and the glossary's definitions, at widths only their drawing picks).
//! That is sound because the memo is pure: its key is everything the layout depends on,
//! so a hit and a miss give the same lines, and no reader can observe who filled it.
//! Having the application fill it ahead would make it know the glossary overlay's
//! column widths, a second source for them.

use std::cell::RefCell;
use std::sync::Arc;

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::{Context, Theme, cut, lesson};
use crate::content::Lesson;
use crate::eval::Shown;
use crate::progress::view::ProblemStates;

/// A panel's markdown and what its layout depends on besides the width, the theme and
/// the learner's seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PanelText<'a> {
    /// The file the text comes from, named in errors of its problem and eval blocks.
    pub file: &'a str,
    /// 1-based, for "Problem N.k" should the text hold a problem.
    pub lesson_number: usize,
    pub text: &'a str,
}

impl PanelText<'_> {
    /// The text laid out at `width` like a lesson. No learner's record: a panel's
    /// problem boxes, if any, show no attempts.
    pub fn lay_out(&self, width: usize, theme: Theme, learner_seed: u64) -> Vec<Line<'static>> {
        let parsed = Lesson::parse(
            String::new(),
            self.file.to_string(),
            String::new(),
            String::new(),
            self.text,
        );
        let ctx = Context {
            theme,
            lesson_number: self.lesson_number,
            problems: ProblemStates::none(),
            learner_seed,
        };
        lesson(&parsed, width, &ctx).lines
    }
}

/// A value after `label` (or indented): on one line when it fits there, else laid out
/// below it at `width` (a wide matrix in blocks of whole columns); or the error.
pub fn value_lines(
    label: &str,
    output: &Result<Shown, String>,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let lead = if label.is_empty() { "  " } else { label };
    let (text, style) = match output {
        Ok(value) => match value.lines(width.saturating_sub(lead.width())).as_slice() {
            [one] => (one.clone(), Style::new()),
            _ => (
                value.lines(width.saturating_sub(2)).join("\n"),
                Style::new(),
            ),
        },
        Err(e) => (e.clone(), theme.error()),
    };
    let label = Span::styled(lead.to_string(), theme.dim());
    if !text.contains('\n') {
        return super::wrap::wrap(&[label, Span::styled(text, style)], width);
    }
    let mut out = Vec::new();
    if !lead.trim().is_empty() {
        out.push(Line::from(label));
    }
    out.extend(
        text.lines()
            .map(|l| Line::styled(cut(&format!("  {l}"), width, theme), style)),
    );
    out
}

/// Panels show a few texts at a few widths; a long session of browsing the glossary or
/// resizing should not grow without bound.
const MAX_ENTRIES: usize = 64;

/// Laid-out panel texts, keyed by everything their layout depends on. Reading it fills
/// it (the layout is a pure function of the key, so a hit and a miss give the same
/// lines; see the module's note on why it is filled on first use).
#[derive(Debug, Default)]
pub struct PanelCache {
    entries: RefCell<Vec<Entry>>,
}

#[derive(Debug)]
struct Entry {
    file: String,
    lesson_number: usize,
    text: String,
    width: usize,
    theme: Theme,
    learner_seed: u64,
    lines: Arc<Vec<Line<'static>>>,
}

impl Entry {
    fn is(&self, text: &PanelText<'_>, width: usize, theme: Theme, learner_seed: u64) -> bool {
        self.width == width
            && self.lesson_number == text.lesson_number
            && self.learner_seed == learner_seed
            && self.theme == theme
            && self.file == text.file
            && self.text == text.text
    }
}

impl PanelCache {
    /// `text` laid out at `width` ([`PanelText::lay_out`]), from the memo when it was
    /// laid out before with the same theme and seed.
    pub fn get(
        &self,
        text: PanelText<'_>,
        width: usize,
        theme: Theme,
        learner_seed: u64,
    ) -> Arc<Vec<Line<'static>>> {
        let mut entries = self.entries.borrow_mut();
        if let Some(hit) = entries
            .iter()
            .find(|e| e.is(&text, width, theme, learner_seed))
        {
            return Arc::clone(&hit.lines);
        }
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        let lines = Arc::new(text.lay_out(width, theme, learner_seed));
        entries.push(Entry {
            file: text.file.to_string(),
            lesson_number: text.lesson_number,
            text: text.text.to_string(),
            width,
            theme,
            learner_seed,
            lines: Arc::clone(&lines),
        });
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HINT: PanelText<'static> = PanelText {
        file: "hint.md",
        lesson_number: 2,
        text: "Divide by $\\sqrt{d_k}$: the variance of $q \\cdot k$ is $d_k$.",
    };

    #[test]
    fn a_text_is_laid_out_once_per_width_theme_and_seed() {
        let cache = PanelCache::default();
        let theme = Theme::new(false, false);
        let first = cache.get(HINT, 30, theme, 7);
        assert!(Arc::ptr_eq(&first, &cache.get(HINT, 30, theme, 7)));
        assert_eq!(*first, HINT.lay_out(30, theme, 7));
        for other in [
            cache.get(HINT, 20, theme, 7),
            cache.get(HINT, 30, Theme::new(true, false), 7),
            cache.get(HINT, 30, theme, 8),
            cache.get(
                PanelText {
                    text: "Other.",
                    ..HINT
                },
                30,
                theme,
                7,
            ),
        ] {
            assert!(!Arc::ptr_eq(&first, &other));
        }
        assert_ne!(
            *cache.get(HINT, 20, theme, 7),
            *first,
            "narrower wraps otherwise"
        );
    }

    #[test]
    fn the_memo_is_bounded() {
        let cache = PanelCache::default();
        let theme = Theme::new(false, false);
        for width in 1..=3 * MAX_ENTRIES {
            cache.get(HINT, width, theme, 0);
        }
        assert!(cache.entries.borrow().len() <= MAX_ENTRIES);
    }
}
