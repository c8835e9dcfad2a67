//! A whole course from someone else (`--course`): `course.toml`, two lessons and a
//! glossary, cut from the input at NUL bytes. Loading gives a course or a one-line error;
//! every lesson lays out at several widths, Unicode and ASCII, with no hidden character
//! (escape sequence, bidi override, zero-width) in any line; `check` runs to the end.
#![no_main]
use attn_course::content::{Course, Source};
use attn_course::layout::{self, Theme};
use attn_course::sanitize::is_hidden;
use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 4] = ["course.toml", "a.md", "b.md", "glossary.toml"];

/// Used when the input has fewer parts: a manifest naming both lessons.
const MANIFEST: &str = "title = \"T\"\n[[lesson]]\nslug = \"a\"\nfile = \"a.md\"\ntitle = \"A\"\n[[lesson]]\nslug = \"b\"\nfile = \"b.md\"\ntitle = \"B $x$\"\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts: Vec<&str> = text.splitn(4, '\0').collect();
    if parts.len() < 3 {
        parts.insert(0, MANIFEST);
    }
    while parts.len() < 3 {
        parts.push("# Empty\n");
    }
    let files: Vec<(&str, &str)> = NAMES.iter().copied().zip(parts).collect();
    let course = match Course::from_source(Source::Files(&files)) {
        Ok(course) => course,
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "error on two lines: {message:?}");
            return;
        }
    };
    for (n, lesson) in course.lessons.iter().enumerate() {
        for (width, ascii) in [(80, false), (40, true), (17, false), (3, false)] {
            let ctx = layout::Context {
                theme: Theme::new(ascii, false),
                lesson_number: n + 1,
                problems: attn_course::progress::ProblemStates::none(),
                learner_seed: 7,
            };
            for line in &layout::lesson(lesson, width, &ctx).lines {
                let shown = layout::line_text(line);
                assert!(
                    !shown.chars().any(is_hidden),
                    "a hidden character laid out at width {width}: {shown:?}"
                );
            }
        }
    }
    let _ = attn_course::check::check(&course, 1);
});
