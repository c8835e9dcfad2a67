//! Small helpers shared by the figure kinds: the middle tick label and turning a ratatui
//! `Buffer` into owned lines (so a drawn chart is cached like any other lesson text).

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::eval::format_label;

/// How many decimals a table of `values` is written with, so that its largest entry
/// has 4 significant digits and every entry the same decimals, as the lessons write a
/// row of weights (`0.6652, 0.0900`, never `0.09003` beside it); `None` for whole
/// numbers or magnitudes that [`format_label`] writes in exponent form.
pub fn shared_decimals(values: impl IntoIterator<Item = f64>) -> Option<usize> {
    let mut largest = 0f64;
    let mut whole = true;
    for x in values {
        largest = largest.max(x.abs());
        whole &= x.fract() == 0.0;
    }
    let magnitude = largest.log10().floor() as i32;
    if whole || !(-4..6).contains(&magnitude) {
        return None;
    }
    Some((3 - magnitude).max(0) as usize)
}

/// `x` with `decimals` decimals (see [`shared_decimals`]), else as [`format_label`] writes it.
pub fn number_with(x: f64, decimals: Option<usize>) -> String {
    match decimals {
        Some(d) if x.is_finite() => {
            let s = format!("{x:.d$}");
            // `-0.0000` is a zero.
            if s.trim_start_matches('-')
                .chars()
                .all(|c| c == '0' || c == '.')
            {
                s.trim_start_matches('-').to_string()
            } else {
                s
            }
        }
        _ => format_label(x),
    }
}

/// The label of an axis's middle tick: `(lo + hi) / 2` to three significant digits of
/// the axis's span, so a symmetric range reads `0`, not `-0.0008989`.
pub fn middle(lo: f64, hi: f64) -> String {
    let mid = (lo + hi) / 2.0;
    let span = hi - lo;
    if !(span > 0.0 && span.is_finite()) {
        return format_label(mid);
    }
    let step = 10f64.powi(span.log10().floor() as i32 - 2);
    format_label((mid / step).round() * step)
}

/// The buffer's rows as lines, consecutive cells of one style merged into one span.
/// With `ascii`, the box-drawing and marker characters ratatui's widgets draw become
/// their 7-bit look-alikes and anything else outside ASCII becomes a space.
pub fn from_buffer(buf: &Buffer, ascii: bool) -> Vec<Line<'static>> {
    let area = buf.area;
    (area.top()..area.bottom())
        .map(|y| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            let mut text = String::new();
            let mut style = Style::default();
            for x in area.left()..area.right() {
                let Some(cell) = buf.cell((x, y)) else {
                    continue;
                };
                let cell_style = plain_reset(cell.style());
                if cell_style != style && !text.is_empty() {
                    spans.push(Span::styled(std::mem::take(&mut text), style));
                }
                style = cell_style;
                let symbol = cell.symbol();
                if ascii {
                    text.push_str(to_ascii(symbol))
                } else {
                    text.push_str(symbol)
                }
            }
            if !text.is_empty() {
                spans.push(Span::styled(text, style));
            }
            trim_end(Line::from(spans))
        })
        .collect()
}

/// Buffer cells carry `Color::Reset` where nothing was drawn; as lines, that is no style.
fn plain_reset(mut style: Style) -> Style {
    if style.fg == Some(Color::Reset) {
        style.fg = None;
    }
    if style.bg == Some(Color::Reset) {
        style.bg = None;
    }
    if style.underline_color == Some(Color::Reset) {
        style.underline_color = None;
    }
    style.sub_modifier = Modifier::empty();
    style
}

fn to_ascii(symbol: &str) -> &str {
    match symbol {
        s if s.is_ascii() => s,
        "│" | "┃" | "║" => "|",
        "─" | "━" | "═" => "-",
        "└" | "┌" | "┐" | "┘" | "├" | "┤" | "┬" | "┴" | "┼" => "+",
        "•" | "█" | "▄" | "▀" => "*",
        _ => " ",
    }
}

/// Removes trailing blank, unstyled cells so piped output has no trailing spaces.
pub fn trim_end(mut line: Line<'static>) -> Line<'static> {
    while let Some(last) = line.spans.last_mut() {
        if last.style != Style::default() {
            break;
        }
        let trimmed = last.content.trim_end().to_string();
        if trimmed.is_empty() {
            line.spans.pop();
        } else {
            last.content = trimmed.into();
            break;
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;

    #[test]
    fn middle_ticks_round_to_the_span() {
        assert_eq!(middle(-0.9993, 0.9975), "0");
        assert_eq!(middle(-6.206, 6.494), "0.1");
        assert_eq!(middle(0.5, 4.0), "2.25");
        assert_eq!(middle(3.0, 3.0), "3");
    }

    #[test]
    fn buffers_become_trimmed_lines_and_ascii_when_asked() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 2));
        buf.set_string(0, 0, "│─•x", Style::default());
        let unicode = from_buffer(&buf, false);
        assert_eq!(unicode[0].to_string(), "│─•x");
        assert_eq!(unicode[1].to_string(), "");
        assert_eq!(from_buffer(&buf, true)[0].to_string(), "|-*x");
    }
}
