//! What the verdict tells a wrong value: only what its numbers show (issue 25). Every
//! expected value here is worked by hand in the comment beside it.

use attn_course::content::tolerance::{EXACT, Tolerance};
use attn_course::problems::feedback;
use attn_course::problems::instance::Shaped;
use attn_course::problems::problem::Judged;
use attn_course::problems::verdict::{Mistake, Scale, Verdict, judge};

fn v(data: &[f64]) -> Shaped {
    Shaped {
        shape: if data.len() == 1 {
            Vec::new()
        } else {
            vec![data.len()]
        },
        data: data.to_vec(),
    }
}

const REL: Tolerance = Tolerance::Relative(0.0005);
const EXACTLY: Tolerance = Tolerance::Absolute(EXACT);

fn diagnosis(
    expected: &[f64],
    got: &[f64],
    tol: Tolerance,
    mistakes: &[Mistake],
    scales: &[Scale],
) -> Option<String> {
    match judge(&v(expected), &v(got), tol, mistakes, scales, &|_| true) {
        Verdict::Wrong { diagnosis, .. } => diagnosis,
        other => panic!("{expected:?} against {got:?}: {other:?}"),
    }
}

#[test]
fn rounding_is_the_answer_rounded_to_fewer_figures_and_nothing_else() {
    // [0.91004, 0.33482] to 3 figures is [0.910, 0.335].
    let d = diagnosis(&[0.91004, 0.33482], &[0.91, 0.335], REL, &[], &[]).unwrap();
    assert!(d.contains("rounded to 3 significant figures"), "{d}");
    // 0.9105 is 0.05 % off, but 0.91004 rounds to 0.9100 at 4 figures: no rounding.
    assert_eq!(
        diagnosis(&[0.91004, 0.33482], &[0.9105, 0.3348], REL, &[], &[]),
        None
    );
    // The sample standard deviation, 0.79 % above the population one, is no rounding.
    assert_eq!(diagnosis(&[1.0], &[1.0079], REL, &[], &[]), None);
}

#[test]
fn a_wrong_entry_where_the_answer_is_zero_is_never_zero_percent_off() {
    // The answer [0, 2.5]; forgetting x⁰ gives [-1, 2.5]. The right entry is 0 % off,
    // the wrong one has no percentage at all.
    let expected = v(&[0.0, 2.5]);
    let got = v(&[-1.0, 2.5]);
    let verdict = judge(&expected, &got, REL, &[], &[], &|_| true);
    assert_eq!(
        verdict,
        Verdict::Wrong {
            diagnosis: None,
            relative_error: None
        }
    );
    let judged = Judged {
        shown: "[-1, 2.5]".into(),
        value: got,
        expected,
        verdict,
    };
    assert_eq!(
        feedback::lines(&judged, &REL),
        ["Not right: your value is [-1, 2.5]."]
    );
}

#[test]
fn an_integer_answer_off_by_one_or_by_a_parameter_is_never_rounding() {
    // 4d² + 4d at d = 768 is 2,359,296 + 3,072 = 2,362,368; to 3 figures 2,360,000.
    let d768 = [Scale {
        name: "d".into(),
        value: 768.0,
    }];
    let matrices = Mistake {
        value: v(&[2_359_296.0]),
        says: "That counts the matrix entries only".into(),
    };
    let answer = [2_362_368.0];
    let told = |got: f64| {
        diagnosis(
            &answer,
            &[got],
            EXACTLY,
            std::slice::from_ref(&matrices),
            &d768,
        )
    };
    let rounded = told(2_360_000.0).unwrap();
    assert!(
        rounded.contains("rounded to 3 significant figures: type an integer in full"),
        "{rounded}"
    );
    assert_eq!(
        told(2_359_296.0).unwrap(),
        "That counts the matrix entries only"
    );
    // 2.359e6 is the mistake to 4 figures, no rounding of the answer (2.362e6).
    assert_eq!(
        told(2_359_000.0).unwrap(),
        "That counts the matrix entries only"
    );
    // One more than 2,362,368, and the biases of one of the four matrices (d = 768)
    // left out: 2,362,368 − 768 = 2,361,600.
    assert_eq!(
        told(2_362_369.0).unwrap(),
        "off by one: one more than the answer; check where the count starts and ends"
    );
    assert_eq!(
        told(2_361_600.0).unwrap(),
        "off by d = 768: a term of d left out"
    );
    assert_eq!(
        told(2_363_136.0).unwrap(),
        "off by d = 768: a term of d counted once too often"
    );
    // 1,012 to 2 figures is 1,000, but 1,000 is 1,012 less d = 12: a term left out.
    let d12 = [Scale {
        name: "d".into(),
        value: 12.0,
    }];
    assert_eq!(
        diagnosis(&[1012.0], &[1000.0], EXACTLY, &[], &d12).unwrap(),
        "off by d = 12: a term of d left out"
    );
    // Without that parameter 1,000 is 1,012 to 2 figures.
    let d = diagnosis(&[1012.0], &[1000.0], EXACTLY, &[], &[]).unwrap();
    assert!(d.contains("rounded to 2 significant figures"), "{d}");
}

