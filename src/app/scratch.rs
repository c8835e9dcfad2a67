//! The `:` scratchpad: evaluator expressions run in one environment kept for the
//! session, so `let` bindings persist, with a history walked by Up/Down.

use crate::eval::{self, Env, Value};
use crate::problems::instance::Instance;

/// Results kept for the pane; older ones scroll away.
const KEEP: usize = 50;

/// A line of the scratchpad's pane.
#[derive(Debug, Clone, PartialEq)]
pub enum ScratchLine {
    /// An expression and its value as the evaluator prints it, or its error.
    Result {
        input: String,
        output: Result<String, String>,
    },
    /// What the scratchpad did on its own (bound a problem's parameters).
    Note(String),
}

#[derive(Debug, Default)]
pub struct Scratch {
    env: Env,
    /// Inputs in the order they were run, without repeats in a row.
    pub history: Vec<String>,
    /// Position while walking the history (`history.len()` is the fresh line).
    walk: Option<usize>,
    /// The line being typed before the walk began, given back at its end.
    draft: String,
    pub lines: Vec<ScratchLine>,
    /// The last value computed, for sending to an answer.
    pub last: Option<Value>,
}

impl Scratch {
    /// Runs `input` in the session's environment and keeps the result.
    pub fn run(&mut self, input: &str) {
        let input = input.trim();
        self.walk = None;
        if input.is_empty() {
            return;
        }
        if self.history.last().map(String::as_str) != Some(input) {
            self.history.push(input.to_string());
        }
        let output = match eval::run(input, &mut self.env) {
            Ok(value) => {
                let shown = value.to_string();
                self.last = Some(value);
                Ok(shown)
            }
            Err(e) => Err(e.to_string()),
        };
        self.push(ScratchLine::Result {
            input: input.to_string(),
            output,
        });
    }

    /// What `input` would give, without changing the session (on a copy of it).
    pub fn preview(&self, input: &str) -> Option<Result<String, String>> {
        preview_in(input, &mut self.env.clone())
    }

    /// Binds every parameter of `instance` by name; the names bound, in order.
    pub fn bind(&mut self, instance: &Instance) -> Result<Vec<String>, String> {
        let env = instance.env().map_err(|e| e.to_string())?;
        let mut names = Vec::new();
        for b in &instance.bindings {
            if let Some(value) = env.get(&b.name) {
                self.env.bind(&b.name, value.clone());
                names.push(b.name.clone());
            }
        }
        Ok(names)
    }

    pub fn note(&mut self, text: String) {
        self.push(ScratchLine::Note(text));
    }

    /// One step back (`-1`) or forward (`1`) in the history from the line `current`;
    /// `None` when there is nowhere to go.
    pub fn step_history(&mut self, delta: isize, current: &str) -> Option<String> {
        let len = self.history.len();
        let at = self.walk.unwrap_or(len);
        let next = at.checked_add_signed(delta).filter(|&n| n <= len)?;
        if next == at {
            return None;
        }
        if self.walk.is_none() {
            self.draft = current.to_string();
        }
        self.walk = Some(next);
        Some(match self.history.get(next) {
            Some(line) => line.clone(),
            None => std::mem::take(&mut self.draft),
        })
    }

    fn push(&mut self, line: ScratchLine) {
        self.lines.push(line);
        if self.lines.len() > KEEP {
            self.lines.remove(0);
        }
    }
}

/// The value of `input` in `env`, or its error; `None` for blank input.
pub fn preview_in(input: &str, env: &mut Env) -> Option<Result<String, String>> {
    if input.trim().is_empty() {
        return None;
    }
    Some(
        eval::run(input, env)
            .map(|v| v.to_string())
            .map_err(|e| e.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_walks_back_and_returns_the_draft() {
        let mut s = Scratch::default();
        s.run("1 + 1");
        s.run("2 * 3");
        s.run("2 * 3");
        assert_eq!(s.history, ["1 + 1", "2 * 3"], "a repeat is kept once");
        assert_eq!(s.step_history(-1, "dra").as_deref(), Some("2 * 3"));
        assert_eq!(s.step_history(-1, "2 * 3").as_deref(), Some("1 + 1"));
        assert_eq!(s.step_history(-1, "1 + 1"), None, "the oldest is the end");
        assert_eq!(s.step_history(1, "1 + 1").as_deref(), Some("2 * 3"));
        assert_eq!(s.step_history(1, "2 * 3").as_deref(), Some("dra"));
        assert_eq!(s.step_history(1, "dra"), None);
    }

    #[test]
    fn a_preview_binds_nothing() {
        let mut s = Scratch::default();
        assert_eq!(s.preview("let y = 4; y"), Some(Ok("4".to_string())));
        s.run("y");
        assert!(
            matches!(&s.lines[0], ScratchLine::Result { output: Err(e), .. } if e.contains("y"))
        );
        assert_eq!(s.preview("  "), None);
    }
}
