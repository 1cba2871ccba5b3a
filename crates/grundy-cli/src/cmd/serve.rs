//! `grundy serve [--port P] [--host H] [--time-limit SECONDS] [--request-memory BYTES]
//! [--total-memory BYTES]`: the local web app (crate `grundy-web`). Its computations run in
//! worker processes, this same binary started as `grundy serve --worker`.

use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::time::Duration;

use crate::CliError;

/// Arguments of `grundy serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value = "8080", allow_negative_numbers = true)]
    port: String,
    /// The address or host name to listen on (a name is resolved, and its first address used). The
    /// default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The most seconds a request may take (waiting for its turn included); longer work gets a
    /// 503 answer naming the command that computes it without a limit.
    #[arg(long, value_name = "SECONDS", default_value = "10", allow_negative_numbers = true)]
    time_limit: String,
    /// Answer from the values stored in DIR by `grundy sg GAME --upto N --store DIR` (every heap
    /// they cover), read once at start; may be given once per game.
    #[arg(long, value_name = "DIR")]
    store: Vec<std::path::PathBuf>,
    /// The most memory one request may use (e.g. 512M, 2G): a request forecast to need more is
    /// refused (422, kind "memory"), and one that grows past it is stopped with the same answer.
    #[arg(long, value_name = "BYTES", default_value = "1G")]
    request_memory: String,
    /// The most memory the requests computing at once may use together (e.g. 8G): each reserves
    /// its forecast before it starts and waits for room within its time limit.
    #[arg(long, value_name = "BYTES", default_value = "8G")]
    total_memory: String,
    /// Run as a worker process of a server: read jobs on standard input, one a line, and write
    /// their replies (the server starts these itself).
    #[arg(long, hide = true)]
    worker: bool,
}

/// Reads a number of bytes: digits, optionally followed by K, M, G or T (powers of 1024, with
/// or without "iB"); at least 1 MiB and at most 1 TiB.
pub(crate) fn parse_bytes(flag: &str, text: &str) -> Result<u64, String> {
    let bad = |why: &str| format!("{flag} '{text}' {why}");
    let t = text.trim();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    let (number, unit) = t.split_at(digits);
    let shift = match unit.trim().trim_end_matches("iB").trim_end_matches('B') {
        "" => 0,
        "K" | "k" => 10,
        "M" | "m" => 20,
        "G" | "g" => 30,
        "T" | "t" => 40,
        _ => return Err(bad("is not a number of bytes (e.g. 512M or 2G)")),
    };
    let n: u64 = number.parse().map_err(|_| bad("is not a number of bytes (e.g. 512M or 2G)"))?;
    let bytes = n.checked_mul(1 << shift).filter(|&b| b <= 1 << 40).ok_or_else(|| bad("is past 1T"))?;
    if bytes < 1 << 20 {
        return Err(bad("is less than 1M"));
    }
    Ok(bytes)
}

/// Reads `--time-limit`: seconds, decimals allowed, more than 0 and at most a day.
fn parse_time_limit(text: &str) -> Result<Duration, String> {
    crate::cmd::parse_seconds(text, "--time-limit", grundy_web::MAX_TIME_LIMIT, "this server takes")
}

