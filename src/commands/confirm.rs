//! A yes/no question before a command does something that cannot be taken back. Scripts
//! (stdin not a terminal) are never asked: they must say `--yes`, so that a pipe or
//! `/dev/null` on stdin can never be taken for consent.

use std::io::{BufRead as _, IsTerminal as _, Write as _};

use anyhow::{Context as _, bail};

/// Asks `question` on stderr and reads the answer from stdin: `Ok(true)` for y/yes.
/// When stdin is not a terminal, an error telling `command` to add `--yes`.
pub fn ask(question: &str, command: &str) -> anyhow::Result<bool> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        bail!("{command} needs --yes when stdin is not a terminal (nothing changed)");
    }
    let mut stderr = std::io::stderr();
    write!(stderr, "{question} [y/N] ").context("writing the question")?;
    stderr.flush().context("writing the question")?;
    let mut answer = String::new();
    stdin
        .lock()
        .read_line(&mut answer)
        .context("reading the answer")?;
    Ok(is_yes(&answer))
}

fn is_yes(answer: &str) -> bool {
    matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_y_or_yes_consents() {
        for yes in ["y\n", "Y", " yes \n", "YES"] {
            assert!(super::is_yes(yes), "{yes:?}");
        }
        for no in ["", "\n", "n", "no", "yess", "sure"] {
            assert!(!super::is_yes(no), "{no:?}");
        }
    }
}
