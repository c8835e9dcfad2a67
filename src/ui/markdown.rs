//! Panel markdown laid out like the lesson, through the one layout function for panels
//! ([`PanelText`]) and the application's memo of it, so that a panel drawn on
//! every frame lays its text out once per width. Its own file so that the panels using
//! it (`pane`, `ask`, `glossary`) import it from below instead of from each other.

use std::sync::Arc;

use ratatui::text::Line;

use crate::app::App;
use crate::content::GLOSSARY_FILE;
use crate::layout::PanelText;

/// Markdown from outside a lesson's flow (a hint, a solution), laid out like the lesson
/// at `width`; `file` names it in errors, `lesson_number` numbers any problem in it.
pub(super) fn lay_markdown(
    app: &App,
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
    let seed = app.progress().learner_seed;
    app.panel_layouts().get(text, width, app.theme(), seed)
}

/// A glossary term's definition, as the ask panel and the glossary overlay both show it.
pub(super) fn definition(app: &App, text: &str, width: usize) -> Arc<Vec<Line<'static>>> {
    lay_markdown(app, GLOSSARY_FILE, 0, text, width)
}
