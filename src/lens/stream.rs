//! The equation as the lens reads it: the notation index's canonical tokens
//! ([`crate::math::notation::placed`]), then rewritten so that the spellings papers use
//! for one thing become one token sequence: upright words (`\mathrm{softmax}`,
//! `\operatorname{softmax}`, a paper's own `\softmax`) are one word token, bold goes,
//! `e^{x}` is `\exp(x)`, `a/b` is `\frac{a}{b}`, brackets are parentheses, `\otimes`
//! is `\odot`, `\cdot` between factors goes, `^{\mathsf T}` is `^\top`.
//!
//! Two streams come out: [`symbols`] keeps every symbol as written (only bold and word
//! runs change), for naming symbols; [`forms`] is fully rewritten, for recognising
//! forms. Every token keeps the source column it came from, so the two line up.

use crate::math::MathError;
use crate::math::notation::{self, Placed, Sym};

/// Words that papers write in italic letters as often as upright (`softmax(x)`).
const WORDS: &[&str] = &[
    "softmax",
    "attention",
    "multihead",
    "concat",
    "head",
    "layernorm",
    "batchnorm",
    "rmsnorm",
    "rms",
    "ffn",
    "relu",
    "gelu",
    "swiglu",
    "geglu",
    "reglu",
    "glu",
    "swish",
    "silu",
    "sigmoid",
    "tanh",
    "exp",
    "max",
    "sublayer",
    "attn",
];

/// One name for each word papers spell several ways.
fn canonical_word(word: &str) -> String {
    let lower = word.to_lowercase();
    match lower.as_str() {
        "ln" | "layernorm" | "layer_norm" => "layernorm".into(),
        "bn" | "batchnorm" => "batchnorm".into(),
        "attn" => "attention".into(),
        "mha" => "multihead".into(),
        "silu" => "swish".into(),
        _ => lower,
    }
}

/// The stream for naming symbols: words merged, bold dropped.
pub fn symbols(tex: &str) -> Result<Vec<Placed>, MathError> {
    let placed = notation::placed(tex)?;
    Ok(unwrap_single(merge_words(drop_bold(placed))))
}

/// The stream for recognising forms (see the module doc).
pub fn forms(tex: &str) -> Result<Vec<Placed>, MathError> {
    Ok(forms_of(symbols(tex)?))
}

/// [`forms`] from a [`symbols`] stream.
pub fn forms_of(toks: Vec<Placed>) -> Vec<Placed> {
    let mut toks: Vec<Placed> = toks
        .into_iter()
        .filter(|p| !matches!(&p.sym, Sym::Cmd(c) if matches!(c.as_str(), "cdot" | "limits" | "nolimits")))
        .map(|mut p| {
            p.sym = match p.sym {
                Sym::Char('[') => Sym::Char('('),
                Sym::Char(']') => Sym::Char(')'),
                Sym::Cmd(c) if c == "otimes" || c == "circ" => Sym::Cmd("odot".into()),
                Sym::Cmd(c) if c == "lbrack" => Sym::Char('('),
                Sym::Cmd(c) if c == "rbrack" => Sym::Char(')'),
                other => other,
            };
            p
        })
        .collect();
    transpose_fonts(&mut toks);
    let toks = exp_power(toks);
    let toks = slash_fractions(toks);
    unwrap_single(strip_fraction_parens(toks))
}

fn cmd(name: &str, col: usize) -> Placed {
    Placed {
        sym: Sym::Cmd(name.into()),
        col,
        upright: false,
    }
}

fn tok(sym: Sym, col: usize) -> Placed {
    Placed {
        sym,
        col,
        upright: false,
    }
}

fn drop_bold(toks: Vec<Placed>) -> Vec<Placed> {
    toks.into_iter()
        .filter(|p| !matches!(&p.sym, Sym::Cmd(c) if c == "mathbf" || c == "bold"))
        .collect()
}

/// Runs of upright letters (two or more) and italic runs that spell a known word become
/// one word token; a paper's macro for a word (`\softmax`) is the same word.
fn merge_words(toks: Vec<Placed>) -> Vec<Placed> {
    let mut out: Vec<Placed> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let letter = |p: &Placed| matches!(p.sym, Sym::Char(c) if c.is_ascii_alphabetic());
        if letter(&toks[i]) {
            let upright = toks[i].upright;
            let run = toks[i..]
                .iter()
                .take_while(|p| letter(p) && p.upright == upright)
                .count();
            let word: String = toks[i..i + run]
                .iter()
                .filter_map(|p| match p.sym {
                    Sym::Char(c) => Some(c),
                    _ => None,
                })
                .collect();
            let known = WORDS.contains(&word.to_lowercase().as_str());
            if run > 1 && (upright || known) {
                out.push(Placed {
                    sym: Sym::Cmd(canonical_word(&word)),
                    col: toks[i].col,
                    upright: true,
                });
                i += run;
                continue;
            }
        }
        let mut p = toks[i].clone();
        if let Sym::Cmd(c) = &p.sym
            && c.len() > 1
            && (WORDS.contains(&c.to_lowercase().as_str()) || matches!(c.as_str(), "LN" | "BN"))
        {
            p.sym = Sym::Cmd(canonical_word(c));
        }
        out.push(p);
        i += 1;
    }
    out
}

