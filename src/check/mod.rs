//! `attn-course check`: everything a course states is verified by computing it.

pub mod claims;
pub mod course;
pub mod defined;
mod discriminate;
mod finding;
pub mod glossary;
pub mod links;
pub mod model_numbers;
mod pieces;
pub mod problems;
pub mod references;
pub mod symbols;

pub use course::{Tally, check};
pub use finding::Finding;
