//! The sync protocol's lines and frames (see the module above for the conversation).
//! Everything read is bounded before it is kept: a line at [`MAX_LINE`] bytes, a record
//! at the store's [`MAX_RECORD_BYTES`] (announced in its `record N` line, refused before
//! a byte of it is read), so a peer that floods costs neither memory nor time.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};

use crate::progress::{SCHEMA, SeedRule};
use crate::store::MAX_RECORD_BYTES;

/// The protocol's own version, first in the hello: a change of the conversation bumps it.
pub const PROTOCOL: u32 = 1;
/// The word a hello starts with.
const MAGIC: &str = "attn-course-sync";
/// The longest line either side sends (a hello, an error line).
pub const MAX_LINE: usize = 1024;

/// What went wrong on the wire.
#[derive(Debug, PartialEq, Eq)]
pub enum WireError {
    /// The stream ended (the connection closed, the peer exited).
    Closed,
    /// Nothing came in time.
    TimedOut(String),
    /// The peer sent something this protocol does not allow.
    Bad(String),
    /// The peer said why it stopped (its `error` line, not yet sanitised).
    Peer(String),
    /// Reading or writing failed otherwise.
    Io(String),
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Closed => write!(f, "the connection closed"),
            WireError::TimedOut(what) => write!(f, "timed out: {what}"),
            WireError::Bad(what) | WireError::Peer(what) => write!(f, "{what}"),
            WireError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl From<io::Error> for WireError {
    fn from(e: io::Error) -> WireError {
        match e.kind() {
            io::ErrorKind::TimedOut => WireError::TimedOut(e.to_string()),
            io::ErrorKind::BrokenPipe | io::ErrorKind::UnexpectedEof => WireError::Closed,
            _ => WireError::Io(e.to_string()),
        }
    }
}

/// The first line each side sends: which protocol, which release, which record schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hello {
    pub protocol: u32,
    pub version: String,
    pub schema: u32,
}

impl Hello {
    /// This release's hello.
    pub fn ours() -> Hello {
        Hello {
            protocol: PROTOCOL,
            version: env!("CARGO_PKG_VERSION").to_string(),
            schema: SCHEMA,
        }
    }

    /// The hello as its line.
    pub fn line(&self) -> String {
        format!("{MAGIC} {} {} {}", self.protocol, self.version, self.schema)
    }

    /// Reads a hello line; anything else is not attn-course's sync speaking.
    pub fn parse(line: &str) -> Result<Hello, WireError> {
        let bad = || WireError::Bad(format!("not an attn-course sync hello: {line:?}"));
        let mut words = line.split(' ');
        if words.next() != Some(MAGIC) {
            return Err(bad());
        }
        let protocol = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        let version = words.next().filter(|v| !v.is_empty()).ok_or_else(bad)?;
        let schema = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
        Ok(Hello {
            protocol,
            version: version.to_string(),
            schema,
        })
    }

    /// `Err` with one line naming both sides when `theirs` (the peer called `peer`)
    /// cannot sync with this one: another protocol or another record schema.
    pub fn agrees(&self, theirs: &Hello, peer: &str) -> Result<(), String> {
        if (self.protocol, self.schema) == (theirs.protocol, theirs.schema) {
            return Ok(());
        }
        Err(format!(
            "{peer} has attn-course {} (record schema {}, sync protocol {}), this is {} (schema {}, protocol {}): install the same release on both",
            theirs.version,
            theirs.schema,
            theirs.protocol,
            self.version,
            self.schema,
            self.protocol
        ))
    }
}

/// One side's end of the conversation: lines and frames read from `R`, written to `W`.
pub struct Wire<R, W> {
    input: BufReader<R>,
    output: W,
}

impl<R: Read, W: Write> Wire<R, W> {
    pub fn new(input: R, output: W) -> Wire<R, W> {
        Wire {
            input: BufReader::new(input),
            output,
        }
    }

    /// Sends one line (and flushes: the peer is waiting for it).
    pub fn send(&mut self, line: &str) -> Result<(), WireError> {
        debug_assert!(!line.contains('\n') && line.len() < MAX_LINE);
        self.output.write_all(line.as_bytes())?;
        self.output.write_all(b"\n")?;
        self.output.flush()?;
        Ok(())
    }

    /// Sends a record frame: `record N`, then the N bytes.
    pub fn send_record(&mut self, bytes: &[u8]) -> Result<(), WireError> {
        writeln!(self.output, "record {}", bytes.len())?;
        self.output.write_all(bytes)?;
        self.output.flush()?;
        Ok(())
    }

    /// Sends the seed rule the receiver of a record merges it with.
    pub fn send_seed(&mut self, seed: SeedRule) -> Result<(), WireError> {
        self.send(&match seed {
            SeedRule::Chosen(s) => format!("seed chosen {s}"),
            SeedRule::IfUnbound(s) => format!("seed unbound {s}"),
        })
    }

