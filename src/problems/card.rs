//! What a problem card binds: every symbol its prompt shows with a value, under the name
//! the learner reads. `$s = [2, 0, 1]$` binds `s`, `$\lambda=3$` binds `λ` (and `lambda`,
//! the name ASCII mode prints), `$W_Q=W_K=\begin{bmatrix}…\end{bmatrix}$` binds `W_Q` and
//! `W_K`, a quoted sentence the answer reads binds `text`. The scratchpad, the reader's
//! answer line and `attn-course answer` all evaluate in this one environment, so what
//! the card prints is what the learner can type; a problem's parameter names (`a`,
//! `lam`) are the author's and are never bound for the learner.
//!
//! The symbols are read from the prompt as filled with the learner's numbers: each `=`
//! at the top level of a math span whose left side is a plain symbol (a letter or Greek
//! letter, optionally subscripted) and whose right side the evaluator can compute from
//! what is already bound. A right side that looks like a value (a number, a vector, a
//! matrix) but cannot be computed is a fault `check` reports, as is code in the prompt
//! (`` `layernorm(resid(text, 0))` ``) that does not run on the card.

use crate::eval::{self, Env, Value};

use super::instance::Instance;

/// One symbol the card binds.
#[derive(Debug, Clone, PartialEq)]
pub struct Symbol {
    /// As the evaluator keeps it (`λ`, `W_Q`, `d_k`; `dₖ` typed is the same name).
    pub name: String,
    /// The name ASCII mode prints, when it differs (`lambda` for `λ`); bound too.
    pub ascii: Option<String>,
    pub value: Bound,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Bound {
    Value(Value),
    /// A text a model function reads (`resid(text, 0)`).
    Text(String),
}

/// The symbols of one learner's card, and what could not be bound.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Card {
    pub symbols: Vec<Symbol>,
    /// A symbol shown with what looks like a value that the card cannot compute.
    pub faults: Vec<String>,
}

/// How many passes over the prompt's equations: a value may use a symbol defined after it
/// (`$s=[s_0, 0, -1]$ (with $s_0=2$)`).
const PASSES: usize = 3;

impl Card {
    /// The card of problem `prompt` (a template) for `inst`; `answer` is the problem's
    /// answer expression, whose string literals say which quoted sentence is `text`.
    pub fn of(prompt: &str, inst: &Instance, answer: &str) -> Card {
        let filled = inst.fill(prompt);
        let mut card = Card::default();
        let equations: Vec<Equation> = math_spans(&filled)
            .iter()
            .flat_map(|span| equations(span))
            .collect();
        let mut pending: Vec<&Equation> = equations.iter().collect();
        for pass in 0..PASSES {
            let last = pass + 1 == PASSES;
            let mut env = card.env();
            pending.retain(|eq| match eq.value(&mut env) {
                Ok(value) => {
                    for name in &eq.names {
                        card.bind(name, Bound::Value(value.clone()));
                        env.bind(name, value.clone());
                    }
                    false
                }
                Err(e) => {
                    if last && eq.looks_like_a_value() {
                        card.faults.push(format!(
                            "shows {} = {} but the card cannot bind it: {e}",
                            eq.names.join(" = "),
                            eq.rhs.trim()
                        ));
                    }
                    true
                }
            });
        }
        if let Some(text) = quoted_text(&filled, answer) {
            card.bind("text", Bound::Text(text));
        }
        card
    }

    /// The code of `filled` (a prompt with the learner's numbers) that does not run on
    /// this card, with why: the learner is told to type it as printed. Code is a
    /// `` `…` `` span that calls a function and only the evaluator's own functions
    /// (`` `.view(n, -1, h, d_k)` `` and `` `rotate_half(q)` `` are Python, `` `resid` ``
    /// names a function).
    pub fn code_faults(&self, filled: &str) -> Vec<String> {
        let known: Vec<&str> = eval::function_names().collect();
        quoted(filled, '`', '`')
            .into_iter()
            .filter(|code| {
                let calls = called(code);
                !calls.is_empty() && calls.iter().all(|f| known.contains(f))
            })
            .filter_map(|code| {
                let e = eval::run(&code, &mut self.env()).err()?;
                Some(format!(
                    "prompt code `{code}` does not run where the learner types: {e}"
                ))
            })
            .collect()
    }

