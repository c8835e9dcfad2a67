//! Which symbols of a lesson's math need a glossary entry: a named symbol (an italic
//! Latin or Greek letter, or a letter under a font, with its subscript) that neither the
//! glossary, the lesson's `[local]` list nor the problem's parameters define.

use crate::content::glossary::is_font;
use crate::content::{Block, BlockKind, Glossary};
use crate::math::notation::{self, Placed, Sym};

/// The `[local]` symbols of a lesson, as canonical tokens.
pub(super) fn local_symbols(g: &Glossary, slug: &str) -> Vec<Vec<Sym>> {
    g.local
        .get(slug)
        .into_iter()
        .flatten()
        .filter_map(|s| notation::tokens(s).ok())
        .filter(|t| !t.is_empty())
        .collect()
}

/// A problem's parameter names are local to its texts.
pub(super) fn problem_params(b: &Block) -> Vec<Vec<Sym>> {
    match &b.kind {
        BlockKind::Problem(spec) => spec
            .as_ref()
            .as_ref()
            .map(|s| {
                s.params
                    .keys()
                    .map(|k| k.chars().map(Sym::Char).collect())
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Named symbols of `placed` that neither the glossary nor the local lists define:
/// (column, the symbol as LaTeX).
pub(super) fn unknown_symbols(
    g: &Glossary,
    local: &[Vec<Sym>],
    params: &[Vec<Sym>],
    placed: &[Placed],
) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut i = 0;
    let is_local = |toks: &[Placed], at: usize| -> Option<usize> {
        local
            .iter()
            .chain(params)
            .filter(|l| {
                let end = at + l.len();
                end <= toks.len()
                    && toks[at..end].iter().map(|p| &p.sym).eq(l.iter())
                    && toks.get(end).is_none_or(|p| p.sym != Sym::Sub)
            })
            .map(Vec::len)
            .max()
    };
    while i < placed.len() {
        if let Some((_, len)) = g.symbol_at(placed, i) {
            i += len;
            continue;
        }
        if let Some(len) = is_local(placed, i) {
            i += len;
            continue;
        }
        if let Sym::Cmd(c) = &placed[i].sym
            && matches!(c.as_str(), "begin" | "end")
        {
            i = skip_group(placed, i + 1);
            continue;
        }
        let Some(base) = name_at(placed, i) else {
            i += 1;
            continue;
        };
        let bare = &placed[i..i + base];
        let subscripted = placed.get(i + base).is_some_and(|p| p.sym == Sym::Sub);
        let known = g.symbol_at(bare, 0).is_some()
            || is_local(bare, 0).is_some()
            || (subscripted && is_indexed(g, local, bare));
        if !known {
            let end = if subscripted {
                skip_group(placed, i + base + 1)
            } else {
                i + base
            };
            out.push((placed[i].col, tex_of(&placed[i..end])));
        }
        i += base;
    }
    out
}

/// Whether the glossary or the local list writes `base` with a subscript (`s_{ij}`):
/// then it is an indexed family and may carry any index (`s_{01}`), whose own symbols
/// are checked in turn.
fn is_indexed(g: &Glossary, local: &[Vec<Sym>], base: &[Placed]) -> bool {
    g.symbol_tokens()
        .chain(local.iter().map(Vec::as_slice))
        .any(|t| {
            t.len() > base.len()
                && t[base.len()] == Sym::Sub
                && t.iter().zip(base).all(|(a, b)| *a == b.sym)
        })
}

/// How many tokens make the named symbol's base at `i` (0: none there).
fn name_at(placed: &[Placed], i: usize) -> Option<usize> {
    let p = &placed[i];
    if p.upright {
        return None;
    }
    match &p.sym {
        Sym::Char(c) if c.is_alphabetic() => Some(1),
        Sym::Cmd(c) if is_greek(c) => Some(1),
        Sym::Cmd(c)
            if is_font(c)
                && placed
                    .get(i + 1)
                    .is_some_and(|n| matches!(n.sym, Sym::Char(_) | Sym::Cmd(_))) =>
        {
            Some(2)
        }
        _ => None,
    }
}

/// The index just past the group (or single token) starting at `i`.
fn skip_group(placed: &[Placed], i: usize) -> usize {
    if placed.get(i).is_none_or(|p| p.sym != Sym::Open) {
        return (i + 1).min(placed.len());
    }
    let mut depth = 0usize;
    for (k, p) in placed.iter().enumerate().skip(i) {
        match p.sym {
            Sym::Open => depth += 1,
            Sym::Close => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    placed.len()
}

/// Canonical tokens written back as LaTeX, for messages.
fn tex_of(placed: &[Placed]) -> String {
    let mut out = String::new();
    for p in placed {
        match &p.sym {
            Sym::Char(c) => out.push(*c),
            Sym::Cmd(c) => {
                out.push('\\');
                out.push_str(c);
                if c.chars().all(|c| c.is_ascii_alphabetic()) {
                    out.push(' ');
                }
            }
            Sym::Sub => out.push('_'),
            Sym::Sup => out.push('^'),
            Sym::Prime => out.push('\''),
            Sym::Open => out.push('{'),
            Sym::Close => out.push('}'),
            Sym::Amp => out.push('&'),
            Sym::RowSep => out.push_str("\\\\"),
        }
    }
    out.trim_end().replace(" _", "_").replace(" }", "}")
}

fn is_greek(name: &str) -> bool {
    matches!(
        name,
        "alpha"
            | "beta"
            | "gamma"
            | "delta"
            | "epsilon"
            | "varepsilon"
            | "zeta"
            | "eta"
            | "theta"
            | "vartheta"
            | "iota"
            | "kappa"
            | "lambda"
            | "mu"
            | "nu"
            | "xi"
            | "pi"
            | "varpi"
            | "rho"
            | "varrho"
            | "sigma"
            | "varsigma"
            | "tau"
            | "upsilon"
            | "phi"
            | "varphi"
            | "chi"
            | "psi"
            | "omega"
            | "Gamma"
            | "Delta"
            | "Theta"
            | "Lambda"
            | "Xi"
            | "Pi"
            | "Sigma"
            | "Upsilon"
            | "Phi"
            | "Psi"
            | "Omega"
            | "ell"
    )
}
