//! A paper's LaTeX source → its display equations, in order, with the paper's simple
//! macros expanded: `\newcommand`, `\renewcommand`, `\providecommand` (with `[n]`
//! parameters and an optional default for the first), `\def` with no parameters or
//! `#1`-`#9`, `\DeclareMathOperator`. Displays are `equation`, `align`, `eqnarray`,
//! `multline`, `gather` (starred too), `displaymath`, `$$…$$` and `\[…\]`; the rows of
//! `align`, `eqnarray` and `gather` are equations of their own.
//!
//! A source is untrusted: expansion is bounded in steps and in size (a recursive `\def`
//! or macros that double at each level end with an error naming the macro), control
//! characters are refused, and nothing of the source reaches the terminal unsanitised.

use std::collections::HashMap;
use std::fmt;

/// The most macro expansions one equation may take.
const MAX_EXPANSIONS: usize = 20_000;

/// The longest an equation may grow to while its macros expand, in characters.
const MAX_EXPANDED: usize = 20_000;

/// The most characters all of a source's expansions may write, together: what keeps a
/// file of many equations, each just under the limits above, bounded in time.
const MAX_WORK: usize = 20_000_000;

/// The most macros a source may define.
const MAX_DEFINITIONS: usize = 10_000;

/// A display equation of the source, macros expanded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equation {
    /// The 1-based line where the equation (the display, or its row) starts.
    pub line: usize,
    pub tex: String,
}

/// Why a source could not be read: the 1-based line and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TexError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for TexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for TexError {}

/// A macro: how many parameters, the default of the first (optional) one, its body.
#[derive(Debug, Clone)]
struct Macro {
    params: usize,
    default: Option<Vec<char>>,
    body: Vec<char>,
}

/// The environments whose content is display math, and whether their rows are
/// equations of their own.
const DISPLAYS: &[(&str, bool)] = &[
    ("equation", false),
    ("equation*", false),
    ("displaymath", false),
    ("multline", false),
    ("multline*", false),
    ("align", true),
    ("align*", true),
    ("flalign", true),
    ("flalign*", true),
    ("eqnarray", true),
    ("eqnarray*", true),
    ("gather", true),
    ("gather*", true),
];

/// The display equations of `source`, in order.
pub fn equations(source: &str) -> Result<Vec<Equation>, TexError> {
    if let Some((at, c)) = source
        .char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\n' | '\t' | '\r' | '\x0c'))
    {
        return Err(TexError {
            line: source[..at].matches('\n').count() + 1,
            message: format!(
                "a control character ({}) in the source; a LaTeX file holds none",
                crate::sanitize::describe(c)
            ),
        });
    }
    let text = strip_comments(source);
    let chars: Vec<char> = text.chars().collect();
    let mut reader = Reader {
        chars: &chars,
        at: 0,
        line: 1,
        macros: HashMap::new(),
        work: 0,
    };
    let mut out = Vec::new();
    while reader.at < chars.len() {
        reader.step(&mut out)?;
    }
    Ok(out)
}

