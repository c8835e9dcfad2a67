//! Wrapping of code lines (evaluator expressions) for listings and claims: a code line has
//! no word breaks in the prose sense, so it breaks after spaces and commas and cuts only a
//! token longer than the line. Prose wrapping is [`super::wrap`].

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// Wraps one line of code (an evaluator expression) at `width` cells, after a space or
/// a comma, so that `transpose` and `[0, 1]` are not torn apart; only a token longer
/// than the line is cut, by graphemes. Leading indentation is kept, spaces at a break
/// are dropped.
pub fn code_wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = vec![String::new()];
    let mut used = 0;
    for token in code_tokens(text) {
        let body = token.trim_end_matches(' ');
        if used > 0 && used + body.width() > width {
            lines.push(String::new());
            used = 0;
        }
        if used + body.width() <= width {
            if let Some(line) = lines.last_mut() {
                line.push_str(token);
            }
            used += token.width();
            continue;
        }
        for g in token.graphemes(true) {
            let w = g.width();
            if used > 0 && used + w > width {
                lines.push(String::new());
                used = 0;
            }
            if let Some(line) = lines.last_mut() {
                line.push_str(g);
            }
            used += w;
        }
    }
    for line in &mut lines {
        line.truncate(line.trim_end_matches(' ').len());
    }
    lines
}

/// `text` cut after every comma and every run of spaces.
fn code_tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let spaces_follow = chars.peek().is_some_and(|&(_, n)| n == ' ');
        if (c == ',' || c == ' ') && !spaces_follow {
            out.push(&text[start..i + 1]);
            start = i + 1;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_wraps_after_spaces_and_commas_and_cuts_only_long_tokens() {
        assert_eq!(
            code_wrap("let a = transpose(x)", 12),
            ["let a =", "transpose(x)"]
        );
        assert_eq!(code_wrap("[0, 1, 2]", 5), ["[0,", "1, 2]"]);
        assert_eq!(
            code_wrap("softmax([0,0,-1])", 12),
            ["softmax([0,", "0,-1])"]
        );
        assert_eq!(code_wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(code_wrap("  f(x)", 10), ["  f(x)"]);
        assert_eq!(code_wrap("", 4), [""]);
        assert_eq!(code_wrap("ab注", 3), ["ab", "注"]);
    }
}
