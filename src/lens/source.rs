//! The LaTeX of a span of the equation, as the paper wrote it, made to stand alone
//! (a legend line draws it on its own).

/// Commands that wrap what follows without drawing anything of their own.
const WRAPPERS: &[&str] = &[
    "\\mathrm{",
    "\\text{",
    "\\operatorname{",
    "\\operatorname*{",
    "\\mathbf{",
    "\\boldsymbol{",
    "\\bm{",
    "\\mathit{",
    "\\textrm{",
];

/// The LaTeX of the columns `[from, to)` of the source, made to stand alone: widened
/// back over a font command that wraps its start, sizes and open braces at its end
/// dropped, braces balanced.
pub fn of(chars: &[char], from: usize, to: usize) -> String {
    let mut from = from.saturating_sub(1).min(chars.len());
    let to = to.saturating_sub(1).clamp(from, chars.len());
    let before: String = chars[..from].iter().collect();
    if let Some(w) = WRAPPERS.iter().find(|w| before.ends_with(*w)) {
        from -= w.chars().count();
    }
    let mut s: String = chars[from..to].iter().collect();
    loop {
        let t = s.trim_end();
        let t = [
            "\\left",
            "\\right",
            "\\bigl",
            "\\bigr",
            "\\Bigl",
            "\\Bigr",
            "\\big",
            "\\Big",
            "{",
            "\\,",
            "&",
            "\\mathbf",
            "\\boldsymbol",
            "\\bm",
            "\\mathrm",
            "\\text",
            "\\operatorname",
        ]
        .iter()
        .find_map(|suffix| t.strip_suffix(suffix))
        .unwrap_or(t);
        if t.len() == s.len() {
            break;
        }
        s = t.to_string();
    }
    let opens = s.matches('{').count() - s.matches("\\{").count();
    let closes = s.matches('}').count() - s.matches("\\}").count();
    for _ in opens..closes {
        match s.strip_suffix('}') {
            Some(t) => s = t.to_string(),
            None => break,
        }
    }
    for _ in closes..opens {
        s.push('}');
    }
    s.trim().to_string()
}