#[test]
fn a_generated_mutant_that_gives_the_value_is_named() {
    let body = r#"
id = "p"
kind = "compute-vector"
prompt = "Compute $[1,0]K^\\top$ with $K=[[1,2],[3,4]]$ (<<1>>)."
answer = "[1, 0] @ transpose([[1, 2], [3, 4]])"
tolerance = "exact"
hints = ["Row 0 of $K^\\top$ is column 0 of $K$."]
solution = "$[1,3]$."
mistakes-why = "a test"
"#;
    let spec = attn_course::content::problem::parse("t.md", 1, body).unwrap();
    let problem = attn_course::problems::Problem::from_spec(&spec).unwrap();
    let inst = problem.instance(0, "l", 0).unwrap();
    // [1, 0] K = [1, 2]: row 0 of K, the transpose left out.
    let judged = problem.judge(&inst, "[1, 2]").unwrap();
    assert_eq!(
        judged.verdict,
        Verdict::Wrong {
            diagnosis: Some("that leaves out the transpose of `[[1, 2], [3, 4]]`".into()),
            relative_error: Some(1.0 / 3.0),
        }
    );
    // [1, 7] is no method at all: nothing is named.
    let judged = problem.judge(&inst, "[1, 7]").unwrap();
    assert!(
        matches!(
            judged.verdict,
            Verdict::Wrong {
                diagnosis: None,
                ..
            }
        ),
        "{:?}",
        judged.verdict
    );
}

#[test]
fn an_integer_answer_off_by_one_is_told_so_and_nothing_else_is() {
    // The pairs i <= j among n = 12 positions: 12 · 13 / 2 = 78; 12 · 11 / 2 = 66
    // counts only i < j, 12 fewer.
    let n12 = [Scale {
        name: "n".into(),
        value: 12.0,
    }];
    let told = |got: f64| diagnosis(&[78.0], &[got], EXACTLY, &[], &n12);
    assert_eq!(
        told(77.0).unwrap(),
        "off by one: one fewer than the answer; check where the count starts and ends"
    );
    assert_eq!(
        told(79.0).unwrap(),
        "off by one: one more than the answer; check where the count starts and ends"
    );
    assert_eq!(told(66.0).unwrap(), "off by n = 12: a term of n left out");
    // 80 is 2 off, 78.5 no whole number: no count explains them.
    assert_eq!(told(80.0), None);
    assert_eq!(told(78.5), None);
    // A parameter the answer does not depend on explains nothing.
    let ignored = judge(&v(&[78.0]), &v(&[66.0]), EXACTLY, &[], &n12, &|_| false);
    assert_eq!(
        ignored,
        Verdict::Wrong {
            diagnosis: None,
            relative_error: Some(12.0 / 78.0)
        }
    );
    // 2.5 against 1.5 is one off, but the answer is no integer: no count.
    assert_eq!(diagnosis(&[1.5], &[2.5], REL, &[], &[]), None);
}

#[test]
fn a_mutant_is_named_only_when_its_message_reads_well() {
    let body = r#"
id = "p"
kind = "compute-number"
prompt = "Compute $3\\,(8\\cdot4^2+5\\cdot4)$ (<<1>>)."
answer = "3 * (8 * 4 ^ 2 + 5 * 4)"
tolerance = "exact"
hints = ["Inside the bracket first."]
solution = "$3\\cdot148=444$."
mistakes-why = "a test"
"#;
    let spec = attn_course::content::problem::parse("t.md", 1, body).unwrap();
    let problem = attn_course::problems::Problem::from_spec(&spec).unwrap();
    let inst = problem.instance(0, "l", 0).unwrap();
    let told = |input: &str| match problem.judge(&inst, input).unwrap().verdict {
        Verdict::Wrong { diagnosis, .. } => diagnosis,
        other => panic!("{other:?}"),
    };
    // 3 · 8 · 16 = 384: the term 5 · 4 left out, a message that reads.
    assert_eq!(told("384").unwrap(), "that leaves out the term `5 * 4`");
    // 8 · 16 + 20 = 148: the factor 3 left out.
    assert_eq!(told("148").unwrap(), "that leaves out the factor `3`");
    // 3: the bracket left out, but the factor that message would quote is the dump
    // `(8 * (4 ^ 2)) + (5 * 4)`: no diagnosis rather than that.
    assert_eq!(told("3"), None);
}
