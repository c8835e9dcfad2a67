//! The `?` overlay: the keymap's groups laid out for a terminal size, and which page of
//! them is on screen. The layout is computed here, not while drawing, so the page keys
//! know where the end is and drawing only copies lines.
//!
//! The groups flow into as many columns as the width holds (a group kept whole when it
//! fits), so that at 80x24 all of it shows at once with quit first. When even that does
//! not fit, it is one column paged with `j`/`k`, PgDn/space, `g`/`G`, in a box of fixed
//! size that says when more is below.

use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;

use super::Action;
use super::keymap::{self, HELP_ORDER};

/// Narrowest column worth making.
const MIN_COLUMN: usize = 24;
/// Columns between two columns.
const GAP: usize = 2;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HelpView {
    /// First line shown when the help is paged.
    pub scroll: usize,
}

/// What a key did in the help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpOutcome {
    Stay,
    Close,
    Glossary,
}

/// One line of the help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpLine {
    /// A group's title.
    Heading(String),
    /// Keys (maybe empty, for a continued description) padded to the key column, then
    /// what they do.
    Keys { keys: String, text: String },
}

/// The help laid out for one terminal size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HelpPage {
    /// The box, borders included, centred on the screen.
    pub area: Rect,
    /// Columns of lines, each `column_width` wide; one column when paged.
    pub columns: Vec<Vec<HelpLine>>,
    pub column_width: usize,
    /// Rows inside the box.
    pub height: usize,
    /// Whether the box has its bottom border (only a page that fits one row more
    /// without it has none).
    pub bottom: bool,
}

impl HelpPage {
    /// True when all of it does not fit at once.
    pub fn paged(&self) -> bool {
        self.columns.len() == 1 && self.columns[0].len() > self.height
    }

    /// The largest useful scroll.
    pub fn last_top(&self) -> usize {
        self.columns
            .first()
            .map_or(0, |c| c.len().saturating_sub(self.height))
    }
}

impl HelpView {
    pub fn update(&mut self, action: Action, page: &HelpPage) -> HelpOutcome {
        let last = page.last_top();
        let step = page.height.saturating_sub(1).max(1);
        self.scroll = match action {
            Action::Down => self.scroll + 1,
            Action::Up => self.scroll.saturating_sub(1),
            Action::PageDown => self.scroll + step,
            Action::PageUp => self.scroll.saturating_sub(step),
            Action::Top => 0,
            Action::Bottom => last,
            Action::Wheel(n) => self.scroll.saturating_add_signed(isize::from(n)),
            Action::Glossary => return HelpOutcome::Glossary,
            _ => return HelpOutcome::Close,
        }
        .min(last);
        HelpOutcome::Stay
    }
}

/// The help for a terminal of `size`.
pub fn page(size: (u16, u16), ascii: bool) -> HelpPage {
    let (w, h) = (usize::from(size.0), usize::from(size.1));
    // Borders and a column of padding on each side.
    let inner_width = w.saturating_sub(4).max(1);
    // The whole screen but its borders: the help covers the status bar too.
    let height = h.saturating_sub(2).max(1);
    let most = ((inner_width + GAP) / (MIN_COLUMN + GAP)).clamp(1, 4);
    // Whole groups in columns; else, with no bottom border (a page that is all there
    // needs no "more below" mark), one row more.
    for (rows, bottom) in [(height, true), (height + 1, false)] {
        for count in (2..=most).rev() {
            let width = (inner_width - GAP * (count - 1)) / count;
            let groups = groups(width, ascii);
            if let Some(columns) = flow(&groups, count, rows) {
                let used = columns.iter().map(Vec::len).max().unwrap_or(0);
                return boxed(size, columns, width, used, bottom);
            }
        }
    }
    let lines: Vec<HelpLine> = groups(inner_width, ascii).concat();
    if lines.len() <= height {
        let used = lines.len();
        return boxed(size, vec![lines], inner_width, used, true);
    }
    boxed(size, vec![lines], inner_width, height, true)
}

