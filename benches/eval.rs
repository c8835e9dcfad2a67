//! Placeholder until this benchmark is written.
fn main() {}
