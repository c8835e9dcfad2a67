//! `kill -9` at random moments of a save, many times: the progress file is always a
//! whole record, the old one or the new one, never a mix and never empty.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

use attn_course::progress::Progress;
use attn_course::store::format;

const KILLS: u64 = 200;

/// A record large enough that writing it takes a while: 8 lessons x 5 problems x 60
/// attempts (about 350 kB).
fn large_record() -> String {
    let mut text = String::from("schema = 1\nlearner_seed = 5\n");
    for lesson in 0..8 {
        for problem in 0..5 {
            let table = format!("lessons.lesson-{lesson}.problems.\"{lesson}.{problem}\"");
            let _ = writeln!(text, "\n[{table}]\nsolved = true");
            for a in 0..60 {
                let _ = writeln!(
                    text,
                    "[[{table}.attempts]]\nat = {a}\ninput = \"softmax([{a}, 2, 3])[0] * sqrt({problem})\"\nvalue = \"0.0900305731703804\"\ncorrect = false"
                );
            }
        }
    }
    text
}

fn import(home: &Path, file: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_attn-course"));
    command
        .arg("--home")
        .arg(home)
        .args(["progress", "import"])
        .arg(file)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    command
}

fn read_record(path: &Path) -> Progress {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert!(!bytes.is_empty(), "the progress file is empty");
    format::parse(&bytes).unwrap_or_else(|e| panic!("{}", e.located(&path.display())))
}

/// A fixed xorshift sequence: the kill times vary, the test needs no random crate.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn kill_9_during_saves_always_leaves_the_old_or_the_new_record() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let home = dir.path().join("home");
    let large = dir.path().join("large.toml");
    fs::write(&large, large_record()).unwrap_or_else(|e| panic!("{e}"));
    let status = import(&home, &large)
        .status()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success());
    let path = home.join("progress.toml");
    let base = read_record(&path);
    assert_eq!(base.lessons.len(), 8);

    let mut rng = 0x9E37_79B9_7F4A_7C15u64;
    let (mut old_kept, mut new_written) = (0, 0);
    let mut current_at = 0;
    for at in 1..=KILLS {
        // Each import moves the position on, so each one rewrites the whole record.
        let step = dir.path().join("step.toml");
        let record = format!(
            "schema = 1\nlearner_seed = 5\n[position]\nlesson = \"lesson-3\"\nblock = {at}\nat = {at}\n"
        );
        fs::write(&step, record).unwrap_or_else(|e| panic!("{e}"));
        let mut child = import(&home, &step)
            .spawn()
            .unwrap_or_else(|e| panic!("{e}"));
        thread::sleep(Duration::from_micros(next(&mut rng) % 80_000));
        let _ = child.kill(); // SIGKILL; fails only if the child already exited
        child.wait().unwrap_or_else(|e| panic!("{e}"));

        let mut found = read_record(&path);
        let position = found.position.take().map(|p| (p.block, p.at));
        if position == Some((at as usize, at)) {
            new_written += 1;
            current_at = at;
        } else {
            assert_eq!(
                position.map(|p| p.1).unwrap_or(0),
                current_at,
                "kill {at}: neither old nor new"
            );
            old_kept += 1;
        }
        assert_eq!(found, base, "kill {at}: the rest of the record changed");
    }
    eprintln!("{KILLS} kills: {old_kept} left the old record, {new_written} the new one");

    let names: Vec<String> = fs::read_dir(&home)
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.starts_with("progress.corrupt-")),
        "{names:?}"
    );
    // A save that completes clears what killed saves left behind.
    let status = import(&home, &large)
        .status()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(status.success());
    let leftovers = fs::read_dir(&home)
        .unwrap_or_else(|e| panic!("{e}"))
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .count();
    assert_eq!(leftovers, 0);
}
