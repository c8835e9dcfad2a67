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

/// One canonical token.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
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
}

/// The canonical tokens of `tex`, with where each came from.
pub fn placed(tex: &str) -> Result<Vec<Placed>, MathError> {
    let mut out: Vec<Placed> = Vec::new();
    let mut after_size = false;
    // The argument of an upright font loses its braces too, unless it is a script.
    let mut after_font = false;
    // For each open group: whether its braces are dropped.
    let mut groups: Vec<bool> = Vec::new();
    for token in lexer::tokenize(tex)? {
        let font_arg = std::mem::take(&mut after_font);
        let sym = match token.tok {
            Tok::Space | Tok::Tie => continue,
            Tok::Cmd(name) if is_upright(name) => {
                after_font = !out
                    .last()
                    .is_some_and(|p| matches!(p.sym, Sym::Sub | Sym::Sup));
                continue;
            }
            Tok::Cmd(name) if is_invisible(name) => {
                after_size = is_size(name);
                continue;
            }
            Tok::Open => {
                groups.push(font_arg);
                if font_arg {
                    continue;
                }
                Sym::Open
            }
            Tok::Close if groups.pop() == Some(true) => continue,
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
            Tok::Char(c) => Sym::Char(c),
            Tok::Close => Sym::Close,
            Tok::Sup => Sym::Sup,
            Tok::Sub => Sym::Sub,
            Tok::Amp => Sym::Amp,
            Tok::RowSep => Sym::RowSep,
            Tok::Prime => Sym::Prime,
        };
        after_size = false;
        out.push(Placed {
            sym,
            col: token.col,
        });
        unwrap_closed_group(&mut out);
    }
    Ok(out)
}

/// The canonical tokens of `tex`.
pub fn tokens(tex: &str) -> Result<Vec<Sym>, MathError> {
    Ok(placed(tex)?.into_iter().map(|p| p.sym).collect())
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
    fn bad_input_is_an_error_not_a_panic() {
        assert!(tokens("\u{1b}[31m").is_err());
        assert!(tokens("}}}{").is_ok());
    }
}
