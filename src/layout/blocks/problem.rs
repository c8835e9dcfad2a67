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
use crate::progress::view::Stage;

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
                let (prompt, bound, trouble) = match self.filled_prompt(spec) {
                    Ok((prompt, bound)) => (prompt, bound, None),
                    Err(e) => (spec.prompt.clone(), String::new(), Some(e)),
                };
                let prompt = markdown::parse(self.file, 1, &prompt);
                let mut body = self.nested(&prompt, inner, true);
                if let Some(e) = trouble {
                    body.extend(wrap(&[Span::styled(e, theme.error())], inner));
                }
                if !bound.is_empty() {
                    body.extend(wrap(&[Span::styled(bound, theme.dim())], inner));
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

    /// The prompt with this learner's numbers for the current variant of the problem,
    /// and the line that says which of its symbols are bound where the learner types.
    fn filled_prompt(&self, spec: &ProblemSpec) -> Result<(String, String), String> {
        let variant = self.ctx.problems.get(&spec.id).variant;
        let problem = Problem::from_spec(spec)?;
        let instance = problem.instance(self.ctx.learner_seed, self.slug, variant)?;
        let bound = problem.card(&instance).listing(self.theme().ascii);
        Ok((instance.fill(&spec.prompt), bound))
    }

    /// Where the learner stands on the problem, in the words used everywhere.
    fn problem_state(&self, id: &str) -> Line<'static> {
        let theme = self.theme();
        let stage = self.ctx.problems.get(id).stage;
        let (mark, style) = match stage {
            Stage::Solved => (mark(theme, Mark::Full), theme.accent()),
            Stage::Attempted(_) => (mark(theme, Mark::Partial), Style::new()),
            Stage::Untouched => (mark(theme, Mark::Empty), theme.dim()),
        };
        Line::styled(format!("{mark} {stage}"), style)
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
