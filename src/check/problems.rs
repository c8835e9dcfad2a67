//! The problem lint: proves, for every draw `check` tries (random learners plus the
//! ends of every parameter range), what the tolerance policy in `lessons/FORMAT.md`
//! promises a learner. The answer to 4 significant figures is right; a 3-figure answer
//! that is rejected is told "rounding", never a mistake; every listed mistake is wrong,
//! and typed to 4 figures it is named by its own message and by no other. Texts are
//! linted too: slots evaluate, a prompt shows no arithmetic left undone, and a hint or
//! solution names no symbol the prompt never showed. A problem lists at least two
//! mistakes, or says in `mistakes-why` why it cannot.

use std::collections::BTreeSet;

use super::discriminate;
use crate::content::ProblemSpec;
use crate::content::tolerance::{EXACT, Tolerance};
use crate::problems::instance::{Instance, Shaped};
use crate::problems::problem::{Evaluated, describe};
use crate::problems::template::{self, Piece};
use crate::problems::verdict::{ROUNDED, TYPED, Verdict, to_figures};
use crate::problems::{Problem, params::Drawn};

/// The largest tolerance the policy allows, relative to the answer.
pub const MAX_RELATIVE: f64 = 0.005;

/// The wrong methods a problem lists unless `mistakes-why` says why fewer exist.
const MIN_MISTAKES: usize = 2;

/// Every policy violation of one problem, one line each (the first draw that shows a
/// kind of failure; the same failure on later draws is not repeated).
pub fn lint(problem: &Problem, spec: &ProblemSpec, lesson: &str, seeds: u32) -> Vec<String> {
    let mut out = Lines::default();
    policy(problem, spec, &mut out);
    let mut tally = discriminate::Tally::new(problem);
    for (origin, inst) in draws(problem, lesson, seeds) {
        let Ok(evaluated) = problem.evaluate(&inst) else {
            continue; // `Problem::validate` reports answers that do not evaluate
        };
        let at = format!("{origin} ({})", describe(&inst));
        soundness(problem, &evaluated, &spec.prompt, &at, &mut out);
        tally.draw(problem, &evaluated, &inst, &at);
        texts(spec, &inst, &at, &mut out);
    }
    for (kind, line) in tally.findings(problem, spec) {
        out.add(kind, line);
    }
    symbols(problem, spec, &mut out);
    out.lines
}

/// Lines, each kind reported once.
#[derive(Default)]
struct Lines {
    kinds: BTreeSet<String>,
    lines: Vec<String>,
}

impl Lines {
    fn add(&mut self, kind: impl Into<String>, line: String) {
        if self.kinds.insert(kind.into()) {
            self.lines.push(line);
        }
    }
}

/// Random learners `0..seeds`, then every end of every scalar range set on learner 0's
/// draw (and all lows, all highs), where the `where` constraint allows it.
fn draws(problem: &Problem, lesson: &str, seeds: u32) -> Vec<(String, Instance)> {
    let mut out: Vec<(String, Instance)> = (0..u64::from(seeds))
        .filter_map(|s| {
            let inst = problem.instance(s, lesson, 0).ok()?;
            Some((format!("seed {s}"), inst))
        })
        .collect();
    let Some((_, base)) = out.first().cloned() else {
        return out;
    };
    let ends: Vec<(&str, Vec<_>)> = problem
        .params
        .iter()
        .map(|(name, g)| (name.as_str(), g.extremes()))
        .collect();
    let mut extremes = Vec::new();
    for (name, values) in &ends {
        for v in values {
            extremes.push(base.with(name, Drawn::Scalar(*v)));
        }
    }
    for pick in [<[_]>::first, <[_]>::last] {
        let mut corner = base.clone();
        for (name, values) in &ends {
            if let Some(v) = pick(values) {
                corner = corner.with(name, Drawn::Scalar(*v));
            }
        }
        extremes.push(corner);
    }
    let where_ = problem.where_.as_deref();
    out.extend(
        extremes
            .into_iter()
            .filter(|i| i.satisfies(where_).unwrap_or(false))
            .map(|i| ("range end".to_string(), i)),
    );
    out
}

