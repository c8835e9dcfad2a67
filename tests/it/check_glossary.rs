//! The glossary rules of `attn-course check` on a fixture course that breaks each once,
//! and on the real lessons, which must pass them.

use std::path::Path;

use attn_course::content::Course;

fn findings(dir: Option<&Path>) -> Vec<String> {
    let course = Course::load(dir).expect("course loads");
    let (findings, _) = attn_course::check::check(&course, 1);
    findings.iter().map(ToString::to_string).collect()
}

#[test]
fn each_broken_rule_is_one_finding_at_its_line() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/glossary-course");
    let expected = [
        "glossary.toml:36: term `lost`: no lesson `nope` in course.toml",
        "glossary.toml:42: term `misplaced`: lesson `first` has no section 1.9",
        "glossary.toml:48: `Widgets` names both `widget` and `twin`",
        "glossary.toml:48: symbol `W_Q` denotes both `query projection` and `twin`",
        "glossary.toml:56: term `broken`: math `\\frac{1}`: \\frac is missing an argument at column 1",
        "glossary.toml:64: [local]: no lesson `nowhere` in course.toml",
        // Named in prose before 2.1 introduces it; the blurb's mention and the linked
        // `gadget` are allowed.
        "01-first.md:7: `widget` is named before section 2.1 introduces it: link its first mention in this lesson, [..](#2.1)",
        // Line 12 is the equation's own line inside the `$$` block; `x`, `y` are local
        // and `W_Q` is in the glossary.
        "01-first.md:12: symbol `\\alpha` is not in glossary.toml (nor [local] to `first`)",
        // `d_k` is the glossary's `d_{k}`; `s_{01}` is an entry of the indexed `s_{ij}`.
        "01-first.md:15: symbol `z_{out}` is not in glossary.toml (nor [local] to `first`)",
        "01-first.md:15: symbol `\\mathbb E` is not in glossary.toml (nor [local] to `first`)",
    ];
    assert_eq!(findings(Some(&dir)), expected);
}

#[test]
fn the_real_lessons_pass_the_glossary_rules() {
    let lessons = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let course = Course::load(Some(&lessons)).expect("lessons load");
    assert!(
        course.glossary.terms.len() >= 60,
        "{}",
        course.glossary.terms.len()
    );
    let glossary = attn_course::check::glossary::check(&course);
    assert!(glossary.is_empty(), "{glossary:#?}");
}

#[test]
fn a_glossary_that_is_not_toml_stops_the_course_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/glossary-course");
    for file in ["course.toml", "01-first.md", "02-second.md"] {
        std::fs::copy(fixture.join(file), dir.path().join(file)).unwrap();
    }
    std::fs::write(
        dir.path().join("glossary.toml"),
        "[[term]]\nname = \"a\"\ndefinition = 'b'\nlesson = 'first'\nsection = '1.1'\nshape = [\n",
    )
    .unwrap();
    let err = Course::load(Some(dir.path())).unwrap_err();
    assert_eq!(err.file, "glossary.toml");
    assert_eq!(err.line, 6, "{err}");
}