/// Runs `grundy serve` until it is stopped.
pub fn run(args: Args) -> Result<(), CliError> {
    if args.worker {
        // A worker whose server has gone (killed, Ctrl-C) ends too, even while it computes.
        #[cfg(unix)]
        {
            let parent = std::os::unix::process::parent_id();
            std::thread::spawn(move || loop {
                std::thread::sleep(Duration::from_millis(200));
                if std::os::unix::process::parent_id() != parent {
                    std::process::exit(0);
                }
            });
        }
        // The server has read these stores already: a worker reads the same.
        let stored = crate::cmd::analyze::read_stores(&args.store, crate::cmd::analyze::ANY_FILL)?;
        return grundy_web::work(std::io::stdin().lock(), std::io::stdout().lock(), stored)
            .map_err(|e| CliError::usage(format!("the worker's pipes failed: {e}")));
    }
    let port = grundy::frontend::parse_u64(&args.port, "--port").map_err(CliError::usage)?;
    let port = u16::try_from(port).map_err(|_| CliError::usage(format!("--port '{}' is past 65535", args.port)))?;
    let addr = resolve(&args.host, port).map_err(CliError::usage)?;
    let time_limit = parse_time_limit(&args.time_limit).map_err(CliError::usage)?;
    let stored = crate::cmd::analyze::read_stores(&args.store, crate::cmd::analyze::ANY_FILL)?;
    let request_memory = parse_bytes("--request-memory", &args.request_memory).map_err(CliError::usage)?;
    let total_memory = parse_bytes("--total-memory", &args.total_memory).map_err(CliError::usage)?;
    if total_memory < request_memory {
        return Err(CliError::usage(format!(
            "--total-memory {} is less than --request-memory {}: the total holds every request's",
            args.total_memory, args.request_memory
        )));
    }
    let program = std::env::current_exe()
        .map_err(|e| CliError::usage(format!("cannot find this program to start its worker processes: {e}")))?;
    // Each worker reads the stores too (by absolute path: a worker's directory is the server's,
    // but the path must not depend on it).
    let mut worker_args: Vec<std::ffi::OsString> = vec!["serve".into(), "--worker".into()];
    for dir in &args.store {
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.clone());
        worker_args.extend(["--store".into(), dir.into_os_string()]);
    }
    let workers = grundy_web::WorkerCommand { program, args: worker_args };
    let config = grundy_web::Config {
        time_limit,
        stored,
        request_memory,
        total_memory,
        workers: Some(workers),
        ..grundy_web::Config::default()
    };
    grundy_web::serve_with(addr, config, |addr| {
        crate::emit(&format!(
            "grundy serve: listening on http://{addr}/ (time limit {} s and memory {} per request, {} in all; Ctrl-C stops)\n",
            time_limit.as_secs_f64(),
            args.request_memory,
            args.total_memory
        ));
    })
    .map_err(|e| CliError::usage(format!("cannot serve on {addr}: {e}")))
}

/// Reads `--host`: an IP address, or a host name (`localhost`) resolved by the system, of which
/// the first address is used.
fn resolve(host: &str, port: u16) -> Result<SocketAddr, String> {
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, port));
    }
    let unresolved =
        |why: &str| format!("--host '{host}' is not an IP address and does not resolve as a host name ({why})");
    if host.trim().is_empty() {
        return Err(format!("--host '{host}' is empty (e.g. 127.0.0.1 or localhost)"));
    }
    let mut addrs =
        (host, port).to_socket_addrs().map_err(|e| unresolved(e.to_string().lines().next().unwrap_or("")))?;
    addrs.next().ok_or_else(|| unresolved("no address"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_in_bytes() {
        assert_eq!(parse_bytes("--m", "1G"), Ok(1 << 30));
        assert_eq!(parse_bytes("--m", "512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("--m", "512MiB"), Ok(512 << 20));
        assert_eq!(parse_bytes("--m", "2048K"), Ok(2 << 20));
        assert_eq!(parse_bytes("--m", "1048576"), Ok(1 << 20));
        assert_eq!(parse_bytes("--m", "1T"), Ok(1 << 40));
        for (text, why) in [
            ("", "is not a number"),
            ("G", "is not a number"),
            ("1X", "is not a number"),
            ("-1G", "is not a number"),
            ("1.5G", "is not a number"),
            ("2T", "is past 1T"),
            ("99999999999999999999G", "is not a number"),
            ("1000", "is less than 1M"),
        ] {
            let e = parse_bytes("--m", text).expect_err(text);
            assert!(e.contains(why) && e.starts_with(&format!("--m '{text}'")), "{text}: {e}");
        }
    }

    #[test]
    fn time_limits_in_seconds() {
        assert_eq!(parse_time_limit("10"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_time_limit("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_time_limit(".3"), Ok(Duration::from_millis(300)));
        assert_eq!(parse_time_limit("86400"), Ok(Duration::from_secs(86400)));
        for (text, why) in [
            ("0", "must be more than 0"),
            ("0.0", "must be more than 0"),
            ("-1", "is negative"),
            ("ten", "is not a number"),
            ("", "is not a number"),
            (".", "is not a number"),
            ("1.2.3", "is not a number"),
            ("1e3", "is not a number"),
            ("inf", "is not a number"),
            ("NaN", "is not a number"),
            ("86401", "past the most"),
            ("99999999999999999999999", "past the most"),
        ] {
            let e = parse_time_limit(text).expect_err(text);
            assert!(e.contains(why) && e.starts_with(&format!("--time-limit '{text}'")), "{text}: {e}");
        }
    }
}
