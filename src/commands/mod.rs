//! One module per subcommand of the command line; this file only dispatches and turns
//! errors into the contract's exit codes (0 success, 1 a negative answer, 2 usage or
//! input error) with a one-line message.

pub mod check;
mod confirm;
pub mod docs;
pub mod eval;
pub mod explain;
pub mod list;
pub mod math;
pub mod problem;
pub mod progress;
pub mod read;
pub mod sync;

use std::process::ExitCode;

use crate::cli::{Cli, Command};
use crate::sanitize::one_line;
use crate::settings::Settings;
use crate::store::{Opened, Store};

/// Runs the command line and returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    let settings = Settings::from_env(&cli);
    crate::model::use_course_dir(settings.course_dir.as_deref());
    if cli.command.as_ref().is_none_or(Command::keeps_progress)
        && let Err(err) = check_home(&settings)
    {
        eprintln!("attn-course: {}", one_line(&err));
        return ExitCode::from(2);
    }
    let result = match cli.command {
        None => crate::tui::run(&settings).map(|code| match &settings.sync_on_quit {
            Some(host) => sync::on_quit(&settings, host, code),
            None => code,
        }),
        Some(Command::List) => list::run(&settings),
        Some(Command::Read { n, width }) => read::run(&settings, n, width),
        Some(Command::Math { latex, width }) => math::run(&settings, &latex, width),
        Some(Command::Explain { latex, tex, width }) => {
            explain::run(&settings, latex.as_deref(), tex.as_deref(), width)
        }
        Some(Command::Eval { expr, json }) => eval::run(&expr, json),
        Some(Command::Problem {
            id,
            hint,
            solution,
            yes,
        }) => problem::show(
            &settings,
            &id,
            problem::Extras {
                hint,
                solution,
                yes,
            },
        ),
        Some(Command::Answer { id, answer }) => problem::answer(&settings, &id, &answer),
        Some(Command::Check { seeds }) => check::run(&settings, seeds),
        Some(Command::Progress { action }) => progress::run(&settings, action),
        Some(Command::Sync(args)) => sync::run(&settings, args),
        Some(Command::SyncServe) => sync::serve(&settings),
        Some(Command::Completions { shell }) => docs::completions(shell),
        Some(Command::Man) => docs::man(),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("attn-course: {}", one_line(&format!("{err:#}")));
            ExitCode::from(2)
        }
    }
}

/// A progress home that exists but is not a directory (`--home FILE`) cannot hold the
/// record: say so up front rather than fail later with the OS's "File exists".
fn check_home(settings: &Settings) -> Result<(), String> {
    match &settings.home {
        Some(home) if home.exists() && !home.is_dir() => Err(format!(
            "progress home {} is not a directory (give --home a directory)",
            home.display()
        )),
        _ => Ok(()),
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

/// Writes one line of output to stdout. Every command's standard output passes here, so
/// course and record text (titles, prompts, feedback, notes, echoed input) reaches the
/// terminal only through [`crate::sanitize::clean`]. `false` when stdout is closed (a
/// finished `| head`), which is not an error worth reporting.
pub fn say(text: &str) -> bool {
    use std::io::Write;
    writeln!(std::io::stdout().lock(), "{}", crate::sanitize::clean(text)).is_ok()
}
