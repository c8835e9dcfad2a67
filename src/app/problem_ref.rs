//! A problem of the course by its place: what the answer line (`prompt`) and the
//! problem panel (`problem`) both name. Its own file, so that the line, which `problem`
//! opens, need not import `problem` back.

/// A problem of the course: its lesson, its block in the lesson, its number there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProblemRef {
    pub lesson: usize,
    pub block: usize,
    /// 1-based, as displayed.
    pub number: usize,
}

impl ProblemRef {
    /// `2.3`.
    pub fn label(&self) -> String {
        format!("{}.{}", self.lesson + 1, self.number)
    }
}
