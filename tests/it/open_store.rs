//! Every command that reads the learner's record reports a problem at open the same way:
//! one line on stderr, and the command goes on (a corrupt file is set aside, not lost).

use std::fs;
use std::path::Path;
use std::process::Command;

#[test]
fn every_command_warns_about_a_corrupt_record_in_one_line_and_goes_on() {
    let course = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/course");
    let course = course.to_str().expect("UTF-8 path");
    let commands: [&[&str]; 5] = [
        &["list"],
        &["read", "1"],
        &["problem", "1.1"],
        &["answer", "1.1", "0.25"],
        &["progress", "show"],
    ];
    for args in commands {
        let home = tempfile::tempdir().expect("temporary home");
        fs::write(home.path().join("progress.toml"), "schema = [\x1b[31m").expect("write");
        let out = Command::new(env!("CARGO_BIN_EXE_attn-course"))
            .arg("--home")
            .arg(home.path())
            .args(["--course", course])
            .args(args)
            .output()
            .expect("run attn-course");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let warnings: Vec<&str> = stderr
            .lines()
            .filter(|l| l.contains("progress file was unreadable"))
            .collect();
        assert_eq!(warnings.len(), 1, "{args:?}: {stderr}");
        assert!(
            warnings[0].starts_with("attn-course: progress file was unreadable; moved to "),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains('\x1b'), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(2), "{args:?}: {stderr}");
    }
}
