//! A course's `course.toml` from an author: loading gives a course or a one-line error
//! naming the file, never a panic; the titles (which may hold inline math) lay out as
//! one clean line, 7-bit in ASCII mode.
#![no_main]
use attn_course::content::{Course, Source};
use attn_course::layout::{self, Theme};
use libfuzzer_sys::fuzz_target;

/// The lesson files a fuzzed manifest may name; any other name is a missing file.
const FILES: &[(&str, &str)] = &[
    ("a.md", "# A\n\nText with $x^2$.\n"),
    ("b.md", "## Idea\n\n$$\\frac{1}{\\sqrt{d_k}}$$\n"),
];

fuzz_target!(|data: &[u8]| {
    let Ok(manifest) = std::str::from_utf8(data) else {
        return;
    };
    let files: Vec<(&str, &str)> = [("course.toml", manifest)]
        .into_iter()
        .chain(FILES.iter().copied())
        .collect();
    match Course::from_source(Source::Files(&files)) {
        Ok(course) => {
            assert!(
                !course.lessons.is_empty(),
                "a course without lessons loaded"
            );
            for ascii in [false, true] {
                let theme = Theme::new(ascii, false);
                let titles = course.lessons.iter().flat_map(|l| [&l.title, &l.blurb]);
                for text in [&course.title, &course.tagline].into_iter().chain(titles) {
                    let shown = layout::inline_text(text, theme);
                    assert!(
                        !shown.contains('\n'),
                        "title laid out on two lines: {shown:?}"
                    );
                    assert!(
                        !ascii || shown.is_ascii(),
                        "non-ASCII title in ASCII mode: {shown:?}"
                    );
                }
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.contains('\n'), "error on two lines: {message:?}");
        }
    }
});
