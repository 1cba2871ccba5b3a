//! Starting the real `grundy serve` in a test and talking to it: shared by the tests that
//! need a server (`serve.rs`, `store_answers.rs`).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Kills the server when the test ends, whatever happens.
pub struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `grundy serve` with `args` and returns it with its address and its listening line.
pub fn start(args: &[&str]) -> (Server, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.arg("serve").args(args);
    start_command(command)
}

/// Starts a server by `command` (which execs `grundy serve`, e.g. under a shell's `ulimit`) and
/// returns it with its address and its listening line, the first line of its output.
pub fn start_command(mut command: Command) -> (Server, String, String) {
    let mut server = Server(command.stdout(Stdio::piped()).spawn().expect("the server starts"));
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().expect("stdout")).read_line(&mut line).expect("a line");
    let addr = line.split("http://").nth(1).and_then(|r| r.split('/').next()).expect("an address").to_string();
    (server, addr, line)
}

/// POSTs `body` to /api/analyze at `addr` and reads the whole response (a minute at most: a
/// bound for a hang, not a measured claim).
pub fn post(addr: &str, body: &str) -> String {
    let request = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("a timeout");
    stream.write_all(request.as_bytes()).expect("sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("an answer");
    response
}