/// The policy that does not depend on a draw: the tolerance and the number of mistakes.
fn policy(problem: &Problem, spec: &ProblemSpec, out: &mut Lines) {
    match problem.tolerance {
        Tolerance::Relative(r) if r > MAX_RELATIVE => out.add(
            "relative",
            format!(
                "tolerance {}% is wider than the policy's {}%",
                r * 100.0,
                MAX_RELATIVE * 100.0
            ),
        ),
        Tolerance::Absolute(t) if t > EXACT && spec.tolerance_why.is_none() => out.add(
            "absolute",
            format!(
                "absolute tolerance {t} without `tolerance-why`: use a relative one unless the answer can be 0"
            ),
        ),
        _ => {}
    }
    let why = spec.mistakes_why.as_deref().map(str::trim);
    if spec.mistakes.len() < MIN_MISTAKES && why.is_none_or(str::is_empty) {
        out.add(
            "few mistakes",
            format!(
                "{} mistake(s) listed: list at least {MIN_MISTAKES} wrong methods, or say in `mistakes-why` why fewer exist",
                spec.mistakes.len()
            ),
        );
    }
}

/// The number as the course prints it: integers in full, others to `figures`
/// significant figures.
fn rounded(x: &Shaped, figures: i32) -> Shaped {
    let data = x
        .data
        .iter()
        .map(|&v| {
            if v.fract() == 0.0 {
                v
            } else {
                to_figures(v, figures)
            }
        })
        .collect();
    Shaped {
        shape: x.shape.clone(),
        data,
    }
}

/// How far `a` is from `b` relative to `b`, the largest over the entries; an entry of `b`
/// that is 0 counts as far unless `a`'s is 0 too.
fn distance(a: &Shaped, b: &Shaped) -> f64 {
    a.data
        .iter()
        .zip(&b.data)
        .map(|(x, y)| match (*x == *y, *y == 0.0) {
            (true, _) => 0.0,
            (false, true) => f64::INFINITY,
            (false, false) => ((x - y) / y).abs(),
        })
        .fold(0.0, f64::max)
}

/// An exact integer answer: typed in full, its rounding told as such before any listed
/// mistake, so a mistake need only differ from it (a bias among millions of weights).
fn counted(expected: &Shaped, tol: Tolerance) -> bool {
    matches!(tol, Tolerance::Absolute(t) if t <= EXACT)
        && expected.data.iter().all(|e| e.fract() == 0.0)
}

/// How far a listed mistake keeps from the answer: a 3-figure answer (up to 0.5 % off)
/// must not be taken for it (rule 6 of the tolerance policy).
const MISTAKE_MARGIN: f64 = 0.01;

fn diagnosis(v: &Verdict) -> Option<&str> {
    match v {
        Verdict::Right => None,
        Verdict::Wrong { diagnosis, .. } => diagnosis.as_deref(),
        Verdict::WrongShape { hint, .. } => hint.as_deref(),
    }
}

fn close(a: &Shaped, b: &Shaped, tol: Tolerance) -> bool {
    a.data.len() == b.data.len() && a.data.iter().zip(&b.data).all(|(x, y)| tol.accepts(*x, *y))
}

