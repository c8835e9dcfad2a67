//! Display equations: drawn in 2-D and centred as one block, or, when even broken at
//! its operators an equation is wider than the pane, written linearly under a note.

use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::Renderer;
use crate::layout::wrap::wrap;
use crate::math;

impl Renderer<'_> {
    pub(super) fn display_math(&self, tex: &str, width: usize, out: &mut Vec<Line<'static>>) {
        let theme = self.theme();
        let opts = math::Options { ascii: theme.ascii };
        match math::display(tex, width, &opts) {
            Ok(rows) if rows.iter().any(|r| r.width() > width) => self.linear_math(tex, width, out),
            Ok(rows) => {
                // Centre the equation as one block so its rows stay aligned.
                let widest = rows.iter().map(|r| r.width()).max().unwrap_or(0);
                let pad = " ".repeat(width.saturating_sub(widest) / 2);
                for row in rows {
                    out.push(Line::from(vec![
                        Span::raw(pad.clone()),
                        Span::styled(row, theme.math()),
                    ]));
                }
            }
            Err(err) => {
                for row in tex.lines() {
                    out.extend(wrap(&[Span::styled(row.to_string(), theme.error())], width));
                }
                out.extend(wrap(
                    &[Span::styled(format!("math error: {err}"), theme.error())],
                    width,
                ));
            }
        }
    }

    /// An equation the pane cannot hold even broken at its operators: written on one
    /// line and word-wrapped, so all of it can be read (a cut drawing would hide its
    /// end without a word), under a note that says why it looks different.
    pub(super) fn linear_math(&self, tex: &str, width: usize, out: &mut Vec<Line<'static>>) {
        let theme = self.theme();
        let opts = math::Options { ascii: theme.ascii };
        let note = "(too wide to draw: written linearly)";
        out.extend(wrap(&[Span::styled(note, theme.dim())], width));
        match math::inline(tex, &opts) {
            Ok(line) => out.extend(wrap(&[Span::styled(line, theme.math())], width)),
            Err(err) => out.extend(wrap(
                &[Span::styled(format!("math error: {err}"), theme.error())],
                width,
            )),
        }
    }
}
