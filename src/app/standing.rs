//! Where the learner stands in the whole course, at a glance: lessons read and problems
//! solved. One source for `attn-course list` and the reader.

use super::App;
use crate::content::Course;
use crate::layout::Mark;
use crate::progress::{Progress, solved_count};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    /// Lessons read to the end (the contents' full mark).
    pub read: usize,
    pub lessons: usize,
    pub solved: usize,
    pub problems: usize,
}

impl Standing {
    pub fn of(course: &Course, progress: &Progress) -> Standing {
        let mut standing = Standing {
            read: 0,
            lessons: course.lessons.len(),
            solved: 0,
            problems: 0,
        };
        for lesson in &course.lessons {
            let record = progress.lessons.get(&lesson.slug);
            if Mark::of_read(record.map_or(0.0, |r| r.read)) == Mark::Full {
                standing.read += 1;
            }
            let (solved, of) = solved_count(lesson, record);
            standing.solved += solved;
            standing.problems += of;
        }
        standing
    }
}

impl std::fmt::Display for Standing {
    /// "lessons read 2/8, problems solved 5/40" (plain ASCII: it goes to pipes too).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "lessons read {}/{}", self.read, self.lessons)?;
        if self.problems > 0 {
            write!(f, ", problems solved {}/{}", self.solved, self.problems)?;
        }
        Ok(())
    }
}

/// How the course introduces itself on a new learner's first screen: where it stands in
/// its reading track and how long it is. Only a fresh home is welcomed, so nothing is read
/// or solved yet, and the first frame need not parse every lesson to count problems
/// (lessons are parsed when first opened).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Welcome {
    /// The course's title and its track (or tagline), one line.
    pub intro: String,
    pub lessons: usize,
}

impl App {
    /// Introduces the course on the first screen (a learner's first start).
    pub fn show_welcome(&mut self) {
        self.welcome = true;
    }

    /// The introduction to show, until the learner's first key.
    pub fn welcome(&self) -> Option<Welcome> {
        let course = &self.course;
        self.welcome.then(|| Welcome {
            intro: intro_line(&course.title, &course.tagline, &course.track, ": "),
            lessons: course.lessons.len(),
        })
    }
}

/// How a course introduces itself in one line: its title, `sep`, then where it stands in its
/// reading track (or its tagline when it has no track). Course text is untrusted
/// (`--course`), so it is made single-line and free of control characters.
pub fn intro_line(title: &str, tagline: &str, track: &str, sep: &str) -> String {
    let about = if track.trim().is_empty() {
        tagline
    } else {
        track
    };
    let line = if about.trim().is_empty() {
        title.to_string()
    } else {
        format!("{title}{sep}{about}")
    };
    crate::sanitize::one_line(line.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_intro_names_the_track_or_else_the_tagline() {
        let line = |title, tagline, track| intro_line(title, tagline, track, " - ");
        assert_eq!(line("T", "tag", "Course 3 of 8"), "T - Course 3 of 8");
        assert_eq!(line("T", "tag", " "), "T - tag");
        assert_eq!(line("T", "", ""), "T");
        assert_eq!(line("T\x1b[2J", "", "a\nb"), "T\u{FFFD}[2J - a b");
    }

    #[test]
    fn standing_reads_as_a_sentence_part() {
        let s = Standing {
            read: 2,
            lessons: 8,
            solved: 5,
            problems: 40,
        };
        assert_eq!(s.to_string(), "lessons read 2/8, problems solved 5/40");
        let none = Standing { problems: 0, ..s };
        assert_eq!(none.to_string(), "lessons read 2/8");
    }
}
