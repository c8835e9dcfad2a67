//! The integration tests: one crate, one binary, one link of the library (fifty test
//! binaries each linking all of it made a fresh `cargo test` spend most of its time in
//! the linker). Each module is what was once its own file under `tests/`; run one with
//! `cargo test --test it MODULE::` (e.g. `cargo test --test it architecture::`).
//!
//! A new test file `tests/it/NAME.rs` is declared here with `mod NAME;`; its snapshots
//! live in `tests/it/snapshots/it__NAME__*.snap`. Shared helpers are `crate::common`
//! (fixture courses, keys, frames, `missing_tool`) and `crate::pty` (the real binary in
//! a pseudo-terminal). A test that changes process-wide state (a signal disposition of
//! the test process, an environment variable, the working directory, a global flag of
//! the library) cannot live here, since every module runs in this one process: give it
//! its own file `tests/NAME.rs`, as `tests/eval_interrupt.rs` is.

mod common;
mod pty;

mod answer_cli;
mod architecture;
mod ask_frames;
mod ask_keys;
mod card_symbols;
mod check_glossary;
mod check_links;
mod cli_manners;
mod contents_titles;
mod course_bounds;
mod course_problems;
mod diagnoses;
mod e2e_pty;
mod eval_cli;
mod eval_language;
mod eval_numpy;
mod eval_properties;
mod faults_pty;
mod figure_check;
mod figure_frames;
mod first_screen;
mod glossary_view;
mod hidden_pty;
mod hostile_course;
mod hostile_model;
mod lens;
mod lens_tex;
mod lens_view;
mod math_corpus;
mod math_errors;
mod math_layout;
mod math_props;
mod math_snapshots;
mod merge_props;
mod model_cli;
mod model_numbers;
mod model_parity;
mod open_store;
mod problem_lint;
mod problem_paste;
mod reader_cli;
mod reader_frames;
mod reader_habits;
mod reader_keys;
mod reading_marks;
mod readme;
mod review;
mod scratch_figures;
mod scroll_region;
mod search_notation;
mod sentences;
mod special_functions;
mod ssh_e2e;
mod store_bounds;
mod store_cli;
mod store_files;
mod store_hostile;
mod store_kill;
mod store_memory;
mod store_pending;
mod store_props;
mod store_samples;
mod sync_cli;
mod sync_e2e;
mod sync_faults;
mod sync_on_quit;
mod term_matrix;
mod terminal_pty;
mod tui_problems;
mod written_text;
