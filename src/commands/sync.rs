//! `attn-course sync [user@]host` and its other side, the hidden `sync-serve`: one ssh
//! connection (the system's OpenSSH client, or `--ssh` / `$ATTN_COURSE_SSH`) running
//! `attn-course sync-serve` there, the protocol of `crate::sync` over its stdin and
//! stdout. Each side merges under its own lock through its own store; this side only
//! after the other said `ok`, so any failure leaves this record untouched.

use std::io::{IsTerminal as _, Read};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::bail;

use crate::cli::SyncArgs;
use crate::content::Course;
use crate::progress::{Progress, SeedRule, clock, joined};
use crate::sanitize::one_line;
use crate::settings::Settings;
use crate::store::{self, Store};
use crate::sync::wire::{MAX_LINE, Message};
use crate::sync::{Hello, Moved, Patient, SeedChoice, Wire, WireError, seed_rule};

/// The whole conversation may take this many idle timeouts (a trickle is a stall too).
const TOTAL_IDLES: u32 = 20;
/// How long the ssh client gets to exit once the conversation is over, or the peer
/// closed it or said why it stopped (ssh's exit code and last words explain a failure).
const EXIT_GRACE: Duration = Duration::from_secs(2);
/// How long it gets after this side gave up on the peer (a stall, a flood, a refusal):
/// such a peer may never exit, and waiting for it only delays the error.
const GIVE_UP_GRACE: Duration = Duration::from_millis(100);
/// Bytes of ssh's standard error kept for the message when it fails.
const STDERR_TAIL: usize = 4 << 10;
/// The ssh command unless the learner names one: BatchMode, so that ssh fails at once
/// where it would ask for a password or a host key's confirmation (its stdin is the
/// protocol's pipe, and a prompt on the terminal would hang the sync until its timeout,
/// or a quit of the reader for as long). `--ssh` or `$ATTN_COURSE_SSH` replace it whole.
const DEFAULT_SSH: &str = "ssh -o BatchMode=yes";
/// How long the server waits for the next byte from the client.
const SERVE_IDLE: Duration = Duration::from_secs(60);

/// How long a sync when the reader quits may take, ssh's connection included: the
/// learner is back at the shell prompt waiting for it.
const ON_QUIT: Duration = Duration::from_secs(5);

pub fn run(settings: &Settings, args: SyncArgs) -> anyhow::Result<ExitCode> {
    let total = Duration::from_secs(args.timeout.max(1)) * TOTAL_IDLES;
    sync(settings, args, total)
}

/// `--sync-on-quit HOST`: once the reader has quit (the terminal restored) with `code`,
/// a sync with HOST bounded to `ON_QUIT` (5 s); a failure is said in one line and leaves the
/// reader's exit code alone, its record being saved here either way.
pub fn on_quit(settings: &Settings, host: &str, code: ExitCode) -> ExitCode {
    let args = SyncArgs {
        host: host.to_string(),
        ssh: None,
        remote_command: None,
        dry_run: false,
        take_remote_seed: false,
        keep_local_seed: false,
        timeout: ON_QUIT.as_secs(),
    };
    if let Err(e) = sync(settings, args, ON_QUIT) {
        eprintln!(
            "attn-course: the sync on quit failed (your record here is saved): {}",
            one_line(&format!("{e:#}"))
        );
    }
    code
}

