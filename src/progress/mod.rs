//! The learner's record: what it holds (`model`), how two copies of it merge (`merge`),
//! the one clock its times come from (`clock`), the spaced-review schedule kept in it
//! (`schedule`, FSRS through `memory`), when help is earned (`reveal`), the one way an
//! answer is judged and recorded (`answer`), and what the layout and the words shown may
//! know of it (`view`).
//!
//! No files here: `store` reads and writes the record and imports this module, never
//! the reverse. Nothing here reads the clock either, except [`clock::now`], the one
//! source of wall-clock time that callers inject (the reader pins it in tests).

pub mod answer;
mod changes;
pub mod clock;
pub mod memory;
mod merge;
pub mod model;
pub mod reveal;
pub mod schedule;
pub mod scratchpad;
pub mod view;

pub use answer::{AnswerError, Answered, instance, judge_and_record};
pub use changes::Changes;
pub use model::{Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review, SCHEMA};
pub use view::{ProblemState, ProblemStates, Stage, solved_count};
