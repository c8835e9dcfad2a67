//! The drawing pieces of both glyph sets: growing delimiters, display-size operators,
//! bars, braces and accents. Unicode uses the bracket-piece characters (U+239B..23B3),
//! which terminals join into tall delimiters; ASCII stays within 0x20..0x7E.

use super::ast::{AccentKind, BigKind, Delim};
use super::block::Block;

/// The pieces of a growing delimiter.
struct Pieces {
    one: &'static str,
    /// Two-row form (top, bottom), for shapes whose middle piece needs room.
    two: Option<(&'static str, &'static str)>,
    top: &'static str,
    ext: &'static str,
    mid: Option<&'static str>,
    bottom: &'static str,
}

const fn p(
    one: &'static str,
    top: &'static str,
    ext: &'static str,
    bottom: &'static str,
) -> Pieces {
    Pieces {
        one,
        two: None,
        top,
        ext,
        mid: None,
        bottom,
    }
}

fn pieces(d: Delim, ascii: bool) -> Pieces {
    use Delim::*;
    if ascii {
        match d {
            Null => p("", "", "", ""),
            LParen => p("(", "/", "|", "\\"),
            RParen => p(")", "\\", "|", "/"),
            LBracket => p("[", "[", "|", "["),
            RBracket => p("]", "]", "|", "]"),
            LBrace => Pieces {
                mid: Some("<"),
                ..p("{", "/", "|", "\\")
            },
            RBrace => Pieces {
                mid: Some(">"),
                ..p("}", "\\", "|", "/")
            },
            Vert => p("|", "|", "|", "|"),
            DoubleVert => p("||", "||", "||", "||"),
            LAngle => Pieces {
                mid: Some("<"),
                ..p("<", "/", "/", "\\")
            },
            RAngle => Pieces {
                mid: Some(">"),
                ..p(">", "\\", "\\", "/")
            },
            LFloor => p("|_", "| ", "| ", "|_"),
            RFloor => p("_|", " |", " |", "_|"),
            LCeil => p("|^", "|^", "| ", "| "),
            RCeil => p("^|", "^|", " |", " |"),
            Slash => p("/", "/", "/", "/"),
        }
    } else {
        match d {
            Null => p("", "", "", ""),
            LParen => p("(", "⎛", "⎜", "⎝"),
            RParen => p(")", "⎞", "⎟", "⎠"),
            LBracket => p("[", "⎡", "⎢", "⎣"),
            RBracket => p("]", "⎤", "⎥", "⎦"),
            LBrace => Pieces {
                two: Some(("⎰", "⎱")),
                mid: Some("⎨"),
                ..p("{", "⎧", "⎪", "⎩")
            },
            RBrace => Pieces {
                two: Some(("⎱", "⎰")),
                mid: Some("⎬"),
                ..p("}", "⎫", "⎪", "⎭")
            },
            Vert => p("|", "│", "│", "│"),
            DoubleVert => p("‖", "‖", "‖", "‖"),
            LAngle => Pieces {
                mid: Some("⟨"),
                ..p("⟨", "╱", "╱", "╲")
            },
            RAngle => Pieces {
                mid: Some("⟩"),
                ..p("⟩", "╲", "╲", "╱")
            },
            LFloor => p("⌊", "⎢", "⎢", "⎣"),
            RFloor => p("⌋", "⎥", "⎥", "⎦"),
            LCeil => p("⌈", "⎡", "⎢", "⎢"),
            RCeil => p("⌉", "⎤", "⎥", "⎥"),
            Slash => p("/", "╱", "╱", "╱"),
        }
    }
}

/// A delimiter `height` rows tall with its baseline at `baseline`.
pub fn delimiter(d: Delim, height: usize, baseline: usize, ascii: bool) -> Block {
    let pc = pieces(d, ascii);
    let rows: Vec<String> = match height {
        0 | 1 => vec![pc.one.to_string()],
        2 => {
            let (t, b) = pc.two.unwrap_or((pc.top, pc.bottom));
            vec![t.to_string(), b.to_string()]
        }
        h => (0..h)
            .map(|r| {
                let s = if matches!(d, Delim::LAngle | Delim::RAngle) {
                    match (2 * r + 1).cmp(&h) {
                        std::cmp::Ordering::Equal => pc.mid.unwrap_or(pc.ext),
                        std::cmp::Ordering::Less => pc.top,
                        std::cmp::Ordering::Greater => pc.bottom,
                    }
                } else if r == 0 {
                    pc.top
                } else if r == h - 1 {
                    pc.bottom
                } else if r == h / 2 {
                    pc.mid.unwrap_or(pc.ext)
                } else {
                    pc.ext
                };
                s.to_string()
            })
            .collect(),
    };
    Block::column(rows, baseline)
}

/// The rule of a fraction.
pub fn rule(width: usize, ascii: bool) -> String {
    (if ascii { "-" } else { "─" }).repeat(width)
}

