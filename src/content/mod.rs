//! The course: `course.toml` and the lesson files, loaded and parsed (pure, no terminal).
