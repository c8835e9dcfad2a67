//! The reader side by side with `less` on the same lesson text (issue 18), in an 80x24
//! pseudo-terminal, runs interleaved so that a busy machine slows both alike:
//!
//! - spawn to first complete screen (median of 21): the screen, rebuilt with `vt100`
//!   from the bytes written, equals the one the program shows once it has settled;
//! - bytes written per one-line scroll (`j`, median of 20) and per page (space, median
//!   of 10);
//! - wake-ups per second while idle (context switches of every thread over 2 s);
//! - peak resident memory after the scrolling, binary size;
//! - the reader alone: a frame redraw at 200x60 (in process, median of 200) and
//!   `check --seeds 100`.
//!
//! `cargo bench --bench vs_less` prints one table. `less` must be installed
//! (`apt-get install less`).

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use attn_course::app::{Action, App};
use attn_course::content::Course;
use attn_course::layout::Theme;
use attn_course::progress::Progress;
use attn_course::tty::caps::Caps;
use attn_course::tty::paint::Painter;
use attn_course::tty::probe::Probe;
use ratatui::Terminal;

const COLS: u16 = 80;
const ROWS: u16 = 24;
/// No output for this long means the program has finished reacting.
const QUIET: Duration = Duration::from_millis(80);
const READER: &str = env!("CARGO_BIN_EXE_attn-course");

/// A program running in a pseudo-terminal of its own.
struct Pty {
    master: File,
    child: Child,
    screen: vt100::Parser,
    bytes: usize,
}

impl Pty {
    fn spawn(mut cmd: Command) -> Pty {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: ROWS,
            ws_col: COLS,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: two out-pointers to ints and a valid winsize; no name buffer.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: openpty returned two fresh descriptors that nothing else owns.
        let (master, slave) = unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let fd = slave.as_raw_fd();
        cmd.stdin(Stdio::from(slave.try_clone().expect("dup")))
            .stdout(Stdio::from(slave.try_clone().expect("dup")))
            .stderr(Stdio::from(slave));
        // SAFETY: setsid and ioctl are async-signal-safe; the child makes the pty its
        // controlling terminal, as a terminal emulator does.
        unsafe {
            cmd.pre_exec(move || {
                libc::setsid();
                libc::ioctl(fd, libc::TIOCSCTTY, 0);
                Ok(())
            });
        }
        let child = cmd.spawn().expect("spawn");
        Pty {
            master,
            child,
            screen: vt100::Parser::new(
                std::num::NonZeroU16::new(ROWS).unwrap(),
                std::num::NonZeroU16::new(COLS).unwrap(),
                0,
            ),
            bytes: 0,
        }
    }

    /// Reads what arrives within `wait`; false when nothing did.
    fn read_for(&mut self, wait: Duration) -> bool {
        let mut fd = libc::pollfd {
            fd: self.master.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = wait.as_millis() as i32;
        // SAFETY: one valid pollfd.
        if unsafe { libc::poll(&mut fd, 1, ms) } <= 0 {
            return false;
        }
        let mut buf = [0u8; 65536];
        match self.master.read(&mut buf) {
            Ok(n) if n > 0 => {
                self.screen.process(&buf[..n]);
                self.bytes += n;
                true
            }
            _ => false,
        }
    }

    /// Reads until the program has been quiet for `QUIET`.
    fn settle(&mut self) {
        let start = Instant::now();
        while self.read_for(QUIET) {
            assert!(start.elapsed() < Duration::from_secs(20), "never quiet");
        }
    }

    fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Bytes written in answer to `key`.
    fn bytes_for(&mut self, key: &[u8]) -> usize {
        self.settle();
        let before = self.bytes;
        self.master.write_all(key).expect("key");
        // The first byte may take a moment on a busy machine.
        self.read_for(Duration::from_secs(2));
        self.settle();
        self.bytes - before
    }

    /// Sum of the context switches of every thread: each is a wake-up.
    fn switches(&self) -> u64 {
        let tasks = format!("/proc/{}/task", self.child.id());
        std::fs::read_dir(tasks)
            .map(|dir| {
                dir.flatten()
                    .filter_map(|t| std::fs::read_to_string(t.path().join("status")).ok())
                    .flat_map(|s| {
                        s.lines()
                            .filter(|l| l.contains("ctxt_switches"))
                            .filter_map(|l| l.split_whitespace().last()?.parse::<u64>().ok())
                            .collect::<Vec<_>>()
                    })
                    .sum()
            })
            .unwrap_or(0)
    }

    /// Peak resident set in KiB.
    fn peak_rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()));
        status
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("VmHWM:"))
                    .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
            })
            .unwrap_or(0)
    }

    fn quit(mut self) {
        let _ = self.master.write_all(b"q");
        let start = Instant::now();
        loop {
            self.read_for(Duration::from_millis(20));
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            if start.elapsed() > Duration::from_secs(5) {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return;
            }
        }
    }
}