/// A sync as `args` say, the whole exchange (ssh's connection included) bounded to `total`.
fn sync(settings: &Settings, args: SyncArgs, total: Duration) -> anyhow::Result<ExitCode> {
    ignore_sigpipe();
    let peer = peer_name(&args.host)?;
    let ssh = args
        .ssh
        .clone()
        .or_else(|| env("ATTN_COURSE_SSH"))
        .unwrap_or_else(|| DEFAULT_SSH.to_string());
    let remote = (args.remote_command.clone())
        .or_else(|| env("ATTN_COURSE_REMOTE_COMMAND"))
        .unwrap_or_else(|| "attn-course".to_string());
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{ssh} \"$@\""))
        .arg("sh")
        .arg(&args.host)
        .arg(format!("{remote} sync-serve"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Its own process group, so that giving up ends whatever ssh started too.
        .process_group(0)
        .spawn()
        .map_err(|e| anyhow::anyhow!("cannot run `{ssh}`: {e}"))?;
    let tail = keep_tail(&mut child);
    // The record here is read and encoded while ssh connects (most of a sync's time).
    let (mut store, mut local, local_text) = match open_local(settings) {
        Ok(opened) => opened,
        Err(e) => {
            finish(&mut child, Duration::ZERO);
            return Err(e);
        }
    };
    let idle = Duration::from_secs(args.timeout.max(1));
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        bail!("cannot talk to `{ssh}`");
    };
    let mut wire = Wire::new(Patient::new(stdout, idle, total), stdin);
    let choice = match (args.take_remote_seed, args.keep_local_seed) {
        (true, _) => SeedChoice::TakeRemote,
        (_, true) => SeedChoice::KeepLocal,
        _ => SeedChoice::Ask,
    };
    let talk = Talk {
        peer: &peer,
        local: &local,
        text: local_text.as_bytes(),
        choice,
        dry_run: args.dry_run,
    };
    let outcome = talk.converse(&mut wire);
    drop(wire);
    let grace = match outcome {
        Ok(_) | Err(Failure::Wire(WireError::Closed | WireError::Peer(_))) => EXIT_GRACE,
        Err(_) => GIVE_UP_GRACE,
    };
    let status = finish(&mut child, grace);
    let (remote_record, rule) = match outcome {
        Ok(done) => done,
        Err(failure) => {
            let tail = tail.last_line();
            bail!("{}", explain(failure, &peer, &remote, status, &tail));
        }
    };
    let merged = joined(&local, &remote_record, rule);
    let course = Course::load(settings.course_dir.as_deref()).ok();
    let name = |slug: &str| lesson_name(course.as_ref(), slug);
    let from = Moved::between(&local, &merged).describe(&name);
    let to = Moved::between(&remote_record, &merged).describe(&name);
    if args.dry_run {
        super::say(&format!(
            "dry run, nothing changed: from {peer} would come {from}; to {peer} would go {to}"
        ));
        return Ok(ExitCode::SUCCESS);
    }
    match store.merge_in(&mut local, &remote_record, rule) {
        Ok(Some(notice)) => eprintln!("attn-course: {}", one_line(&notice)),
        Ok(None) => {}
        Err(e) => bail!("{peer} is synced, but this side could not save: {e}; run sync again"),
    }
    super::say(&format!("from {peer}: {from}; to {peer}: {to}"));
    Ok(ExitCode::SUCCESS)
}

/// This side's store, its record and the record's text, unless it cannot be synced.
fn open_local(settings: &Settings) -> anyhow::Result<(Store, Progress, String)> {
    let opened = super::open_store(settings);
    let (store, local) = (opened.store, opened.progress);
    if local.is_newer() {
        bail!(
            "the record here is from a newer attn-course (schema {}); not syncing it",
            local.schema
        );
    }
    let text = store::record_text(&local).map_err(|e| anyhow::anyhow!(e))?;
    Ok((store, local, text))
}

/// The client's half of the conversation.
struct Talk<'a> {
    peer: &'a str,
    local: &'a Progress,
    text: &'a [u8],
    choice: SeedChoice,
    dry_run: bool,
}

/// Why a sync stopped: on the wire, or a refusal of this side's.
enum Failure {
    Wire(WireError),
    Refused(String),
}

impl From<WireError> for Failure {
    fn from(e: WireError) -> Failure {
        Failure::Wire(e)
    }
}

impl Talk<'_> {
    /// Hellos, the remote record, this record with the seed rule, the remote's `ok`.
    fn converse<R: Read, W: std::io::Write>(
        &self,
        wire: &mut Wire<R, W>,
    ) -> Result<(Progress, SeedRule), Failure> {
        let ours = Hello::ours();
        let sent = wire.send(&ours.line());
        let theirs = wire.hello()?;
        ours.agrees(&theirs, self.peer).map_err(Failure::Refused)?;
        sent.map_err(|e| their_word(wire, e))?;
        let mut line = ProgressLine::new(self.peer);
        let bytes = match wire.message(&mut |n, of| line.show(n, of))? {
            Message::Record(bytes) => bytes,
            _ => return Err(WireError::Bad("no record came".to_string()).into()),
        };
        line.end();
        // This record goes out before the other is decoded, so that both sides decode at
        // once; the remote merges nothing until the seed line, which may instead be `bye`.
        if !self.dry_run {
            wire.send_record(self.text)
                .map_err(|e| their_word(wire, e))?;
        }
        let shown = format!("the record from {}", self.peer);
        let remote = match store::decode_record(&bytes, &shown, clock::now()) {
            Ok(remote) => remote,
            Err(e) => {
                let _ = wire.send("bye");
                return Err(Failure::Refused(e.to_string()));
            }
        };
        drop(bytes);
        let rule = match seed_rule(self.local, &remote, self.choice, self.peer) {
            Ok(rule) => rule,
            Err(refusal) => {
                let _ = wire.send("bye");
                return Err(Failure::Refused(refusal));
            }
        };
        if self.dry_run {
            wire.send("bye")?;
            return Ok((remote, rule));
        }
        wire.send_seed(rule).map_err(|e| their_word(wire, e))?;
        match wire.message(&mut |_, _| {})? {
            Message::Ok => Ok((remote, rule)),
            _ => Err(WireError::Bad("no ok came".to_string()).into()),
        }
    }
}

