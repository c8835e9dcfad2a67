//! LaTeX source → a canonical token sequence, for asking "does this equation use `W_Q`?"
//! rather than for drawing it.
//!
//! Two spellings of one piece of notation give the same sequence: spaces and spacing
//! commands go, `\left`/`\right`/`\big` sizes go, upright-font commands (`\mathrm`,
//! `\text`, `\operatorname`) go (so `d_{\text{model}}` = `d_{model}`), and a group that
//! holds one token loses its braces (so `W_{Q}` = `W_Q` and `\sqrt{d}` = `\sqrt d`).
//! Fonts that change meaning (`\mathbb`, `\mathbf`, `\mathcal`) are kept.

use super::MathError;
use super::lexer::{self, Tok};
use super::scripts::{sub_char, sup_char};
use super::symbols::letter_command;

/// One canonical token (ordered, so that the glossary can keep symbols sorted).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Sym {
    /// A letter, digit or other character written as itself.
    Char(char),
    /// A command, by name without the backslash: `alpha`, `sqrt`, `mathbb`, `top`.
    Cmd(String),
    Sub,
    Sup,
    /// `'`, `^\prime`.
    Prime,
    Open,
    Close,
    /// `&` and `\\` of an environment.
    Amp,
    RowSep,
}

/// A canonical token and the 1-based column (in characters) of the source token it
/// came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub sym: Sym,
    pub col: usize,
    /// Inside `\text{}`, `\mathrm{}` or `\operatorname{}`: part of a word, not a symbol.
    pub upright: bool,
}

/// The canonical tokens of `tex`, with where each came from.
pub fn placed(tex: &str) -> Result<Vec<Placed>, MathError> {
    let mut out: Vec<Placed> = Vec::new();
    let mut after_size = false;
    // Just after an upright font command: Some(whether its argument's braces go; they
    // stay when the argument is a script, `d_\text{model}`).
    let mut after_font: Option<bool> = None;
    // For each open group: whether its braces are dropped, whether it is upright.
    let mut groups: Vec<(bool, bool)> = Vec::new();
    for token in lexer::tokenize(tex)? {
        if matches!(token.tok, Tok::Space | Tok::Tie) {
            continue;
        }
        let font = after_font.take();
        let (font_arg, upright_arg) = (font == Some(true), font.is_some());
        let sym = match token.tok {
            Tok::Cmd(name) if is_upright(name) => {
                after_font = Some(
                    !out.last()
                        .is_some_and(|p| matches!(p.sym, Sym::Sub | Sym::Sup)),
                );
                continue;
            }
            Tok::Cmd(name) if is_invisible(name) => {
                after_size = is_size(name);
                continue;
            }
            Tok::Open => {
                groups.push((font_arg, font_arg || upright_arg));
                if font_arg {
                    continue;
                }
                Sym::Open
            }
            Tok::Close if groups.pop().is_some_and(|g| g.0) => continue,
            // `\left.` draws nothing.
            Tok::Char('.') if after_size => {
                after_size = false;
                continue;
            }
            Tok::Cmd("prime") if out.last().is_some_and(|p| p.sym == Sym::Sup) => {
                out.pop();
                Sym::Prime
            }
            Tok::Cmd(name) => Sym::Cmd(canonical_name(name).to_string()),
            // A letter typed as itself is the command that draws it: `α` = `\alpha`.
            Tok::Char(c) => match letter_command(c).filter(|_| !c.is_ascii()) {
                Some(name) => Sym::Cmd(name.to_string()),
                None => Sym::Char(c),
            },
            Tok::Close => Sym::Close,
            Tok::Sup => Sym::Sup,
            Tok::Sub => Sym::Sub,
            Tok::Amp => Sym::Amp,
            Tok::RowSep => Sym::RowSep,
            Tok::Prime => Sym::Prime,
            Tok::Space | Tok::Tie => continue,
        };
        after_size = false;
        out.push(Placed {
            sym,
            col: token.col,
            upright: upright_arg || groups.iter().any(|g| g.1),
        });
        unwrap_closed_group(&mut out);
    }
    // `K^T` is how plain text writes the transpose `K^\top` (and how it is drawn, `Kᵀ`).
    for k in 1..out.len() {
        if out[k - 1].sym == Sym::Sup && out[k].sym == Sym::Char('T') {
            out[k].sym = Sym::Cmd("top".into());
        }
    }
    Ok(out)
}

