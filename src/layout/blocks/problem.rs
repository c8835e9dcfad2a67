//! A problem block: its prompt filled with this learner's numbers, in a box titled
//! "Problem L.N", with the learner's state under it.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use super::Renderer;
use crate::content::{ContentError, ProblemSpec, markdown};
use crate::layout::Theme;
use crate::layout::mark::{Mark, mark};
use crate::layout::wrap::wrap;
use crate::problems::Problem;

impl Renderer<'_> {
    pub(super) fn problem(
        &mut self,
        spec: &Result<ProblemSpec, ContentError>,
        width: usize,
        out: &mut Vec<Line<'static>>,
    ) {
        let theme = self.theme();
        let title = format!("Problem {}.{}", self.ctx.lesson_number, self.problems);
        let inner = width.saturating_sub(4).max(1);
        match spec {
            Ok(spec) => {
                let (prompt, trouble) = match self.filled_prompt(spec) {
                    Ok(prompt) => (prompt, None),
                    Err(e) => (spec.prompt.clone(), Some(e)),
                };
                let prompt = markdown::parse(self.file, 1, &prompt);
                let mut body = self.nested(&prompt, inner, true);
                if let Some(e) = trouble {
                    body.extend(wrap(&[Span::styled(e, theme.error())], inner));
                }
                body.push(Line::default());
                body.push(self.problem_state(&spec.id));
                out.extend(boxed(
                    Span::styled(title, theme.accent()),
                    body,
                    width,
                    theme,
                ));
            }
            Err(err) => {
                let body = wrap(&[Span::styled(err.to_string(), theme.error())], inner);
                out.extend(boxed(
                    Span::styled(title, theme.error()),
                    body,
                    width,
                    theme,
                ));
            }
        }
    }

    /// The prompt with this learner's numbers for the current variant of the problem.
    fn filled_prompt(&self, spec: &ProblemSpec) -> Result<String, String> {
        let record = self.ctx.record.and_then(|r| r.problems.get(&spec.id));
        let variant = record.map_or(0, |p| p.variant);
        let problem = Problem::from_spec(spec)?;
        let instance = problem.instance(self.ctx.learner_seed, self.slug, variant)?;
        Ok(instance.fill(&spec.prompt))
    }

    /// "not attempted", "N attempts" or "solved", from the learner's record.
    fn problem_state(&self, id: &str) -> Line<'static> {
        let theme = self.theme();
        let record = self.ctx.record.and_then(|r| r.problems.get(id));
        let (mark, text, style) = match record {
            Some(p) if p.solved => (
                mark(theme, Mark::Full),
                "solved".to_string(),
                theme.accent(),
            ),
            Some(p) if !p.attempts.is_empty() => {
                let n = p.attempts.len();
                let s = if n == 1 { "" } else { "s" };
                (
                    mark(theme, Mark::Partial),
                    format!("{n} attempt{s}, not solved yet"),
                    Style::new(),
                )
            }
            _ => (
                mark(theme, Mark::Empty),
                "not attempted".to_string(),
                theme.dim(),
            ),
        };
        Line::styled(format!("{mark} {text}"), style)
    }
}

/// Draws `body` in a box `width` wide with `title` in its top border.
fn boxed(
    title: Span<'static>,
    body: Vec<Line<'static>>,
    width: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let b = theme.border();
    let border = theme.dim();
    let inner = width.saturating_sub(4);
    let title_width = title.width() + 2;
    let mut lines = Vec::with_capacity(body.len() + 2);
    lines.push(Line::from(vec![
        Span::styled(format!("{}{} ", b.top_left, b.horizontal_top), border),
        title,
        Span::styled(
            format!(
                " {}{}",
                b.horizontal_top
                    .repeat(width.saturating_sub(title_width + 3)),
                b.top_right
            ),
            border,
        ),
    ]));
    for mut line in body {
        let pad = inner.saturating_sub(line.width());
        line.spans
            .insert(0, Span::styled(format!("{} ", b.vertical_left), border));
        line.spans.push(Span::raw(" ".repeat(pad)));
        line.spans
            .push(Span::styled(format!(" {}", b.vertical_right), border));
        lines.push(line);
    }
    lines.push(Line::styled(
        format!(
            "{}{}{}",
            b.bottom_left,
            b.horizontal_bottom.repeat(width.saturating_sub(2)),
            b.bottom_right
        ),
        border,
    ));
    lines
}