    /// The next line, without its newline; a line over [`MAX_LINE`] bytes or not UTF-8
    /// is refused after reading at most that much.
    pub fn line(&mut self) -> Result<String, WireError> {
        let mut line = Vec::new();
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Err(WireError::Closed);
            }
            let room = MAX_LINE + 1 - line.len();
            let take = &buf[..buf.len().min(room)];
            if let Some(end) = take.iter().position(|&b| b == b'\n') {
                line.extend_from_slice(&take[..end]);
                self.input.consume(end + 1);
                break;
            }
            line.extend_from_slice(take);
            let n = take.len();
            self.input.consume(n);
            if line.len() > MAX_LINE {
                return Err(WireError::Bad(format!(
                    "a line longer than {MAX_LINE} bytes, not attn-course sync speaking"
                )));
            }
        }
        String::from_utf8(line).map_err(|_| WireError::Bad("a line that is not UTF-8".into()))
    }

    /// Reads the hello (the first line), or fails saying what came instead.
    pub fn hello(&mut self) -> Result<Hello, WireError> {
        Hello::parse(&self.line()?)
    }

    /// The next message: a record's bytes, `bye`, `ok`, or an `error` the peer sent
    /// (as `Err(Peer)`). `progress` is told the bytes read
    /// so far of a record and its size, for a progress line on a slow link.
    pub fn message(&mut self, progress: &mut dyn FnMut(u64, u64)) -> Result<Message, WireError> {
        let line = self.line()?;
        let (word, rest) = line.split_once(' ').unwrap_or((&line, ""));
        match word {
            "record" => {
                let n: u64 = rest
                    .parse()
                    .map_err(|_| WireError::Bad(format!("a bad record size: {rest:?}")))?;
                if n > MAX_RECORD_BYTES {
                    return Err(WireError::Bad(format!(
                        "a record of {n} bytes, over the {} MiB a record may be",
                        MAX_RECORD_BYTES >> 20
                    )));
                }
                Ok(Message::Record(self.bytes(n, progress)?))
            }
            "seed" => {
                let (how, seed) = rest.split_once(' ').unwrap_or((rest, ""));
                let seed = seed
                    .parse()
                    .map_err(|_| WireError::Bad(format!("a bad seed: {seed:?}")))?;
                match how {
                    "chosen" => Ok(Message::Seed(SeedRule::Chosen(seed))),
                    "unbound" => Ok(Message::Seed(SeedRule::IfUnbound(seed))),
                    _ => Err(WireError::Bad(format!("a bad seed rule: {how:?}"))),
                }
            }
            "bye" => Ok(Message::Bye),
            "ok" => Ok(Message::Ok),
            "error" => Err(WireError::Peer(rest.to_string())),
            _ => Err(WireError::Bad(format!("an unknown message: {line:?}"))),
        }
    }

    /// Exactly `n` bytes (`n` already bounded by the caller).
    fn bytes(&mut self, n: u64, progress: &mut dyn FnMut(u64, u64)) -> Result<Vec<u8>, WireError> {
        let mut out = Vec::with_capacity(n as usize);
        while (out.len() as u64) < n {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Err(WireError::Closed);
            }
            let take = buf.len().min((n - out.len() as u64) as usize);
            out.extend_from_slice(&buf[..take]);
            self.input.consume(take);
            progress(out.len() as u64, n);
        }
        Ok(out)
    }
}

/// A message after the hellos.
#[derive(Debug, PartialEq, Eq)]
pub enum Message {
    Record(Vec<u8>),
    Seed(SeedRule),
    Bye,
    Ok,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wire(input: &[u8]) -> Wire<&[u8], Vec<u8>> {
        Wire::new(input, Vec::new())
    }

    #[test]
    fn a_record_and_its_seed_go_through() {
        let mut out = Wire::new(&b""[..], Vec::new());
        out.send_record(b"schema = 1\n").expect("sends");
        out.send_seed(SeedRule::Chosen(7)).expect("sends");
        let sent = out.output;
        assert_eq!(sent, b"record 11\nschema = 1\nseed chosen 7\n");
        let mut back = wire(&sent);
        let mut seen = 0;
        let got = back.message(&mut |n, _| seen = n).expect("reads");
        assert_eq!(got, Message::Record(b"schema = 1\n".to_vec()));
        assert_eq!(seen, 11);
        assert_eq!(
            back.message(&mut |_, _| {}),
            Ok(Message::Seed(SeedRule::Chosen(7)))
        );
        assert_eq!(back.message(&mut |_, _| {}), Err(WireError::Closed));
    }

    #[test]
    fn floods_and_oversized_records_are_refused_before_they_are_read() {
        let flood = vec![b'y'; 1 << 20];
        assert!(matches!(wire(&flood).line(), Err(WireError::Bad(e)) if e.contains("longer")));
        let huge = format!("record {}\n", MAX_RECORD_BYTES + 1);
        let refused = wire(huge.as_bytes()).message(&mut |_, _| {});
        assert!(matches!(refused, Err(WireError::Bad(e)) if e.contains("over the")));
        let cut = wire(b"record 100\nshort").message(&mut |_, _| {});
        assert_eq!(cut, Err(WireError::Closed));
    }

    #[test]
    fn hellos_name_both_sides_when_they_differ() {
        let ours = Hello::ours();
        let parsed = Hello::parse(&ours.line()).expect("parses");
        assert_eq!(parsed, ours);
        let newer = Hello {
            schema: SCHEMA + 1,
            version: "9.0.0".into(),
            ..ours.clone()
        };
        let err = ours.agrees(&newer, "lab").expect_err("refused");
        assert!(
            err.contains("lab has attn-course 9.0.0 (record schema 2"),
            "{err}"
        );
        assert!(
            err.contains(&format!("this is {} (schema 1", ours.version)),
            "{err}"
        );
        assert!(Hello::parse("SSH-2.0-OpenSSH").is_err());
    }
}
