//! The tiny trained transformer shipped with the course (`lessons/model/`): a 2-layer,
//! Pre-LN, decoder-only character model trained by `lessons/model/train.py` on the
//! course's own prose. Lessons and learners look inside it with the evaluator's model
//! functions (`src/eval/model_fns.rs`).
//!
//! A pure library: `load` reads and checks a safetensors file into a [`Model`],
//! `forward` runs a text through it keeping every activation ([`Run`]), `shipped` finds
//! the course's model and loads it once, on first use (start-up never pays for it).

mod forward;
mod kernel;
mod load;
mod names;
mod shipped;
mod tensor;

pub use forward::{Run, Tensor};
pub use load::{Config, Model};
pub use shipped::{HIDDEN_MESSAGE, WEIGHTS_FILE, shipped, use_course_dir, without};
