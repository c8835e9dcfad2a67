//! The scratchpad's session kept between runs: its history and its `let` bindings,
//! bounded ([`MAX_HISTORY`] lines of at most [`MAX_LINE`] bytes, [`MAX_ELEMENTS`]
//! numbers in all). The learner's data, beside the record; `store::scratchpad` keeps it
//! in a file.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::eval::{Shape, Value};

/// The newest history lines kept.
pub const MAX_HISTORY: usize = 200;
/// A longer history line is not kept.
pub const MAX_LINE: usize = 4096;
/// The numbers kept across all bindings; a binding that would pass it is not kept.
pub const MAX_ELEMENTS: usize = 100_000;

/// What the file holds.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Session {
    #[serde(default)]
    pub history: Vec<String>,
    /// Each binding's value, by name.
    #[serde(default)]
    pub bindings: BTreeMap<String, Saved>,
}

/// A value as its shape and its numbers, row-major, every digit kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub shape: Vec<usize>,
    pub data: Vec<f64>,
}

impl Session {
    /// The session to keep: the newest history lines and the bindings, within bounds.
    pub fn new<'a>(
        history: &[String],
        bindings: impl Iterator<Item = (&'a String, &'a Value)>,
    ) -> Session {
        let history: Vec<String> = history
            .iter()
            .filter(|line| line.len() <= MAX_LINE)
            .cloned()
            .collect();
        let history = history[history.len().saturating_sub(MAX_HISTORY)..].to_vec();
        let mut kept = 0;
        let mut saved = BTreeMap::new();
        let mut bindings: Vec<_> = bindings.collect();
        bindings.sort_by(|a, b| a.0.cmp(b.0));
        for (name, value) in bindings {
            if kept + value.len() <= MAX_ELEMENTS {
                kept += value.len();
                let shape = value.shape().dims();
                saved.insert(
                    name.clone(),
                    Saved {
                        shape,
                        data: value.elements().to_vec(),
                    },
                );
            }
        }
        Session {
            history,
            bindings: saved,
        }
    }

    /// The bindings that are right (a name, data of its shape, within bounds), as values.
    pub fn values(&self) -> Vec<(String, Value)> {
        let mut kept = 0;
        let mut out = Vec::new();
        for (name, saved) in &self.bindings {
            let shape = match saved.shape.as_slice() {
                [] => Shape::Scalar,
                [n] => Shape::Vector(*n),
                [r, c] => Shape::Matrix(*r, *c),
                _ => continue,
            };
            if !is_name(name) || kept + saved.data.len() > MAX_ELEMENTS {
                continue;
            }
            if let Some(value) = Value::from_shape(shape, saved.data.clone()) {
                kept += value.len();
                out.push((name.clone(), value));
            }
        }
        out
    }
}

/// An identifier of the evaluator: a letter or `_`, then letters, digits or `_`.
fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 64
}
