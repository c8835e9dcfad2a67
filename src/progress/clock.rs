//! Wall-clock time as the record keeps it (Unix seconds), the one calendar it is read
//! in (chrono's, in UTC: the review schedule's FSRS crate works in it too), and the
//! clock a session injects ([`Clock`]; the reader's tests pin it).

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Datelike, Timelike};

/// Where a session's "now" comes from: [`now`], except in tests, which pin it. The
/// learner's record is stamped with it (`progress::Learner`) and the store clamps the
/// times it reads to it.
pub type Clock = fn() -> u64;

/// Seconds since the Unix epoch now (0 if the clock is before 1970).
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The end of year 9999 in Unix seconds: later times are read as this one, so that
/// chrono (which ends in year 262143) never overflows adding a century to a date.
const LATEST: i64 = 253_402_300_799;

/// Unix seconds as a date and time in UTC (from year 9999 on, the end of year 9999).
pub fn datetime(secs: u64) -> DateTime<chrono::Utc> {
    let secs = i64::try_from(secs).unwrap_or(i64::MAX).min(LATEST);
    DateTime::from_timestamp(secs, 0).unwrap_or_default()
}

/// A moment in UTC, as people read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Utc(DateTime<chrono::Utc>);

impl Utc {
    pub fn from_unix(secs: u64) -> Utc {
        Utc(datetime(secs))
    }

    /// A compact stamp for file names: `20261130T031106Z` (sorts in time order, no
    /// characters that any filesystem refuses).
    pub fn stamp(&self) -> String {
        let t = &self.0;
        format!(
            "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        )
    }
}

/// `2026-11-30 03:11:06 UTC`.
impl fmt::Display for Utc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.0;
        write!(
            f,
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC",
            t.year(),
            t.month(),
            t.day(),
            t.hour(),
            t.minute(),
            t.second()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_moments() {
        assert_eq!(Utc::from_unix(0).stamp(), "19700101T000000Z");
        // `date -u -d @1700000000`: Tue Nov 14 22:13:20 UTC 2023.
        assert_eq!(
            Utc::from_unix(1_700_000_000).to_string(),
            "2023-11-14 22:13:20 UTC"
        );
        // A leap day: 2024-02-29 00:00:00 is day 19782.
        assert_eq!(Utc::from_unix(19_782 * 86_400).stamp(), "20240229T000000Z");
        // The last second of a year.
        assert_eq!(Utc::from_unix(1_735_689_599).stamp(), "20241231T235959Z");
        // Past year 9999: the last second of it.
        assert_eq!(Utc::from_unix(u64::MAX).stamp(), "99991231T235959Z");
    }
}
