//! Panel markdown laid out like the lesson. Its own file so that the panels using it
//! (`pane`, `ask`) import it from below instead of from each other.

use ratatui::text::Line;

use crate::app::App;
use crate::content::Lesson;
use crate::layout;

/// Markdown from outside a lesson's flow (a hint, a glossary definition), laid out like
/// the lesson; `file` names it in errors.
pub(super) fn lay_markdown(
    app: &App,
    file: &str,
    lesson_number: usize,
    text: &str,
    width: usize,
) -> Vec<Line<'static>> {
    let parsed = Lesson::parse(
        String::new(),
        file.to_string(),
        String::new(),
        String::new(),
        text,
    );
    let ctx = layout::Context {
        theme: app.theme(),
        lesson_number,
        record: None,
        learner_seed: app.progress().learner_seed,
    };
    layout::lesson(&parsed, width, &ctx).lines
}
