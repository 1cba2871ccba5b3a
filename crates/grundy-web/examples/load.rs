//! A bounded load test of `POST /api/analyze` on loopback only: serves the app on 127.0.0.1 at
//! a free port (or uses `--addr` of a running `grundy serve`, which must be a loopback
//! address), sends a fixed number of requests over keep-alive connections from a few client
//! threads, stops after the count or the time limit, and reports requests per second and
//! latency percentiles.
//!
//! `cargo run --release -p grundy-web --example load -- [--requests N] [--clients C]
//! [--seconds S] [--addr 127.0.0.1:PORT]`

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// The request body: Bouton's worked example (7 9 12 15).
const BODY: &str = r#"{"game": "nim", "position": [7, 9, 12, 15], "misere": false, "to_move": "first"}"#;

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|v| v.parse().unwrap_or_else(|_| panic!("{name} takes a number, not '{v}'")))
        .unwrap_or(default)
}

/// Sends one request on a keep-alive connection and reads the whole response.
fn request(reader: &mut BufReader<TcpStream>, addr: SocketAddr) -> std::io::Result<()> {
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        BODY.len()
    );
    let stream = reader.get_mut();
    stream.write_all(head.as_bytes())?;
    stream.write_all(BODY.as_bytes())?;
    let mut status = String::new();
    reader.read_line(&mut status)?;
    if !status.starts_with("HTTP/1.1 200") {
        return Err(std::io::Error::other(format!("unexpected status: {}", status.trim())));
    }
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        if line == "\r\n" || line.is_empty() {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().map_err(std::io::Error::other)?;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let total = arg(&args, "--requests", 20_000);
    let clients = arg(&args, "--clients", 4).max(1);
    let limit = Duration::from_secs(arg(&args, "--seconds", 60));
    let addr: SocketAddr = match args.iter().position(|a| a == "--addr").and_then(|i| args.get(i + 1)) {
        Some(a) => a.parse().expect("--addr takes IP:PORT"),
        None => {
            let (tx, rx) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                grundy_web::serve("127.0.0.1:0".parse().expect("an address"), move |a| {
                    let _ = tx.send(a);
                })
                .expect("the server runs");
            });
            rx.recv_timeout(Duration::from_secs(10)).expect("the server starts")
        }
    };
    // Loopback only: this tool must never send traffic anywhere else.
    assert!(addr.ip().is_loopback(), "--addr must be a loopback address (127.0.0.0/8 or ::1), not {}", addr.ip());

    let start = Instant::now();
    let per_client = total.div_ceil(clients);
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            std::thread::spawn(move || {
                let stream = TcpStream::connect(addr).expect("connects");
                stream.set_nodelay(true).expect("nodelay");
                stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
                let mut reader = BufReader::new(stream);
                let mut latencies = Vec::with_capacity(per_client as usize);
                for _ in 0..per_client {
                    if start.elapsed() > limit {
                        break;
                    }
                    let t = Instant::now();
                    request(&mut reader, addr).expect("a 200 answer");
                    latencies.push(t.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = threads.into_iter().flat_map(|t| t.join().expect("a client")).collect();
    let elapsed = start.elapsed();
    latencies.sort_unstable();
    let pct =
        |p: f64| latencies[((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1).min(latencies.len() - 1)];
    println!(
        "POST /api/analyze nim 7 9 12 15: {} requests, {} clients, {:.2} s: {:.0} requests/s, p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        latencies.len(),
        clients,
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
    );
}