/// The source without its comments (`%` to the end of the line, not `\%`); lines stay
/// where they were.
fn strip_comments(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.split_inclusive('\n') {
        let mut escaped = false;
        let mut cut = None;
        for (i, c) in line.char_indices() {
            match c {
                '\\' => escaped = !escaped,
                '%' if !escaped => {
                    cut = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        match cut {
            Some(i) => {
                out.push_str(&line[..i]);
                if line.ends_with('\n') {
                    out.push('\n');
                }
            }
            None => out.push_str(line),
        }
    }
    out
}

struct Reader<'a> {
    chars: &'a [char],
    at: usize,
    line: usize,
    macros: HashMap<String, Macro>,
    /// The characters expansions have written so far (see [`MAX_WORK`]).
    work: usize,
}

impl Reader<'_> {
    fn error(&self, message: impl Into<String>) -> TexError {
        TexError {
            line: self.line,
            message: message.into(),
        }
    }

    fn bump(&mut self) -> Option<char> {
        let c = *self.chars.get(self.at)?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    fn rest_starts(&self, s: &str) -> bool {
        let mut rest = self.chars[self.at.min(self.chars.len())..].iter();
        s.chars().all(|c| rest.next() == Some(&c))
    }

    /// A command name after a backslash: letters, or one other character.
    fn name(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            name.push(c);
            self.bump();
        }
        if name.is_empty()
            && let Some(c) = self.bump()
        {
            name.push(c);
        }
        name
    }

    /// A balanced `{…}` group's content, the reader just past its `}`.
    fn group(&mut self, what: &str) -> Result<Vec<char>, TexError> {
        self.skip_spaces();
        if self.peek() != Some('{') {
            return Err(self.error(format!("{what}: expected {{")));
        }
        let start_line = self.line;
        self.bump();
        let mut depth = 1usize;
        let mut out = Vec::new();
        while let Some(c) = self.bump() {
            match c {
                '\\' => {
                    out.push(c);
                    if let Some(n) = self.bump() {
                        out.push(n);
                    }
                    continue;
                }
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(out);
                    }
                }
                _ => {}
            }
            out.push(c);
        }
        Err(TexError {
            line: start_line,
            message: format!("{what}: a {{ that is never closed"),
        })
    }

    /// `[…]` if one comes next.
    fn optional(&mut self) -> Option<Vec<char>> {
        self.skip_spaces();
        if self.peek() != Some('[') {
            return None;
        }
        let save = (self.at, self.line);
        self.bump();
        let mut depth = 0usize;
        let mut out = Vec::new();
        while let Some(c) = self.bump() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ']' if depth == 0 => return Some(out),
                _ => {}
            }
            out.push(c);
        }
        (self.at, self.line) = save;
        None
    }

    /// The macro name of a definition: `\name` or `{\name}`.
    fn defined_name(&mut self, what: &str) -> Result<String, TexError> {
        self.skip_spaces();
        let braced = self.peek() == Some('{');
        if braced {
            self.bump();
            self.skip_spaces();
        }
        if self.bump() != Some('\\') {
            return Err(self.error(format!("{what}: expected a macro name")));
        }
        let name = self.name();
        if braced {
            self.skip_spaces();
            if self.bump() != Some('}') {
                return Err(self.error(format!("{what}: expected }} after the name")));
            }
        }
        Ok(name)
    }

    fn define(&mut self, name: String, m: Macro, replace: bool) -> Result<(), TexError> {
        if self.macros.len() >= MAX_DEFINITIONS && !self.macros.contains_key(&name) {
            return Err(self.error(format!(
                "more than {MAX_DEFINITIONS} macro definitions; not a paper's source"
            )));
        }
        if replace || !self.macros.contains_key(&name) {
            self.macros.insert(name, m);
        }
        Ok(())
    }

    /// Reads one thing at the reader: a definition, a display, or one character.
    fn step(&mut self, out: &mut Vec<Equation>) -> Result<(), TexError> {
        let line = self.line;
        if self.rest_starts("$$") {
            self.at += 2;
            let body = self.until("$$", "$$")?;
            return self.display(line, &body, false, out);
        }
        if self.bump() != Some('\\') {
            return Ok(());
        }
        if self.peek() == Some('[') {
            self.bump();
            let body = self.until("\\]", "\\[")?;
            return self.display(line, &body, false, out);
        }
        let name = self.name();
        match name.as_str() {
            "newcommand" | "renewcommand" | "providecommand" => {
                let what = format!("\\{name}");
                if self.peek() == Some('*') {
                    self.bump();
                }
                let defined = self.defined_name(&what)?;
                let params = match self.optional() {
                    Some(n) => {
                        let n: String = n.iter().collect();
                        match n.trim().parse::<usize>() {
                            Ok(n @ 0..=9) => n,
                            _ => return Err(self.error(format!("{what}: [{n}] is not 0 to 9"))),
                        }
                    }
                    None => 0,
                };
                let default = if params > 0 { self.optional() } else { None };
                let body = self.group(&what)?;
                let m = Macro {
                    params,
                    default,
                    body,
                };
                self.define(defined, m, name != "providecommand")
            }
            "def" | "gdef" | "edef" | "xdef" => {
                self.skip_spaces();
                if self.bump() != Some('\\') {
                    return Err(self.error("\\def: expected a macro name"));
                }
                let defined = self.name();
                let mut params = 0;
                while self.peek() == Some('#') {
                    self.bump();
                    match self.bump() {
                        Some(d) if d == char::from(b'1' + params as u8) && params < 9 => {
                            params += 1
                        }
                        _ => {
                            return Err(self.error(format!(
                                "\\def\\{defined}: parameters must be #1, #2, ... in order"
                            )));
                        }
                    }
                }
                if self.peek() != Some('{') {
                    // A delimited parameter text (`\def\a#1.{…}`): not a simple macro.
                    return Err(self.error(format!(
                        "\\def\\{defined}: delimited parameters are not supported"
                    )));
                }
                let body = self.group(&format!("\\def\\{defined}"))?;
                let m = Macro {
                    params,
                    default: None,
                    body,
                };
                self.define(defined, m, true)
            }
            "DeclareMathOperator" => {
                if self.peek() == Some('*') {
                    self.bump();
                }
                let defined = self.defined_name("\\DeclareMathOperator")?;
                let text = self.group("\\DeclareMathOperator")?;
                let mut body: Vec<char> = "\\operatorname{".chars().collect();
                body.extend(text);
                body.push('}');
                let m = Macro {
                    params: 0,
                    default: None,
                    body,
                };
                self.define(defined, m, true)
            }
            "begin" => {
                let save = (self.at, self.line);
                let env: String = match self.group("\\begin") {
                    Ok(e) => e.iter().collect(),
                    Err(_) => {
                        (self.at, self.line) = save;
                        return Ok(());
                    }
                };
                let Some(&(_, rows)) = DISPLAYS.iter().find(|(e, _)| *e == env) else {
                    return Ok(());
                };
                let end = format!("\\end{{{env}}}");
                let body = self.until(&end, &format!("\\begin{{{env}}}"))?;
                self.display(line, &body, rows, out)
            }
            _ => Ok(()),
        }
    }

    /// The text up to `end`, the reader just past it.
    fn until(&mut self, end: &str, opened: &str) -> Result<Vec<char>, TexError> {
        let start_line = self.line;
        let mut body = Vec::new();
        while self.at < self.chars.len() {
            if self.rest_starts(end) {
                for _ in end.chars() {
                    self.bump();
                }
                return Ok(body);
            }
            let c = self.bump().unwrap_or(' ');
            body.push(c);
            if c == '\\'
                && let Some(n) = self.bump()
            {
                body.push(n);
            }
        }
        Err(TexError {
            line: start_line,
            message: format!("{opened} is never closed"),
        })
    }

    /// A display's body, expanded, as one equation or one per row.
    fn display(
        &mut self,
        line: usize,
        body: &[char],
        rows: bool,
        out: &mut Vec<Equation>,
    ) -> Result<(), TexError> {
        let expanded = expand(body, &self.macros, &mut self.work)
            .map_err(|message| TexError { line, message })?;
        let expanded = without_labels(&expanded);
        let mut row_line = line;
        for row in if rows {
            split_rows(&expanded)
        } else {
            vec![expanded.iter().collect()]
        } {
            let tex = row.trim().to_string();
            let newlines = row.matches('\n').count();
            if !tex.is_empty() && !tex.chars().all(|c| c == '&' || c.is_whitespace()) {
                let before = row.len() - row.trim_start().len();
                out.push(Equation {
                    line: row_line + row[..before].matches('\n').count(),
                    tex: tex.replace(['\n', '\r', '\t', '\x0c'], " "),
                });
            }
            row_line += newlines;
        }
        Ok(())
    }
}

