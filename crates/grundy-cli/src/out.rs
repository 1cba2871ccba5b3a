//! Standard output, written in one place: every command's text goes through [`emit`] or
//! [`Stdout`], which keep the first write error met, so that `main` reports it in one line and
//! exits non-zero (output lost to a full disk is never a silent success). A reader that went
//! away (`| head`, a closed pipe) is no error: it asked for no more.

use std::io::{self, BufWriter, StdoutLock, Write};
use std::sync::Mutex;

/// The first write error on standard output, as the user reads it.
static FAILED: Mutex<Option<String>> = Mutex::new(None);

/// Keeps `e` as the failure to report, unless it is a closed pipe or one is already kept; the
/// error is handed back for the writer's caller to stop on.
pub fn record(e: io::Error) -> io::Error {
    if e.kind() != io::ErrorKind::BrokenPipe {
        let mut failed = FAILED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        failed.get_or_insert_with(|| format!("writing to standard output failed: {e}"));
    }
    e
}

/// The first write error on standard output, if any was met (a closed pipe is none).
pub fn failure() -> Option<String> {
    FAILED.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
}

/// Writes `text` to standard output and flushes it; an error is kept for `main` to report.
pub fn emit(text: &str) {
    let mut out = io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(record);
}

/// Standard output through a 64 KiB buffer, for long listings: its write errors are kept as
/// [`emit`]'s are.
pub struct Stdout(BufWriter<StdoutLock<'static>>);

impl Stdout {
    /// Standard output, locked and buffered.
    pub fn new() -> Stdout {
        Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock()))
    }
}

impl Default for Stdout {
    fn default() -> Stdout {
        Stdout::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(record)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(record)
    }
}

impl Drop for Stdout {
    fn drop(&mut self) {
        // BufWriter's own drop would flush and drop the error.
        let _ = self.flush();
    }
}
