//! The welcome on a new learner's first screen.

use super::App;
use crate::content::intro_line;

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
