//! The `:` scratchpad: evaluator expressions run in one environment kept for the
//! session, so `let` bindings persist, with a history walked by Up/Down. A line that
//! ends in a figure call (`heatmap(A)`, `plot(x, y)`, `hist(v)`, `bars(v)`) shows the
//! figure instead of a value: the call is recognised here, its arguments evaluated by
//! the evaluator, and the picture made by `figure::call`, so the evaluator stays pure.

use super::history::History;
use crate::eval::{self, Env, ExprKind, Program, Shown, Statement, Value};
use crate::figure::{Figure, call};
use crate::problems::card::{Bound, Card};
use crate::progress::scratchpad::Session;

/// Results kept for the pane; older ones scroll away.
const KEEP: usize = 50;

/// How many lines a figure stays among for the pane to keep the room it needs.
pub const FIGURE_STAYS: usize = 4;

/// A line of the scratchpad's pane.
#[derive(Debug, Clone, PartialEq)]
pub enum ScratchLine {
    /// An expression and its value as shown to the learner, or its error.
    Result {
        input: String,
        output: Result<Shown, String>,
    },
    /// What the scratchpad did on its own (bound a problem's parameters).
    Note(String),
    /// A figure call and its figure (its errors are a `Result` line).
    Figure { input: String, figure: Box<Figure> },
}

#[derive(Debug, Default)]
pub struct Scratch {
    env: Env,
    /// Inputs in the order they were run, walked with Up and Down.
    pub history: History,
    pub lines: Vec<ScratchLine>,
    /// The last value computed, for sending to an answer.
    pub last: Option<Value>,
}

impl Scratch {
    /// Whether `input` is vim's `:q` (`q`, `quit`, `q!`, `wq`, `x`) and names nothing
    /// bound here: the scratchpad opens with `:`, so a vim user's `:q` quits the reader
    /// (saved), as `q` does in the text.
    pub fn is_quit(&self, input: &str) -> bool {
        let word = input.trim();
        ["q", "quit", "q!", "qa", "wq", "x"].contains(&word) && self.env.get(word).is_none()
    }

    /// Runs `input` in the session's environment and keeps the result.
    pub fn run(&mut self, input: &str) {
        let input = input.trim();
        self.history.push(input);
        if input.is_empty() {
            return;
        }
        if let Some(drawn) = figure_call(input, &mut self.env) {
            let line = match drawn {
                Ok(figure) => ScratchLine::Figure {
                    input: input.to_string(),
                    figure: Box::new(figure),
                },
                Err(e) => ScratchLine::Result {
                    input: input.to_string(),
                    output: Err(e),
                },
            };
            self.push(line);
            return;
        }
        if let Some(help) = eval::text_call(input, &mut self.env) {
            self.push(ScratchLine::Result {
                input: input.to_string(),
                output: help.map(Shown::Text),
            });
            return;
        }
        let output = match eval::run(input, &mut self.env) {
            Ok(value) => {
                self.last = Some(value.clone());
                Ok(Shown::of(input, value))
            }
            Err(e) => Err(e.to_string()),
        };
        self.push(ScratchLine::Result {
            input: input.to_string(),
            output,
        });
    }

    /// What `input` would give, without changing the session (on a copy of it).
    pub fn preview(&self, input: &str) -> Option<Result<Shown, String>> {
        preview_in(input, &mut self.env.clone())
    }

    /// Binds every symbol of a problem's card under the names it prints (both spellings
    /// of a Greek name).
    pub fn bind(&mut self, card: &Card) {
        let env = card.env();
        for s in &card.symbols {
            for name in std::iter::once(&s.name).chain(&s.ascii) {
                match (&s.value, env.get(name)) {
                    (Bound::Text(text), _) => self.env.bind_text(name, text),
                    (Bound::Value(_), Some(value)) => self.env.bind(name, value.clone()),
                    (Bound::Value(_), None) => {}
                }
            }
        }
    }

    /// The history and bindings to keep for the next run (`store::scratchpad`).
    pub fn session(&self) -> Session {
        let bound = self.env.names().filter_map(|n| Some((n, self.env.get(n)?)));
        Session::new(self.history.lines(), bound)
    }

    /// Takes back what an earlier run kept: its history, then its bindings.
    pub fn restore(&mut self, session: &Session) {
        self.history = History::from_lines(session.history.clone());
        for (name, value) in session.values() {
            self.env.bind(&name, value);
        }
    }

    /// Whether a figure is among the newest [`FIGURE_STAYS`] lines: the pane grows to
    /// show it, and stays grown while the lines typed about it are few, so the figure
    /// stays in view beside them instead of collapsing at the next line.
    pub fn shows_figure(&self) -> bool {
        self.lines
            .iter()
            .rev()
            .take(FIGURE_STAYS)
            .any(|line| matches!(line, ScratchLine::Figure { .. }))
    }

