//! attn-course: *The Mathematics of Attention*, read and practised in a terminal.
//!
//! The pipeline follows `design.md`: `content` (load course, parse lessons) →
//! `layout` (markdown + math → styled lines at a width) → `ui` (ratatui drawing) ←
//! `app` (state, keys) → `progress` (the learner's record: its model, merge, clock and
//! the one way an answer is judged and recorded) ← `store` (that record on disk).
//! `math` (LaTeX → 2-D text) and `eval` (the attention evaluator) are pure libraries
//! used by all of them. `sync` is the protocol that merges the record of two machines.
//! The library crate exists so that `tests/` and `benches/` can reach every module.

pub mod app;
pub mod check;
pub mod cli;
pub mod commands;
pub mod content;
pub mod disk;
pub mod embedded;
pub mod eval;
pub mod figure;
pub mod layout;
pub mod lens;
pub mod math;
pub mod model;
pub mod problems;
pub mod progress;
pub mod sanitize;
pub mod settings;
pub mod store;
pub mod sync;
pub mod tty;
pub mod tui;
pub mod ui;