/// `body` without `\label{…}`, `\nonumber` and `\notag`: they draw nothing.
fn without_labels(body: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let rest = &body[i..];
        let starts = |s: &str| rest.iter().take(s.len()).copied().eq(s.chars());
        if starts("\\label{") {
            let close = rest
                .iter()
                .position(|&c| c == '}')
                .unwrap_or(rest.len() - 1);
            i += close + 1;
            continue;
        }
        if let Some(w) = ["\\nonumber", "\\notag"].iter().find(|w| starts(w))
            && !rest.get(w.len()).is_some_and(char::is_ascii_alphabetic)
        {
            i += w.len();
            continue;
        }
        out.push(body[i]);
        i += 1;
    }
    out
}

/// The rows of an `align`-like body: split at `\\` and stripped of `&` outside any
/// group or inner environment (a `cases` or `pmatrix` keeps its own).
fn split_rows(body: &[char]) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    let (mut depth, mut envs) = (0i64, 0i64);
    let mut i = 0;
    while i < body.len() {
        let c = body[i];
        let rest: String = body[i..body.len().min(i + 7)].iter().collect();
        if c == '\\' && depth == 0 && envs == 0 && body.get(i + 1) == Some(&'\\') {
            rows.push(std::mem::take(&mut row));
            i += 2;
            continue;
        }
        if c == '\\' {
            if rest.starts_with("\\begin") {
                envs += 1;
            } else if rest.starts_with("\\end") {
                envs -= 1;
            }
            row.push(c);
            if let Some(&n) = body.get(i + 1) {
                row.push(n);
            }
            i += 2;
            continue;
        }
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '&' if depth == 0 && envs == 0 => {
                row.push(' ');
                i += 1;
                continue;
            }
            _ => {}
        }
        row.push(c);
        i += 1;
    }
    rows.push(row);
    rows
}