/// `{x}` around one token loses its braces (again, after words merged).
fn unwrap_single(toks: Vec<Placed>) -> Vec<Placed> {
    let mut out: Vec<Placed> = Vec::with_capacity(toks.len());
    for p in toks {
        let close = p.sym == Sym::Close;
        out.push(p);
        let n = out.len();
        if close
            && n >= 3
            && out[n - 3].sym == Sym::Open
            && !matches!(out[n - 2].sym, Sym::Open | Sym::Close)
        {
            out.remove(n - 1);
            out.remove(n - 3);
        }
    }
    out
}

/// `^{\mathsf T}`, `^{\mathsf{T}}` are `^\top`.
fn transpose_fonts(toks: &mut Vec<Placed>) {
    let mut i = 0;
    while i + 2 < toks.len() {
        // `^{\mathsf T}`: the braces go first.
        if toks[i].sym == Sym::Sup
            && toks[i + 1].sym == Sym::Open
            && toks.get(i + 4).is_some_and(|p| p.sym == Sym::Close)
            && matches!(&toks[i + 2].sym, Sym::Cmd(c) if c == "mathsf" || c == "mathtt")
            && toks[i + 3].sym == Sym::Char('T')
        {
            toks.remove(i + 4);
            toks.remove(i + 1);
        }
        if toks[i].sym == Sym::Sup
            && matches!(&toks[i + 1].sym, Sym::Cmd(c) if c == "mathsf" || c == "mathtt")
            && toks[i + 2].sym == Sym::Char('T')
        {
            toks[i + 2].sym = Sym::Cmd("top".into());
            toks.remove(i + 1);
        }
        i += 1;
    }
}

/// The end (exclusive) of the balanced argument starting at `i`: a `{...}` group, a
/// `(...)` run, or one token.
pub fn argument_end(toks: &[Placed], i: usize) -> usize {
    let (open, close) = match toks.get(i).map(|p| &p.sym) {
        Some(Sym::Open) => (Sym::Open, Sym::Close),
        Some(Sym::Char('(')) => (Sym::Char('('), Sym::Char(')')),
        Some(_) => return i + 1,
        None => return i,
    };
    let mut depth = 0usize;
    for (k, p) in toks.iter().enumerate().skip(i) {
        if p.sym == open {
            depth += 1;
        } else if p.sym == close {
            depth -= 1;
            if depth == 0 {
                return k + 1;
            }
        }
    }
    toks.len()
}

/// `e^{x}` → `\exp(x)`.
fn exp_power(toks: Vec<Placed>) -> Vec<Placed> {
    let mut out = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        if toks[i].sym == Sym::Char('e') && toks.get(i + 1).is_some_and(|p| p.sym == Sym::Sup) {
            let start = i + 2;
            let end = argument_end(&toks, start);
            if end > start {
                let col = toks[i].col;
                out.push(cmd("exp", col));
                out.push(tok(Sym::Char('('), col));
                let inner = if toks[start].sym == Sym::Open {
                    &toks[start + 1..end - 1]
                } else {
                    &toks[start..end]
                };
                out.extend(inner.iter().cloned());
                out.push(tok(Sym::Char(')'), toks[end - 1].col));
                i = end;
                continue;
            }
        }
        out.push(toks[i].clone());
        i += 1;
    }
    out
}

/// Whether a token ends a product run when reading backwards from a `/`.
fn is_boundary(sym: &Sym) -> bool {
    match sym {
        Sym::Char(c) => matches!(c, '+' | '-' | '=' | ',' | '(' | '<' | '>' | ';' | '|'),
        Sym::Open | Sym::Amp | Sym::RowSep => true,
        Sym::Cmd(c) => matches!(
            c.as_str(),
            "leftarrow" | "leq" | "geq" | "approx" | "equiv" | "in" | "pm" | "mp" | "sum" | "prod"
        ),
        _ => false,
    }
}

/// The start of the product run that ends just before `end`, reading back over
/// balanced groups.
fn run_start(toks: &[Placed], end: usize) -> usize {
    let mut depth = 0usize;
    let mut k = end;
    while k > 0 {
        let s = &toks[k - 1].sym;
        match s {
            Sym::Close | Sym::Char(')') => depth += 1,
            Sym::Open | Sym::Char('(') if depth > 0 => depth -= 1,
            _ if depth == 0 && is_boundary(s) => break,
            _ => {}
        }
        k -= 1;
    }
    k
}

/// The end of one factor starting at `i`: a symbol, number or group with its scripts,
/// or a command with its arguments (`\sqrt{..}`, `\frac{..}{..}`).
pub fn factor_end(toks: &[Placed], i: usize) -> usize {
    factor_parts(toks, i).last().copied().unwrap_or(i)
}