/// One of the two programs under test.
struct Subject {
    name: &'static str,
    command: Box<dyn Fn(&Path) -> Command>,
    /// The settled first screen, the mark of a complete first frame.
    first_screen: String,
}

impl Subject {
    fn new(name: &'static str, command: Box<dyn Fn(&Path) -> Command>) -> Subject {
        let home = tempfile::tempdir().expect("home");
        let mut pty = Pty::spawn(command(home.path()));
        pty.read_for(Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(300));
        pty.settle();
        let first_screen = pty.contents();
        pty.quit();
        Subject {
            name,
            command,
            first_screen,
        }
    }

    /// Spawn to the first complete screen, on a fresh home.
    fn first_frame(&self) -> Duration {
        let home = tempfile::tempdir().expect("home");
        let cmd = (self.command)(home.path());
        let start = Instant::now();
        let mut pty = Pty::spawn(cmd);
        while pty.contents() != self.first_screen {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "{}: the first screen never came",
                self.name
            );
            pty.read_for(Duration::from_millis(200));
        }
        let took = start.elapsed();
        pty.quit();
        took
    }
}

fn environment(cmd: &mut Command) {
    cmd.env("TERM", "xterm-256color")
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("NO_COLOR")
        .env_remove("LESS")
        .env_remove("ATTN_COURSE_HOME");
}

fn median<T: Ord + Copy>(mut v: Vec<T>) -> T {
    v.sort();
    v[v.len() / 2]
}

/// The lesson the reader opens on, as plain text for `less`.
fn lesson_text(dir: &Path) -> PathBuf {
    let out = Command::new(READER)
        .args(["read", "1", "--width", &COLS.to_string()])
        .env("LANG", "C.UTF-8")
        .output()
        .expect("attn-course read 1");
    assert!(out.status.success(), "attn-course read 1 failed");
    let path = dir.join("lesson-1.txt");
    std::fs::write(&path, out.stdout).expect("write lesson text");
    path
}

/// Per-program figures measured in the pty.
struct Figures {
    first: Duration,
    line: usize,
    page: usize,
    wakeups: f64,
    rss_kib: u64,
}

fn scrolling(subject: &Subject) -> (usize, usize, f64, u64) {
    let home = tempfile::tempdir().expect("home");
    let mut pty = Pty::spawn((subject.command)(home.path()));
    pty.read_for(Duration::from_secs(5));
    pty.settle();
    let lines = median((0..20).map(|_| pty.bytes_for(b"j")).collect());
    let pages = median((0..10).map(|_| pty.bytes_for(b" ")).collect());
    pty.settle();
    // Idle means nothing pending: the reader's deferred save (at most 3 s after the
    // last move) is made before the count starts.
    std::thread::sleep(Duration::from_secs(4));
    let before = pty.switches();
    let idle = Duration::from_secs(2);
    std::thread::sleep(idle);
    let wakeups = (pty.switches() - before) as f64 / idle.as_secs_f64();
    let rss = pty.peak_rss();
    pty.quit();
    (lines, pages, wakeups, rss)
}

/// Bytes per `j` with the contents pane shown beside the text with `t` (at 80x24 the
/// default is the text at full width, whose rows move whole): the rows beside the pane
/// cannot move in a scroll region, so they are redrawn.
fn beside_contents_line(subject: &Subject) -> usize {
    let home = tempfile::tempdir().expect("home");
    let mut pty = Pty::spawn((subject.command)(home.path()));
    pty.read_for(Duration::from_secs(5));
    pty.settle();
    pty.bytes_for(b"t");
    let lines = median((0..20).map(|_| pty.bytes_for(b"j")).collect());
    pty.quit();
    lines
}

