//! Walks a whole course and verifies everything it states: every lesson parses, every
//! equation lays out (Unicode and ASCII), every problem evaluates for many learners,
//! every computed claim holds.

use std::collections::HashSet;

use super::Finding;
use crate::content::{Block, BlockKind, Course, Inline, Lesson, ProblemSpec, markdown};
use crate::math;
use crate::model;
use crate::problems::Problem;

/// What `check` counted, for its closing line.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    pub lessons: usize,
    pub equations: usize,
    pub problems: usize,
    pub claims: usize,
    pub figures: usize,
}

/// Checks every lesson of `course`, drawing each problem for `seeds` learners.
pub fn check(course: &Course, seeds: u32) -> (Vec<Finding>, Tally) {
    let mut walker = Walker {
        findings: course.hazards.iter().map(Finding::from).collect(),
        tally: Tally::default(),
        seeds,
    };
    for lesson in &course.lessons {
        walker.tally.lessons += 1;
        walker
            .findings
            .extend(lesson.warnings().iter().map(Finding::from));
        walker.lesson(lesson);
    }
    walker.findings.extend(super::glossary::check(course));
    walker.findings.extend(super::links::check(course));
    walker.findings.extend(model_free(course));
    walker.findings.extend(super::model_numbers::check(course));
    walker.findings.extend(super::references::check(course));
    walker.findings.extend(super::symbols::check(course));
    (walker.findings, walker.tally)
}

/// What needs the model outside every `{.model}` section. A course read without its
/// model must lose only those sections: a claim, a problem or a figure outside them
/// that needs the model would break for whoever copies the course without `model/`.
/// So each lesson of a course that has its model is read again as a course without it
/// reads it, and walked again with the model hidden ([`model::without`]). Only the
/// model's refusal is reported; every other error the main walk has reported.
fn model_free(course: &Course) -> Vec<Finding> {
    let mut findings = Vec::new();
    for lesson in course.lessons.iter().filter_map(Lesson::without_model) {
        // One learner is enough: a problem needs the model for every seed or none.
        let walked = model::without(|| lesson_findings(&lesson, 1));
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

/// What the walk finds in one lesson, each problem drawn for `seeds` learners.
fn lesson_findings(lesson: &Lesson, seeds: u32) -> Vec<Finding> {
    let mut walker = Walker {
        findings: Vec::new(),
        tally: Tally::default(),
        seeds,
    };
    walker.lesson(lesson);
    walker.findings
}

struct Walker {
    findings: Vec<Finding>,
    tally: Tally,
    seeds: u32,
}

impl Walker {
    fn lesson(&mut self, lesson: &Lesson) {
        let mut ids = HashSet::new();
        for block in lesson.blocks() {
            if let BlockKind::Problem(spec) = &block.kind
                && let Ok(spec) = spec.as_ref()
                && !ids.insert(spec.id.clone())
            {
                self.find(
                    &lesson.file,
                    block.line,
                    format!("problem id `{}` is used twice", spec.id),
                );
            }
            self.block(lesson, block);
        }
    }

    fn find(&mut self, file: &str, line: usize, message: impl Into<String>) {
        self.findings
            .push(Finding::at(file.to_string(), line, message.into()));
    }

    fn block(&mut self, lesson: &Lesson, block: &Block) {
        let file = lesson.file.as_str();
        match &block.kind {
            BlockKind::Heading { text, .. } | BlockKind::Paragraph(text) => {
                self.inlines(file, block.line, text)
            }
            BlockKind::Table { header, rows, .. } => {
                for cell in header.iter().chain(rows.iter().flatten()) {
                    self.inlines(file, block.line, cell);
                }
            }
            BlockKind::List { items, .. } => {
                for b in items.iter().flatten() {
                    self.block(lesson, b);
                }
            }
            BlockKind::Quote(blocks) => {
                for b in blocks {
                    self.block(lesson, b);
                }
            }
            BlockKind::DisplayMath(tex) => self.display(file, block.line, tex),
            BlockKind::Problem(spec) => match spec.as_ref() {
                Ok(spec) => self.problem(lesson, block.line, spec),
                Err(e) => self.findings.push(e.into()),
            },
            BlockKind::Claims(claims) => match claims {
                Ok(claims) => {
                    for c in claims {
                        self.tally.claims += 1;
                        if let Err(e) = crate::check::claims::check(&c.expr, &c.expected) {
                            self.find(file, c.line, e);
                        }
                    }
                }
                Err(e) => self.findings.push(e.into()),
            },
            BlockKind::Figure(figure) => match figure.figure() {
                Ok(_) => self.tally.figures += 1,
                Err(e) => self.findings.push(e.into()),
            },
            BlockKind::Code { .. } | BlockKind::Rule => {}
        }
    }

    fn inlines(&mut self, file: &str, line: usize, inlines: &[Inline]) {
        for inline in inlines {
            if let Inline::Math(tex) = inline {
                self.tally.equations += 1;
                for ascii in [false, true] {
                    if let Err(e) = math::inline(tex, &math::Options { ascii }) {
                        self.find(file, line, format!("inline math `{tex}`: {e}"));
                        break;
                    }
                }
            }
        }
    }

    fn display(&mut self, file: &str, line: usize, tex: &str) {
        self.tally.equations += 1;
        for ascii in [false, true] {
            if let Err(e) = math::display(tex, 80, &math::Options { ascii }) {
                self.find(file, line, format!("display math: {e}"));
                break;
            }
        }
    }

    fn problem(&mut self, lesson: &Lesson, line: usize, spec: &ProblemSpec) {
        self.tally.problems += 1;
        let file = lesson.file.as_str();
        let problem = match Problem::from_spec(spec) {
            Ok(p) => p,
            Err(e) => return self.find(file, line, format!("problem `{}`: {e}", spec.id)),
        };
        let validated = problem.validate(&lesson.slug, &spec.prompt, self.seeds);
        let linted = super::problems::lint(&problem, spec, &lesson.slug, self.seeds);
        for e in validated.into_iter().chain(linted) {
            self.find(file, line, format!("problem `{}`: {e}", spec.id));
        }
        // The texts must lay out with a learner's numbers in them, not only as written;
        // a mistake's message is shown with its math laid out too.
        let filled = problem
            .instance(0, &lesson.slug, 0)
            .map(|i| i.fill(&spec.prompt));
        let texts = std::iter::once(filled.unwrap_or_else(|_| spec.prompt.clone()))
            .chain(spec.hints.iter().cloned())
            .chain(std::iter::once(spec.solution.clone()))
            .chain(spec.mistakes.iter().map(|m| m.says.clone()));
        for text in texts {
            for b in markdown::parse(file, line, &text) {
                self.block(lesson, &b);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model;

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
        let findings = model_free(&course(OUTSIDE));
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
        assert_eq!(model_free(&course(INSIDE)), []);
        assert!(model::shipped().is_ok());
    }

    #[test]
    fn the_embedded_course_needs_its_model_only_in_model_sections() {
        assert_eq!(
            model_free(&Course::load(None).expect("embedded course")),
            []
        );
    }
}
