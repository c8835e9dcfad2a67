//! What a hostile record costs in memory, measured on the real binary: the peak
//! resident set of the child process as the kernel reports it (`wait4`), not a time.
//!
//! A record under the size cap made of tiny values (`x = [1,1,1,…]`) once took 1.3 GB
//! to refuse; it is now refused by counting before parsing (`store/tokens.rs`).

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use tempfile::TempDir;

/// The largest real record that fits the size cap peaks near 340 MB; anything a
/// hostile file of the same size makes the parser build must stay below this.
const PEAK_LIMIT_KB: i64 = 400 << 10;

fn temp_dir() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `attn-course --home HOME progress import FILE`: exit code, stderr, peak RSS in KiB.
fn import(home: &Path, file: &Path) -> (i32, String, i64) {
    #[expect(
        clippy::zombie_processes,
        reason = "waited for below with wait4, which also reports the peak memory"
    )]
    let child = Command::new(env!("CARGO_BIN_EXE_attn-course"))
        .arg("--home")
        .arg(home)
        .args(["progress", "import"])
        .arg(file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    let pid = i32::try_from(child.id()).unwrap_or_else(|e| panic!("{e}"));
    let stderr = std::io::read_to_string(child.stderr.expect("piped stderr"))
        .unwrap_or_else(|e| panic!("{e}"));
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for; both pointers are valid.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    assert!(libc::WIFEXITED(status), "the import did not exit: {status}");
    (libc::WEXITSTATUS(status), stderr, usage.ru_maxrss)
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
        let (code, stderr, peak_kb) = import(home.path(), &file);
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