/// Display-size drawings of the operators that have one; `None` draws the glyph itself.
pub fn big_operator(kind: BigKind, ascii: bool) -> Option<Block> {
    if ascii {
        return None;
    }
    let rows: [&str; 2] = match kind {
        BigKind::Sum => ["⎲", "⎳"],
        BigKind::Prod => ["┬─┬", "│ │"],
        BigKind::Coprod => ["│ │", "┴─┴"],
        BigKind::Int => ["⌠", "⌡"],
        BigKind::Glyph => return None,
    };
    Some(Block::column(rows.map(String::from).to_vec(), 1))
}

/// The radical sign: `√` in Unicode, the word `sqrt` in ASCII.
pub fn radical(ascii: bool) -> &'static str {
    if ascii { "sqrt" } else { "√" }
}

/// The bar over a radicand: low in its cell, so that it sits on the radicand and does
/// not merge with a fraction rule just above.
pub fn radical_bar(width: usize) -> String {
    "_".repeat(width)
}

/// The vertical stroke of a radical over a tall radicand (Unicode only).
pub const RADICAL_STROKE: &str = "│";

/// The horizontal brace drawn over or under `width` cells.
pub fn brace(over: bool, width: usize, ascii: bool) -> String {
    let (l, fill, tip, r) = match (over, ascii) {
        (true, false) => ("┌", "─", "┴", "┐"),
        (false, false) => ("└", "─", "┬", "┘"),
        (true, true) => ("/", "-", "^", "\\"),
        (false, true) => ("\\", "-", "v", "/"),
    };
    match width {
        0 => String::new(),
        1 => tip.to_string(),
        2 => format!("{l}{r}"),
        w => {
            let left = (w - 3) / 2;
            let right = w - 3 - left;
            format!("{l}{}{tip}{}{r}", fill.repeat(left), fill.repeat(right))
        }
    }
}

/// The accent row drawn over (or, for `\underline`, under) a body `width` wide.
pub fn accent(kind: AccentKind, width: usize, ascii: bool) -> String {
    let w = width.max(1);
    let mark = match (kind, ascii) {
        (AccentKind::Bar, false) | (AccentKind::Underline, false) => return "─".repeat(w),
        (AccentKind::Bar, true) => return "_".repeat(w),
        (AccentKind::Underline, true) => return "-".repeat(w),
        (AccentKind::Vec, false) => return format!("{}→", "─".repeat(w - 1)),
        (AccentKind::Vec, true) => return format!("{}>", "-".repeat(w.max(2) - 1)),
        (AccentKind::Hat, _) => "^",
        (AccentKind::Tilde, _) => "~",
        (AccentKind::Dot, false) => "·",
        (AccentKind::Dot, true) => ".",
        (AccentKind::Ddot, false) => "¨",
        (AccentKind::Ddot, true) => "..",
        (AccentKind::Check, false) => "ˇ",
        (AccentKind::Check, true) => "v",
        (AccentKind::Breve, false) => "˘",
        (AccentKind::Breve, true) => "u",
        (AccentKind::Acute, false) => "´",
        (AccentKind::Acute, true) => "'",
        (AccentKind::Grave, _) => "`",
        (AccentKind::Ring, false) => "˚",
        (AccentKind::Ring, true) => "o",
    };
    mark.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn tall_parentheses_use_the_bracket_pieces() {
        let b = delimiter(Delim::LParen, 3, 1, false);
        assert_eq!(b.rows(), &["⎛", "⎜", "⎝"]);
        let b = delimiter(Delim::RBrace, 5, 2, false);
        assert_eq!(b.rows(), &["⎫", "⎪", "⎬", "⎪", "⎭"]);
        let b = delimiter(Delim::LParen, 3, 1, true);
        assert_eq!(b.rows(), &["/", "|", "\\"]);
    }

    #[test]
    fn every_piece_is_one_cell_in_unicode_and_seven_bit_in_ascii() {
        use Delim::*;
        for d in [
            LParen, RParen, LBracket, RBracket, LBrace, RBrace, Vert, DoubleVert, LAngle, RAngle,
            LFloor, RFloor, LCeil, RCeil, Slash,
        ] {
            for h in 1..6 {
                let b = delimiter(d, h, 0, false);
                assert_eq!(b.width(), 1, "{d:?} {h}");
                assert!(delimiter(d, h, 0, true).rows().iter().all(|r| r.is_ascii()));
            }
        }
        for k in [BigKind::Sum, BigKind::Int] {
            assert_eq!(big_operator(k, false).map(|b| b.width()), Some(1));
        }
    }

    #[test]
    fn braces_have_their_tip_in_the_middle() {
        assert_eq!(brace(false, 7, false), "└──┬──┘");
        assert_eq!(brace(true, 5, true), "/-^-\\");
        assert_eq!(brace(true, 5, false).width(), 5);
    }
}
