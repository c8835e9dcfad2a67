//! What the course prints can be typed: every learner's number a prompt shows (each
//! `<<slot>>`, laid out as the reader lays out math) and every value the feedback
//! prints, pasted into the evaluator, gives the same value back.

use attn_course::content::{BlockKind, Course};
use attn_course::eval::{self, Env};
use attn_course::math::{self, Options};
use attn_course::problems::Problem;
use attn_course::problems::instance::Shaped;
use attn_course::problems::template::{self, Piece};

fn paste(text: &str) -> Shaped {
    let value = eval::run(text, &mut Env::new())
        .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e}"));
    Shaped::of(&value)
}

fn same(a: &Shaped, b: &Shaped) -> bool {
    a.data.len() == b.data.len()
        && a.data
            .iter()
            .zip(&b.data)
            .all(|(x, y)| (x - y).abs() <= 1e-9 * x.abs().max(1.0))
}

#[test]
fn every_printed_number_pastes_back_to_itself() {
    let course = Course::load(None).expect("course loads");
    let unicode = Options { ascii: false };
    let mut pasted = 0;
    for lesson in &course.lessons {
        for block in lesson.blocks() {
            let BlockKind::Problem(spec) = &block.kind else {
                continue;
            };
            let spec = spec.as_ref().as_ref().expect("problem parses");
            let problem = Problem::from_spec(spec).expect("problem builds");
            let pieces = template::pieces(&spec.prompt).expect("slots parse");
            for seed in 0..30 {
                let inst = problem.instance(seed, &lesson.slug, 0).expect("draws");
                let shown = inst.shown(&pieces).expect("slots evaluate");
                let mut env = inst.env().expect("binds");
                for (piece, shown) in pieces.iter().zip(&shown) {
                    let (Piece::Slot(expr, _), Some(shown)) = (piece, shown) else {
                        continue;
                    };
                    let value = Shaped::of(&eval::run(expr, &mut env).expect("slot"));
                    // As the reader shows it: the slot's TeX laid out inline.
                    let printed = math::inline(&shown.render(true), &unicode).expect("lays out");
                    assert!(
                        same(&paste(&printed), &value),
                        "{} seed {seed}: `{printed}` is not {value:?}",
                        spec.id
                    );
                    pasted += 1;
                }
                // The feedback's "exact value" and the answer as the evaluator prints it.
                let expected = problem.expected(&inst).expect("answer");
                let judged = problem
                    .judge(&inst, &format!("{:?}", expected.data[0]))
                    .expect("judges");
                let printed = judged.shown.replace('-', "\u{2212}");
                assert!(same(&paste(&printed), &judged.value), "{printed}");
                pasted += 1;
            }
        }
    }
    assert!(pasted > 5000, "only {pasted} numbers pasted");
}

#[test]
fn the_course_notation_evaluates() {
    for (printed, typed) in [
        (
            "[0, 5, 2; 5, 0, 8; 2, 8, 0]",
            "[[0, 5, 2], [5, 0, 8], [2, 8, 0]]",
        ),
        ("\u{2212}0.5", "-0.5"),
        ("2 · 3 × 4", "24"),
        ("3²", "9"),
        ("10⁻²", "0.01"),
    ] {
        assert!(same(&paste(printed), &paste(typed)), "{printed}");
    }
    // A matrix as a prompt shows it inline.
    let tex = "\\begin{bmatrix}1 & -2 \\\\ 0 & 3\\end{bmatrix}";
    let printed = math::inline(tex, &Options { ascii: false }).unwrap();
    assert!(
        same(&paste(&printed), &paste("[[1, -2], [0, 3]]")),
        "{printed}"
    );
}