    fn bind(&mut self, name: &str, value: Bound) {
        if let Some(old) = self.symbols.iter_mut().find(|s| s.name == name) {
            old.value = value;
            return;
        }
        let ascii = ascii_name(name);
        self.symbols.push(Symbol {
            name: name.to_string(),
            ascii: (ascii != name).then_some(ascii),
            value,
        });
    }

    /// An environment with every symbol bound, under both of its names.
    pub fn env(&self) -> Env {
        let mut env = Env::new();
        for s in &self.symbols {
            for name in std::iter::once(&s.name).chain(&s.ascii) {
                match &s.value {
                    Bound::Value(v) => env.bind(name, v.clone()),
                    Bound::Text(t) => env.bind_text(name, t),
                }
            }
        }
        env
    }

    /// The bound names as the learner reads them (ASCII spellings in ASCII mode).
    pub fn names(&self, ascii: bool) -> Vec<String> {
        self.symbols
            .iter()
            .map(|s| match (&s.ascii, ascii) {
                (Some(a), true) => a.clone(),
                _ => s.name.clone(),
            })
            .collect()
    }

    /// One line for the card: "Bound where you type: s, V." (empty with nothing bound).
    pub fn listing(&self, ascii: bool) -> String {
        if self.symbols.is_empty() {
            return String::new();
        }
        format!("Bound where you type: {}.", self.names(ascii).join(", "))
    }
}

/// `name = … = name = rhs` at the top level of a math span.
#[derive(Debug, Clone, PartialEq)]
struct Equation {
    names: Vec<String>,
    rhs: String,
}

impl Equation {
    fn value(&self, env: &mut Env) -> Result<Value, String> {
        let source = to_source(self.rhs()).ok_or("not written in numbers")?;
        eval::run(&source, &mut env.clone()).map_err(|e| e.to_string())
    }

    /// The right side without the sentence's punctuation after it.
    fn rhs(&self) -> &str {
        self.rhs
            .trim()
            .trim_end_matches(['.', ':', ';', ','])
            .trim_end()
    }

    /// Whether the right side is numbers alone (a number, a vector, a matrix, a
    /// fraction): a side with a symbol in it is a formula (`A = W_QW_K^\top`,
    /// `k_j = [\cos(2\pi j/n), …]`), bound only if it computes.
    fn looks_like_a_value(&self) -> bool {
        let mut rhs = self.rhs().to_string();
        for layout in [
            "\\begin{bmatrix}",
            "\\end{bmatrix}",
            "\\cdot",
            "\\times",
            "\\tfrac",
            "\\dfrac",
            "\\frac",
            "\\sqrt",
            "\\left",
            "\\right",
        ] {
            rhs = rhs.replace(layout, " ");
        }
        rhs.chars().any(|c| c.is_ascii_digit()) && !rhs.chars().any(char::is_alphabetic)
    }
}

/// The contents of every `$…$` and `$$…$$` in `markdown` (an escaped `\$` is text).
fn math_spans(markdown: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut current: Option<String> = None;
    let mut chars = markdown.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                let next = chars.next();
                if let Some(span) = current.as_mut() {
                    span.push('\\');
                    span.extend(next);
                }
            }
            '$' => {
                if chars.peek() == Some(&'$') {
                    chars.next();
                }
                match current.take() {
                    Some(span) => spans.push(span),
                    None => current = Some(String::new()),
                }
            }
            _ => {
                if let Some(span) = current.as_mut() {
                    span.push(c);
                }
            }
        }
    }
    spans
}

