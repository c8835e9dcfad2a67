//! A record as file bytes, both ways: every record read goes through [`decode`] (the
//! format with its bounds, then future times clamped), every record written through
//! [`record_text`] (the size cap), and a file the learner names (`progress import
//! FILE`) through [`read_record`].

use std::fmt::Display;
use std::io;
use std::path::Path;

use super::file::{self, MAX_RECORD_BYTES};
use super::format::{self, FormatError};
use super::{limits, tokens};
use crate::progress::{Progress, SCHEMA};

/// A record read from a file the learner named (`progress import FILE`) that cannot be
/// used; the message says what and where (`FILE:LINE:COLUMN: ...`).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct RecordError(String);

/// Every record read from a file goes through here: the format (with its bounds, see
/// `limits.rs`), then times after `now` (the session's clock) moved back to it (see
/// `Progress::clamp_future`).
pub(super) fn decode(bytes: &[u8], now: u64) -> Result<Progress, FormatError> {
    let mut progress = format::parse(bytes)?;
    progress.clamp_future(now);
    Ok(progress)
}

/// Reads the record file `path` of the home (the progress file, a pending file) by the
/// one rule its readers share: `None` when there is no such file; a file over the size
/// cap is corrupt, unless its first lines declare a newer schema, whose files may be
/// larger (then it is newer, and never written over).
pub(super) fn read_file(
    path: &Path,
    now: u64,
) -> io::Result<Option<Result<Progress, FormatError>>> {
    match file::read_if_exists(path) {
        Ok(Some(bytes)) => Ok(Some(decode(&bytes, now))),
        Ok(None) => Ok(None),
        Err(e) if file::is_too_large(&e) => {
            let head = crate::disk::read_head(path, format::SCHEMA_HEAD_BYTES).unwrap_or_default();
            Ok(Some(Err(
                match format::declared_schema(&String::from_utf8_lossy(&head)) {
                    Some(schema) if schema > i64::from(SCHEMA) => FormatError::Newer { schema },
                    _ => FormatError::Invalid {
                        line: 0,
                        column: 0,
                        message: e.to_string(),
                    },
                },
            )))
        }
        Err(e) => Err(e),
    }
}

/// Reads a record from a file the learner named, its times clamped to `now`. A record
/// from a newer release is refused: merging it would write its fields back under this
/// release's schema.
pub fn read_record(path: &Path, now: u64) -> Result<Progress, RecordError> {
    let shown = path.display();
    let bytes = file::read_regular(path).map_err(|e| {
        RecordError(if file::is_too_large(&e) {
            e.to_string()
        } else {
            format!("cannot read {shown}: {e}")
        })
    })?;
    decode_record(&bytes, &shown, now)
}

/// The record in the bytes of a file the learner named (`shown` in messages): what
/// [`read_record`] does after reading the file.
pub fn decode_record(bytes: &[u8], shown: &dyn Display, now: u64) -> Result<Progress, RecordError> {
    match decode(bytes, now) {
        Ok(progress) if progress.is_newer() => Err(RecordError(
            FormatError::Newer {
                schema: i64::from(progress.schema),
            }
            .located(&shown),
        )),
        Ok(progress) => Ok(progress),
        Err(e) => Err(RecordError(e.located(&shown))),
    }
}

/// Writes `progress` to `path` atomically. A record over the size cap is refused: the
/// next read would refuse it.
pub fn write_record(path: &Path, progress: &Progress) -> Result<(), String> {
    let text = record_text(progress)?;
    file::write_atomic(path, text.as_bytes()).map_err(|e| e.to_string())
}

/// The record as the text a file holds, refused when the read path would refuse it:
/// every bound `decode` checks is checked here first (what the record holds, see
/// `limits.rs`; the file's size, [`MAX_RECORD_BYTES`]; its keys and values, see
/// `tokens.rs`), so a save or an import never writes a file its own next start sets
/// aside; the file on disk is kept and the error says why.
pub fn record_text(progress: &Progress) -> Result<String, String> {
    let unwritable = |reason: String| format!("not written, the file on disk is kept: {reason}");
    limits::check(progress).map_err(unwritable)?;
    let text = format::to_toml(progress)?;
    let size = text.len() as u64;
    if size > MAX_RECORD_BYTES {
        return Err(unwritable(format!(
            "the record would be {:.1} MiB, over the {} MiB a record may be",
            size as f64 / f64::from(1 << 20),
            MAX_RECORD_BYTES >> 20
        )));
    }
    tokens::check(&text).map_err(unwritable)?;
    Ok(text)
}