/// The canonical tokens of `tex`.
pub fn tokens(tex: &str) -> Result<Vec<Sym>, MathError> {
    Ok(placed(tex)?.into_iter().map(|p| p.sym).collect())
}

/// The canonical tokens of a search query, written as LaTeX (`\sqrt{d_k}`, `W_{Q}`)
/// or as the reader draws notation (`√dₖ`, `√d_k`, `sqrt(d_k)`, `Kᵀ`); `None` when it
/// is not math the lexer accepts.
pub fn query(text: &str) -> Option<Vec<Sym>> {
    tokens(&query_tex(text)).ok().filter(|t| !t.is_empty())
}

/// A search query as LaTeX (drawn notation written back, see [`query`]): one text for
/// every spelling of the same notation, so that it can be drawn the same way.
pub fn query_tex(text: &str) -> String {
    let chars: Vec<char> = text.trim().chars().collect();
    undraw(&chars)
}

/// Drawn notation back to LaTeX: Unicode scripts to `_{..}`/`^{..}`, `√x` and `sqrt(x)`
/// to `\sqrt{x}`.
fn undraw(chars: &[char]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let scripts = [('_', unscript(c, sub_char)), ('^', unscript(c, sup_char))];
        if let Some((mark, _)) = scripts.iter().find(|(_, base)| base.is_some()) {
            let lower = *mark == '_';
            let f = if lower { sub_char } else { sup_char };
            let run: String = chars[i..].iter().map_while(|&c| unscript(c, f)).collect();
            i += run.chars().count();
            out.push(*mark);
            out.push('{');
            out.push_str(&run);
            out.push('}');
        } else if matches!(c, '_' | '^') && word_len(&chars[i + 1..]) > 1 {
            // `d_model` as typed means `d_{model}`.
            let n = word_len(&chars[i + 1..]);
            out.push(c);
            out.push('{');
            out.extend(&chars[i + 1..i + 1 + n]);
            out.push('}');
            i += 1 + n;
        } else if let Some(after) = sqrt_at(chars, i) {
            let end = argument_end(chars, after);
            let inner = if chars.get(after) == Some(&'(') && end > after + 1 {
                &chars[after + 1..end - 1]
            } else {
                &chars[after..end]
            };
            out.push_str("\\sqrt{");
            out.push_str(&undraw(inner));
            out.push('}');
            i = end;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The length of the run of letters and digits at the start of `chars`.
fn word_len(chars: &[char]) -> usize {
    chars.iter().take_while(|c| c.is_alphanumeric()).count()
}

/// The character whose script form `f` draws as `c`: `ₖ` → `k`.
fn unscript(c: char, f: fn(char) -> Option<char>) -> Option<char> {
    const BASES: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ+-=()⊤";
    BASES.chars().find(|&b| f(b) == Some(c))
}

/// Where the argument of a square root written at `i` (`√` or `sqrt`, not `\sqrt`)
/// starts.
fn sqrt_at(chars: &[char], i: usize) -> Option<usize> {
    if chars[i] == '√' {
        return Some(i + 1);
    }
    let word: String = chars[i..].iter().take(4).collect();
    let after_letter = i > 0 && (chars[i - 1].is_alphabetic() || chars[i - 1] == '\\');
    (word == "sqrt" && !after_letter && chars.get(i + 4) == Some(&'(')).then_some(i + 4)
}

/// The end of a drawn root's argument starting at `i`: a parenthesised group, or one
/// symbol with its scripts (`d_k`, `dₖ`, `d_{model}`).
fn argument_end(chars: &[char], i: usize) -> usize {
    let group_end = |open: char, close: char, at: usize| {
        let mut depth = 0usize;
        for (k, &c) in chars.iter().enumerate().skip(at) {
            if c == open {
                depth += 1;
            } else if c == close {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return k + 1;
                }
            }
        }
        chars.len()
    };
    let Some(&first) = chars.get(i) else {
        return i;
    };
    if first == '(' || first == '{' {
        return group_end(first, if first == '(' { ')' } else { '}' }, i);
    }
    let mut j = i + 1;
    if first == '\\' {
        j += chars[j..]
            .iter()
            .take_while(|c| c.is_ascii_alphabetic())
            .count();
    }
    loop {
        match chars.get(j) {
            Some('_' | '^') => {
                j = match chars.get(j + 1) {
                    Some('{') => group_end('{', '}', j + 1),
                    Some(_) => j + 2,
                    None => j + 1,
                };
            }
            Some(&c) if unscript(c, sub_char).is_some() || unscript(c, sup_char).is_some() => {
                j += 1;
            }
            _ => return j,
        }
    }
}

/// When `out` ends with a group that has just closed around exactly one token (or
/// around one group), drops the braces: `{x}` → `x`, `{{a b}}` → `{a b}`.
fn unwrap_closed_group(out: &mut Vec<Placed>) {
    let n = out.len();
    if n < 3 || out[n - 1].sym != Sym::Close {
        return;
    }
    if out[n - 3].sym == Sym::Open && is_atom(&out[n - 2].sym) {
        out.remove(n - 1);
        out.remove(n - 3);
        return;
    }
    // `{{ ... }}`: the inner group closes just before the outer one.
    if out[n - 2].sym == Sym::Close
        && let Some(inner_open) = matching_open(&out[..n - 1])
        && inner_open > 0
        && out[inner_open - 1].sym == Sym::Open
    {
        out.remove(n - 1);
        out.remove(inner_open - 1);
    }
}

/// Index of the `Open` that the final `Close` of `toks` closes.
fn matching_open(toks: &[Placed]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, p) in toks.iter().enumerate().rev() {
        match p.sym {
            Sym::Close => depth += 1,
            Sym::Open => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

fn is_atom(sym: &Sym) -> bool {
    matches!(sym, Sym::Char(_) | Sym::Cmd(_))
}

/// Fonts that change nothing about which quantity is meant.
fn is_upright(name: &str) -> bool {
    matches!(
        name,
        "mathrm" | "text" | "textrm" | "textit" | "mathit" | "mathnormal" | "operatorname"
    )
}

/// Spacing and styles: they draw nothing of their own.
fn is_invisible(name: &str) -> bool {
    is_size(name)
        || matches!(
            name,
            "," | ";"
                | ":"
                | "!"
                | " "
                | "quad"
                | "qquad"
                | "enspace"
                | "thinspace"
                | "rm"
                | "displaystyle"
                | "textstyle"
        )
}

/// Delimiter sizes: `\left(` is the same `(`.
fn is_size(name: &str) -> bool {
    matches!(
        name,
        "left"
            | "right"
            | "middle"
            | "big"
            | "Big"
            | "bigg"
            | "Bigg"
            | "bigl"
            | "bigr"
            | "Bigl"
            | "Bigr"
            | "biggl"
            | "biggr"
            | "Biggl"
            | "Biggr"
    )
}

/// One name for commands that draw the same thing.
fn canonical_name(name: &str) -> &str {
    match name {
        "dfrac" | "tfrac" => "frac",
        "intercal" => "top",
        "lvert" | "rvert" => "vert",
        "lVert" | "rVert" | "|" => "Vert",
        "boldsymbol" | "bm" => "mathbf",
        "to" => "rightarrow",
        "le" => "leq",
        "ge" => "geq",
        "ne" => "neq",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(a: &str, b: &str) {
        assert_eq!(tokens(a).unwrap(), tokens(b).unwrap(), "{a} vs {b}");
    }

    #[test]
    fn braces_around_one_token_do_not_matter() {
        same("W_{Q}", "W_Q");
        same(r"\sqrt{d_k}", r"\sqrt {d_{k}}");
        same(r"\mathbb{E}[x]", r"\mathbb E[x]");
        same("{{a+b}}", "{a+b}");
    }

    #[test]
    fn upright_fonts_spaces_and_sizes_do_not_matter() {
        same(r"d_{\text{model}}", "d_{model}");
        same(r"d_\mathrm{model}", "d_{model}");
        same(r"\operatorname{softmax}\left(x\right)", "softmax(x)");
        same(r"a\,b \quad c", "abc");
        same(r"\left.x\right|", "x|");
        same(r"x^\prime", "x'");
        same(r"K^{T}", r"K^\top");
    }

    #[test]
    fn meaningful_differences_stay() {
        assert_ne!(tokens("W_Q").unwrap(), tokens("W^Q").unwrap());
        assert_ne!(tokens(r"\mathbb E").unwrap(), tokens("E").unwrap());
        assert_ne!(tokens("d_{kv}").unwrap(), tokens("d_k v").unwrap());
    }

    #[test]
    fn a_token_sequence_is_what_the_source_says() {
        assert_eq!(
            tokens(r"\sqrt{d_k}").unwrap(),
            [
                Sym::Cmd("sqrt".into()),
                Sym::Open,
                Sym::Char('d'),
                Sym::Sub,
                Sym::Char('k'),
                Sym::Close
            ]
        );
    }

    #[test]
    fn columns_point_at_the_source() {
        let p = placed(r"a + W_{Q}").unwrap();
        let w = p.iter().find(|t| t.sym == Sym::Char('W')).unwrap();
        assert_eq!(w.col, 5);
        let q = p.iter().find(|t| t.sym == Sym::Char('Q')).unwrap();
        assert_eq!(q.col, 8);
    }

    #[test]
    fn letters_under_an_upright_font_are_marked() {
        let p = placed(r"\operatorname{Var}(x) + d_{\text{model}} + \mathrm M").unwrap();
        let upright: String = p
            .iter()
            .filter_map(|t| match t.sym {
                Sym::Char(c) if t.upright => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(upright, "VarmodelM");
    }

    #[test]
    fn drawn_notation_reads_back_as_its_source() {
        let source = tokens(r"\sqrt{d_k}").unwrap();
        for drawn in [
            r"\sqrt{d_k}",
            r"\sqrt{d_{k}}",
            "√dₖ",
            "√d_k",
            "sqrt(d_k)",
            "√(d_k)",
        ] {
            assert_eq!(query(drawn).unwrap(), source, "{drawn}");
        }
        assert_eq!(query("Kᵀ").unwrap(), tokens(r"K^\top").unwrap());
        assert_eq!(query("xᵢⱼ").unwrap(), tokens("x_{ij}").unwrap());
        assert_eq!(query("α_i").unwrap(), tokens(r"\alpha_i").unwrap());
        assert_eq!(query(" W_Q ").unwrap(), tokens("W_{Q}").unwrap());
        assert_eq!(
            query("d_model").unwrap(),
            tokens(r"d_{\text{model}}").unwrap()
        );
        assert_eq!(query("x_ij^2").unwrap(), tokens("x_{ij}^2").unwrap());
        assert_eq!(query("√(a+b)/2").unwrap(), tokens(r"\sqrt{a+b}/2").unwrap());
        assert!(query("  ").is_none());
        assert!(query("a$b").is_none());
    }

    proptest::proptest! {
        /// Whatever a learner types into `/` or the glossary filter, and whatever an
        /// author writes in a lesson, reading it as notation never panics, and a
        /// canonical sequence reads back as itself.
        #[test]
        fn any_text_reads_as_notation_without_panicking(text in r"[a-zA-Z0-9_^{}()\\ √ₖᵢᵀ²'.|]{0,40}") {
            let _ = query(&text);
            if let Ok(first) = tokens(&text) {
                let again = tokens(&spelled(&first)).expect("a canonical sequence lexes");
                proptest::prop_assert_eq!(again, first);
            }
        }
    }

    /// Canonical tokens written back as LaTeX.
    fn spelled(tokens: &[Sym]) -> String {
        tokens
            .iter()
            .map(|t| match t {
                Sym::Char(c) => c.to_string(),
                Sym::Cmd(c) => format!("\\{c} "),
                Sym::Sub => "_".into(),
                Sym::Sup => "^".into(),
                Sym::Prime => "'".into(),
                Sym::Open => "{".into(),
                Sym::Close => "}".into(),
                Sym::Amp => "&".into(),
                Sym::RowSep => "\\\\".into(),
            })
            .collect()
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert!(tokens("\u{1b}[31m").is_err());
        assert!(tokens("}}}{").is_ok());
    }
}
