//! The request line, looked at before the HTTP server reads it. hyper answers a URL past its
//! own bound (64 KiB) with a bare 414 and no body, before any route sees the request, so a
//! client that sends a huge query would get no error in the API's words. Each connection is
//! therefore peeked at first (the bytes stay for hyper): a request line that runs past
//! [`MAX_REQUEST_LINE`] is answered here with the API's JSON error (414, kind `too_large`) and
//! the connection closed; every other connection goes on to the router untouched.

use std::io;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

use crate::error::{ApiError, Kind};

/// The longest request line (method, URL and version) taken: past hyper's own bound of 65534
/// bytes for the URL would be answered without a body.
pub(crate) const MAX_REQUEST_LINE: usize = 60 * 1024;

/// How long a connection may take to send its request line before it is handed on as it is
/// (hyper's own timeouts and errors then apply).
const LINE_WAIT: Duration = Duration::from_secs(5);

/// The connections whose request line fits, for `axum::serve`.
pub(crate) struct Guarded {
    ready: mpsc::Receiver<(TcpStream, SocketAddr)>,
    local: SocketAddr,
}

impl Guarded {
    /// Accepts on `listener` in a task of its own, each connection checked in a task of its own
    /// (a slow client holds up no other).
    pub(crate) fn new(listener: TcpListener) -> io::Result<Guarded> {
        let local = listener.local_addr()?;
        let (send, ready) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let (stream, addr) = match listener.accept().await {
                    Ok(accepted) => accepted,
                    // Out of file descriptors, say: wait a little, as axum's own loop does.
                    Err(_) => {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let send = send.clone();
                tokio::spawn(async move {
                    if line_fits(&stream).await {
                        let _ = send.send((stream, addr)).await;
                    } else {
                        refuse(stream).await;
                    }
                });
            }
        });
        Ok(Guarded { ready, local })
    }
}

impl axum::serve::Listener for Guarded {
    type Io = TcpStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (TcpStream, SocketAddr) {
        loop {
            if let Some(connection) = self.ready.recv().await {
                return connection;
            }
            // The accepting task ended (it never does while the runtime lives): nothing more
            // will come, so wait for ever as a listener with no clients would.
            std::future::pending::<()>().await;
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.local)
    }
}

/// Whether the first line the client sent ends within [`MAX_REQUEST_LINE`] bytes (or the
/// client sent nothing, or too slowly to tell: those are hyper's to answer).
async fn line_fits(stream: &TcpStream) -> bool {
    let mut buf = vec![0u8; MAX_REQUEST_LINE + 1];
    let started = Instant::now();
    let mut seen = 0;
    loop {
        let n = match stream.peek(&mut buf).await {
            Ok(n) => n,
            Err(_) => return true,
        };
        if n == 0 || buf.get(..n).is_some_and(|seen| seen.contains(&b'\n')) {
            return true;
        }
        if n > MAX_REQUEST_LINE {
            return false;
        }
        if started.elapsed() > LINE_WAIT {
            return true;
        }
        // More of the line is on its way: look again once it had time to come (a peek of the
        // same bytes returns at once).
        let pause = if n == seen { 10 } else { 1 };
        seen = n;
        tokio::time::sleep(Duration::from_millis(pause)).await;
    }
}

/// Answers a request whose line is too long with the API's JSON error, then reads what the
/// client still sends (within bounds) before closing, so that the answer is not lost to a
/// reset of the connection.
async fn refuse(stream: TcpStream) {
    let error = ApiError::new(
        StatusCode::URI_TOO_LONG,
        Kind::TooLarge,
        format!(
            "the request line is longer than {MAX_REQUEST_LINE} bytes: send a long position in a POST body (/api/analyze), or ask for less"
        ),
    );
    let body = serde_json::to_string(&error.body()).unwrap_or_default();
    let head = format!(
        "HTTP/1.1 414 URI Too Long\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    if write_all(&stream, head.as_bytes()).await.is_err() || write_all(&stream, body.as_bytes()).await.is_err() {
        return;
    }
    // The answer is whole: the write side closes, so that the client reads to its end.
    let Ok(stream) = stream.into_std().and_then(|s| s.shutdown(std::net::Shutdown::Write).map(|()| s)) else {
        return;
    };
    let Ok(stream) = TcpStream::from_std(stream) else {
        return;
    };
    let mut sink = vec![0u8; 1 << 16];
    let mut left: usize = 16 << 20;
    let drain = async {
        while left > 0 {
            if stream.readable().await.is_err() {
                break;
            }
            match stream.try_read(&mut sink) {
                Ok(0) => break,
                Ok(n) => left = left.saturating_sub(n),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                Err(_) => break,
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(2), drain).await;
}

/// Writes all of `bytes` (the `io-util` feature's `write_all`, which this crate does without).
async fn write_all(stream: &TcpStream, mut bytes: &[u8]) -> io::Result<()> {
    while !bytes.is_empty() {
        stream.writable().await?;
        match stream.try_write(bytes) {
            Ok(n) => bytes = bytes.get(n..).unwrap_or_default(),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
