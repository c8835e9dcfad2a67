//! Where the learner stands in the whole course, at a glance: lessons read and problems
//! solved. One source for `attn-course list` and the reader.

use crate::content::Course;

use super::model::Progress;
use super::view::{fully_read, solved_count};

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
            if fully_read(record.map_or(0.0, |r| r.read)) {
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

#[cfg(test)]
mod tests {
    use super::*;

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