/// The equations of one math span: split at top-level separators (`,`, `\quad`, `\;`,
/// `\text{…}`), then at `=`. The left parts that are plain symbols are bound; an
/// equation followed by `\ldots` is a range (`i=1,\ldots,h`), not a value.
fn equations(span: &str) -> Vec<Equation> {
    let separators = [
        ",",
        "\\quad",
        "\\qquad",
        "\\;",
        "\\ ",
        "\\text{",
        "\\\\",
        "\\begin{aligned}",
        "\\end{aligned}",
    ];
    let segments = split_top(span, &separators);
    let mut out = Vec::new();
    for (i, segment) in segments.iter().enumerate() {
        let parts = split_top(segment, &["="]);
        if parts.len() < 2 {
            continue;
        }
        let next = segments.get(i + 1).map_or("", |s| s.trim());
        if ["\\ldots", "\\dots", "\\cdots"]
            .iter()
            .any(|d| next.starts_with(d))
        {
            continue;
        }
        let (rhs, lhs) = parts.split_last().expect("two parts at least");
        let names: Vec<String> = lhs.iter().filter_map(|p| symbol(p)).collect();
        if !names.is_empty() && !rhs.trim().is_empty() {
            out.push(Equation {
                names,
                rhs: rhs.to_string(),
            });
        }
    }
    out
}

/// Splits `text` at each of `separators` outside braces, brackets and parentheses, and
/// outside a `bmatrix` (whose `\\` rows and `&` cells are not separators anyway).
fn split_top(text: &str, separators: &[&str]) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0usize;
    let mut rest = text;
    while !rest.is_empty() {
        // A matrix is one value: its `&` and `\\` are not the separators of an
        // `aligned` block around it.
        for (word, step) in [("\\begin{bmatrix}", 1isize), ("\\end{bmatrix}", -1)] {
            if rest.starts_with(word) {
                depth = depth.saturating_add_signed(step);
                parts.last_mut().expect("one part").push_str(word);
                rest = &rest[word.len()..];
            }
        }
        let Some(c) = rest.chars().next() else { break };
        if depth == 0
            && let Some(sep) = separators.iter().find(|s| rest.starts_with(**s))
        {
            parts.push(String::new());
            rest = &rest[sep.len()..];
            continue;
        }
        if c == '\\' {
            // A command or an escaped character goes whole (`\{` is no brace).
            let letters = rest[1..]
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .count();
            let len = 1 + match letters {
                0 => rest[1..].chars().next().map_or(0, char::len_utf8),
                n => n,
            };
            parts.last_mut().expect("one part").push_str(&rest[..len]);
            rest = &rest[len..];
            continue;
        }
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth = depth.saturating_sub(1),
            // An `aligned` block's column mark.
            '&' if depth == 0 => {
                rest = &rest[1..];
                continue;
            }
            _ => {}
        }
        parts.last_mut().expect("one part").push(c);
        rest = &rest[c.len_utf8()..];
    }
    parts
}

const GREEK: [(&str, char); 33] = [
    ("alpha", 'α'),
    ("beta", 'β'),
    ("gamma", 'γ'),
    ("delta", 'δ'),
    ("epsilon", 'ε'),
    ("varepsilon", 'ε'),
    ("zeta", 'ζ'),
    ("eta", 'η'),
    ("theta", 'θ'),
    ("vartheta", 'θ'),
    ("iota", 'ι'),
    ("kappa", 'κ'),
    ("lambda", 'λ'),
    ("mu", 'μ'),
    ("nu", 'ν'),
    ("xi", 'ξ'),
    ("rho", 'ρ'),
    ("sigma", 'σ'),
    ("tau", 'τ'),
    ("upsilon", 'υ'),
    ("phi", 'φ'),
    ("varphi", 'φ'),
    ("chi", 'χ'),
    ("psi", 'ψ'),
    ("omega", 'ω'),
    ("Gamma", 'Γ'),
    ("Delta", 'Δ'),
    ("Theta", 'Θ'),
    ("Lambda", 'Λ'),
    ("Sigma", 'Σ'),
    ("Phi", 'Φ'),
    ("Omega", 'Ω'),
    ("ell", 'ℓ'),
];

