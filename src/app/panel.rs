//! The problem panel's lines at the pane's width (the feedback, hints, the worked
//! solution of [`PanelView`]), and how far `J` may scroll them.
//!
//! The lines are built here from the state alone, by one function that the drawing calls
//! to show them and the application calls to stop `J` at their end: a scroll limit is a
//! fact of the state and the geometry, known before anything is drawn, so drawing writes
//! nothing back.

use std::sync::Arc;

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::{App, FREE_AFTER, Mode, Pane, PanelView, ProblemRef, PromptKind};
use crate::content::GLOSSARY_FILE;
use crate::layout::{self, PanelText, cut, value_lines};

/// Where the bottom pane's text goes in `area`: under its top border, which holds the
/// title and the keys, with a column of padding each side. The ui draws the pane's
/// border around exactly this (a test there holds the two together).
pub fn pane_inner(area: Rect) -> Rect {
    Rect {
        x: area.x.saturating_add(1),
        y: area.y.saturating_add(1).min(area.bottom()),
        width: area.width.saturating_sub(2),
        height: area.height.saturating_sub(1),
    }
}

impl App {
    /// The problem pane's lines for `p` at `width`, before scrolling: the live reading of
    /// the answer being typed, the panel, and, while a prompt holds the status bar, its
    /// message. The drawing shows these and `J` stops at their last page.
    pub fn problem_lines(&self, p: ProblemRef, width: usize) -> Vec<Line<'static>> {
        let theme = self.theme;
        let mut out = Vec::new();
        let prompt = match &self.mode {
            Mode::Prompt(prompt) => Some(prompt),
            _ => None,
        };
        if prompt.is_some_and(|x| x.kind == PromptKind::Answer(p)) {
            match &self.preview {
                None => out.extend(layout::wrap::wrap(
                    &[Span::styled(
                        "A number, an expression (1/sqrt(2)) or a literal ([1, 2]).",
                        theme.dim(),
                    )],
                    width,
                )),
                Some(value) => out.extend(value_lines("reads as: ", value, width, theme)),
            }
        }
        if let Some(panel) = self.panel.as_ref().filter(|x| x.problem == p) {
            out.extend(self.panel_view_lines(p, &panel.view, width));
        }
        if prompt.is_some()
            && let Some(message) = &self.message
        {
            out.push(Line::styled(cut(message, width, theme), theme.error()));
        }
        out
    }

    fn panel_view_lines(
        &self,
        p: ProblemRef,
        view: &PanelView,
        width: usize,
    ) -> Vec<Line<'static>> {
        let theme = self.theme;
        let wrap = |text: &str, style: Style| {
            layout::wrap::wrap(&[Span::styled(text.to_string(), style)], width)
        };
        let mut out = Vec::new();
        match view {
            PanelView::Feedback { lines, right } => {
                let first = if *right {
                    theme.accent()
                } else {
                    theme.error()
                };
                for (i, line) in lines.iter().enumerate() {
                    let style = if i == 0 { first } else { Style::new() };
                    let spans = layout::math_text::spans(line, style, theme);
                    out.extend(layout::wrap::wrap(&spans, width));
                }
            }
            PanelView::InputError(e) => {
                out.extend(wrap(e, theme.error()));
                out.extend(wrap(
                    "Nothing was recorded: fix the input and press Enter.",
                    theme.dim(),
                ));
            }
            PanelView::Note(text) => out.extend(wrap(text, Style::new())),
            PanelView::ConfirmSolution => {
                let text = format!(
                    "The solution comes free after a right answer or {FREE_AFTER} attempts. \
                     Press s again (or y) to see it now."
                );
                out.extend(wrap(&text, Style::new()));
            }
            PanelView::Hints => {
                let shown = self.problem_record(p).hints_shown as usize;
                let hints = self.spec(p).map(|s| s.hints.clone()).unwrap_or_default();
                for (i, hint) in hints.iter().take(shown).enumerate() {
                    out.push(Line::styled(
                        format!("Hint {} of {}", i + 1, hints.len()),
                        theme.accent(),
                    ));
                    out.extend(self.problem_markdown(p, hint, width));
                }
            }
            PanelView::Solution => {
                let solution = self.spec(p).map(|s| s.solution.clone()).unwrap_or_default();
                out.push(Line::styled("Solution", theme.accent()));
                out.extend(self.problem_markdown(p, &solution, width));
            }
        }
        out
    }

    /// Hint or solution markdown with this learner's numbers, laid out like the lesson.
    fn problem_markdown(&self, p: ProblemRef, text: &str, width: usize) -> Vec<Line<'static>> {
        let filled = match self.instance(p) {
            Ok((_, instance)) => instance.fill(text),
            Err(_) => text.to_string(),
        };
        let file = &self.course.lessons[p.lesson].file;
        self.panel_markdown(file, p.lesson + 1, &filled, width)
            .to_vec()
    }

    /// A glossary term's definition at `width`, as the ask panel and the glossary overlay
    /// both show it.
    pub fn definition(&self, text: &str, width: usize) -> Arc<Vec<Line<'static>>> {
        self.panel_markdown(GLOSSARY_FILE, 0, text, width)
    }

    /// Markdown from outside a lesson's flow, laid out like the lesson at `width`
    /// through the memo ([`crate::layout::PanelCache`]); `file` names it in errors,
    /// `lesson_number` numbers any problem in it.
    fn panel_markdown(
        &self,
        file: &str,
        lesson_number: usize,
        text: &str,
        width: usize,
    ) -> Arc<Vec<Line<'static>>> {
        let text = PanelText {
            file,
            lesson_number,
            text,
        };
        let seed = self.learner.record().learner_seed;
        self.panel_layouts.get(text, width, self.theme, seed)
    }

    /// The panel's largest useful scroll: its lines past the pane's rows, while the pane
    /// shows it (`None` otherwise).
    fn panel_max_scroll(&self) -> Option<usize> {
        let Some(Pane::Problem(p)) = self.pane() else {
            return None;
        };
        self.panel.as_ref().filter(|x| x.problem == p)?;
        let inner = pane_inner(self.geometry().pane?);
        let lines = self.problem_lines(p, usize::from(inner.width)).len();
        Some(lines.saturating_sub(usize::from(inner.height)))
    }

    /// `J` (1) and `K` (-1): the panel's text by a line, stopping at its last page.
    pub(super) fn scroll_panel(&mut self, delta: isize) {
        let Some(max) = self.panel_max_scroll() else {
            return;
        };
        if let Some(panel) = &mut self.panel {
            panel.scroll = panel.scroll.saturating_add_signed(delta).min(max);
        }
    }

    /// Keeps the panel's scroll within its text after anything that may change the text
    /// or the pane (a resize, a new hint, a prompt opening over it).
    pub(super) fn clamp_panel_scroll(&mut self) {
        self.scroll_panel(0);
    }
}
