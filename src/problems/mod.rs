//! Problems: per-learner parameters, tolerances, and checking answers with the evaluator.

pub mod feedback;
pub mod instance;
pub mod locate;
pub mod mutants;
pub mod params;
pub mod problem;
pub mod seed;
pub mod template;
pub mod verdict;

pub use problem::{Judged, Problem};
