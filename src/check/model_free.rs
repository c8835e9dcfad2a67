//! A course read without its model must lose only its `{.model}` sections: a computed
//! claim, a problem or a figure outside them that needs the model would break for
//! whoever copies the course without `model/` (or builds it without the weights).
//!
//! So each lesson of a course that has its model is read again as a course without it
//! reads it, and walked again as the main walk does (`course::lesson_findings`) with
//! the model hidden ([`crate::model::without`]). Only the model's refusal is reported
//! here; every other error was already reported by the main walk.

use crate::content::{Course, Lesson};
use crate::model;

use super::Finding;

/// Findings for everything outside the `{.model}` sections of `course` that needs
/// the model.
pub fn check(course: &Course) -> Vec<Finding> {
    let mut findings = Vec::new();
    for lesson in course.lessons.iter().filter_map(Lesson::without_model) {
        // One learner is enough: a problem needs the model for every seed or none.
        let walked = model::without(|| super::course::lesson_findings(&lesson, 1));
        findings.extend(
            walked
                .into_iter()
                .filter(|f| f.message.contains(model::HIDDEN_MESSAGE))
                .map(|f| Finding {
                    message: format!(
                        "this needs the model but is outside every `{{.model}}` section, so a course without model/ loses it: {}",
                        f.message
                    ),
                    ..f
                }),
        );
    }
    findings
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
