//! One module per subcommand of the command line; this file only dispatches and turns
//! errors into the contract's exit codes (0 success, 1 a negative answer, 2 usage or
//! input error) with a one-line message.

pub mod check;
pub mod eval;
pub mod list;
pub mod math;
pub mod problem;
pub mod progress;
pub mod read;

use std::process::ExitCode;

use crate::cli::{Cli, Command};
use crate::settings::Settings;
use crate::store::{Opened, Store};

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let settings = Settings::from_env(&cli);
    let result = match cli.command {
        None => crate::tui::run(&settings),
        Some(Command::List) => list::run(&settings),
        Some(Command::Read { n, width }) => read::run(&settings, n, width),
        Some(Command::Math { latex, width }) => math::run(&settings, &latex, width),
        Some(Command::Eval { expr, json }) => eval::run(&expr, json),
        Some(Command::Problem { id }) => problem::show(&settings, &id),
        Some(Command::Answer { id, answer }) => problem::answer(&settings, &id, &answer),
        Some(Command::Check { seeds }) => check::run(&settings, seeds),
        Some(Command::Progress { action }) => progress::run(&settings, action),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("attn-course: {}", one_line(&format!("{err:#}")));
            ExitCode::from(2)
        }
    }
}

/// Opens the learner's record for a command. A problem at open (a corrupt file set
/// aside, a newer schema, a home that cannot be written) is printed as one warning line
/// on stderr, the same for every command, and the command goes on; the reader shows it
/// in its status line instead.
pub fn open_store(settings: &Settings) -> Opened {
    let opened = Store::open(settings.home.as_deref());
    if let Some(warning) = &opened.warning {
        eprintln!("attn-course: {}", one_line(warning));
    }
    opened
}

/// Makes an error message safe and single-line for a terminal: control characters from
/// user input (escape sequences above all) must never reach it.
pub fn one_line(message: &str) -> String {
    message
        .chars()
        .map(|c| match c {
            '\n' | '\r' | '\t' => ' ',
            c if c.is_control() => '\u{FFFD}',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn one_line_removes_newlines_and_escapes() {
        assert_eq!(one_line("a\nb\x1b[31mc"), "a b\u{FFFD}[31mc");
    }
}
