//! The command line, a contract (see `design.md`): tests and scripts outside the
//! project call these subcommands and flags exactly as written here.

use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

/// The one-line description `-h` shows; `--help` shows it too, then more.
const ABOUT: &str = "The Mathematics of Attention: a derivation-first course in your terminal";

/// What `--help` adds below [`ABOUT`] (clap shows `long_about` instead of `about`, so
/// `long_about` must repeat it).
const USAGE_NOTE: &str = "With no subcommand, opens the course where you left off. \
                          Keys: ? in the reader lists them all.";

/// The command line with `--help` naming where the embedded course stands (its tagline and
/// reading track, read from its `course.toml` at run time: `--course` is not known before
/// the arguments are parsed, so it is always the embedded course). Completions and the
/// man page are generated from this same definition.
pub fn command() -> clap::Command {
    let intro = crate::content::Intro::embedded();
    let long = [ABOUT, &intro.tagline, &intro.track, USAGE_NOTE]
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| crate::sanitize::one_line(s))
        .collect::<Vec<_>>()
        .join("\n\n");
    Cli::command().long_about(long)
}

#[derive(Debug, Parser)]
#[command(
    name = "attn-course",
    version,
    about = ABOUT
)]
pub struct Cli {
    /// Read the course from DIR instead of the embedded one (for authors).
    #[arg(long, global = true, value_name = "DIR")]
    pub course: Option<PathBuf>,
    /// Draw with 7-bit ASCII only (automatic when the locale is not UTF-8).
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Leave the mouse to the terminal (its own select-and-copy) instead of scrolling
    /// with the wheel; or set ATTN_COURSE_NO_MOUSE=1.
    #[arg(long, global = true)]
    pub no_mouse: bool,
    /// Where progress lives (default: the data directory; or $ATTN_COURSE_HOME).
    #[arg(long, global = true, value_name = "DIR")]
    pub home: Option<PathBuf>,
    /// Colours for a dark or a light terminal background (default: $ATTN_COURSE_THEME, else dark).
    #[arg(long, global = true, value_name = "THEME")]
    pub theme: Option<ThemeName>,
    /// After you quit the reader, sync your record with HOST as `sync HOST` does (giving
    /// up after a few seconds, and saying so); or set ATTN_COURSE_SYNC_ON_QUIT=HOST.
    #[arg(long, value_name = "HOST")]
    pub sync_on_quit: Option<String>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The background the colours are chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ThemeName {
    Dark,
    Light,
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
        /// The equation in LaTeX, without `$` delimiters (e.g. '\frac{QK^T}{\sqrt{d_k}}').
        latex: String,
        /// Width in columns to lay out in (default: the terminal's, or 80 when piped).
        #[arg(long)]
        width: Option<u16>,
    },
    /// Explain an equation from a paper: drawn in 2-D, then every symbol and recognised
    /// sub-expression in the course's words, with the section and problem for each.
    Explain {
        /// The equation in LaTeX, without `$` delimiters (e.g. '\softmax(QK^T/\sqrt{d_k})V').
        #[arg(
            allow_hyphen_values = true,
            required_unless_present = "tex",
            conflicts_with = "tex"
        )]
        latex: Option<String>,
        /// Explain every display equation of a paper's LaTeX source instead, in order,
        /// with the paper's simple macros expanded.
        #[arg(long, value_name = "FILE")]
        tex: Option<PathBuf>,
        /// Width in columns to lay out in (default 80).
        #[arg(long)]
        width: Option<u16>,
    },
    /// Evaluate an expression in the attention evaluator.
    Eval {
        /// The expression, e.g. 'softmax([1,2,3])'; may start with '-' (`attn-course eval '-x^2'`).
        // The doc line is the `--help` text, where `[1,2,3]` is not a link.
        #[allow(rustdoc::broken_intra_doc_links)]
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// Print {"shape":[...],"data":[...]} with full precision.
        #[arg(long)]
        json: bool,
    },
    /// Print problem ID (e.g. 2.3) with your numbers; --hint N and --solution as in the reader.
    Problem {
        /// Lesson and problem number, e.g. 2.3.
        id: String,
        /// Also print hints 1 to N (recorded, as in the reader).
        #[arg(long, value_name = "N")]
        hint: Option<usize>,
        /// Also print the worked solution: earned after a right answer or 3 attempts;
        /// before that it needs --yes (recorded as revealed, as in the reader).
        #[arg(long)]
        solution: bool,
        /// Show the solution before it is earned.
        #[arg(long, requires = "solution")]
        yes: bool,
    },
    /// Check an answer to problem ID and record the attempt (exit 0 right, 1 wrong, 2 error).
    Answer {
        /// Lesson and problem number, e.g. 2.3.
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
    /// Print a completion script for SHELL to stdout.
    Completions {
        /// The shell to complete in.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) to stdout.
    Man,
    /// Your record: show, export, import, reset.
    Progress {
        #[command(subcommand)]
        action: ProgressAction,
    },
    /// Merge your record with the one on HOST over ssh, both ways: both end the same,
    /// nothing either held is lost; says what moved.
    Sync(SyncArgs),
    /// The other side of `sync`, run by it over ssh: speaks the sync protocol on stdin
    /// and stdout.
    #[command(hide = true)]
    SyncServe,
}

/// `attn-course sync [user@]host`.
#[derive(Debug, clap::Args)]
pub struct SyncArgs {
    /// The other machine, [user@]host as ssh takes it (your ~/.ssh/config, agent and
    /// keys apply).
    // The doc line is the `--help` text, where `[user@]` is not a link.
    #[allow(rustdoc::broken_intra_doc_links)]
    pub host: String,
    /// The ssh command (default: $ATTN_COURSE_SSH, else `ssh -o BatchMode=yes`: no
    /// password prompt), run by sh with HOST and the remote command after it, as
    /// GIT_SSH_COMMAND is.
    #[arg(long, value_name = "CMD")]
    pub ssh: Option<String>,
    /// The attn-course to run on HOST, with its flags, e.g. '~/bin/attn-course --home
    /// ~/study' (default: $ATTN_COURSE_REMOTE_COMMAND, else `attn-course`).
    #[arg(long, value_name = "CMD")]
    pub remote_command: Option<String>,
    /// Say what would move, and change nothing on either side.
    #[arg(long)]
    pub dry_run: bool,
    /// When the two records hold work made with two different seeds, keep HOST's
    /// (this side's problem numbers change).
    #[arg(long, conflicts_with = "keep_local_seed")]
    pub take_remote_seed: bool,
    /// When the two records hold work made with two different seeds, keep this side's
    /// (HOST's problem numbers change).
    #[arg(long)]
    pub keep_local_seed: bool,
    /// Give up when HOST sends nothing for SECS seconds.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub timeout: u64,
}

impl Command {
    /// Whether the subcommand reads or writes the progress home (the others work without
    /// one, so a bad `--home` does not stop them).
    pub fn keeps_progress(&self) -> bool {
        matches!(
            self,
            Command::List
                | Command::Read { .. }
                | Command::Problem { .. }
                | Command::Answer { .. }
                | Command::Progress { .. }
                | Command::Sync(_)
                | Command::SyncServe
        )
    }
}

#[derive(Debug, Subcommand)]
pub enum ProgressAction {
    /// List what you read, attempted and solved.
    Show,
    /// Write your record to FILE (- for standard output); with --notes, your notes and
    /// questions as markdown. An existing file is replaced only with --force; a symbolic
    /// link is written through to the file it names.
    Export {
        /// Where to write the record (a TOML file).
        #[arg(required_unless_present = "notes")]
        file: Option<PathBuf>,
        /// Write your notes and questions as markdown (lesson, section, the sentence
        /// quoted, the note, answered or not) to this file (- for standard output).
        #[arg(long, value_name = "FILE")]
        notes: Option<PathBuf>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Merge the record in FILE into yours (never drops a solved problem).
    Import {
        /// A record written by `progress export`.
        file: PathBuf,
    },
    /// Start over (the old record is kept beside the new one); asks first.
    Reset {
        /// Do not ask (needed when stdin is not a terminal, as in scripts).
        #[arg(long)]
        yes: bool,
    },
}
