//! Recognising a form under renaming: a template is LaTeX in which `\holeX` stands for
//! any symbol or product of symbols (`Q`, `XW_q`, `(XW_k)`) and `\anyX` for any balanced
//! run of tokens; a name used twice must stand for the same tokens both times
//! (`x + F(x)`). Matching backtracks, under a step budget so that no input costs more
//! than a bounded number of steps per template and start.

use super::command_kinds::{is_function, is_structure};
use super::stream::{self, argument_end, factor_parts};
use crate::math::notation::{Placed, Sym};

/// Steps one attempt at one start may take before it gives up.
const BUDGET: u32 = 4_000;

/// The most factors one `\holeX` stands for.
const MAX_FACTORS: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Lit(Sym),
    /// A symbol or a product of up to [`MAX_FACTORS`] factors.
    Hole(&'static str),
    /// Any balanced non-empty run.
    Any(&'static str),
}

/// A compiled template.
#[derive(Debug, Clone)]
pub struct Template {
    pieces: Vec<Piece>,
}

/// What a hole stood for: its name and the token range `[start, end)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bound {
    pub name: &'static str,
    pub start: usize,
    pub end: usize,
}

impl Template {
    /// Compiles `tex`; the hole names are borrowed from `tex`, which is static.
    pub fn new(tex: &'static str) -> Template {
        let toks = stream::forms(tex).unwrap_or_else(|e| panic!("template {tex}: {e}"));
        let pieces = toks
            .into_iter()
            .map(|p| match &p.sym {
                Sym::Cmd(c) if c.starts_with("hole") => Piece::Hole(leak_name(tex, &c[4..])),
                Sym::Cmd(c) if c.starts_with("any") && c.len() > 3 => {
                    Piece::Any(leak_name(tex, &c[3..]))
                }
                _ => Piece::Lit(p.sym),
            })
            .collect();
        Template { pieces }
    }

    /// The end of a match starting at token `i`, and what each hole stood for.
    pub fn match_at(&self, toks: &[Placed], i: usize) -> Option<(usize, Vec<Bound>)> {
        if let Some(Piece::Lit(first)) = self.pieces.first()
            && toks.get(i).is_none_or(|p| !lit_eq(first, &p.sym))
        {
            return None;
        }
        let mut binds = Vec::new();
        let mut budget = BUDGET;
        let end = self.go(0, i, toks, &mut binds, &mut budget)?;
        Some((end, binds))
    }

    fn go(
        &self,
        t: usize,
        i: usize,
        toks: &[Placed],
        binds: &mut Vec<Bound>,
        budget: &mut u32,
    ) -> Option<usize> {
        let Some(piece) = self.pieces.get(t) else {
            return Some(i);
        };
        *budget = budget.checked_sub(1)?;
        match piece {
            Piece::Lit(s) => {
                // `K'` is how some papers write the transpose.
                if *s == Sym::Sup
                    && self.pieces.get(t + 1) == Some(&Piece::Lit(Sym::Cmd("top".into())))
                    && toks.get(i).is_some_and(|p| p.sym == Sym::Prime)
                {
                    return self.go(t + 2, i + 1, toks, binds, budget);
                }
                let p = toks.get(i)?;
                lit_eq(s, &p.sym).then_some(())?;
                self.go(t + 1, i + 1, toks, binds, budget)
            }
            Piece::Hole(name) | Piece::Any(name) => {
                if let Some(b) = binds.iter().find(|b| b.name == *name).cloned() {
                    let end = same_at(toks, &b, i)?;
                    return self.go(t + 1, end, toks, binds, budget);
                }
                let ends = match piece {
                    Piece::Hole(_) => hole_ends(toks, i),
                    // A run that ends the template takes all it can.
                    _ if t + 1 == self.pieces.len() => {
                        any_ends(toks, i).into_iter().rev().collect()
                    }
                    _ => any_ends(toks, i),
                };
                for end in ends {
                    binds.push(Bound {
                        name,
                        start: i,
                        end,
                    });
                    if let Some(done) = self.go(t + 1, end, toks, binds, budget) {
                        return Some(done);
                    }
                    binds.pop();
                    if *budget == 0 {
                        return None;
                    }
                }
                None
            }
        }
    }
}

