//! The problem lint of `attn-course check` (lessons/FORMAT.md): a fixture course that
//! breaks each rule once is reported with one clear line per rule, and the real lessons
//! pass.

use std::path::Path;

use attn_course::content::Course;

fn findings(dir: &Path, seeds: u32) -> Vec<String> {
    let course = Course::load(Some(dir)).expect("course loads");
    let (findings, _) = attn_course::check::check(&course, seeds);
    findings.iter().map(ToString::to_string).collect()
}

#[test]
fn each_broken_problem_is_one_line_naming_the_draw() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken-problems");
    let expected = [
        "01-broken.md:7: problem `tiny-absolute`: seed 0 (a = 3): absolute tolerance ±0.0001 is more than 0.5% of the answer 0.003",
        "01-broken.md:25: problem `mistake-is-answer`: seed 0 (a = 2): mistake \"You added it to itself.\" gives the answer itself (4): exclude the draw with `where`",
        "01-broken.md:42: problem `unseen-symbol`: the solution names $z$, a symbol the prompt never shows (it shows only the value): introduce it in the prompt or write the value with <<z>>",
        "01-broken.md:59: problem `undone-arithmetic`: seed 0 (t = 7): prompt shows arithmetic left undone after slot <<t>> (\"at position 7 + 3?\"): compute it in the slot",
        "01-broken.md:76: problem `one-mistake`: 1 mistake(s) listed: list at least 2 wrong methods, or say in `mistakes-why` why fewer exist",
    ];
    assert_eq!(findings(&dir, 20), expected);
}

#[test]
fn the_real_lessons_pass_the_problem_lint() {
    let lessons = Path::new(env!("CARGO_MANIFEST_DIR")).join("lessons");
    let problems: Vec<String> = findings(&lessons, 100)
        .into_iter()
        .filter(|f| f.contains(": problem `"))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
