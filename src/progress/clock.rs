//! Wall-clock time as the record keeps it (Unix seconds) and as people read it (UTC),
//! without a date crate: the civil calendar conversion is a few lines.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since the Unix epoch now (0 if the clock is before 1970).
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A moment in UTC, split into calendar fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Utc {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
}

impl Utc {
    pub fn from_unix(secs: u64) -> Utc {
        let days = i64::try_from(secs / 86_400).unwrap_or(i64::MAX / 2);
        let rem = secs % 86_400;
        let (year, month, day) = civil_from_days(days);
        // Each of these is below 86 400, so the casts cannot truncate.
        Utc {
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem / 60 % 60) as u32,
            second: (rem % 60) as u32,
        }
    }

    /// A compact stamp for file names: `20261130T031106Z` (sorts in time order, no
    /// characters that any filesystem refuses).
    pub fn stamp(&self) -> String {
        format!(
            "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// `2026-11-30 03:11:06 UTC`.
impl fmt::Display for Utc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// Year, month, day of a count of days since 1970-01-01 (Howard Hinnant's algorithm
/// for the proleptic Gregorian calendar, in 400-year eras).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
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
    }
}
