//! Code listings and the `eval` blocks of computed claims: both are code, drawn indented
//! and broken at any character ([`code_wrap`](crate::layout::code_wrap::code_wrap)) because a code line has no word breaks.

use ratatui::text::{Line, Span};

use super::Renderer;
use crate::content::{Claim, ContentError};
use crate::layout::code_wrap::code_wrap;
use crate::layout::wrap::wrap;

impl Renderer<'_> {
    pub(super) fn code(&self, text: &str, width: usize, out: &mut Vec<Line<'static>>) {
        let style = self.theme().code();
        for source_line in text.trim_end_matches('\n').split('\n') {
            let expanded = source_line.replace('\t', "    ");
            for piece in code_wrap(&expanded, width.saturating_sub(2)) {
                out.push(Line::from(vec![
                    Span::raw("  "),
                    Span::styled(piece, style),
                ]));
            }
        }
    }

    pub(super) fn claims(
        &self,
        claims: &Result<Vec<Claim>, ContentError>,
        width: usize,
        out: &mut Vec<Line<'static>>,
    ) {
        let theme = self.theme();
        let claims = match claims {
            Ok(c) => c,
            Err(err) => {
                out.extend(wrap(&[Span::styled(err.to_string(), theme.error())], width));
                return;
            }
        };
        let intro = if claims.len() == 1 {
            "The expression that reproduces this:"
        } else {
            "The expressions that reproduce this:"
        };
        out.extend(wrap(&[Span::styled(intro, theme.dim())], width));
        let inner = width.saturating_sub(2);
        for claim in claims {
            let mark = format!("{} ", theme.prompt_mark());
            for (i, piece) in code_wrap(&claim.expr, inner).into_iter().enumerate() {
                let lead = if i == 0 {
                    mark.clone()
                } else {
                    "  ".to_string()
                };
                out.push(Line::from(vec![
                    Span::styled(lead, theme.dim()),
                    Span::styled(piece, theme.code()),
                ]));
            }
            for (i, piece) in code_wrap(&claim.expected, inner).into_iter().enumerate() {
                let lead = if i == 0 { "= " } else { "  " };
                out.push(Line::from(vec![
                    Span::styled(lead, theme.dim()),
                    Span::raw(piece),
                ]));
            }
        }
    }
}