/// `body` with every macro of `macros` expanded, bounded in steps and in size.
fn expand(
    body: &[char],
    macros: &HashMap<String, Macro>,
    work: &mut usize,
) -> Result<Vec<char>, String> {
    // The input still to read, reversed: an expansion pushes its result to the end.
    let mut input: Vec<char> = body.iter().rev().copied().collect();
    let mut out: Vec<char> = Vec::with_capacity(body.len());
    let mut expansions = 0usize;
    while let Some(c) = input.pop() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let mut name = String::new();
        while let Some(&n) = input.last().filter(|n| n.is_ascii_alphabetic()) {
            name.push(n);
            input.pop();
        }
        if name.is_empty() {
            out.push('\\');
            if let Some(n) = input.pop() {
                out.push(n);
            }
            continue;
        }
        let Some(m) = macros.get(&name) else {
            out.push('\\');
            out.extend(name.chars());
            continue;
        };
        expansions += 1;
        if expansions > MAX_EXPANSIONS {
            return Err(format!(
                "the macro \\{} expands without end (recursive, or nested past {MAX_EXPANSIONS} expansions)",
                crate::sanitize::one_line(&name)
            ));
        }
        let mut args: Vec<Vec<char>> = Vec::with_capacity(m.params);
        for k in 0..m.params {
            if k == 0
                && let Some(default) = &m.default
            {
                args.push(optional_arg(&mut input).unwrap_or_else(|| default.clone()));
                continue;
            }
            args.push(argument(&mut input).ok_or_else(|| {
                format!(
                    "the macro \\{} needs {} arguments",
                    crate::sanitize::one_line(&name),
                    m.params
                )
            })?);
        }
        let mut result: Vec<char> = Vec::with_capacity(m.body.len());
        let mut i = 0;
        while i < m.body.len() {
            let c = m.body[i];
            if c == '#'
                && let Some(d) = m.body.get(i + 1).and_then(|d| d.to_digit(10))
                && (1..=m.params).contains(&(d as usize))
            {
                result.extend(&args[d as usize - 1]);
                i += 2;
                continue;
            }
            result.push(c);
            i += 1;
        }
        *work += result.len() + args.iter().map(Vec::len).sum::<usize>();
        if *work > MAX_WORK {
            return Err(format!(
                "expanding \\{} takes more than {MAX_WORK} steps; macros nested too deep",
                crate::sanitize::one_line(&name)
            ));
        }
        if input.len() + out.len() + result.len() > MAX_EXPANDED {
            return Err(format!(
                "the macro \\{} grows the equation past {MAX_EXPANDED} characters (macros nested too deep)",
                crate::sanitize::one_line(&name)
            ));
        }
        input.extend(result.iter().rev());
    }
    Ok(out)
}

/// A macro's argument from the reversed input: a `{…}` group's content or one token.
fn argument(input: &mut Vec<char>) -> Option<Vec<char>> {
    while input.last().is_some_and(|c| c.is_whitespace()) {
        input.pop();
    }
    match input.pop()? {
        '{' => {
            let mut depth = 1usize;
            let mut arg = Vec::new();
            while let Some(c) = input.pop() {
                match c {
                    '\\' => {
                        arg.push(c);
                        if let Some(n) = input.pop() {
                            arg.push(n);
                        }
                        continue;
                    }
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(arg);
                        }
                    }
                    _ => {}
                }
                arg.push(c);
            }
            None
        }
        '\\' => {
            let mut arg = vec!['\\'];
            while let Some(&n) = input.last().filter(|n| n.is_ascii_alphabetic()) {
                arg.push(n);
                input.pop();
            }
            if arg.len() == 1 {
                arg.extend(input.pop());
            }
            Some(arg)
        }
        c => Some(vec![c]),
    }
}

/// An optional `[…]` argument from the reversed input, if one comes next.
fn optional_arg(input: &mut Vec<char>) -> Option<Vec<char>> {
    let mut k = input.len();
    while k > 0 && input[k - 1].is_whitespace() {
        k -= 1;
    }
    if k == 0 || input[k - 1] != '[' {
        return None;
    }
    let mut depth = 0usize;
    let mut arg = Vec::new();
    let mut j = k - 1;
    while j > 0 {
        j -= 1;
        let c = input[j];
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ']' if depth == 0 => {
                input.truncate(j);
                return Some(arg);
            }
            _ => {}
        }
        arg.push(c);
    }
    None
}
