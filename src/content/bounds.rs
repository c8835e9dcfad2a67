//! Bounds on a whole course, not only on each file: a 1 MiB cap per file still let a
//! `course.toml` list one 1 MiB lesson a thousand times (a gigabyte kept, 30 s and
//! 4.6 GB to list it). The course is counted as it is read, and loading stops at the
//! first file that takes it over a bound, with an error naming the bound and that file.
//!
//! Problems and claims are counted on the raw text, before parsing (which is lazy): a
//! line that opens a `problem` fence, and a line that starts with `=>` (every claim has
//! one). That may count a line of prose as a claim, never miss one, so the bound holds.

use super::error::ContentError;

/// The most lessons a course may have: the learner's record keeps at most this many
/// (`store::limits::MAX_LESSONS`, a test keeps the two equal), so a course with more
/// would make the reader write a record its next start rejects.
pub const MAX_LESSONS: usize = 1_000;
/// The most bytes of all the course's lessons together: fifteen times the bundled
/// course's 540 KB.
pub const MAX_COURSE_BYTES: usize = 8 << 20;
/// The most problems in a course: as many as the learner's record keeps.
pub const MAX_PROBLEMS: usize = 20_000;
/// The most computed claims in a course: `check` evaluates every one.
pub const MAX_CLAIMS: usize = 20_000;

/// What the lessons read so far hold, checked against the bounds as each is added.
#[derive(Debug, Default)]
pub struct Tally {
    bytes: usize,
    problems: usize,
    claims: usize,
}

/// The error for a `course.toml` whose lesson past [`MAX_LESSONS`] starts at `line`.
pub fn too_many_lessons(line: usize) -> ContentError {
    ContentError::new(
        "course.toml",
        line,
        format!("more than {MAX_LESSONS} lessons; a course may have at most {MAX_LESSONS}"),
    )
}

impl Tally {
    /// Adds lesson `file`'s `text`; an error naming the file and the bound when the
    /// course is now over one.
    pub fn add(&mut self, file: &str, text: &str) -> Result<(), ContentError> {
        let (problems, claims) = count(text);
        self.bytes += text.len();
        self.problems += problems;
        self.claims += claims;
        let over = |what: &str, total: usize, max: usize| {
            ContentError::new(
                file,
                0,
                format!("brings the course to {total} {what}; a course may hold at most {max}"),
            )
        };
        if self.bytes > MAX_COURSE_BYTES {
            return Err(over(
                "bytes of lessons (8 MiB)",
                self.bytes,
                MAX_COURSE_BYTES,
            ));
        }
        if self.problems > MAX_PROBLEMS {
            return Err(over("problems", self.problems, MAX_PROBLEMS));
        }
        if self.claims > MAX_CLAIMS {
            return Err(over("claims", self.claims, MAX_CLAIMS));
        }
        Ok(())
    }
}

/// At least the problems and the claims of a lesson's text: lines opening a `problem`
/// fence, lines starting with `=>`, each after any indent, `>` of a quote or list mark.
fn count(text: &str) -> (usize, usize) {
    let (mut problems, mut claims) = (0, 0);
    for line in text.lines() {
        let line = line.trim_start_matches(|c: char| {
            c.is_whitespace()
                || matches!(c, '>' | '-' | '*' | '+' | '.' | ')')
                || c.is_ascii_digit()
        });
        if line.starts_with("=>") {
            claims += 1;
        } else if let Some(info) = line
            .strip_prefix("```")
            .or_else(|| line.strip_prefix("~~~"))
        {
            let info = info.trim_start_matches(['`', '~', ' ', '\t']);
            problems += usize::from(info.starts_with("problem"));
        }
    }
    (problems, claims)
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn problems_and_claims_are_counted_in_quotes_lists_and_long_fences() {
        let text = "```problem\n```\n> ````  problem\n- ~~~problem\n```eval\n1\n=> 1\n\n 2\n  => 2\n```\n```rust\n```\n";
        assert_eq!(count(text), (3, 2));
    }
}
