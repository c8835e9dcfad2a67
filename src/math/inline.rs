//! [`Node`] tree → one line, for math inside a paragraph: `(QKᵀ)/√dₖ`, or in ASCII
//! `(QK^T)/sqrt(d_k)`. Each symbol's scripts are Unicode where they can be (see `scripts`), else `_`/`^`.

use super::ast::{AccentKind, Class, Delim, EnvKind, Node};
use super::glyphs;
use super::layout::Ctx;
use super::scripts;
use super::spacing::{self, Spec};

impl Ctx {
    pub fn line(&self, nodes: &[Node], script: bool, lead: Option<Class>) -> String {
        let specs: Vec<Spec> = nodes.iter().map(|n| Spec::of(n, true)).collect();
        let (gaps, classes) = spacing::space(&specs, script, lead);
        let mut out = String::new();
        let mut open_script = false;
        for (i, node) in nodes.iter().enumerate() {
            push_spaces(&mut out, gaps[i]);
            let text = self.inline_node(node, script);
            // `q_c k_c`, not `q_ck_c`: a letter straight after a linear script would
            // read as more of the script.
            if open_script && gaps[i] == 0 && text.starts_with(char::is_alphanumeric) {
                out.push(' ');
            }
            open_script = ends_in_open_script(node, &text);
            // A fraction next to a factor is bracketed: `(1/2)x`, not `1/2x`.
            let class = |j: Option<usize>| j.and_then(|j| classes.get(j).copied().flatten());
            let before = matches!(
                class(i.checked_sub(1)),
                Some(Class::Ord | Class::Inner | Class::Op | Class::Close)
            );
            let after = matches!(
                class(Some(i + 1)),
                Some(Class::Ord | Class::Inner | Class::Op | Class::Open)
            );
            let is_frac = matches!(node, Node::Frac { bar: true, .. });
            if is_frac && (before || after) {
                out.push('(');
                out.push_str(&text);
                out.push(')');
            } else {
                out.push_str(&text);
            }
        }
        out
    }

    fn inline_node(&self, node: &Node, script: bool) -> String {
        match node {
            Node::Atom { text, .. } => text.to_string(),
            Node::Text(text) => text.clone(),
            Node::Space(n) => " ".repeat(*n),
            Node::Group(items) => self.line(items, script, None),
            Node::Classed { body, .. } => self.inline_node(body, script),
            Node::Frac { num, den, bar, .. } => {
                if *bar {
                    let (n, d) = (self.operand(num, script), self.operand(den, script));
                    format!("{n}/{d}")
                } else {
                    format!(
                        // Written as combinatorics writes it on one line.
                        "C({}, {})",
                        self.inline_node(num, script),
                        self.inline_node(den, script)
                    )
                }
            }
            Node::Sqrt { index, body } => self.inline_sqrt(index.as_deref(), body, script),
            Node::Scripts {
                base,
                primes,
                sub,
                sup,
            } => {
                let mut s = self.inline_node(base, script);
                s.push_str(&(if self.ascii { "'" } else { "′" }).repeat(*primes));
                s.push_str(&self.inline_scripts(sub.as_deref(), sup.as_deref()));
                s
            }
            Node::BigOp { body, .. } => self.inline_node(body, script),
            Node::Delimited { left, body, right } => {
                if matches!(body.as_ref(), Node::Frac { bar: false, .. }) {
                    return self.inline_node(body, script);
                }
                format!(
                    "{}{}{}",
                    self.delim(*left),
                    self.inline_node(body, script),
                    self.delim(*right)
                )
            }
            Node::Sized { delim, .. } => self.delim(*delim),
            Node::Accent { kind, body } => self.inline_accent(*kind, body, script),
            Node::Brace { over, body } => {
                let b = self.inline_node(body, script);
                let name = if *over { "overbrace" } else { "underbrace" };
                format!("{name}({b})")
            }
            Node::Stack { base, over, under } => {
                let mut s = self.inline_node(base, script);
                s.push_str(&self.inline_scripts(under.as_deref(), over.as_deref()));
                s
            }
            Node::Env { kind, rows, .. } => self.inline_env(*kind, rows),
        }
    }

    fn delim(&self, d: Delim) -> String {
        glyphs::delimiter(d, 1, 0, self.ascii)
            .into_rows()
            .pop()
            .unwrap_or_default()
    }

    /// A fraction's part, bracketed unless it is one symbol or one number.
    fn operand(&self, node: &Node, script: bool) -> String {
        let s = self.inline_node(node, script);
        if simple(node) { s } else { format!("({s})") }
    }

    fn inline_sqrt(&self, index: Option<&Node>, body: &Node, script: bool) -> String {
        let b = self.inline_node(body, script);
        let index = index.map(|i| self.inline_node(i, true));
        match (self.ascii, index.as_deref()) {
            (false, None) if simple(body) => format!("√{b}"),
            (false, None) => format!("√({b})"),
            (false, Some("3")) => format!("∛({b})"),
            (false, Some("4")) => format!("∜({b})"),
            (true, None) => format!("sqrt({b})"),
            (_, Some(i)) => format!("root({i}, {b})"),
        }
    }

