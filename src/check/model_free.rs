//! A course read without its model must lose only its `{.model}` sections: a computed
//! claim, a problem or a figure outside them that needs the model would break for
//! whoever copies the course without `model/` (or builds it without the weights).
//!
//! So each lesson of a course that has its model is read again as a course without it
//! reads it, and what remains is evaluated with the model hidden
//! ([`crate::model::without`]). Only the model's refusal is reported here; every other
//! error was already reported by the main walk.

use crate::content::{Block, BlockKind, Course, Lesson, markdown};
use crate::model;
use crate::problems::Problem;

use super::Finding;

/// Findings for everything outside the `{.model}` sections of `course` that needs
/// the model.
pub fn check(course: &Course) -> Vec<Finding> {
    let mut findings = Vec::new();
    for lesson in course.lessons.iter().filter_map(Lesson::without_model) {
        model::without(|| {
            for block in lesson.blocks() {
                walk(&lesson, block, &mut findings);
            }
        });
    }
    findings
}

fn walk(lesson: &Lesson, block: &Block, findings: &mut Vec<Finding>) {
    let mut found = |line: usize, error: &str| {
        if error.contains(model::HIDDEN_MESSAGE) {
            findings.push(Finding::at(
                lesson.file.clone(),
                line,
                format!(
                    "this needs the model but is outside every `{{.model}}` section, so a course without model/ loses it: {error}"
                ),
            ));
        }
    };
    match &block.kind {
        BlockKind::List { items, .. } => {
            for b in items.iter().flatten() {
                walk(lesson, b, findings);
            }
        }
        BlockKind::Quote(blocks) => {
            for b in blocks {
                walk(lesson, b, findings);
            }
        }
        BlockKind::Claims(Ok(claims)) => {
            for c in claims {
                if let Err(e) = super::claims::check(&c.expr, &c.expected) {
                    found(c.line, &e);
                }
            }
        }
        BlockKind::Figure(figure) => {
            if let Err(e) = figure.figure() {
                found(e.line, &e.message);
            }
        }
        BlockKind::Problem(spec) => {
            let Ok(spec) = spec.as_ref() else { return };
            match Problem::from_spec(spec) {
                Ok(problem) => {
                    // One learner is enough: the model is needed for every seed or none.
                    for e in problem.validate(&lesson.slug, &spec.prompt, 1) {
                        found(block.line, &format!("problem `{}`: {e}", spec.id));
                    }
                }
                Err(e) => found(block.line, &format!("problem `{}`: {e}", spec.id)),
            }
            let texts = spec.hints.iter().chain(std::iter::once(&spec.solution));
            for text in texts {
                for b in markdown::parse(&lesson.file, block.line, text) {
                    walk(lesson, &b, findings);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course(text: &str) -> Course {
        Course {
            lessons: vec![Lesson::parse(
                "l".into(),
                "l.md".into(),
                "L".into(),
                String::new(),
                text,
            )],
            ..Course::load(None).expect("embedded course")
        }
    }

    const OUTSIDE: &str = "# L\n\n## 1.1 Idea\n\n```eval\ntokens(\"ab\")[0] * 0\n=> 0\n```\n";
    const INSIDE: &str = "# L\n\n## 1.1 Idea\n\nText.\n\n## 1.2 In a trained model {.model}\n\n```eval\ntokens(\"ab\")[0] * 0\n=> 0\n```\n";

    #[test]
    fn a_claim_that_needs_the_model_outside_a_model_section_is_found() {
        let findings = check(&course(OUTSIDE));
        assert_eq!(findings.len(), 1, "{findings:?}");
        assert_eq!((findings[0].file.as_str(), findings[0].line), ("l.md", 6));
        assert!(
            findings[0]
                .message
                .contains("outside every `{.model}` section"),
            "{}",
            findings[0].message
        );
    }

    #[test]
    fn inside_a_model_section_it_is_fine_and_the_model_is_back_afterwards() {
        assert_eq!(check(&course(INSIDE)), []);
        assert!(model::shipped().is_ok());
    }

    #[test]
    fn the_embedded_course_needs_its_model_only_in_model_sections() {
        assert_eq!(check(&Course::load(None).expect("embedded course")), []);
    }
}
