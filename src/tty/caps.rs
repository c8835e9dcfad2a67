//! What the terminal named by `TERM` can do, from a small table of the terminals people
//! run a reader in (no terminfo lookup: the database is absent on minimal servers and
//! containers, and the handful of capabilities used here are the same for every entry
//! of a family). A terminal not in the table gets the conservative set of a VT100:
//! bold, underline and reverse, no colour, no mouse, no scroll region.

/// How many colours cells may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Palette {
    /// None: a cell with a background colour is drawn reversed instead.
    Mono,
    /// The 8 ANSI colours; the bright ones are drawn as bold base colours.
    Eight,
    /// The 16 ANSI colours (SGR 30-37, 90-97).
    Sixteen,
    /// 256 indexed colours.
    Indexed,
    /// 24-bit colour.
    TrueColor,
}

/// The capabilities the reader uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    pub palette: Palette,
    /// Any SGR attribute at all (bold, underline, reverse); false for `dumb`.
    pub attributes: bool,
    pub italic: bool,
    /// DECSTBM scroll regions (terminfo `csr`) with LF and RI scrolling inside them.
    pub scroll_region: bool,
    /// xterm mouse reporting: button presses and the wheel (1000) in SGR form (1006).
    pub mouse: bool,
    /// Bracketed paste (2004): harmless where unknown, but sent only where understood.
    pub paste: bool,
}

/// A family of terminals: (name, palette, italic, scroll region, mouse and paste).
type Entry = (&'static str, Palette, bool, bool, bool);

/// Matched against `TERM` up to its first `-` or `.` (`xterm-256color` is `xterm`,
/// `screen.xterm-256color` is `screen`). A `256color` suffix raises the palette.
const TABLE: &[Entry] = &[
    ("xterm", Palette::Sixteen, true, true, true),
    ("tmux", Palette::Sixteen, true, true, true),
    // GNU screen has no italics in its terminfo entry.
    ("screen", Palette::Sixteen, false, true, true),
    ("rxvt", Palette::Sixteen, true, true, true),
    ("alacritty", Palette::Indexed, true, true, true),
    ("kitty", Palette::Indexed, true, true, true),
    ("foot", Palette::Indexed, true, true, true),
    ("wezterm", Palette::Indexed, true, true, true),
    ("st", Palette::Sixteen, true, true, true),
    ("vte", Palette::Sixteen, true, true, true),
    ("gnome", Palette::Sixteen, true, true, true),
    ("konsole", Palette::Sixteen, true, true, true),
    ("putty", Palette::Sixteen, false, true, true),
    ("iterm", Palette::Indexed, true, true, true),
    ("iterm2", Palette::Indexed, true, true, true),
    // The Linux console: 8 colours (bright through bold), no italics, no xterm mouse.
    ("linux", Palette::Eight, false, true, false),
    ("vt100", Palette::Mono, false, true, false),
    ("vt102", Palette::Mono, false, true, false),
    ("vt220", Palette::Mono, false, true, false),
    ("ansi", Palette::Eight, false, false, false),
];

impl Caps {
    /// From `TERM`, `COLORTERM` and whether colour is wanted at all (`NO_COLOR`).
    pub fn detect(term: &str, colorterm: &str, color: bool) -> Caps {
        if term.is_empty() || term == "dumb" {
            return Caps {
                palette: Palette::Mono,
                attributes: false,
                italic: false,
                scroll_region: false,
                mouse: false,
                paste: false,
            };
        }
        let family = term.split(['-', '.']).next().unwrap_or(term);
        let (_, palette, italic, scroll_region, xterm_like) = TABLE
            .iter()
            .copied()
            .find(|e| e.0 == family)
            .unwrap_or(("", Palette::Mono, false, false, false));
        let palette = if !color {
            Palette::Mono
        } else if colorterm == "truecolor" || colorterm == "24bit" {
            Palette::TrueColor
        } else if term.contains("256color") || term.ends_with("-direct") {
            palette.max(Palette::Indexed)
        } else {
            palette
        };
        Caps {
            palette,
            attributes: true,
            italic,
            scroll_region,
            mouse: xterm_like,
            paste: xterm_like,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_terminals_get_what_they_have() {
        let xterm = Caps::detect("xterm-256color", "", true);
        assert_eq!(xterm.palette, Palette::Indexed);
        assert!(xterm.italic && xterm.mouse && xterm.scroll_region && xterm.paste);
        assert_eq!(Caps::detect("xterm", "", true).palette, Palette::Sixteen);
        assert_eq!(
            Caps::detect("tmux-256color", "truecolor", true).palette,
            Palette::TrueColor
        );
        let screen = Caps::detect("screen.xterm-256color", "", true);
        assert!(!screen.italic && screen.scroll_region);
    }

    #[test]
    fn vt100_linux_and_dumb_get_no_colour_codes_they_cannot_show() {
        let vt100 = Caps::detect("vt100", "", true);
        assert_eq!(vt100.palette, Palette::Mono);
        assert!(vt100.attributes && !vt100.italic && !vt100.mouse);
        let linux = Caps::detect("linux", "", true);
        assert_eq!(linux.palette, Palette::Eight);
        assert!(!linux.italic && !linux.mouse);
        for dumb in ["dumb", ""] {
            let caps = Caps::detect(dumb, "truecolor", true);
            assert_eq!(caps.palette, Palette::Mono, "{dumb:?}");
            assert!(!caps.attributes && !caps.mouse && !caps.scroll_region);
        }
    }

    #[test]
    fn an_unknown_terminal_is_treated_as_a_vt100_and_no_color_wins() {
        let unknown = Caps::detect("frobterm", "", true);
        assert_eq!(unknown.palette, Palette::Mono);
        assert!(!unknown.scroll_region && !unknown.mouse);
        assert_eq!(
            Caps::detect("xterm-256color", "truecolor", false).palette,
            Palette::Mono
        );
    }
}
