//! Sentence splitting on the eight real lessons, through the layout the reader uses:
//! abbreviations and citations ("et al.", "e.g."), decimals and inline math with periods
//! stay inside their sentence, and every sentence is on screen where the layout says.

use std::path::Path;

use attn_course::content::Course;
use attn_course::layout::{self, Context, LaidOut, Theme, line_text};

fn lessons() -> Course {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    Course::load(Some(&dir)).expect("the course loads")
}

fn laid_out(course: &Course, width: usize, ascii: bool) -> Vec<LaidOut> {
    course
        .lessons
        .iter()
        .enumerate()
        .map(|(i, lesson)| {
            let ctx = Context {
                theme: Theme::new(ascii, false),
                lesson_number: i + 1,
                problems: attn_course::progress::ProblemStates::none(),
                learner_seed: 0,
            };
            layout::lesson(lesson, width, &ctx)
        })
        .collect()
}

fn texts(view: &LaidOut) -> Vec<String> {
    view.sentences.iter().map(|s| s.sentence.text()).collect()
}

#[test]
fn every_lesson_has_prose_sentences_that_end_properly() {
    let course = lessons();
    assert_eq!(course.lessons.len(), 8);
    for (lesson, view) in course.lessons.iter().zip(laid_out(&course, 80, false)) {
        let sentences = texts(&view);
        assert!(sentences.len() > 50, "{}: {}", lesson.slug, sentences.len());
        for (i, s) in sentences.iter().enumerate() {
            for abbreviation in [" et al.", " e.g.", " i.e.", " cf.", " Eq.", " vs."] {
                assert!(
                    !s.ends_with(abbreviation),
                    "{}: split after {abbreviation:?}: {s:?} | {:?}",
                    lesson.slug,
                    sentences.get(i + 1)
                );
            }
            // A sentence never starts with the digits after a decimal point.
            let prev = if i > 0 { sentences[i - 1].as_str() } else { "" };
            let decimal_torn = prev.ends_with(|c: char| c.is_ascii_digit())
                && s.starts_with(|c: char| c.is_ascii_digit());
            assert!(!decimal_torn, "{}: {prev:?} | {s:?}", lesson.slug);
        }
    }
}

#[test]
fn citations_decimals_and_math_stay_inside_the_real_sentences() {
    let course = lessons();
    let all: Vec<String> = laid_out(&course, 80, false)
        .iter()
        .flat_map(texts)
        .collect();
    let containing = |needle: &str| {
        all.iter()
            .filter(|s| s.contains(needle))
            .cloned()
            .collect::<Vec<_>>()
    };
    // "et al." followed by a year in brackets does not end a sentence.
    let xiao = containing("Xiao et al. (2024)");
    assert!(!xiao.is_empty());
    assert!(
        xiao.iter().all(|s| s.contains("attention sink")),
        "{xiao:?}"
    );
    // Decimal numbers: "0.5" appears many times in the lessons, always mid-sentence.
    let halves = containing("0.5");
    assert!(halves.len() > 5);
    assert!(halves.iter().all(|s| !s.starts_with("5")));
    // Inline math keeps its periods and its place in the sentence.
    for s in all.iter().filter(|s| s.contains('$')) {
        assert_eq!(s.matches('$').count() % 2, 0, "math torn: {s:?}");
    }
}

#[test]
fn the_layout_places_each_sentence_where_its_text_is_drawn() {
    let course = lessons();
    for width in [40, 80] {
        for ascii in [false, true] {
            for view in laid_out(&course, width, ascii) {
                for spot in &view.sentences {
                    assert!(
                        !spot.rows.is_empty(),
                        "{:?} not placed",
                        spot.sentence.text()
                    );
                    for row in &spot.rows {
                        let line = line_text(&view.lines[row.line]);
                        let cells: Vec<char> = line.chars().collect();
                        assert!(row.start < row.end && row.end <= width);
                        // In ASCII mode and for prose without wide glyphs, columns are
                        // characters: the first word of the sentence is drawn there.
                        if ascii && row == &spot.rows[0] {
                            let drawn: String = cells[row.start..row.end].iter().collect();
                            let text = spot.sentence.text();
                            let first =
                                layout::ascii::fold(text.split_whitespace().next().unwrap_or(""))
                                    .into_owned();
                            if !first.contains(['$', '`', '*']) {
                                assert!(
                                    drawn.starts_with(&first),
                                    "{drawn:?} should start with {first:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

mod properties {
    use attn_course::content::sentence::{Sentence, split};
    use attn_course::content::{BlockKind, markdown};
    use proptest::prelude::*;

    fn flat(inlines: &[attn_course::content::Inline]) -> String {
        Sentence {
            inlines: inlines.to_vec(),
        }
        .text()
    }

    proptest! {
        /// Any text made of the characters that matter (periods, math, code, capitals,
        /// digits, brackets, quotes, line breaks) splits without a panic into sentences
        /// that together are the paragraph, none of them blank.
        #[test]
        fn splitting_loses_nothing(text in "[a-cA-C0-9 .!?…$`()\"'\n*e]{0,60}") {
            for block in markdown::parse("p.md", 1, &text) {
                if let BlockKind::Paragraph(inlines) = &block.kind {
                    let parts = split(inlines);
                    let joined: Vec<_> = parts.iter().flat_map(|s| s.inlines.clone()).collect();
                    prop_assert_eq!(flat(&joined), flat(inlines));
                    prop_assert!(parts.iter().all(|s| !s.text().is_empty()));
                }
            }
        }
    }
}
