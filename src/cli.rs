//! The command line, a contract (see `design.md`): tests and scripts outside the
//! project call these subcommands and flags exactly as written here.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "attn-course",
    version,
    about = "The Mathematics of Attention: a derivation-first course in your terminal",
    long_about = "Opens the course where you left off. Keys: ? in the reader lists them all."
)]
pub struct Cli {
    /// Read the course from DIR instead of the embedded one (for authors).
    #[arg(long, global = true, value_name = "DIR")]
    pub course: Option<PathBuf>,
    /// Draw with 7-bit ASCII only (automatic when the locale is not UTF-8).
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Where progress lives (default: the data directory; or $ATTN_COURSE_HOME).
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Lessons with their progress, one line each.
    List,
    /// Lesson N rendered as plain text, equations laid out.
    Read {
        /// Lesson number, 1 to 8.
        n: usize,
        /// Width in columns (default: the terminal's, or 80 when piped).
        #[arg(long)]
        width: Option<u16>,
    },
    /// One LaTeX equation laid out as 2-D text.
    Math {
        latex: String,
        #[arg(long)]
        width: Option<u16>,
    },
    /// Evaluate an expression in the attention evaluator.
    Eval {
        /// May start with '-' (`attn-course eval '-x^2'`).
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// Print {"shape":[...],"data":[...]} with full precision.
        #[arg(long)]
        json: bool,
    },
    /// Print problem ID (e.g. 2.3) with your numbers.
    Problem { id: String },
    /// Check an answer to problem ID and record the attempt (exit 0 right, 1 wrong, 2 error).
    Answer {
        id: String,
        /// May start with '-' (`attn-course answer 2.1 -0.5`).
        #[arg(allow_hyphen_values = true)]
        answer: String,
    },
    /// Validate a course: lessons, equations, problems, computed claims.
    Check {
        /// Seeds per problem.
        #[arg(long, default_value_t = 100)]
        seeds: u32,
    },
    /// Your record: show, export, import, reset.
    Progress {
        #[command(subcommand)]
        action: ProgressAction,
    },
}

#[derive(Debug, Subcommand)]
pub enum ProgressAction {
    /// List what you read, attempted and solved.
    Show,
    /// Write your record to FILE; with --notes, your notes and questions as markdown.
    Export {
        #[arg(required_unless_present = "notes")]
        file: Option<PathBuf>,
        /// Write your notes and questions as markdown (lesson, section, the sentence
        /// quoted, the note, answered or not) to this file.
        #[arg(long, value_name = "FILE")]
        notes: Option<PathBuf>,
    },
    /// Merge the record in FILE into yours (never drops a solved problem).
    Import { file: PathBuf },
    /// Start over (the old record is kept beside the new one).
    Reset,
}
