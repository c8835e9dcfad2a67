//! The paper lens overlay (`E`): the equation drawn as the lessons draw it, then its
//! legend, one entry a line (wrapped, continuation lines indented), the selected entry
//! highlighted and kept on screen. The status bar stays visible below.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

use super::ask::drawable;
use super::cut;
use crate::app::keymap;
use crate::app::{Action, App, LensView};
use crate::layout::wrap::wrap;
use crate::math;

pub(super) fn draw(app: &App, frame: &mut Frame<'_>, area: Rect, view: &LensView) {
    let theme = app.theme();
    let rect = super::above_status(area);
    let block = super::overlay(
        &theme,
        format!(
            " paper lens:{}",
            keymap::hint(
                &[&keymap::LENS, &keymap::ANYWHERE],
                &[Action::Activate, Action::Back, Action::Close],
                theme.ascii
            )
        ),
    );
    let inner = block.inner(rect);
    let width = usize::from(inner.width);
    let opts = math::Options { ascii: theme.ascii };
    let mut lines: Vec<Line<'static>> = (crate::lens::drawing(&view.legend, width, &opts).iter())
        .map(|l| Line::raw(cut(&drawable(app, l), width, theme)))
        .collect();
    lines.push(Line::raw(""));
    let mut selected = (0, 0);
    for (i, entry) in view.legend.entries.iter().enumerate() {
        let style = if i == view.selected {
            theme.selected()
        } else {
            Style::new()
        };
        let start = lines.len();
        let text = drawable(app, crate::lens::entry_line(entry, &opts).trim_start());
        // A symbol stands under its form; its continuation lines two columns further in.
        let indent = if entry.form { 0 } else { 2 };
        let wrapped = wrap(
            &[Span::styled(text, style)],
            width.saturating_sub(indent + 2),
        );
        for (k, mut l) in wrapped.into_iter().enumerate() {
            let pad = if k == 0 { indent } else { indent + 2 };
            l.spans.insert(0, Span::raw(" ".repeat(pad)));
            lines.push(l);
        }
        if i == view.selected {
            selected = (start, lines.len());
        }
    }
    let height = usize::from(inner.height);
    let shown = super::window(lines, selected, height);
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}
