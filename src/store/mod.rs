//! The learner's progress on disk: the only module that touches the learner's files.
//! (Persistence lands with the reader issue; `model` fixes the data it keeps.)

pub mod model;

pub use model::{Attempt, LessonRecord, Position, ProblemRecord, Progress, SCHEMA};
