//! A lesson file (markdown with math, problem, eval and figure blocks) from an author:
//! parsing, laying out at a width and checking never panic.
#![no_main]
use attn_course::content::Lesson;
use attn_course::layout::{self, Theme};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lesson = Lesson::parse(
        "fuzz".into(),
        "fuzz.md".into(),
        "T".into(),
        String::new(),
        text,
    );
    for (width, ascii) in [(80, false), (17, true)] {
        let ctx = layout::Context {
            theme: Theme::new(ascii, false),
            lesson_number: 1,
            problems: attn_course::progress::ProblemStates::none(),
            learner_seed: 7,
        };
        let _ = layout::lesson(&lesson, width, &ctx);
    }
    let course = attn_course::content::Course {
        title: "T".into(),
        tagline: String::new(),
        track: String::new(),
        lessons: vec![lesson],
        glossary: Default::default(),
        hazards: Vec::new(),
    };
    let _ = attn_course::check::check(&course, 2);
});
