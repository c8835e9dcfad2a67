//! The evaluator's special functions against Python's `math` module (C's libm, within an
//! ulp of the correctly rounded value): `erf`, `erfc` and the exact GELU from −40 to 40,
//! where `1 + erf` would cancel and a problem could look into the tail, and `exp`/`log`
//! near 0 and 1. Skipped with the reason printed where python3 is missing (a failure
//! under `CI=true`).

use std::process::Command;

use attn_course::eval::{Env, Value, run};

use crate::common;

/// How far from Python's value an entry may be, in units in the last place.
const ULPS: f64 = 4.0;

/// Python prints, for each function and argument, `name x value` with `repr` (the
/// shortest digits that read back to the same f64). GELU's argument x/√2 is formed as the
/// evaluator forms it, x times the f64 nearest 1/√2: in the far tail erfc magnifies a
/// one-ulp difference of its argument 2z² times (800 ulps at x = −37), which says
/// nothing about either implementation.
const SCRIPT: &str = r#"
import math
xs = [k / 8 for k in range(-320, 321)] + [1e-300, -1e-300, 1e-12, -1e-12, 1e-6, -1e-6]
for x in xs:
    print("erf", repr(x), repr(math.erf(x)))
    print("erfc", repr(x), repr(math.erfc(x)))
    print("gelu", repr(x), repr(0.5 * x * math.erfc(-x * 0.7071067811865476)))
for x in [1e-300, 1e-15, 1e-9, 1e-3, -1e-9, -1e-3, 0.5]:
    print("exp", repr(x), repr(math.exp(x)))
    print("log", repr(1 + x), repr(math.log(1 + x)))
"#;

fn evaluate(call: &str) -> f64 {
    match run(call, &mut Env::new()) {
        Ok(Value::Scalar(v)) => v,
        other => panic!("{call}: {other:?}"),
    }
}

#[test]
fn error_functions_and_gelu_agree_with_python_math_to_a_few_ulps() {
    let output = match Command::new("python3").args(["-c", SCRIPT]).output() {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            common::missing_tool(&format!(
                "python3 failed: {}",
                String::from_utf8_lossy(&o.stderr)
            ));
            return;
        }
        Err(e) => {
            common::missing_tool(&format!("cannot run python3 ({e})"));
            return;
        }
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let mut checked = 0;
    let mut worst = Vec::new();
    for line in text.lines() {
        let [name, x, want] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("unexpected line {line:?}");
        };
        let want: f64 = want.parse().unwrap();
        let got = evaluate(&format!("{name}({x})"));
        let ulp = f64::EPSILON * want.abs().max(f64::MIN_POSITIVE);
        let off = (got - want).abs() / ulp;
        if off > ULPS {
            worst.push(format!(
                "{name}({x}) = {got:e}, Python {want:e} ({off:.1} ulps)"
            ));
        }
        checked += 1;
    }
    assert!(checked > 1900, "only {checked} values checked");
    assert!(worst.is_empty(), "{}", worst.join("\n"));
}

#[test]
fn gelu_keeps_its_negative_tail() {
    // GELU(−10) = −10 Φ(−10) = −10 · 7.619853e-24: `1 + erf` would give exactly 0.
    let g = evaluate("gelu(-10)");
    assert!((g / -7.619853024160593e-23 - 1.0).abs() < 1e-12, "{g:e}");
}
