//! The learner's record: its one owner in a session (`Learner`: every change is a
//! method there), what it holds (`model`), how two copies of it merge (`merge`),
//! the one clock its times come from (`clock`), the spaced-review schedule kept in it
//! (`schedule`, FSRS through `memory`), when help is earned (`reveal`), the one way an
//! answer is judged and recorded (`answer`), and what the layout and the words shown may
//! know of it (`view`).
//!
//! No files here: `store` reads and writes the record and imports this module, never
//! the reverse. Nothing here reads the clock either, except [`clock::now`], the one
//! source of wall-clock time that callers inject (the reader pins it in tests).

mod absorb;
pub mod answer;
mod card;
mod changes;
pub mod clock;
mod learner;
pub mod memory;
mod merge;
pub mod model;
pub mod report;
pub mod reveal;
pub mod schedule;
pub mod scratchpad;
mod standing;
pub mod view;

pub use absorb::{SeedRule, absorb, adopted, joined};
pub use answer::{AnswerError, Answered, instance};
pub use card::Card;
pub use changes::Changes;
pub use learner::{Learner, NotYet, SaveNeed, Saver};
pub use model::{Attempt, LessonRecord, Note, Position, ProblemRecord, Progress, Review, SCHEMA};
pub use standing::Standing;
pub use view::{ProblemState, ProblemStates, Stage, fully_read, percent, solved_count};