/// The box around `columns` of `width`, `rows` high, centred above the status bar;
/// `bottom`: with its bottom border.
fn boxed(
    size: (u16, u16),
    columns: Vec<Vec<HelpLine>>,
    width: usize,
    rows: usize,
    bottom: bool,
) -> HelpPage {
    let count = columns.len();
    let box_width = (width * count + GAP * (count - 1) + 4).min(usize::from(size.0));
    let box_height = (rows + 1 + usize::from(bottom)).min(usize::from(size.1));
    let area = Rect {
        x: (size.0 - box_width as u16) / 2,
        y: (size.1 - box_height as u16) / 2,
        width: box_width as u16,
        height: box_height as u16,
    };
    HelpPage {
        area,
        columns,
        column_width: width,
        height: box_height.saturating_sub(1 + usize::from(bottom)),
        bottom,
    }
}

/// Each group's lines at a column `width`: a row's keys, then what they do, wrapped
/// with the continuation indented.
fn groups(width: usize, ascii: bool) -> Vec<Vec<HelpLine>> {
    HELP_ORDER
        .iter()
        .map(|group| {
            let mut lines = vec![HelpLine::Heading(group.title.to_string())];
            for row in group.rows {
                let keys = keymap::row_keys(row, ascii);
                let words = format!("{keys} {}", row.help);
                for (i, line) in wrap(&words, width.saturating_sub(2).max(1))
                    .into_iter()
                    .enumerate()
                {
                    lines.push(if i == 0 {
                        let text = line.get(keys.len() + 1..).unwrap_or("").to_string();
                        match line.starts_with(&keys) && line.len() > keys.len() {
                            true => HelpLine::Keys {
                                keys: keys.clone(),
                                text,
                            },
                            false => HelpLine::Keys {
                                keys: line,
                                text: String::new(),
                            },
                        }
                    } else {
                        HelpLine::Keys {
                            keys: String::new(),
                            text: format!("  {line}"),
                        }
                    });
                }
            }
            lines
        })
        .collect()
}

/// The groups in `count` columns of `height` rows, a group kept whole in one column
/// ; `None` when they do not fit.
fn flow(groups: &[Vec<HelpLine>], count: usize, height: usize) -> Option<Vec<Vec<HelpLine>>> {
    let mut columns: Vec<Vec<HelpLine>> = vec![Vec::new()];
    for group in groups {
        if group.len() > height {
            return None;
        }
        let column = columns.last_mut()?;
        if column.len() + group.len() > height {
            if columns.len() == count {
                return None;
            }
            columns.push(group.clone());
            continue;
        }
        column.extend(group.iter().cloned());
    }
    Some(columns)
}

/// Words of `text` in lines of at most `width` columns (a longer word on its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.width() + 1 + word.width() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_80x24_everything_fits_in_columns_with_quit_first() {
        for ascii in [false, true] {
            let page = page((80, 24), ascii);
            assert!(page.columns.len() > 1, "{page:#?}");
            assert!(!page.paged());
            assert!(page.columns.iter().all(|c| c.len() <= page.height));
            let first = &page.columns[0];
            assert!(
                matches!(&first[1], HelpLine::Keys { keys, text } if keys.starts_with("q") && text.starts_with("quit")),
                "{first:?}"
            );
        }
    }

    #[test]
    fn a_small_terminal_pages_one_column_in_a_box_of_fixed_size() {
        let page = page((40, 12), false);
        assert!(page.paged());
        assert_eq!(page.area.height, 12, "the whole screen");
        let mut view = HelpView::default();
        view.update(Action::Bottom, &page);
        assert_eq!(view.scroll, page.last_top());
        view.update(Action::PageDown, &page);
        assert_eq!(view.scroll, page.last_top(), "no further than the end");
        view.update(Action::Top, &page);
        view.update(Action::PageDown, &page);
        assert_eq!(view.scroll, page.height - 1);
        assert_eq!(view.update(Action::Close, &page), HelpOutcome::Close);
    }

    #[test]
    fn words_wrap_within_the_width() {
        assert_eq!(
            wrap("next / previous lesson", 10),
            ["next /", "previous", "lesson"]
        );
        assert_eq!(wrap("a", 10), ["a"]);
    }
}
