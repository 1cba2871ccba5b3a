//! Cheap requests under a storm of slow ones, on loopback only: CLIENTS threads keep sending a
//! slow analysis (by default `octal:0.764` of 30000, about 1.7 s of work) to a running `grundy
//! serve` for SECONDS, each sending its next as soon as it has an answer (200, or 503 `busy`
//! when the slow lane's queue is full), while one more client sends `POST /api/analyze` nim
//! 3 4 5 every second and times it. Prints each cheap latency, their median and maximum, how
//! many passed 1 s, and what the slow requests were answered.
//!
//! `cargo run --release -p grundy-web --example stall -- --addr 127.0.0.1:PORT [--clients C]
//! [--seconds S] [--distinct]` (`--distinct`: each slow request a different heap, 30000 + i,
//! so that no two are the same work).

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn arg<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
}

/// Sends one request on a keep-alive connection; its status code and body.
fn post(reader: &mut BufReader<TcpStream>, addr: SocketAddr, body: &str) -> std::io::Result<(u16, String)> {
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let stream = reader.get_mut();
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    let mut status = String::new();
    reader.read_line(&mut status)?;
    let code = status.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Err(std::io::Error::other("the connection closed"));
        }
        if line == "\r\n" {
            break;
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().map_err(std::io::Error::other)?;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    Ok((code, String::from_utf8_lossy(&body).into_owned()))
}

fn connect(addr: SocketAddr) -> std::io::Result<BufReader<TcpStream>> {
    let stream = TcpStream::connect(addr)?;
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    Ok(BufReader::new(stream))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let addr: SocketAddr = arg(&args, "--addr").expect("--addr 127.0.0.1:PORT").parse().expect("--addr takes IP:PORT");
    // Loopback only: this tool must never send traffic anywhere else.
    assert!(addr.ip().is_loopback(), "--addr must be a loopback address, not {}", addr.ip());
    let clients: u64 = arg(&args, "--clients").map_or(100, |c| c.parse().expect("--clients takes a number"));
    let seconds: u64 = arg(&args, "--seconds").map_or(20, |c| c.parse().expect("--seconds takes a number"));
    let distinct = args.iter().any(|a| a == "--distinct");

    let done = Arc::new(AtomicBool::new(false));
    let statuses: Arc<Mutex<BTreeMap<String, u64>>> = Arc::default();
    let sent = Arc::new(AtomicU64::new(0));
    let slow: Vec<_> = (0..clients)
        .map(|c| {
            let (done, statuses, sent) = (Arc::clone(&done), Arc::clone(&statuses), Arc::clone(&sent));
            std::thread::spawn(move || {
                let mut reader = None;
                let mut i = 0u64;
                while !done.load(Ordering::Relaxed) {
                    let heap = if distinct { 30_000 + (c * 1_000_003 + i) % 20_000 } else { 30_000 };
                    i += 1;
                    let body = format!(r#"{{"game": "octal:0.764", "position": [{heap}]}}"#);
                    let r = match reader.as_mut() {
                        Some(r) => r,
                        None => match connect(addr) {
                            Ok(r) => reader.insert(r),
                            Err(_) => {
                                std::thread::sleep(Duration::from_millis(10));
                                continue;
                            }
                        },
                    };
                    sent.fetch_add(1, Ordering::Relaxed);
                    let key = match post(r, addr, &body) {
                        Ok((code, body)) => {
                            let kind = body
                                .split("\"kind\":\"")
                                .nth(1)
                                .and_then(|k| k.split('"').next())
                                .map(|k| format!(" {k}"))
                                .unwrap_or_default();
                            format!("{code}{kind}")
                        }
                        Err(e) => {
                            reader = None;
                            format!("error: {}", e.kind())
                        }
                    };
                    *statuses.lock().expect("a lock").entry(key).or_default() += 1;
                }
            })
        })
        .collect();

    // Let the storm start, then send a cheap request every second.
    std::thread::sleep(Duration::from_millis(500));
    let start = Instant::now();
    let mut cheap = Vec::new();
    let mut failures = Vec::new();
    while start.elapsed() < Duration::from_secs(seconds) {
        let tick = Instant::now();
        let t = Instant::now();
        let got = connect(addr).and_then(|mut r| post(&mut r, addr, r#"{"game": "nim", "position": [3, 4, 5]}"#));
        let took = t.elapsed();
        match got {
            Ok((200, body)) if body.contains("\"outcome\":\"N\"") => cheap.push(took),
            Ok((code, body)) => failures.push(format!("{code} {}", body.chars().take(200).collect::<String>())),
            Err(e) => failures.push(e.to_string()),
        }
        println!("cheap request {}: {:.1} ms", cheap.len() + failures.len(), took.as_secs_f64() * 1e3);
        std::thread::sleep(Duration::from_secs(1).saturating_sub(tick.elapsed()));
    }
    done.store(true, Ordering::Relaxed);
    for t in slow {
        let _ = t.join();
    }
    cheap.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let median = cheap.get(cheap.len() / 2).copied().unwrap_or_default();
    let max = cheap.last().copied().unwrap_or_default();
    let over = cheap.iter().filter(|d| **d > Duration::from_secs(1)).count();
    println!(
        "{clients} slow clients{} for {seconds} s: cheap nim 3 4 5: {} answered 200 (median {:.1} ms, max {:.1} ms, {over} over 1 s), {} failed",
        if distinct { " (distinct heaps)" } else { "" },
        cheap.len(),
        ms(median),
        ms(max),
        failures.len()
    );
    for f in &failures {
        println!("  failed: {f}");
    }
    let statuses = statuses.lock().expect("a lock");
    let answers: Vec<String> = statuses.iter().map(|(k, n)| format!("{n} x {k}")).collect();
    println!("slow requests: {} sent; answers: {}", sent.load(Ordering::Relaxed), answers.join(", "));
}
