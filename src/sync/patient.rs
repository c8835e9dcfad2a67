//! A reader that gives up: the bytes of a stream read on a thread of their own and
//! handed over in bounded chunks, so that a peer that stops sending (a stalled link, a
//! hostile server) costs a timeout, not a hang, and a flood costs at most a few chunks
//! of memory before the reader on this side refuses it.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};

/// Bytes read at a time on the pumping thread.
const CHUNK: usize = 64 << 10;
/// Chunks waiting to be read: the memory a flood can take before it is refused.
const QUEUED: usize = 4;

/// Reads what a thread pumps from another reader, failing with `TimedOut` when nothing
/// came for `idle`, or when the whole conversation has taken longer than `total`.
pub struct Patient {
    chunks: Receiver<io::Result<Vec<u8>>>,
    chunk: Vec<u8>,
    at: usize,
    idle: Duration,
    total: Duration,
    deadline: Instant,
}

impl Patient {
    /// Starts pumping `source` (a child's stdout, this process's stdin). The thread ends
    /// at the end of the stream, on an error, or once this reader is dropped and the
    /// next chunk has nowhere to go.
    pub fn new<R: Read + Send + 'static>(
        mut source: R,
        idle: Duration,
        total: Duration,
    ) -> Patient {
        let (send, chunks) = sync_channel(QUEUED);
        std::thread::spawn(move || {
            loop {
                let mut buf = vec![0; CHUNK];
                let chunk = match source.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        buf.truncate(n);
                        Ok(buf)
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => Err(e),
                };
                let failed = chunk.is_err();
                if send.send(chunk).is_err() || failed {
                    break;
                }
            }
        });
        Patient {
            chunks,
            chunk: Vec::new(),
            at: 0,
            idle,
            total,
            deadline: Instant::now() + total,
        }
    }
}

impl Read for Patient {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.at == self.chunk.len() {
            let left = self.deadline.saturating_duration_since(Instant::now());
            let wait = self.idle.min(left);
            match self.chunks.recv_timeout(wait) {
                Ok(chunk) => {
                    self.chunk = chunk?;
                    self.at = 0;
                }
                // A trickle ends at the deadline, and says so (not "nothing came").
                Err(RecvTimeoutError::Timeout) if wait < self.idle => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("the exchange took over {} s", self.total.as_secs()),
                    ));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        format!("nothing came for {} s", wait.as_secs_f64().round()),
                    ));
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(0),
            }
        }
        let n = out.len().min(self.chunk.len() - self.at);
        out[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write as _;

    #[test]
    fn a_stalled_stream_times_out_and_a_finished_one_ends() {
        let (read, _write) = std::os::unix::net::UnixStream::pair().expect("pair");
        let mut stalled = Patient::new(read, Duration::from_millis(50), Duration::from_secs(9));
        let started = Instant::now();
        let err = stalled.read(&mut [0; 8]).expect_err("times out");
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert!(started.elapsed() < Duration::from_secs(5));
        let (read, mut write) = std::os::unix::net::UnixStream::pair().expect("pair");
        std::thread::spawn(move || {
            while write.write_all(b"x").is_ok() {
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let mut trickle = Patient::new(read, Duration::from_secs(5), Duration::from_secs(1));
        let err = trickle.read_to_end(&mut Vec::new()).expect_err("times out");
        assert_eq!(err.to_string(), "the exchange took over 1 s");
        let mut done = Patient::new(&b"abc"[..], Duration::from_secs(9), Duration::from_secs(9));
        let mut all = Vec::new();
        done.read_to_end(&mut all).expect("reads");
        assert_eq!(all, b"abc");
    }
}
