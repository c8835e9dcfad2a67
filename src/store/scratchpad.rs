//! The file of the scratchpad's session ([`Session`]: its history and its `let`
//! bindings), `<home>/scratchpad.toml`, a file of its own beside the record (the record's format
//! does not change). Written atomically on quit, bounded ([`MAX_HISTORY`] lines of at
//! most [`MAX_LINE`] bytes, [`MAX_ELEMENTS`] numbers in all), and read tolerantly: a
//! file that does not parse, or an entry that is not right, is skipped, never an error,
//! since nothing in it is the learner's record.

use std::path::Path;

use super::{file, tokens};
pub use crate::progress::scratchpad::Session;
use crate::progress::scratchpad::{MAX_ELEMENTS, MAX_HISTORY, MAX_LINE};

/// The file's name inside the home folder.
pub const FILE_NAME: &str = "scratchpad.toml";

/// The largest scratchpad file read: its history at most, every character escaped
/// (200 lines of 4096 bytes, six bytes an escape), with room for the numbers.
const MAX_FILE_BYTES: u64 = 8 << 20;
/// The most keys and values a scratchpad file may hold, counted before it is parsed:
/// the parser's memory grows with them (a 16 MB file of tiny values took 1.3 GB). Each
/// number kept is one, each binding a few more, each history line one.
const MAX_PIECES: usize = 3 * MAX_ELEMENTS + MAX_HISTORY;

/// The session kept in `home`; empty when there is none or it cannot be read (over
/// `MAX_FILE_BYTES` (8 MiB) or `MAX_PIECES` keys and values: refused before parsing, see
/// [`save`]).
pub fn load(home: &Path) -> Session {
    let Ok(bytes) = file::read_regular_capped(&home.join(FILE_NAME), MAX_FILE_BYTES) else {
        return Session::default();
    };
    let mut session: Session = std::str::from_utf8(&bytes)
        .ok()
        .filter(|text| tokens::within(text, MAX_PIECES))
        .and_then(|text| toml::from_str(text).ok())
        .unwrap_or_default();
    session.history.retain(|line| line.len() <= MAX_LINE);
    let cut = session.history.len().saturating_sub(MAX_HISTORY);
    session.history.drain(..cut);
    session
}

/// Writes `session` to `home`, atomically, every hidden character of its strings
/// escaped (the history holds what the learner typed or pasted).
/// A session whose text would be over what [`load`] reads (many tiny bindings) is
/// written without its bindings: never a file the next start refuses whole.
pub fn save(home: &Path, session: &Session) -> Result<(), String> {
    let text = |session: &Session| {
        toml::to_string(session)
            .map(|text| crate::sanitize::toml_escape::escape_hidden(&text).into_owned())
            .map_err(|e| e.to_string())
    };
    let mut written = text(session)?;
    if written.len() as u64 > MAX_FILE_BYTES || !tokens::within(&written, MAX_PIECES) {
        written = text(&Session {
            history: session.history.clone(),
            bindings: Default::default(),
        })?;
    }
    file::write_atomic(&home.join(FILE_NAME), written.as_bytes()).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Shape, Value};
    use crate::progress::scratchpad::MAX_ELEMENTS;

    fn values(pairs: &[(&str, Value)]) -> Vec<(String, Value)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect()
    }

    #[test]
    fn a_session_comes_back_with_every_digit() {
        let home = tempfile::tempdir().unwrap();
        let bound = values(&[
            ("x", Value::Scalar(0.1 + 0.2)),
            ("v", Value::Vector(vec![1.0 / 3.0, f64::NEG_INFINITY])),
        ]);
        let history = vec!["let x = 0.1 + 0.2".to_string(), "x".to_string()];
        let session = Session::new(&history, bound.iter().map(|(n, v)| (n, v)));
        save(home.path(), &session).unwrap();
        let back = load(home.path());
        assert_eq!(back.history, history);
        let mut got = back.values();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            got,
            values(&[("v", bound[1].1.clone()), ("x", bound[0].1.clone())])
        );
    }

    #[test]
    fn a_damaged_file_or_entry_is_skipped() {
        let home = tempfile::tempdir().unwrap();
        let path = home.path().join(FILE_NAME);
        std::fs::write(&path, "history = [1, 2\n").unwrap();
        assert_eq!(load(home.path()), Session::default());
        std::fs::write(
            &path,
            "history = [\"1 + 1\"]\n\
             [bindings.good]\nshape = [2]\ndata = [1.0, 2.0]\n\
             [bindings.short]\nshape = [3]\ndata = [1.0]\n\
             [bindings.\"not a name\"]\nshape = []\ndata = [1.0]\n\
             [bindings.cube]\nshape = [1, 1, 1]\ndata = [1.0]\n",
        )
        .unwrap();
        let back = load(home.path());
        assert_eq!(back.history, ["1 + 1"]);
        assert_eq!(
            back.values(),
            values(&[("good", Value::Vector(vec![1.0, 2.0]))])
        );
    }

    #[test]
    fn what_is_kept_is_bounded() {
        let long: Vec<String> = (0..MAX_HISTORY + 10).map(|i| i.to_string()).collect();
        let big = Value::from_shape(Shape::Vector(MAX_ELEMENTS), vec![0.0; MAX_ELEMENTS]).unwrap();
        let bound = values(&[("a", Value::Scalar(1.0)), ("b", big)]);
        let session = Session::new(&long, bound.iter().map(|(n, v)| (n, v)));
        assert_eq!(session.history.len(), MAX_HISTORY);
        assert_eq!(session.history[0], "10", "the newest lines are kept");
        assert_eq!(session.bindings.keys().collect::<Vec<_>>(), ["a"]);
    }

    /// Item 11 of issue 26: a file of tiny values, or one over the byte cap, is refused
    /// before the parser sees it (a 16 MB one took 620 MB to parse).
    #[test]
    fn a_file_over_the_pieces_or_the_bytes_bound_is_refused_before_parsing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        let tiny = format!("history = [{}\"1\"]\n", "\"1\",".repeat(MAX_PIECES));
        std::fs::write(&path, tiny).unwrap();
        assert_eq!(load(dir.path()), Session::default());
        let padded = format!(
            "history = [\"x\"]\n{}",
            "#\n".repeat(MAX_FILE_BYTES as usize / 2)
        );
        std::fs::write(&path, padded).unwrap();
        assert_eq!(load(dir.path()), Session::default());
        std::fs::write(&path, "history = [\"x\"]\n").unwrap();
        assert_eq!(load(dir.path()).history, ["x"]);
    }

    /// What `save` writes `load` reads: a session of many one-number bindings (over the
    /// pieces bound) is written with its history and without its bindings.
    #[test]
    fn a_session_too_full_to_read_back_is_saved_without_its_bindings() {
        let dir = tempfile::tempdir().unwrap();
        let bindings: Vec<(String, Value)> = (0..MAX_ELEMENTS)
            .map(|i| (format!("v{i}"), Value::Scalar(i as f64)))
            .collect();
        let session = Session::new(&["1 + 1".to_string()], bindings.iter().map(|(n, v)| (n, v)));
        assert_eq!(session.bindings.len(), MAX_ELEMENTS);
        save(dir.path(), &session).unwrap();
        let back = load(dir.path());
        assert_eq!(back.history, ["1 + 1"]);
        assert!(back.bindings.is_empty());
    }
}
