//! What a hostile record costs in memory, measured on the real binary: the peak
//! resident set of the child process as the kernel reports it (through GNU time), not a
//! time.
//!
//! A record under the size cap made of tiny values (`x = [1,1,1,…]`) once took 1.3 GB
//! to refuse; it is now refused by counting before parsing (`store/tokens.rs`).

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use tempfile::TempDir;

use crate::common;

/// The largest real record that fits the size cap peaks near 340 MB; anything a
/// hostile file of the same size makes the parser build must stay below this.
const PEAK_LIMIT_KB: i64 = 400 << 10;

fn temp_dir() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `attn-course --home HOME progress import FILE`: exit code, stderr, peak RSS in
/// KiB; `None` without GNU time (see [`common::missing_tool`]).
///
/// The peak comes from GNU time, not from `wait4` here: Linux keeps the largest resident
/// set a process had across `exec`, and a child spawned straight from this test process
/// starts from the test process's own peak (hundreds of MB once the whole-course checks
/// ran in it), which made the figure a measure of the other tests. GNU time forks a
/// small process of its own, so its child starts near zero.
fn import(home: &Path, file: &Path) -> Option<(i32, String, i64)> {
    const TIME: &str = "/usr/bin/time";
    if !Path::new(TIME).exists() {
        common::missing_tool("GNU time (/usr/bin/time) is not installed");
        return None;
    }
    let peak = tempfile::NamedTempFile::new().unwrap_or_else(|e| panic!("{e}"));
    let out = Command::new(TIME)
        .args(["-f", "%M", "-o"])
        .arg(peak.path())
        .arg(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .args(["progress", "import"])
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let written = fs::read_to_string(peak.path()).unwrap_or_else(|e| panic!("{e}"));
    // GNU time writes "Command exited with non-zero status N" before the figure.
    let kb = (written.lines().last())
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak from GNU time: {written:?}"));
    let code = out.status.code().expect("the import exited");
    Some((code, String::from_utf8_lossy(&out.stderr).into_owned(), kb))
}

#[test]
fn a_record_of_tiny_values_is_refused_in_bounded_memory_and_nothing_changes() {
    let home = temp_dir();
    let files = temp_dir();
    let record = home.path().join("progress.toml");
    // Just under the 16 MiB cap: millions of values in an unknown field: numbers, empty
    // arrays, empty inline tables.
    let shapes = [
        format!(
            "schema = 1\nlearner_seed = 5\nx = [{}1]\n",
            "1,".repeat(8_300_000)
        ),
        format!(
            "schema = 1\nlearner_seed = 5\ny = [{}[]]\n",
            "[],".repeat(5_500_000)
        ),
        format!(
            "schema = 1\nlearner_seed = 5\nz = [{}{{}}]\n",
            "{},".repeat(5_500_000)
        ),
    ];
    // A home with a record in it, which a refused import must leave as it was.
    let status = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home.path())
        .args(["progress", "show"])
        .stdout(Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success());
    assert!(record.exists());
    for (n, text) in shapes.iter().enumerate() {
        assert!(text.len() < 16 << 20, "shape {n} is {} bytes", text.len());
        let file = files.path().join(format!("hostile{n}.toml"));
        fs::write(&file, text).unwrap_or_else(|e| panic!("{e}"));
        let before = fs::read(&record).ok();
        let Some((code, stderr, peak_kb)) = import(home.path(), &file) else {
            return;
        };
        assert_eq!(code, 2, "shape {n}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "shape {n}: {stderr}");
        assert!(
            stderr.contains("hostile") && stderr.contains("more than 1000000 keys and values"),
            "shape {n}: {stderr}"
        );
        assert!(
            peak_kb < PEAK_LIMIT_KB,
            "shape {n}: peak {} MiB",
            peak_kb >> 10
        );
        assert_eq!(
            fs::read(&record).ok(),
            before,
            "shape {n} changed the record"
        );
    }
}
