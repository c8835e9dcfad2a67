//! Runs `tests/numpy_crosscheck.py` against the built binary: every function and operator
//! of the evaluator compared with NumPy on random inputs. Skipped, with the reason
//! printed, where python3 or NumPy is missing; under `CI=true` that fails instead
//! (`.ci/run` installs NumPy).

use std::process::Command;

use crate::common;

/// The script's exit status for "NumPy is not installed".
const SKIPPED: i32 = 77;

#[test]
fn evaluator_agrees_with_numpy() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/numpy_crosscheck.py");
    let output = match Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_attn-course"), "--cases", "12"])
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            common::missing_tool(&format!("cannot run python3 ({e})"));
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    if output.status.code() == Some(SKIPPED) {
        common::missing_tool(stdout.trim());
        return;
    }
    assert!(
        output.status.success(),
        "the evaluator disagrees with NumPy:\n{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    println!("{}", stdout.trim());
}
