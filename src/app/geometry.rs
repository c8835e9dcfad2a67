//! Where the panes go at a terminal size: used by the app (to lay text out at the
//! pane's width) and by the ui (to draw), so both always agree.

use ratatui::layout::Rect;

/// Below this the reader shows a message instead of a broken frame.
pub const MIN_SIZE: (u16, u16) = (40, 12);
/// From this width the contents pane, when shown, stands beside the text (under it,
/// it covers the text).
pub const WIDE: u16 = 80;
/// From this width the contents pane is shown by default. Below it the text has the
/// whole width, so a one-line scroll moves whole terminal rows (a scroll region, as in
/// `less` or `vim`) instead of redrawing every row beside the pane; `t` shows it at any
/// width.
pub const CONTENTS_BY_DEFAULT: u16 = 100;
/// Lines longer than this are hard to read; wider terminals get margins.
pub const MAX_TEXT_WIDTH: u16 = 100;
const CONTENTS_WIDTH: u16 = 34;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The contents pane (including its right border), when shown.
    pub contents: Option<Rect>,
    /// The reading pane, unless the contents cover it on a narrow screen.
    pub reading: Option<Rect>,
    /// Where the text goes inside the reading pane (its size also when it is covered).
    pub text: Rect,
    pub status: Rect,
    /// Smaller than [`MIN_SIZE`].
    pub too_small: bool,
    /// The bottom pane (scratchpad, problem panel) under the text, when open.
    pub pane: Option<Rect>,
}

impl Geometry {
    /// The same panes with the bottom third of the text's height given to the pane
    /// (at least 5 rows, and 3 rows of text are kept). The text keeps its width, so
    /// opening the pane never lays the lesson out again.
    pub fn with_pane(self) -> Geometry {
        let third = self.text.height / 3;
        self.with_pane_rows(third)
    }

    /// The same with half the text's height for the pane (the ask panel, which lists
    /// definitions, while the sentence it is about stays in view above).
    pub fn with_half_pane(self) -> Geometry {
        self.with_pane_rows(self.text.height / 2)
    }

    /// The same with two thirds of the text's height for the pane: room for a figure
    /// drawn in the scratchpad.
    pub fn with_tall_pane(self) -> Geometry {
        let two_thirds = self.text.height * 2 / 3;
        self.with_pane_rows(two_thirds)
    }

    fn with_pane_rows(self, rows: u16) -> Geometry {
        let height = self.text.height;
        let rows = rows.max(5).min(height.saturating_sub(3));
        let shrink = |r: Rect| Rect {
            height: r.height - rows,
            ..r
        };
        let across = self.reading.unwrap_or(self.status);
        Geometry {
            reading: self.reading.map(shrink),
            text: shrink(self.text),
            pane: Some(Rect {
                x: across.x,
                y: self.text.y + height - rows,
                width: across.width,
                height: rows,
            }),
            ..self
        }
    }
}

/// The panes for a terminal of `size`; `contents` is the learner's `t` choice, if any.
pub fn geometry(size: (u16, u16), contents: Option<bool>) -> Geometry {
    let (w, h) = size;
    let too_small = w < MIN_SIZE.0 || h < MIN_SIZE.1;
    let body = Rect::new(0, 0, w, h.saturating_sub(1));
    let status = Rect::new(0, h.saturating_sub(1), w, 1.min(h));
    let wide = w >= WIDE;
    let show = contents.unwrap_or(w >= CONTENTS_BY_DEFAULT);
    let side = CONTENTS_WIDTH.min(w / 3);
    let (contents, reading) = match (show, wide) {
        (true, true) => (
            Some(Rect {
                width: side,
                ..body
            }),
            Rect {
                x: side,
                width: w - side,
                ..body
            },
        ),
        (true, false) => (Some(body), body),
        (false, _) => (None, body),
    };
    let text_width = reading.width.saturating_sub(2).min(MAX_TEXT_WIDTH);
    let text = Rect {
        x: reading.x + (reading.width - text_width) / 2,
        width: text_width,
        ..reading
    };
    let covered = show && !wide;
    Geometry {
        contents,
        reading: (!covered).then_some(reading),
        text,
        status,
        too_small,
        pane: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_beside_the_text_by_default_from_100_columns() {
        let g = geometry((100, 30), None);
        assert_eq!(g.contents, Some(Rect::new(0, 0, 33, 29)));
        assert_eq!(g.reading, Some(Rect::new(33, 0, 67, 29)));
        assert_eq!(g.text, Rect::new(34, 0, 65, 29));
        assert_eq!(g.status, Rect::new(0, 29, 100, 1));
        assert!(!g.too_small);
    }

    #[test]
    fn from_80_to_99_columns_the_text_has_the_width_until_t_puts_the_contents_beside() {
        let g = geometry((80, 24), None);
        assert_eq!(
            (g.contents, g.reading),
            (None, Some(Rect::new(0, 0, 80, 23)))
        );
        assert_eq!(g.text, Rect::new(1, 0, 78, 23));
        let g = geometry((99, 24), None);
        assert_eq!((g.contents, g.text.width), (None, 97));
        let shown = geometry((80, 24), Some(true));
        assert_eq!(shown.contents, Some(Rect::new(0, 0, 26, 23)));
        assert_eq!(shown.reading, Some(Rect::new(26, 0, 54, 23)));
        // Hidden again at 100 columns and more, by the learner's choice.
        assert_eq!(geometry((120, 30), Some(false)).contents, None);
    }

    #[test]
    fn under_80_columns_the_contents_fold_and_t_shows_them_full_width() {
        let folded = geometry((79, 24), None);
        assert_eq!(
            (folded.contents, folded.reading.map(|r| r.width)),
            (None, Some(79))
        );
        let shown = geometry((79, 24), Some(true));
        assert_eq!(
            (shown.contents.map(|r| r.width), shown.reading),
            (Some(79), None)
        );
        // The text keeps its width while covered, so the place is kept.
        assert_eq!(shown.text.width, folded.text.width);
    }

    #[test]
    fn wide_terminals_centre_a_bounded_text_column_and_tiny_ones_are_flagged() {
        let g = geometry((200, 60), Some(false));
        assert_eq!((g.text.x, g.text.width), (50, 100));
        assert!(geometry((39, 30), None).too_small);
        assert!(geometry((80, 11), None).too_small);
        assert!(geometry((0, 0), None).too_small);
    }

    #[test]
    fn a_tall_pane_takes_two_thirds_and_keeps_three_rows_of_text() {
        // 23 rows of text: 15 for the pane.
        let g = geometry((80, 24), Some(true)).with_tall_pane();
        assert_eq!(g.pane, Some(Rect::new(26, 8, 54, 15)));
        assert_eq!(g.text.height, 8);
        let small = geometry((40, 12), None).with_tall_pane();
        assert_eq!(small.text.height, 4);
        assert_eq!(small.pane.map(|p| p.height), Some(7));
    }

    #[test]
    fn the_pane_takes_a_third_of_the_text_under_it() {
        let g = geometry((80, 24), Some(true)).with_pane();
        // 23 rows of text: 7 for the pane, under the reading pane only.
        assert_eq!(g.pane, Some(Rect::new(26, 16, 54, 7)));
        assert_eq!((g.text.height, g.text.width), (16, 52));
        assert_eq!(g.contents.map(|c| c.height), Some(23));
        let small = geometry((40, 12), None).with_pane();
        assert_eq!(
            (small.text.height, small.pane.map(|p| p.height)),
            (6, Some(5))
        );
    }
}