/// A plain symbol written in TeX (`s`, `\lambda`, `W_Q`, `d_{model}`, `x_{\mathrm A}`,
/// `\sigma_q`) as the evaluator names it (`s`, `λ`, `W_Q`, `d_model`, `x_A`, `σ_q`);
/// `None` for anything else (`\sigma_q^2`, `s(i\to j)`, `q\cdot k`).
fn symbol(tex: &str) -> Option<String> {
    let tex = tex.trim();
    let (base, rest) = if let Some(command) = tex.strip_prefix('\\') {
        let len = command
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .count();
        let (_, letter) = GREEK.iter().find(|(n, _)| *n == &command[..len])?;
        (letter.to_string(), &command[len..])
    } else {
        let c = tex.chars().next().filter(char::is_ascii_alphabetic)?;
        (c.to_string(), &tex[1..])
    };
    let rest = rest.trim();
    if rest.is_empty() {
        return Some(base);
    }
    let sub = rest.strip_prefix('_')?.trim();
    let sub = match sub.strip_prefix('{') {
        Some(braced) => braced.strip_suffix('}')?.to_string(),
        None if sub.chars().count() == 1 => sub.to_string(),
        None => return None,
    };
    let sub = strip_font(&sub);
    let plain = sub.chars().all(|c| c.is_ascii_alphanumeric());
    (plain && !sub.is_empty()).then(|| format!("{base}_{sub}"))
}

