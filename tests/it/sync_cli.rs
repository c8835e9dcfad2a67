//! `attn-course sync` end to end with the real binary on both sides: `--ssh` names a
//! script that runs the remote command here (as ssh would run it there), so each home
//! stands for a machine. What moved is checked against records built by hand; every
//! failure must be exit 2 with one line, the local record byte for byte as it was.

use std::fs;
use std::os::unix::fs::PermissionsExt as _;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use attn_course::progress::{Attempt, Note, Progress};
use attn_course::store::{format, write_record};
use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_attn-course");

/// A folder with the stand-in for ssh: drops the host, runs the command with sh.
struct Machines {
    dir: TempDir,
}

impl Machines {
    fn new() -> Machines {
        let dir = tempfile::tempdir().expect("temp dir");
        let m = Machines { dir };
        m.script("fake-ssh", "shift\nexec sh -c \"$1\"\n");
        m
    }

    /// An executable script `name` in the folder, returned as its path.
    fn script(&self, name: &str, body: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        fs::write(&path, format!("#!/bin/sh\n{body}")).expect("write script");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).expect("chmod");
        path
    }

    fn home(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `attn-course --home LOCAL sync lab` with the remote side `remote` (a command).
    fn sync_with(&self, local: &str, remote: &str, args: &[&str]) -> Output {
        Command::new(BIN)
            .arg("--home")
            .arg(self.home(local))
            .args(["sync", "me@lab", "--ssh"])
            .arg(self.dir.path().join("fake-ssh"))
            .arg("--remote-command")
            .arg(remote)
            .args(args)
            .output()
            .expect("run attn-course sync")
    }

    /// Syncs home `local` with home `remote`, both through the real binary.
    fn sync(&self, local: &str, remote: &str, args: &[&str]) -> Output {
        let command = format!("{BIN} --home {}", self.home(remote).display());
        self.sync_with(local, &command, args)
    }

    fn write(&self, home: &str, progress: &Progress) {
        fs::create_dir_all(self.home(home)).expect("mkdir");
        write_record(&self.home(home).join("progress.toml"), progress).expect("write record");
    }

    fn bytes(&self, home: &str) -> Vec<u8> {
        fs::read(self.home(home).join("progress.toml")).expect("read record")
    }

    fn read(&self, home: &str) -> Progress {
        format::parse(&self.bytes(home)).expect("record parses")
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Here: two attempts and a note. The lab: a third attempt, the note edited later, and
/// a place in lesson `l`.
fn here_and_lab(m: &Machines) {
    let mut here = Progress::new(42);
    here.record_attempt("l", "p", Attempt::new(100, "1", "1", false, 0));
    here.record_attempt("l", "p", Attempt::new(101, "2", "2", true, 0));
    let note = Note::new("l", "1.1", "A sentence.", "why?", 100);
    here.notes.push(note.clone());
    let mut lab = Progress::new(42);
    lab.record_attempt("l", "p", Attempt::new(200, "3", "3", true, 0));
    lab.notes.push(Note {
        text: "why? because.".into(),
        at: 150,
        ..note
    });
    lab.set_position("l", 7, 300);
    m.write("here", &here);
    m.write("lab", &lab);
}

#[test]
fn both_records_end_as_the_merge_and_it_says_what_moved() {
    let m = Machines::new();
    here_and_lab(&m);
    let out = m.sync("here", "lab", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "from lab: 1 attempt, 1 note, l place; to lab: 2 attempts\n"
    );
    let (here, lab) = (m.read("here"), m.read("lab"));
    assert_eq!(here, lab);
    let inputs: Vec<&str> = here.lessons["l"].problems["p"]
        .attempts
        .iter()
        .map(|a| a.input.as_str())
        .collect();
    assert_eq!(inputs, ["1", "2", "3"]);
    assert_eq!(here.notes.len(), 1);
    assert_eq!(here.notes[0].text, "why? because.");
    assert_eq!(here.position.as_ref().map(|p| p.block), Some(7));
    assert_eq!(here.learner_seed, 42);
    // Nothing left beside either record (no temporary or pending file).
    for home in ["here", "lab"] {
        let mut names: Vec<String> = fs::read_dir(m.home(home))
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["progress.lock", "progress.toml"], "{home}");
    }
    let again = m.sync("here", "lab", &[]);
    assert_eq!(stdout(&again), "from lab: nothing; to lab: nothing\n");
}

#[test]
fn a_dry_run_says_what_would_move_and_changes_nothing() {
    let m = Machines::new();
    here_and_lab(&m);
    let (here, lab) = (m.bytes("here"), m.bytes("lab"));
    let out = m.sync("here", "lab", &["--dry-run"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "dry run, nothing changed: from lab would come 1 attempt, 1 note, l place; to lab would go 2 attempts\n"
    );
    assert_eq!((m.bytes("here"), m.bytes("lab")), (here, lab));
}

#[test]
fn a_new_machine_takes_the_seed_and_two_seeds_need_the_learners_choice() {
    let m = Machines::new();
    let mut lab = Progress::new(42);
    lab.record_attempt("l", "p", Attempt::new(200, "3", "3", true, 0));
    m.write("lab", &lab);
    let out = m.sync("new", "lab", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(m.read("new").learner_seed, 42);
    let mut other = Progress::new(7);
    other.record_attempt("l", "p", Attempt::new(100, "1", "1", false, 0));
    m.write("other", &other);
    let before = (m.bytes("other"), m.bytes("lab"));
    let refused = m.sync("other", "lab", &[]);
    assert_eq!(refused.status.code(), Some(2));
    let err = stderr(&refused);
    assert!(
        err.contains("two different seeds (here 7, lab 42)"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!((m.bytes("other"), m.bytes("lab")), before);
    let chosen = m.sync("other", "lab", &["--take-remote-seed"]);
    assert!(chosen.status.success(), "{}", stderr(&chosen));
    let (other, lab) = (m.read("other"), m.read("lab"));
    assert_eq!(other, lab);
    assert_eq!(other.learner_seed, 42);
    assert_eq!(other.lessons["l"].problems["p"].attempts.len(), 2);
}

/// Runs a sync against the remote `command`, expects exit 2 with one line holding
/// `says`, and the local record untouched; returns the line.
fn refused(m: &Machines, command: &str, args: &[&str], says: &str) -> String {
    let before = m.bytes("here");
    let out = m.sync_with("here", command, args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(says), "{err}");
    assert!(
        !err.contains('\u{1b}') && !stdout(&out).contains('\u{1b}'),
        "{err}"
    );
    assert_eq!(m.bytes("here"), before);
    err
}

#[test]
fn a_remote_that_cannot_sync_is_one_line_and_the_record_here_is_untouched() {
    let m = Machines::new();
    here_and_lab(&m);
    refused(
        &m,
        "/nowhere/attn-course",
        &[],
        "lab has no `/nowhere/attn-course` to run",
    );
    let old = m.script(
        "old",
        "echo \"error: unrecognized subcommand 'sync-serve'\" >&2\nexit 2\n",
    );
    refused(&m, old.to_str().expect("utf-8"), &[], "too old to sync");
    let newer = m.script(
        "newer",
        "echo 'attn-course-sync 1 9.0.0 2'\ncat >/dev/null\n",
    );
    refused(
        &m,
        newer.to_str().expect("utf-8"),
        &[],
        "lab has attn-course 9.0.0 (record schema 2, sync protocol 1), this is",
    );
}

#[test]
fn a_remote_that_stops_reading_is_a_closed_connection_not_a_killed_sync() {
    let m = Machines::new();
    let mut here = Progress::new(42);
    // More than a pipe holds: the write of this record waits for the remote, which exits.
    for t in 0..3000 {
        here.record_attempt("l", "p", Attempt::new(t, "1", "1", false, 0));
    }
    m.write("here", &here);
    let record = "schema = 1\nlearner_seed = 42\n";
    let deaf = m.script(
        "deaf",
        &format!(
            "echo 'attn-course-sync 1 0.1.0 1'\necho 'record {}'\nprintf '{record}'\nsleep 0.5\nexit 3\n",
            record.len()
        ),
    );
    refused(
        &m,
        deaf.to_str().expect("utf-8"),
        &[],
        "the connection to lab closed before the sync finished (exit 3)",
    );
}

#[test]
fn a_hostile_remote_is_bounded_sanitised_and_refused() {
    let m = Machines::new();
    here_and_lab(&m);
    let hello = "attn-course-sync 1 0.1.0 1";
    let flood = m.script("flood", "yes\n");
    refused(
        &m,
        flood.to_str().expect("utf-8"),
        &[],
        "not an attn-course sync hello",
    );
    let long = m.script(
        "long",
        &format!("echo '{hello}'\nhead -c 5000000 /dev/zero\n"),
    );
    refused(
        &m,
        long.to_str().expect("utf-8"),
        &[],
        "a line longer than 1024 bytes",
    );
    let huge = m.script(
        "huge",
        &format!("echo '{hello}'\necho 'record 99999999999'\n"),
    );
    refused(
        &m,
        huge.to_str().expect("utf-8"),
        &[],
        "a record of 99999999999 bytes",
    );
    let evil = m.script(
        "evil",
        &format!("echo '{hello}'\necho 'error \u{1b}]0;owned\u{7}\u{1b}[2J gotcha'\n"),
    );
    refused(&m, evil.to_str().expect("utf-8"), &[], "gotcha");
    let record = "schema = 1\nlearner_seed = 42\n[lessons.\"l\\u001b[31m\"]\nblock = 3\nat = 5\n";
    let escapes = m.script(
        "escapes",
        &format!(
            "echo '{hello}'\nprintf 'record %d\\n' {}\nprintf '%s' '{record}'\ncat >/dev/null\n",
            record.len()
        ),
    );
    let out = m.sync_with("here", escapes.to_str().expect("utf-8"), &["--dry-run"]);
    let all = stdout(&out) + &stderr(&out);
    assert!(out.status.success(), "{all}");
    assert!(
        all.contains("from lab would come l\u{fffd}[31m place"),
        "{all}"
    );
    assert!(!all.contains('\u{1b}'), "{all}");
    let started = Instant::now();
    let stalled = m.script("stalled", &format!("echo '{hello}'\nexec sleep 60\n"));
    refused(
        &m,
        stalled.to_str().expect("utf-8"),
        &["--timeout", "1"],
        "timed out",
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_host_that_looks_like_an_option_is_refused() {
    let m = Machines::new();
    let out = Command::new(BIN)
        .arg("--home")
        .arg(m.home("here"))
        .args(["sync", "--", "-oProxyCommand=x"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is not a host to sync with"));
}
