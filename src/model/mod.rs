//! The tiny trained transformer shipped with the course (`lessons/model/`): a 2-layer,
//! Pre-LN, decoder-only character model trained by `lessons/model/train.py` on the
//! course's own prose. Lessons and learners look inside it with the evaluator's model
//! functions (`src/eval/model_fns/`).
//!
//! A pure library: `load` reads and checks a safetensors file into a [`Model`],
//! `forward` runs a text through it keeping every activation ([`Run`]), with the
//! interventions of `edit` applied on the way; `circuits` reads circuits and logit
//! attributions from the weights and a run; `data` holds the held-out text the model
//! is measured on, `sweep` the statistics over all of it and `lens` those of
//! each stream; `init` draws the model
//! as training started it; `shipped` finds the course's model and loads it once, on
//! first use (start-up never pays for it).

mod circuits;
mod data;
mod edit;
mod forward;
mod init;
mod kernel;
mod lens;
mod load;
mod names;
mod run;
mod shipped;
mod sweep;
mod tensor;

pub use circuits::Composition;
pub use data::{Heldout, MAX_HELDOUT_CHARS};
pub use edit::{Edit, Edits, How, Means, Site};
pub use lens::StreamSums;
pub use load::{Config, Model};
pub use run::Run;
pub use shipped::{
    HIDDEN_MESSAGE, WEIGHTS_FILE, shipped, shipped_heldout, use_course_dir, without,
};
pub use sweep::{HeadStats, RepeatStats, Sweep, TOP_K};
pub use tensor::Tensor;
