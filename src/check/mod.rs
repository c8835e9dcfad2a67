//! `attn-course check`: everything a course states is verified by computing it.

pub mod claims;
pub mod course;
pub mod glossary;
pub mod problems;

pub use course::{Finding, Tally, check};