fn soundness(problem: &Problem, ev: &Evaluated<'_>, prompt: &str, at: &str, out: &mut Lines) {
    let tol = problem.tolerance;
    let expected = &ev.expected;
    let shown = |s: &Shaped| {
        let cells: Vec<String> = s.data.iter().map(|x| format!("{x}")).collect();
        cells.join(", ")
    };
    if let Tolerance::Absolute(t) = tol
        && t > EXACT
        && let Some(e) = expected
            .data
            .iter()
            .find(|e| t > MAX_RELATIVE * e.abs() && **e != 0.0)
    {
        out.add(
            "absolute-wide",
            format!("{at}: absolute tolerance ±{t} is more than 0.5% of the answer {e}"),
        );
    }
    let four = rounded(expected, 4);
    if !ev.judge(&four, tol).is_right() {
        out.add(
            "4sf",
            format!(
                "{at}: the answer to 4 significant figures, {}, is rejected",
                shown(&four)
            ),
        );
    }
    if expected
        .data
        .iter()
        .any(|e| e.fract() == 0.0 && to_figures(*e, 4) != *e)
        && !prompt.contains("in full")
    {
        out.add(
            "in full",
            format!(
                "{at}: the answer {} has more than 4 significant figures and is an integer: the prompt must say that integers are typed in full",
                shown(expected)
            ),
        );
    }
    let three = rounded(expected, 3);
    let verdict = ev.judge(&three, tol);
    if !verdict.is_right() && !diagnosis(&verdict).is_some_and(|d| d.starts_with(ROUNDED)) {
        out.add(
            "3sf",
            format!(
                "{at}: the answer to 3 significant figures, {}, is told {:?} instead of rounding",
                shown(&three),
                diagnosis(&verdict).unwrap_or("nothing")
            ),
        );
    }
    for (i, m) in ev.mistakes.iter().enumerate() {
        let name = short(&m.says);
        if m.value.shape == expected.shape && close(&m.value, expected, tol) {
            out.add(
                format!("equal {i}"),
                format!("{at}: mistake \"{name}\" gives the answer itself ({}): exclude the draw with `where`", shown(&m.value)),
            );
            continue;
        }
        let off = distance(&m.value, expected);
        if m.value.shape == expected.shape && off <= MISTAKE_MARGIN && !counted(expected, tol) {
            out.add(
                format!("near {i}"),
                format!(
                    "{at}: mistake \"{name}\" is only {:.2}% from the answer: keep listed mistakes more than 1% away (choose other values or exclude the draw with `where`)",
                    off * 100.0
                ),
            );
            continue;
        }
        let typed = rounded(&m.value, 4);
        let verdict = ev.judge(&typed, tol);
        if verdict.is_right() {
            out.add(
                format!("accepted {i}"),
                format!(
                    "{at}: mistake \"{name}\" typed to 4 figures ({}) is accepted as right",
                    shown(&typed)
                ),
            );
        } else if diagnosis(&verdict) != Some(m.says.as_str()) {
            out.add(
                format!("named {i}"),
                format!(
                    "{at}: mistake \"{name}\" typed to 4 figures ({}) is told {:?}",
                    shown(&typed),
                    diagnosis(&verdict).map_or("nothing".into(), short)
                ),
            );
        }
        for (j, other) in ev.mistakes.iter().enumerate().skip(i + 1) {
            if other.value.shape == m.value.shape
                && (close(&m.value, &other.value, tol) || close(&typed, &other.value, TYPED))
            {
                out.add(
                    format!("collide {i} {j}"),
                    format!(
                        "{at}: mistakes \"{name}\" and \"{}\" give the same value ({})",
                        short(&other.says),
                        shown(&m.value)
                    ),
                );
            }
        }
    }
}

/// The start of a message, enough to recognise it.
fn short(text: &str) -> String {
    let first: String = text.chars().take(48).collect();
    if first.len() < text.len() {
        format!("{first}…")
    } else {
        first
    }
}

/// Slots that fail, and arithmetic left undone beside a slot, in every text a learner
/// reads with their numbers filled in.
fn texts(spec: &ProblemSpec, inst: &Instance, at: &str, out: &mut Lines) {
    let all = std::iter::once(("prompt", spec.prompt.as_str()))
        .chain(spec.hints.iter().map(|h| ("hint", h.as_str())))
        .chain(std::iter::once(("solution", spec.solution.as_str())));
    for (field, text) in all {
        let pieces = match template::pieces(text) {
            Ok(p) => p,
            Err(e) => return out.add(format!("slots {field}"), format!("{field}: {e}")),
        };
        let shown = match inst.shown(&pieces) {
            Ok(s) => s,
            Err(e) => return out.add(format!("slot {field}"), format!("{at}: {field}: {e}")),
        };
        let values: Vec<_> = shown
            .iter()
            .map(|s| {
                s.clone()
                    .unwrap_or(template::Shown::Value(crate::eval::Value::Scalar(f64::NAN)))
            })
            .collect();
        for i in (0..pieces.len()).filter(|i| matches!(pieces[*i], Piece::Slot(..))) {
            if let Some(e) = template::unevaluated(&pieces, &values, i) {
                out.add(
                    format!("arith {field}"),
                    format!(
                        "{at}: {field} shows arithmetic left undone {e} (\"{}\"): compute it in the slot",
                        excerpt(&pieces, i, inst)
                    ),
                );
            }
        }
    }
}