/// One frame at 200x60 after a scroll step, in process: rendered by ratatui and written
/// by the reader's painter (scroll regions on), as the reader draws it.
fn redraw_200x60() -> Duration {
    let course = Course::load(None).expect("embedded course");
    let mut app = App::new(course, Progress::new(0), Theme::new(false, true), (200, 60));
    let mut terminal = Terminal::new(Probe::fixed(200, 60)).expect("probe backend");
    let mut painter = Painter::new(Caps::detect("xterm-256color", "", true));
    let mut out = Vec::new();
    let mut times = Vec::new();
    let mut down = true;
    for _ in 0..200 {
        let before = app.scroll();
        app.update(if down { Action::Down } else { Action::Up });
        if app.scroll() == before {
            down = !down;
        }
        out.clear();
        let start = Instant::now();
        let frame = terminal
            .draw(|f| attn_course::ui::draw(&app, f))
            .expect("draw");
        painter.paint(frame.buffer, &mut out);
        painter.place_cursor(terminal.backend().cursor(), &mut out);
        times.push(start.elapsed());
    }
    median(times)
}

fn check_time() -> Duration {
    let start = Instant::now();
    let status = Command::new(READER)
        .args(["check", "--seeds", "100"])
        .stdout(Stdio::null())
        .status()
        .expect("check");
    assert!(status.success(), "check failed");
    start.elapsed()
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn ratio(a: f64, b: f64) -> String {
    if b == 0.0 {
        if a == 0.0 { "=".into() } else { "-".into() }
    } else {
        format!("{:.2}x", a / b)
    }
}

fn main() {
    if Command::new("less").arg("--version").output().is_err() {
        eprintln!("vs_less: `less` is not installed (apt-get install less)");
        std::process::exit(2);
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let text = lesson_text(dir.path());
    let reader = Subject::new(
        "attn-course",
        Box::new(|home: &Path| {
            let mut cmd = Command::new(READER);
            cmd.arg("--home").arg(home);
            environment(&mut cmd);
            cmd
        }),
    );
    let less = Subject::new(
        "less",
        Box::new(move |_: &Path| {
            let mut cmd = Command::new("less");
            cmd.arg(&text);
            environment(&mut cmd);
            cmd
        }),
    );
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..21 {
        ours.push(reader.first_frame());
        theirs.push(less.first_frame());
    }
    let figures = |subject: &Subject, first| {
        let (line, page, wakeups, rss_kib) = scrolling(subject);
        Figures {
            first,
            line,
            page,
            wakeups,
            rss_kib,
        }
    };
    let beside = beside_contents_line(&reader);
    let a = figures(&reader, median(ours));
    let b = figures(&less, median(theirs));
    let size = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
    let less_path = which("less");
    let (size_a, size_b) = (size(Path::new(READER)), size(&less_path));

    println!("| figure (80x24 pty) | attn-course | less | ratio |");
    println!("| --- | --- | --- | --- |");
    println!(
        "| spawn to first complete screen (median of 21) | {} | {} | {} |",
        ms(a.first),
        ms(b.first),
        ratio(a.first.as_secs_f64(), b.first.as_secs_f64())
    );
    println!(
        "| bytes per one-line scroll (j, median of 20) | {} B | {} B | {} |",
        a.line,
        b.line,
        ratio(a.line as f64, b.line as f64)
    );
    println!(
        "| the same, the reader's contents pane shown beside (t) | {} B | {} B | {} |",
        beside,
        b.line,
        ratio(beside as f64, b.line as f64)
    );
    println!(
        "| bytes per page (space, median of 10) | {} B | {} B | {} |",
        a.page,
        b.page,
        ratio(a.page as f64, b.page as f64)
    );
    println!(
        "| wake-ups per second while idle | {:.1} | {:.1} | {} |",
        a.wakeups,
        b.wakeups,
        ratio(a.wakeups, b.wakeups)
    );
    println!(
        "| peak RSS | {:.1} MiB | {:.1} MiB | {} |",
        a.rss_kib as f64 / 1024.0,
        b.rss_kib as f64 / 1024.0,
        ratio(a.rss_kib as f64, b.rss_kib as f64)
    );
    println!(
        "| binary size | {:.2} MB | {:.2} MB | {} |",
        size_a as f64 / 1e6,
        size_b as f64 / 1e6,
        ratio(size_a as f64, size_b as f64)
    );
    println!(
        "| frame redraw at 200x60 (in process, median of 200) | {} | - | - |",
        ms(redraw_200x60())
    );
    println!("| check --seeds 100 | {} | - | - |", ms(check_time()));
}

/// The full path of a program on `PATH`.
fn which(program: &str) -> PathBuf {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(program))
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from(program))
}
