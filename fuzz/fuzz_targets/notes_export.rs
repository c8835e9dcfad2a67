//! `progress export --notes` with hostile note text: the markdown never carries a control
//! character (escape sequences), a bidirectional override, or a line that is not part of
//! its structure (a heading, a quoted sentence, a task item or a blank line), whatever
//! the lesson, section, sentence and text of each note hold, with or without the course
//! (whose lesson titles head the notes of its lessons).
#![no_main]
use std::sync::OnceLock;

use attn_course::content::Course;
use attn_course::progress::report::notes_markdown;
use attn_course::progress::{Note, Progress};
use libfuzzer_sys::fuzz_target;

/// The bundled course, loaded once: `export --notes` orders and titles by it.
fn course() -> &'static Course {
    static COURSE: OnceLock<Course> = OnceLock::new();
    COURSE.get_or_init(|| Course::load(None).expect("the bundled course loads"))
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut progress = Progress::new(1);
    // Each note is four fields separated by U+0000; notes by U+0001.
    for (k, chunk) in text.split('\u{1}').enumerate().take(64) {
        let mut fields = chunk.split('\0');
        let mut next = || fields.next().unwrap_or_default().to_string();
        let mut note = Note::new(&next(), &next(), &next(), &next(), k as u64);
        note.answered = k % 2 == 1;
        progress.notes.push(note);
    }
    // An odd length exports with the course: both paths from one corpus.
    let course = (data.len() % 2 == 1).then(course);
    let markdown = notes_markdown(&progress, course);
    for line in markdown.lines() {
        assert!(
            !line.chars().any(|c| c.is_control()
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)),
            "unsafe character in {line:?}"
        );
        assert!(
            line.is_empty()
                || line.starts_with("# ")
                || line.starts_with("## ")
                || line.starts_with("### ")
                || line.starts_with("> ")
                || line.starts_with("- [ ] ")
                || line.starts_with("- [x] ")
                || line == "No notes yet.",
            "a line outside the structure: {line:?}"
        );
    }
});