/// Template names live as long as the template text: find `name` in it.
fn leak_name(tex: &'static str, name: &str) -> &'static str {
    let at = tex.find(name).expect("a hole's name is in its template");
    &tex[at..at + name.len()]
}

fn lit_eq(t: &Sym, s: &Sym) -> bool {
    t == s
}

/// Where a repeat of binding `b` starting at `i` ends, if the tokens are the same
/// (braces around the whole do not count).
fn same_at(toks: &[Placed], b: &Bound, i: usize) -> Option<usize> {
    let want = strip_braces(&toks[b.start..b.end]);
    for end in [i + want.len(), i + want.len() + 2] {
        let here = toks.get(i..end)?;
        if strip_braces(here)
            .iter()
            .map(|p| &p.sym)
            .eq(want.iter().map(|p| &p.sym))
        {
            return Some(end);
        }
    }
    None
}

fn strip_braces(toks: &[Placed]) -> &[Placed] {
    if toks.len() >= 2 && toks[0].sym == Sym::Open && argument_end(toks, 0) == toks.len() {
        &toks[1..toks.len() - 1]
    } else {
        toks
    }
}

/// Whether a factor (a symbol, number, group) can start at token `p`.
fn starts_factor(p: &Placed) -> bool {
    match &p.sym {
        Sym::Char(c) => c.is_alphanumeric() || *c == '(',
        Sym::Open => true,
        // `\sqrt{d}` is a factor; `\odot` joins two.
        Sym::Cmd(c) => c == "sqrt" || !(is_function(c) || is_structure(c) || c == "odot"),
        _ => false,
    }
}

/// The ends a `\holeX` may have at `i`, longest first: one to [`MAX_FACTORS`] factors,
/// each also without a trailing transpose (which the template may spell itself).
fn hole_ends(toks: &[Placed], i: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut at = i;
    for _ in 0..MAX_FACTORS {
        if toks.get(at).is_none_or(|p| !starts_factor(p)) {
            break;
        }
        // Any part of the last factor may end the hole: the template may spell the
        // factor's transpose or power itself (`\holeK^\top`, `\holea^2`).
        let parts = factor_parts(toks, at);
        let Some(&end) = parts.last().filter(|&&e| e > at) else {
            break;
        };
        ends.extend(parts);
        at = end;
    }
    ends.sort_unstable();
    ends.dedup();
    ends.reverse();
    ends
}

/// The ends an `\anyX` may have at `i`, shortest first: every end at which the run is
/// balanced.
fn any_ends(toks: &[Placed], i: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut depth = 0i64;
    for (k, p) in toks.iter().enumerate().skip(i) {
        match p.sym {
            Sym::Open | Sym::Char('(') => depth += 1,
            Sym::Close | Sym::Char(')') => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            break;
        }
        if depth == 0 && !matches!(p.sym, Sym::Sub | Sym::Sup) {
            ends.push(k + 1);
        }
    }
    ends
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(template: &'static str, tex: &str) -> Option<Vec<(String, String)>> {
        let t = Template::new(template);
        let toks = stream::forms(tex).unwrap();
        let (end, binds) = t.match_at(&toks, 0)?;
        (end == toks.len()).then(|| {
            binds
                .iter()
                .map(|b| {
                    let s: Vec<String> = toks[b.start..b.end]
                        .iter()
                        .map(|p| format!("{:?}", p.sym))
                        .collect();
                    (b.name.to_string(), s.join(" "))
                })
                .collect()
        })
    }

    #[test]
    fn holes_stand_for_renamed_symbols_and_products() {
        let t = r"\softmax(\frac{\holeQ\holeK^\top}{\sqrt{\holed}})\holeV";
        assert!(matches(t, r"\mathrm{softmax}\left(\frac{QK^T}{\sqrt{d_k}}\right)V").is_some());
        let b = matches(t, r"softmax(XW_q(XW_k)^T/\sqrt{d})XW_v").unwrap();
        assert_eq!(b[0].0, "Q");
        assert!(b[0].1.contains("'X'") && b[0].1.contains("'W'"));
        assert!(matches(t, r"softmax(QK/\sqrt{d})V").is_none());
    }

    #[test]
    fn a_name_used_twice_stands_for_the_same_tokens() {
        let t = r"\holex+\anyF(\holex)";
        assert!(matches(t, r"x_l + \mathcal{F}(x_l)").is_some());
        assert!(matches(t, r"x_l + \mathcal{F}(y_l)").is_none());
    }

    #[test]
    fn a_prime_is_a_transpose_where_the_template_says_so() {
        assert!(matches(r"\holev^\top\holeh", "v'h").is_some());
    }
}