    pub fn note(&mut self, text: String) {
        self.push(ScratchLine::Note(text));
    }

    fn push(&mut self, line: ScratchLine) {
        self.lines.push(line);
        if self.lines.len() > KEEP {
            self.lines.remove(0);
        }
    }
}

/// The value of `input` in `env`, or its error; `None` for blank input. A figure call
/// reads as the figure's summary.
pub fn preview_in(input: &str, env: &mut Env) -> Option<Result<Shown, String>> {
    if input.trim().is_empty() {
        return None;
    }
    if let Some(drawn) = figure_call(input, env) {
        return Some(drawn.map(|f| Shown::Text(format!("{} (Enter draws it)", f.summary()))));
    }
    Some(
        eval::run(input, env)
            .map(|v| Shown::of(input, v))
            .map_err(|e| e.to_string()),
    )
}

/// `None` unless the last statement of `input` is a figure call; then the figure, or
/// the first error. The statements before the call run first (their `let`s reach
/// `env` only when the figure is made), and every argument is evaluated after them.
fn figure_call(input: &str, env: &mut Env) -> Option<Result<Figure, String>> {
    let program = eval::parse(input).ok()?;
    let (last, before) = program.statements.split_last()?;
    let Statement::Expr(expr) = last else {
        return None;
    };
    let ExprKind::Call(name, args) = &expr.kind else {
        return None;
    };
    if !call::is_figure_call(name) {
        return None;
    }
    let run = |statements: Vec<Statement>, env: &mut Env| {
        Program { statements }.eval(env).map_err(|e| e.to_string())
    };
    // `bars(["a", "b"], v)`: words are read from the syntax (see `call::words`).
    let words = args.first().and_then(call::words);
    let args = if words.is_some() { &args[1..] } else { args };
    let values: Result<Vec<Value>, String> = args
        .iter()
        .map(|arg| {
            let mut statements = before.to_vec();
            statements.push(Statement::Expr(arg.clone()));
            run(statements, &mut env.clone())
        })
        .collect();
    let figure = values.and_then(|values| match words {
        Some(words) => call::with_words(name, words, &values),
        None => call::figure(name, &values),
    });
    if figure.is_ok() && !before.is_empty() {
        // Cannot fail: the same statements just ran on a copy of `env`.
        run(before.to_vec(), env).ok()?;
    }
    Some(figure)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_call_draws_instead_of_evaluating() {
        let mut s = Scratch::default();
        s.run("let A = [[0, 1], [2, 3]]; heatmap(A)");
        assert!(s.shows_figure());
        assert!(
            matches!(&s.lines[0], ScratchLine::Figure { figure, .. } if figure.summary() == "[heatmap 2x2, min 0, max 3]")
        );
        // The binding made before the call is kept; the last value is unchanged.
        s.run("A[1, 1]");
        assert_eq!(s.last, Some(Value::Scalar(3.0)));
        assert!(s.shows_figure(), "the figure stays in view");
        // A bad argument is a one-line error with its position; nothing is bound.
        s.run("let B = 1; hist([1, 2], 0)");
        assert!(
            matches!(&s.lines[2], ScratchLine::Result { output: Err(e), .. } if e == "bins must be a whole number from 1 to 200, got 0")
        );
        s.run("plot([1, 2], foo)");
        assert!(
            matches!(&s.lines[3], ScratchLine::Result { output: Err(e), .. } if e.starts_with("unknown name 'foo'") && e.ends_with("at 1:14"))
        );
        s.run("B");
        assert!(matches!(
            &s.lines[4],
            ScratchLine::Result { output: Err(_), .. }
        ));
        // Inside a larger expression it is not a figure: the evaluator says so.
        s.run("1 + bars([1])");
        assert!(matches!(
            &s.lines[5],
            ScratchLine::Result { output: Err(_), .. }
        ));
    }

    #[test]
    fn a_figure_preview_is_its_summary() {
        let s = Scratch::default();
        assert_eq!(
            s.preview("bars([1, 5])"),
            Some(Ok(Shown::Text(
                "[bars 1x2, min 1, max 5] (Enter draws it)".to_string()
            )))
        );
        assert!(matches!(s.preview("heatmap()"), Some(Err(_))));
    }

    #[test]
    fn a_preview_binds_nothing() {
        let mut s = Scratch::default();
        let four = s.preview("let y = 4; y").unwrap().unwrap();
        assert_eq!(four.to_string(), "4");
        s.run("y");
        assert!(
            matches!(&s.lines[0], ScratchLine::Result { output: Err(e), .. } if e.contains("y"))
        );
        assert_eq!(s.preview("  "), None);
    }
}