/// The ends of a factor's parts starting at `i`: its base, then each of its scripts.
pub fn factor_parts(toks: &[Placed], i: usize) -> Vec<usize> {
    let mut j = match toks.get(i).map(|p| &p.sym) {
        None => return Vec::new(),
        Some(Sym::Char(c)) if c.is_ascii_digit() || *c == '.' => {
            i + toks[i..]
                .iter()
                .take_while(|p| matches!(p.sym, Sym::Char(c) if c.is_ascii_digit() || c == '.'))
                .count()
        }
        Some(Sym::Cmd(c)) if c == "frac" => {
            let a = argument_end(toks, i + 1);
            argument_end(toks, a)
        }
        Some(Sym::Cmd(c)) if takes_argument(c) => argument_end(toks, i + 1),
        Some(_) => argument_end(toks, i),
    };
    let mut ends = vec![j];
    while j < toks.len() {
        match toks[j].sym {
            Sym::Sub | Sym::Sup => j = argument_end(toks, j + 1),
            Sym::Prime => j += 1,
            _ => break,
        }
        ends.push(j);
    }
    ends
}

/// Commands that draw one thing from their argument.
pub fn takes_argument(name: &str) -> bool {
    matches!(
        name,
        "sqrt"
            | "hat"
            | "tilde"
            | "bar"
            | "vec"
            | "dot"
            | "ddot"
            | "widehat"
            | "widetilde"
            | "overline"
            | "mathbb"
            | "mathcal"
            | "mathsf"
            | "mathfrak"
            | "mathtt"
    )
}

/// `a / b` → `\frac{a}{b}`, with `a` the product run before the slash and `b` one factor.
fn slash_fractions(mut toks: Vec<Placed>) -> Vec<Placed> {
    // Each rewrite removes one `/`, so this ends; it is linear in the slashes.
    while let Some(at) = toks.iter().position(|p| p.sym == Sym::Char('/')) {
        let start = run_start(&toks, at);
        let end = factor_end(&toks, at + 1);
        // The fraction starts where its numerator does, so that its source is whole.
        let (first, col) = (toks[start].col, toks[at].col);
        // The fraction ends where the token after its denominator starts.
        let last = toks
            .get(end.max(at + 1))
            .map_or(toks[end.max(at + 1) - 1].col + 1, |p| p.col);
        let mut frac = vec![cmd("frac", first), tok(Sym::Open, first)];
        frac.extend(toks[start..at].iter().cloned());
        frac.push(tok(Sym::Close, col));
        frac.push(tok(Sym::Open, col));
        frac.extend(toks[at + 1..end.max(at + 1)].iter().cloned());
        frac.push(tok(Sym::Close, last));
        toks.splice(start..end.max(at + 1), frac);
    }
    toks
}

/// `\frac{(a)}{(b)}` → `\frac{a}{b}`: the parentheses only group.
fn strip_fraction_parens(mut toks: Vec<Placed>) -> Vec<Placed> {
    let mut i = 0;
    while i < toks.len() {
        if toks[i].sym == Sym::Cmd("frac".into()) {
            let mut at = i + 1;
            for _ in 0..2 {
                let end = argument_end(&toks, at);
                if toks.get(at).is_some_and(|p| p.sym == Sym::Open)
                    && end >= at + 4
                    && toks[at + 1].sym == Sym::Char('(')
                    && argument_end(&toks, at + 1) == end - 1
                {
                    toks.remove(end - 2);
                    toks.remove(at + 1);
                }
                at = argument_end(&toks, at);
            }
        }
        i += 1;
    }
    toks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(a: &str, b: &str) {
        let syms = |t: &str| -> Vec<Sym> { forms(t).unwrap().into_iter().map(|p| p.sym).collect() };
        assert_eq!(syms(a), syms(b), "{a} vs {b}");
    }

    #[test]
    fn spellings_of_one_thing_read_the_same() {
        same(r"\operatorname{softmax}(x)", "softmax(x)");
        same(r"\mathrm{softmax}\left(x\right)", r"\softmax[x]");
        same("e^{x_i}", r"\exp(x_i)");
        same(r"QK^T/\sqrt{d}", r"\frac{QK^\top}{\sqrt{d}}");
        same(r"(QK^T)/\sqrt{d}", r"\frac{QK^\top}{\sqrt{d}}");
        same(r"\mathbf{Q}\mathbf{K}^{\mathsf T}", r"QK^\top");
        same(r"a \otimes b", r"a \odot b");
        same(r"\text{LN}(x)", r"\mathrm{LayerNorm}(x)");
        same(r"pos/10000^{2i/d}", r"\frac{pos}{10000^{\frac{2i}{d}}}");
    }

    #[test]
    fn different_things_stay_different() {
        let syms = |t: &str| -> Vec<Sym> { forms(t).unwrap().into_iter().map(|p| p.sym).collect() };
        assert_ne!(syms("a/b+c"), syms(r"\frac{a}{b+c}"));
        assert_ne!(syms("e_c"), syms(r"\exp(c)"));
    }
}
