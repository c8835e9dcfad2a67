//! Problems: per-learner parameters, tolerances, and checking answers with the evaluator.

pub mod feedback;
pub mod instance;
pub mod locate;
pub mod memory;
pub mod params;
pub mod problem;
pub mod reveal;
pub mod schedule;
pub mod seed;
pub mod template;
pub mod verdict;

pub use problem::{Judged, Problem};