/// A write that failed because the peer stopped reading: what the peer sent last (its
/// `error` line, a message this side refuses, already in the pipe) explains it better
/// than the closed pipe does.
fn their_word<R: Read, W: std::io::Write>(wire: &mut Wire<R, W>, failed: WireError) -> Failure {
    match wire.message(&mut |_, _| {}) {
        Err(said @ (WireError::Peer(_) | WireError::Bad(_))) => Failure::Wire(said),
        _ => Failure::Wire(failed),
    }
}

/// The one line a failed sync says, with what ssh said last (`tail`).
fn explain(failure: Failure, peer: &str, remote: &str, status: Option<i32>, tail: &str) -> String {
    let said = if tail.is_empty() {
        String::new()
    } else {
        format!(": {tail}")
    };
    let unchanged = "nothing changed here";
    match failure {
        Failure::Refused(why) => format!("{why}; {unchanged}"),
        Failure::Wire(WireError::Peer(why)) => format!("{peer}: {why}; {unchanged}"),
        Failure::Wire(WireError::Closed) if tail.contains("unrecognized subcommand") => format!(
            "the attn-course on {peer} is too old to sync (it has no sync-serve); install this release there; {unchanged}"
        ),
        Failure::Wire(WireError::Closed) if status == Some(127) || tail.contains("not found") => {
            format!(
                "{peer} has no `{remote}` to run{said}; install attn-course there or pass --remote-command; {unchanged}"
            )
        }
        Failure::Wire(WireError::Closed) if status == Some(255) => {
            format!("ssh to {peer} failed{said}; {unchanged}")
        }
        Failure::Wire(WireError::Closed) => format!(
            "the connection to {peer} closed before the sync finished (exit {}){said}; {unchanged}, run sync again",
            status.map_or("by a signal".to_string(), |s| s.to_string())
        ),
        Failure::Wire(e) => format!("{peer}: {e}{said}; {unchanged}"),
    }
}

/// The remote side: `attn-course sync-serve`, started by `sync` over ssh.
pub fn serve(settings: &Settings) -> anyhow::Result<ExitCode> {
    ignore_sigpipe();
    let input = Patient::new(std::io::stdin(), SERVE_IDLE, SERVE_IDLE * TOTAL_IDLES);
    let mut wire = Wire::new(input, std::io::stdout());
    match serve_on(&mut wire, settings) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(why) => {
            let mut line = one_line(&why);
            let mut end = line.len().min(MAX_LINE - 16);
            while !line.is_char_boundary(end) {
                end -= 1;
            }
            line.truncate(end);
            let _ = wire.send(&format!("error {line}"));
            eprintln!("attn-course sync-serve: {line}");
            Ok(ExitCode::from(2))
        }
    }
}

fn serve_on<R: Read, W: std::io::Write>(
    wire: &mut Wire<R, W>,
    settings: &Settings,
) -> Result<(), String> {
    let ours = Hello::ours();
    wire.send(&ours.line()).map_err(|e| e.to_string())?;
    let theirs = wire.hello().map_err(|e| e.to_string())?;
    ours.agrees(&theirs, "the other side")?;
    let opened = Store::open(settings.home.as_deref());
    let (mut store, mut progress) = (opened.store, opened.progress);
    if progress.is_newer() {
        return Err(format!(
            "the record there is from a newer attn-course (schema {}); not syncing it",
            progress.schema
        ));
    }
    let text = store::record_text(&progress)?;
    wire.send_record(text.as_bytes())
        .map_err(|e| e.to_string())?;
    let bytes = match wire.message(&mut |_, _| {}).map_err(|e| e.to_string())? {
        Message::Bye => return Ok(()),
        Message::Record(bytes) => bytes,
        _ => return Err("expected a record".to_string()),
    };
    // Decoded while the other side decodes this side's record; merged only once the
    // seed came (a `bye` instead: the other side refused, and nothing is written).
    let incoming = store::decode_record(&bytes, &"the record sent", clock::now())
        .map_err(|e| e.to_string())?;
    drop(bytes);
    let rule = match wire.message(&mut |_, _| {}).map_err(|e| e.to_string())? {
        Message::Seed(rule) => rule,
        Message::Bye => return Ok(()),
        _ => return Err("expected the seed".to_string()),
    };
    store
        .merge_in(&mut progress, &incoming, rule)
        .map_err(|e| e.to_string())?;
    wire.send("ok").map_err(|e| e.to_string())
}

