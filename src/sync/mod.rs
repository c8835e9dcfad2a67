//! Two-way sync of the learner's record between two machines (`attn-course sync HOST`):
//! the protocol both sides speak over one SSH connection (`wire`), a reader that gives
//! up on a stalled stream (`patient`), which seed the merged record keeps (`seed`) and
//! what moved each way (`moved`).
//!
//! A pure library: no process, no terminal, no file. `commands::sync` starts ssh and the
//! remote side (`attn-course sync-serve`), and each side merges and saves through its own
//! `store::Store`, under its own lock, so a reader open on either machine keeps its
//! work (its next save merges).
//!
//! The conversation (one line each, `record N` followed by N bytes of the record's TOML):
//! ```text
//! remote: attn-course-sync 1 VERSION SCHEMA    local: attn-course-sync 1 VERSION SCHEMA
//! remote: record N                              (its record, as read under its lock)
//! local:  record N                              or: bye (a dry run)
//! local:  seed (chosen|unbound) S               or: bye (a refusal: seeds, a bad record)
//! remote: ok                                    or: error LINE (nothing written there)
//! ```
//! The local side sends its record as soon as the remote's has come, so that both decode
//! at once; the remote merges only once the seed line came, and the local side merges
//! and saves only after `ok`: a connection lost at any byte leaves each record as it was
//! or merged, never part-written, and a rerun finishes the job.

pub mod moved;
pub mod patient;
pub mod seed;
pub mod wire;

pub use moved::Moved;
pub use patient::Patient;
pub use seed::{SeedChoice, seed_rule};
pub use wire::{Hello, Wire, WireError};
