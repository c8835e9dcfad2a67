//! The problem lint of `attn-course check` (lessons/FORMAT.md): a fixture course that
//! breaks each rule once is reported with one clear line per rule, and the real lessons
//! pass.

use std::path::Path;

use crate::common;

fn findings(dir: &Path, seeds: u32) -> Vec<String> {
    common::findings(Some(dir), seeds)
}

#[test]
fn each_broken_problem_is_one_line_naming_the_draw() {
    let dir = common::fixture_dir("broken-problems");
    let expected = [
        "01-broken.md:7: problem `tiny-absolute`: seed 0 (a = 3): absolute tolerance ±0.0001 is more than 0.5% of the answer 0.003",
        "01-broken.md:25: problem `mistake-is-answer`: seed 0 (a = 2): mistake \"You added it to itself.\" gives the answer itself (4): exclude the draw with `where`",
        "01-broken.md:42: problem `unseen-symbol`: the solution names $z$, a symbol the prompt never shows (it shows only the value): introduce it in the prompt or write the value with <<z>>",
        "01-broken.md:59: problem `undone-arithmetic`: seed 0 (t = 7): prompt shows arithmetic left undone after slot <<t>> (\"at position 7 + 3?\"): compute it in the slot",
        "01-broken.md:76: problem `one-mistake`: 1 mistake(s) listed: list at least 2 wrong methods, or say in `mistakes-why` why fewer exist",
        "01-broken.md:92: problem `degenerate-draw`: mutant `drop-transpose transpose([[1, 0], [0, g]])` gives the answer on every draw (24): the problem cannot tell that method from the right one; change its numbers",
        "01-broken.md:106: problem `mistake-too-near`: seed 0 (a = 2): mistake \"You added 0.0143.\" is only 0.10% from the answer: keep listed mistakes more than 1% away (choose other values or exclude the draw with `where`)",
        "01-broken.md:123: problem `near-tie`: seed 0 (a = 1): the argmax is decided by a near-tie (1.001 against the runner-up 1, within 1%): choose a draw with a clear winner",
        "01-broken.md:137: problem `zero-entry`: seed 1 (u = -1): answer entry [0] is 0 on this draw but not on others: a wrong value there has no percentage, only an absolute error; exclude the draw with `where` or choose other numbers",
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