/// `\mathrm A`, `\mathrm{A}`, `\text{model}` → `A`, `model`.
fn strip_font(sub: &str) -> String {
    let mut s = sub.trim().to_string();
    for font in ["\\mathrm", "\\text", "\\mathit", "\\operatorname"] {
        if let Some(inner) = s.strip_prefix(font) {
            let inner = inner.trim();
            s = inner
                .strip_prefix('{')
                .and_then(|i| i.strip_suffix('}'))
                .unwrap_or(inner)
                .to_string();
        }
    }
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The name ASCII mode prints for `name` (`lambda` for `λ`, `sigma_q` for `σ_q`).
fn ascii_name(name: &str) -> String {
    name.chars()
        .map(|c| match GREEK.iter().find(|(_, g)| *g == c) {
            Some((spelled, _)) => spelled.to_string(),
            None => c.to_string(),
        })
        .collect()
}

/// A value's TeX as evaluator source, or `None` where it uses notation the evaluator
/// has no form for. Handles numbers, `[…]` vectors, `bmatrix`, `\cdot`/`\times`,
/// `\frac{a}{b}`, `\sqrt{x}`, braces as parentheses, and symbols.
fn to_source(tex: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = tex;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("\\begin{bmatrix}") {
            let end = after.find("\\end{bmatrix}")?;
            let rows: Vec<String> = after[..end]
                .split("\\\\")
                .filter(|r| !r.trim().is_empty())
                .map(|row| {
                    let cells: Option<Vec<String>> = row.split('&').map(to_source).collect();
                    cells.map(|c| format!("[{}]", c.join(", ")))
                })
                .collect::<Option<_>>()?;
            out.push_str(&format!("[{}]", rows.join(", ")));
            rest = &after[end + "\\end{bmatrix}".len()..];
            continue;
        }
        if let Some(after) = ["\\tfrac", "\\dfrac", "\\frac"]
            .iter()
            .find_map(|f| rest.strip_prefix(f))
        {
            let (num, after) = group(after)?;
            let (den, after) = group(after)?;
            out.push_str(&format!("(({})/({}))", to_source(num)?, to_source(den)?));
            rest = after;
            continue;
        }
        if let Some(after) = rest.strip_prefix("\\sqrt") {
            let (inner, after) = group(after)?;
            out.push_str(&format!("sqrt({})", to_source(inner)?));
            rest = after;
            continue;
        }
        if c == '\\' {
            let len = rest[1..]
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .count();
            let command = &rest[1..1 + len];
            match command {
                "cdot" | "times" => out.push('*'),
                "left" | "right" | "" => {}
                _ => {
                    let (_, letter) = GREEK.iter().find(|(n, _)| *n == command)?;
                    out.push(*letter);
                }
            }
            // `\,` and `\ ` are spaces; another escaped character is not a value.
            let skip = if len == 0 {
                let next = rest[1..].chars().next()?;
                if !matches!(next, ',' | ' ' | ';' | '!') {
                    return None;
                }
                1 + next.len_utf8()
            } else {
                1 + len
            };
            rest = &rest[skip..];
            continue;
        }
        if c == '_' {
            // A subscript: `x_0`, `d_{model}`, `x_{\mathrm A}` as one name.
            let after = &rest[1..];
            let (sub, after) = match group(after) {
                Some((inner, after)) => (strip_font(inner), after),
                None => {
                    let ch = after.chars().next()?;
                    (ch.to_string(), &after[ch.len_utf8()..])
                }
            };
            if !sub.chars().all(|c| c.is_ascii_alphanumeric()) {
                return None;
            }
            out.push('_');
            out.push_str(&sub);
            rest = after;
            continue;
        }
        match c {
            '{' => out.push('('),
            '}' => out.push(')'),
            '&' | '$' => return None,
            _ => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
        // `4d` and `2\lambda` are products.
        if c.is_ascii_digit() && rest.starts_with(|n: char| n.is_ascii_alphabetic() || n == '\\') {
            let command = rest.strip_prefix('\\').unwrap_or("");
            if command.is_empty() || GREEK.iter().any(|(g, _)| command.starts_with(g)) {
                out.push('*');
            }
        }
    }
    Some(out)
}

/// The `{…}` group at the start of `tex` (after spaces) and what follows it; a single
/// digit is a group too (`\tfrac18`).
fn group(tex: &str) -> Option<(&str, &str)> {
    let tex = tex.trim_start();
    if tex.starts_with(|c: char| c.is_ascii_digit()) {
        return Some(tex.split_at(1));
    }
    let inner = tex.strip_prefix('{')?;
    let mut depth = 1;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&inner[..i], &inner[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

/// The sentence the prompt quotes ("…" or “…”) that the answer reads as a string literal:
/// the text a prompt's `resid(text, 0)` means.
fn quoted_text(prompt: &str, answer: &str) -> Option<String> {
    let literals = quoted(answer, '"', '"');
    // Code spans quote names too (`param("l0.ln1.g")`): only prose quotes a sentence.
    let prose: String = prompt.split('`').step_by(2).collect::<Vec<_>>().join(" ");
    let prose = prose.split_whitespace().collect::<Vec<_>>().join(" ");
    let shown: Vec<String> = quoted(&prose, '"', '"')
        .into_iter()
        .chain(quoted(&prose, '“', '”'))
        .collect();
    let mut found = shown.into_iter().filter(|s| literals.contains(s));
    let first = found.next()?;
    found.all(|s| s == first).then_some(first)
}

/// The names `code` calls (`f` of each `f(`).
fn called(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices('(') {
        let before = &code[..i];
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_' || *c == '.')
            .last()
            .map_or(i, |(j, _)| j);
        if start < i {
            out.push(&code[start..i]);
        }
    }
    out
}

/// The strings between `open` and `close` in `text`.
fn quoted(text: &str, open: char, close: char) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        let after = &rest[start + open.len_utf8()..];
        let Some(end) = after.find(close) else { break };
        out.push(after[..end].to_string());
        rest = &after[end + close.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::params::{Drawn, Generator};
    use crate::problems::seed::SplitMix64;
    use std::cell::RefCell;

    use super::super::instance::Binding;

    fn inst(params: &[(&str, &str)]) -> Instance {
        Instance {
            bindings: params
                .iter()
                .map(|(n, g)| Binding {
                    name: n.to_string(),
                    value: Generator::parse(g).unwrap().draw(&mut SplitMix64::new(0)),
                })
                .collect(),
            tries: 1,
            budget: RefCell::default(),
        }
    }

    fn run(card: &Card, src: &str) -> String {
        eval::run(src, &mut card.env())
            .map(|v| v.to_string())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn the_printed_names_are_bound_and_the_parameters_are_not() {
        let prompt = "Token 0 has scores $s = [<<a>>, 0, 1]$ against tokens 0, 1, 2, whose \
                      value vectors are the rows of $V=\\begin{bmatrix}1&0\\\\0&1\\\\1&1\\end{bmatrix}$. \
                      Compute $o = \\operatorname{softmax}(s)\\,V$.";
        let card = Card::of(prompt, &inst(&[("a", "choice(2)")]), "1");
        assert_eq!(card.names(false), ["s", "V"]);
        assert_eq!(run(&card, "s"), "[2, 0, 1]");
        assert_eq!(run(&card, "V[2]"), "[1, 1]");
        assert!(run(&card, "a").contains("unknown name 'a'"));
        assert!(card.faults.is_empty(), "{:?}", card.faults);
    }

    #[test]
    fn greek_subscripted_and_chained_symbols() {
        let prompt = "Scores $\\lambda\\,[1, 0, -1]$ for $\\lambda=<<lam>>$, \
                      $W_Q=W_K=\\begin{bmatrix}0&1\\end{bmatrix}$, $d_{model}=<<d>>$, $h=8$, \
                      $d_k=d_v=d_{model}/h$, $x_{\\mathrm A}=[1,0]$, $\\sigma_q^2=4$, \
                      $q\\cdot k=z$, $i=1,\\ldots,h$, $A=W_QW_K^\\top$.";
        let card = Card::of(
            prompt,
            &inst(&[("lam", "choice(3)"), ("d", "choice(512)")]),
            "1",
        );
        assert_eq!(
            card.names(false),
            ["λ", "W_Q", "W_K", "d_model", "h", "d_k", "d_v", "x_A"]
        );
        assert_eq!(card.names(true)[0], "lambda");
        assert_eq!(run(&card, "λ * lambda"), "9");
        assert_eq!(run(&card, "dₖ"), "64");
        assert!(run(&card, "i").contains("unknown name"));
        assert!(card.faults.is_empty(), "{:?}", card.faults);
    }

    #[test]
    fn a_value_may_use_a_symbol_shown_after_it() {
        let prompt = "$s=[s_0, 0, -1]$ (with $s_0=<<s0>>$) and $X=t\\cdot\\begin{bmatrix}3&4\\end{bmatrix}$ (with $t=2$)";
        let card = Card::of(prompt, &inst(&[("s0", "choice(5)")]), "1");
        assert_eq!(run(&card, "s"), "[5, 0, -1]");
        assert_eq!(run(&card, "X"), "[[6, 8]]");
        assert_eq!(run(&card, "s₀"), "5");
    }

    #[test]
    fn a_value_the_card_cannot_compute_is_a_fault() {
        let prompt = "$x=[1, 2\\%]$, $M=\\begin{bmatrix}1&\\tfrac12\\end{bmatrix}$, \
                      $k_j=[\\cos(2\\pi j/n), 0]$, $\\omega_c = 10000^{-2c/4}$";
        let card = Card::of(prompt, &inst(&[]), "1");
        assert_eq!(card.faults.len(), 1, "{:?}", card.faults);
        assert!(
            card.faults[0].contains("x = [1, 2\\%]"),
            "{:?}",
            card.faults
        );
        assert_eq!(run(&card, "M"), "[[1, 0.5]]");
    }

    #[test]
    fn the_quoted_sentence_the_answer_reads_is_text() {
        let answer = "std(resid(\"the key\", 0)) * param(\"w\")";
        let prompt = "Take `param(\"w\")` and the sentence \"the key\" and `resid(text, 0)`.";
        let card = Card::of(prompt, &inst(&[]), answer);
        assert_eq!(card.names(false), ["text"]);
        assert_eq!(card.env().text("text"), Some("the key"),);
        assert!(run(&card, "text + 1").contains("'text' is a text"));
        // A quotation the answer does not read binds nothing.
        let card = Card::of("The orders \"A B\" and \"B A\".", &inst(&[]), "1");
        assert!(card.symbols.is_empty());
    }

    #[test]
    fn prompt_code_must_run_on_the_card() {
        let prompt = "Take \"ab\", `sum(v)`, `.view(n, -1)`, \
                      `rotate_half(q)`, `softmax` and `max(w)` with $v=[1, 2]$.";
        let card = Card::of(prompt, &inst(&[]), "1");
        let faults = card.code_faults(prompt);
        assert_eq!(faults.len(), 1, "{faults:?}");
        assert!(faults[0].contains("`max(w)`"), "{faults:?}");
        assert!(faults[0].contains("unknown name 'w'"), "{faults:?}");
    }

    #[test]
    fn a_drawn_matrix_fills_in_as_a_matrix() {
        let i = Instance {
            bindings: vec![Binding {
                name: "m".into(),
                value: Drawn::Matrix(vec![vec![1, 2], vec![3, 4]]),
            }],
            tries: 1,
            budget: RefCell::default(),
        };
        let card = Card::of("$M=<<m>>$", &i, "1");
        assert_eq!(run(&card, "M"), "[[1, 2],\n [3, 4]]");
    }
}
