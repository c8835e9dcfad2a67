//! A learner's answer to a problem: judged right, wrong or an input error with a
//! message, never a panic or a hang.
#![no_main]
use attn_course::content::problem;
use attn_course::problems::Problem;
use libfuzzer_sys::fuzz_target;

const SPEC: &str = r#"
id = "fuzz"
kind = "compute-vector"
prompt = "Scores [{a}, 0, 1]."
params = { a = "choice(-1, 0, 1, 2, 3)" }
answer = "softmax([a, 0, 1]) @ [[1,0],[0,1],[1,1]]"
tolerance = "0.001"
hints = ["Weights first."]
solution = "Weights, then the average."
mistakes = [{ expr = "softmax([a, 0, 1])", says = "not the average" }]
"#;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let spec = problem::parse("fuzz.md", 1, SPEC).expect("the fixed spec parses");
    let problem = Problem::from_spec(&spec).expect("the fixed problem compiles");
    let instance = problem.instance(42, "fuzz", 0).expect("draws");
    if let Ok(judged) = problem.judge(&instance, input) {
        let _ = attn_course::problems::feedback::lines(&judged, &problem.tolerance);
    }
});