/// The filled text around slot `i`, for the message.
fn excerpt(pieces: &[Piece<'_>], i: usize, inst: &Instance) -> String {
    let text = |j: usize| match pieces.get(j) {
        Some(Piece::Text(t)) => t.to_string(),
        Some(Piece::Slot(e, _)) => inst.fill(&format!("{}{e}{}", template::OPEN, template::CLOSE)),
        None => String::new(),
    };
    let before = text(i.wrapping_sub(1));
    let before: String = before
        .chars()
        .rev()
        .take(12)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let after: String = text(i + 1).chars().take(12).collect();
    format!("{before}{}{after}", text(i))
        .trim()
        .replace('\n', " ")
}

/// A parameter's name used as a symbol in a hint, a solution or a mistake's message,
/// when the prompt shows only its value: the learner never saw that symbol.
fn symbols(problem: &Problem, spec: &ProblemSpec, out: &mut Lines) {
    let prompt_text = without_slots(&spec.prompt);
    let seen = math_symbols(&prompt_text);
    let words: BTreeSet<&str> = prompt_text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .collect();
    let texts = spec
        .hints
        .iter()
        .map(|h| ("a hint", h.as_str()))
        .chain(std::iter::once(("the solution", spec.solution.as_str())))
        .chain(
            spec.mistakes
                .iter()
                .map(|m| ("a mistake's message", m.says.as_str())),
        );
    for (field, text) in texts {
        let used = math_symbols(&without_slots(text));
        for (name, _) in &problem.params {
            let symbol = tex_symbol(name);
            // A longer name written as a word in the prompt is shown; a one-letter
            // word is the article "a" or a token, never the symbol.
            let as_word = name.len() > 1 && words.contains(name.as_str());
            if used.contains(&symbol) && !seen.contains(&symbol) && !as_word {
                out.add(
                    format!("symbol {name}"),
                    format!("{field} names ${symbol}$, a symbol the prompt never shows (it shows only the value): introduce it in the prompt or write the value with {}{name}{}", template::OPEN, template::CLOSE),
                );
            }
        }
    }
}

/// The text a template shows around its slots (a slot's expression is no symbol).
fn without_slots(text: &str) -> String {
    template::pieces(text)
        .unwrap_or_default()
        .iter()
        .map(|p| match p {
            Piece::Text(t) => *t,
            Piece::Slot(..) => "",
        })
        .collect()
}

/// `v0` is written $v_0$; a one-letter name is itself.
fn tex_symbol(name: &str) -> String {
    let (head, digits) = name.split_at(
        name.find(|c: char| c.is_ascii_digit())
            .unwrap_or(name.len()),
    );
    if digits.is_empty() {
        head.to_string()
    } else {
        format!("{head}_{digits}")
    }
}

/// The one-letter symbols (with a digit subscript, `v_0`) in the math of `text`: letters
/// outside `\commands` and outside `\text{…}`/`\operatorname{…}` arguments.
fn math_symbols(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_math = false;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '$' {
            in_math = !in_math;
            i += 1 + usize::from(chars.get(i + 1) == Some(&'$'));
            continue;
        }
        if c == '\\' {
            let name: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            i += 1 + name.len().max(1);
            if matches!(
                name.as_str(),
                "text" | "operatorname" | "mathrm" | "textbf" | "begin" | "end"
            ) && chars.get(i) == Some(&'{')
            {
                while i < chars.len() && chars[i] != '}' {
                    i += 1;
                }
            }
            continue;
        }
        if in_math && c.is_ascii_alphabetic() {
            out.insert(c.to_string());
            let sub: String = match (chars.get(i + 1), chars.get(i + 2), chars.get(i + 3)) {
                (Some('_'), Some(d), _) if d.is_ascii_digit() => d.to_string(),
                (Some('_'), Some('{'), Some(d)) if d.is_ascii_digit() => d.to_string(),
                _ => String::new(),
            };
            if !sub.is_empty() {
                out.insert(format!("{c}_{sub}"));
            }
        }
        i += 1;
    }
    out
}
