//! Styles and glyphs, decided once from the settings: `NO_COLOR` drops colours (bold,
//! italic and underline stay, so structure is still visible), ASCII mode swaps every
//! drawing character for a 7-bit one.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::figure::{Colors, Look};

/// The drawing choices for one session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    pub ascii: bool,
    pub color: bool,
    /// Colours a figure's ramp may use; by default 256 colours when colour is allowed.
    pub ramp: Colors,
    /// Colours for a light background (`--theme light`): the dark palette's yellow,
    /// cyan and bright magenta text fade into white.
    pub light: bool,
}

/// Box borders in 7-bit ASCII (ratatui ships none).
pub const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl Theme {
    pub fn new(ascii: bool, color: bool) -> Theme {
        let ramp = if color {
            Colors::Indexed256
        } else {
            Colors::None
        };
        Theme {
            ascii,
            color,
            ramp,
            light: false,
        }
    }

    pub fn with_light(self, light: bool) -> Theme {
        Theme { light, ..self }
    }

    /// The dark palette's colour, or the light palette's for the same role.
    fn pick(&self, dark: Color, light: Color) -> Color {
        if self.light { light } else { dark }
    }

    /// The colour depth the terminal reported (`COLORTERM`, `TERM`), within `color`.
    pub fn with_ramp(self, ramp: Colors) -> Theme {
        let ramp = if self.color { ramp } else { Colors::None };
        Theme { ramp, ..self }
    }

    /// How figures may draw with this theme.
    pub fn figure_look(&self) -> Look {
        Look {
            ascii: self.ascii,
            colors: self.ramp,
            light: self.light,
        }
    }

    /// The style with `fg` only when colour is allowed.
    fn fg(&self, color: Color) -> Style {
        if self.color {
            Style::new().fg(color)
        } else {
            Style::new()
        }
    }

    pub fn heading(&self, level: u8) -> Style {
        match level {
            1 => self
                .fg(self.pick(Color::Cyan, Color::Blue))
                .add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            2 => self
                .fg(self.pick(Color::Cyan, Color::Blue))
                .add_modifier(Modifier::BOLD),
            _ => Style::new().add_modifier(Modifier::BOLD),
        }
    }

    pub fn code(&self) -> Style {
        self.fg(self.pick(Color::Yellow, Color::Red))
    }

    pub fn math(&self) -> Style {
        self.fg(self.pick(Color::LightMagenta, Color::Magenta))
    }

    pub fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }

    pub fn link(&self) -> Style {
        self.fg(Color::Blue).add_modifier(Modifier::UNDERLINED)
    }

    pub fn dim(&self) -> Style {
        if self.color {
            Style::new().fg(Color::DarkGray)
        } else {
            Style::new().add_modifier(Modifier::DIM)
        }
    }

    pub fn accent(&self) -> Style {
        self.fg(Color::Green).add_modifier(Modifier::BOLD)
    }

    /// A search match.
    pub fn highlight(&self) -> Style {
        if self.color {
            Style::new().bg(Color::Yellow).fg(Color::Black)
        } else {
            Style::new().add_modifier(Modifier::REVERSED)
        }
    }

    /// The sentence under the sentence cursor: underlined in every mode, so it still
    /// shows under NO_COLOR (then also reversed) and in ASCII.
    pub fn sentence(&self) -> Style {
        let style = Style::new().add_modifier(Modifier::UNDERLINED);
        if self.color {
            style.bg(Color::Blue).fg(Color::White)
        } else {
            style.add_modifier(Modifier::REVERSED)
        }
    }

    /// The selected line of a list (contents cursor).
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }

    pub fn border(&self) -> border::Set<'static> {
        if self.ascii {
            ASCII_BORDER
        } else {
            border::PLAIN
        }
    }

    /// Horizontal line glyph for rules and table separators.
    pub fn horizontal(&self) -> &'static str {
        if self.ascii { "-" } else { "─" }
    }

    pub fn vertical(&self) -> &'static str {
        if self.ascii { "|" } else { "│" }
    }

    pub fn cross(&self) -> &'static str {
        if self.ascii { "+" } else { "┼" }
    }

    pub fn bullet(&self) -> &'static str {
        if self.ascii { "*" } else { "•" }
    }

    /// The prompt mark in front of an eval claim's expression.
    pub fn prompt_mark(&self) -> &'static str {
        if self.ascii { ">" } else { "›" }
    }

    pub fn separator(&self) -> &'static str {
        if self.ascii { " - " } else { " · " }
    }
}

/// At most `width` cells of `text`, ending in the theme's mark when cut: `…` where
/// Unicode is drawn, `~` in ASCII mode (one cut mark for every pane and bar). Here, below
/// both, so that the panel text the application measures and the bars the ui draws cut
/// alike.
pub fn cut(text: &str, width: usize, theme: Theme) -> String {
    let mark = if theme.ascii { '~' } else { '…' };
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(c);
        used += w;
    }
    if width > 0 {
        out.push(mark);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_is_marked_and_respects_wide_characters() {
        let ascii = Theme::new(true, false);
        assert_eq!(cut("abc", 3, ascii), "abc");
        assert_eq!(cut("abcdef", 4, ascii), "abc~");
        assert_eq!(cut("注意力", 4, ascii), "注~");
        assert_eq!(cut("abc", 0, ascii), "");
        assert_eq!(cut("abcdef", 4, Theme::new(false, false)), "abc…");
        assert_eq!(cut("abcdef", 4, Theme::new(true, false)), "abc~");
    }

    /// Text colours that are pale on a white background (yellow, cyan, the bright ones).
    const PALE: [Color; 6] = [
        Color::Yellow,
        Color::Cyan,
        Color::LightMagenta,
        Color::LightYellow,
        Color::LightCyan,
        Color::White,
    ];

    #[test]
    fn the_light_palette_writes_no_text_in_pale_colours() {
        let theme = Theme::new(false, true).with_light(true);
        let styles = [
            theme.heading(1),
            theme.heading(2),
            theme.code(),
            theme.math(),
            theme.error(),
            theme.link(),
            theme.dim(),
            theme.accent(),
        ];
        for style in styles {
            assert!(!style.fg.is_some_and(|c| PALE.contains(&c)), "{style:?}");
        }
        // The dark palette is left as it was.
        assert_eq!(Theme::new(false, true).code().fg, Some(Color::Yellow));
        assert_eq!(Theme::new(false, true).math().fg, Some(Color::LightMagenta));
    }
}