    fn inline_scripts(&self, sub: Option<&Node>, sup: Option<&Node>) -> String {
        let mut out = String::new();
        if self.compact {
            let sub_s = sub.map(|s| scripts::compact(s, false));
            let sup_s = sup.map(|s| scripts::compact(s, true));
            if !matches!(sub_s, Some(None)) && !matches!(sup_s, Some(None)) {
                out.extend(sub_s.flatten());
                out.extend(sup_s.flatten());
                return out;
            }
        }
        for (mark, s) in [('_', sub), ('^', sup)] {
            if let Some(s) = s {
                let text = self.inline_node(s, true);
                out.push(mark);
                if bare(&text) {
                    out.push_str(&text);
                } else {
                    out.push('(');
                    out.push_str(&text);
                    out.push(')');
                }
            }
        }
        out
    }

    fn inline_accent(&self, kind: AccentKind, body: &Node, script: bool) -> String {
        let b = self.inline_node(body, script);
        let combining = match kind {
            AccentKind::Hat => '\u{302}',
            AccentKind::Tilde => '\u{303}',
            AccentKind::Bar => '\u{304}',
            AccentKind::Vec => '\u{20D7}',
            AccentKind::Dot => '\u{307}',
            AccentKind::Ddot => '\u{308}',
            AccentKind::Check => '\u{30C}',
            AccentKind::Breve => '\u{306}',
            AccentKind::Acute => '\u{301}',
            AccentKind::Grave => '\u{300}',
            AccentKind::Ring => '\u{30A}',
            AccentKind::Underline => '\u{332}',
        };
        let mut chars = b.chars();
        if !self.ascii
            && let (Some(c), None) = (chars.next(), chars.next())
            && c.is_alphanumeric()
        {
            return format!("{c}{combining}");
        }
        let name = match kind {
            AccentKind::Hat => "hat",
            AccentKind::Tilde => "tilde",
            AccentKind::Bar => "bar",
            AccentKind::Vec => "vec",
            AccentKind::Dot => "dot",
            AccentKind::Ddot => "ddot",
            AccentKind::Check => "check",
            AccentKind::Breve => "breve",
            AccentKind::Acute => "acute",
            AccentKind::Grave => "grave",
            AccentKind::Ring => "ring",
            AccentKind::Underline => "underline",
        };
        format!("{name}({b})")
    }

    fn inline_env(&self, kind: EnvKind, rows: &[Vec<Node>]) -> String {
        let sep = match kind {
            EnvKind::Aligned | EnvKind::Gathered => "",
            _ => ", ",
        };
        let body: Vec<String> = rows
            .iter()
            .map(|row| {
                let cells: Vec<String> = row
                    .iter()
                    .enumerate()
                    .map(|(j, cell)| {
                        let lead = (kind.is_aligned() && j % 2 == 1).then_some(Class::Ord);
                        match cell {
                            Node::Group(items) => self.line(items, false, lead),
                            other => self.line(std::slice::from_ref(other), false, lead),
                        }
                    })
                    .collect();
                cells.join(sep).trim().to_string()
            })
            .collect();
        let (l, r) = kind.delims();
        format!("{}{}{}", self.delim(l), body.join("; "), self.delim(r))
    }
}

/// The node was written with a linear script whose end is not marked: `a_ij`, `x^2`
/// (but not `x_(i+1)`, nor the Unicode `xᵢ`).
fn ends_in_open_script(node: &Node, text: &str) -> bool {
    let scripted = match node {
        Node::Scripts { .. } | Node::Stack { .. } => true,
        Node::Classed { body, .. } => matches!(body.as_ref(), Node::Scripts { .. }),
        _ => false,
    };
    scripted
        && text.rfind(['_', '^']).is_some_and(|i| {
            let tail = &text[i + 1..];
            !tail.is_empty() && tail.chars().all(char::is_alphanumeric)
        })
}

fn push_spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// One symbol, one number, a differential, or something already bracketed: needs
/// no parentheses.
fn simple(node: &Node) -> bool {
    match node {
        Node::Atom { .. } | Node::Text(_) | Node::Sqrt { .. } | Node::Accent { .. } => true,
        Node::Delimited { .. } | Node::Sized { .. } => true,
        Node::Scripts { base, .. } => simple(base),
        Node::Classed { body, .. } => simple(body),
        Node::Env { kind, .. } => kind.delims().0 != Delim::Null,
        Node::Group(items) => match items.as_slice() {
            [one] => simple(one),
            // A differential reads as one symbol: `∂ℒ/∂x`, `dy/dx`.
            [Node::Atom { text, .. }, one] if matches!(text.as_ref(), "∂" | "d") => simple(one),
            items => items.iter().all(|n| match n {
                Node::Atom { text, .. } => text.chars().all(|c| c.is_ascii_digit() || c == '.'),
                _ => false,
            }),
        },
        _ => false,
    }
}

/// A script that reads unambiguously after `_` or `^` without parentheses: one
/// character, or letters and digits without scripts of their own (`e^(zᵢ)`, not
/// `e^zᵢ`, which could be `(e^z)ᵢ`).
fn bare(s: &str) -> bool {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(_), None) => true,
        (None, _) => false,
        _ => {
            s.chars()
                .all(|c| c.is_alphanumeric() && !scripts::is_script_char(c))
                || (s.starts_with('(') && s.ends_with(')') && balanced_once(s))
        }
    }
}

/// `(...)` where the first parenthesis closes only at the end.
fn balanced_once(s: &str) -> bool {
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 && i + 1 < s.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}