/// The name of the other machine in messages: HOST without `user@`. A HOST that ssh
/// would take for an option, or that holds spaces or control characters, is refused.
fn peer_name(host: &str) -> anyhow::Result<String> {
    if host.is_empty()
        || host.starts_with('-')
        || host.len() > 255
        || host.chars().any(|c| c.is_whitespace() || c.is_control())
    {
        bail!(
            "`{}` is not a host to sync with (give [user@]host)",
            one_line(host)
        );
    }
    Ok(host.rsplit('@').next().unwrap_or(host).to_string())
}

/// A write to a peer that went away (ssh exited, the remote closed its input) must fail
/// as `EPIPE`, which the wire reports as a closed connection in one line, and not end
/// this process by SIGPIPE, which `main` restores for `attn-course read 1 | head`. The
/// ssh child gets the default back: std resets SIGPIPE in every child it spawns.
fn ignore_sigpipe() {
    // SAFETY: signal(2) only changes this process's disposition of SIGPIPE; no handler
    // runs, so nothing can observe a half-made change.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

fn env(key: &str) -> Option<String> {
    std::env::var(key).ok().filter(|v| !v.trim().is_empty())
}

/// "lesson 4" for a slug the course has, else the slug.
fn lesson_name(course: Option<&Course>, slug: &str) -> String {
    course
        .and_then(|c| c.lessons.iter().position(|l| l.slug == slug))
        .map_or_else(|| one_line(slug), |i| format!("lesson {}", i + 1))
}

/// What ssh said on its standard error, read on a thread of its own.
struct Tail {
    kept: Arc<Mutex<Vec<u8>>>,
    done: Receiver<()>,
}

impl Tail {
    /// The last line, once the stream ended (or after a moment: a process ssh left
    /// behind may hold it open).
    fn last_line(&self) -> String {
        let _ = self.done.recv_timeout(Duration::from_millis(500));
        self.kept.lock().map(|t| last_line(&t)).unwrap_or_default()
    }
}

/// Reads the child's standard error on a thread, keeping its last [`STDERR_TAIL`]
/// bytes (a remote that floods its error stream costs no more).
fn keep_tail(child: &mut Child) -> Tail {
    let kept = Arc::new(Mutex::new(Vec::new()));
    let (send, done) = std::sync::mpsc::channel();
    if let Some(mut stderr) = child.stderr.take() {
        let into = Arc::clone(&kept);
        std::thread::spawn(move || {
            let _done = send;
            let mut buf = [0; 4096];
            while let Ok(n) = stderr.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut kept) = into.lock() {
                    kept.extend_from_slice(&buf[..n]);
                    let over = kept.len().saturating_sub(STDERR_TAIL);
                    kept.drain(..over);
                }
            }
        });
    }
    Tail { kept, done }
}

/// The last non-empty line of what ssh said, sanitised.
fn last_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let line = one_line(line.trim());
    line.chars().take(300).collect()
}

/// Waits up to `grace` for the ssh client to exit, then ends it (and whatever it
/// started); its exit code if it had one.
fn finish(child: &mut Child, grace: Duration) -> Option<i32> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return status.code(),
            Ok(None) if start.elapsed() < grace => std::thread::sleep(Duration::from_millis(10)),
            _ => {
                if let Ok(group) = i32::try_from(child.id()) {
                    // SAFETY: kill(2) with a negative pid signals that process group, the
                    // one this child leads (`process_group(0)` at spawn); nothing else.
                    unsafe { libc::kill(-group, libc::SIGKILL) };
                }
                return child.wait().ok().and_then(|s| s.code());
            }
        }
    }
}

/// "receiving from lab: 340 of 1024 KiB" on standard error, for a transfer that takes
/// more than a moment, and only when standard error is a terminal.
struct ProgressLine<'a> {
    peer: &'a str,
    start: Instant,
    shown: bool,
}

impl<'a> ProgressLine<'a> {
    fn new(peer: &'a str) -> ProgressLine<'a> {
        ProgressLine {
            peer,
            start: Instant::now(),
            shown: false,
        }
    }

    fn show(&mut self, n: u64, of: u64) {
        if self.start.elapsed() < Duration::from_millis(500) || !std::io::stderr().is_terminal() {
            return;
        }
        self.shown = true;
        eprint!(
            "\rattn-course: receiving from {}: {} of {} KiB",
            self.peer,
            n >> 10,
            of >> 10
        );
    }

    fn end(&mut self) {
        if self.shown {
            eprintln!();
        }
    }
}
