//! # grundy-wasm
//!
//! The page of `grundy serve` without a server: the web app's API ([`grundy_web::local`]),
//! compiled to WebAssembly by `web/build-static.sh` and bound to JavaScript by wasm-bindgen.
//! The static page's Web Worker (`js/worker.js`) calls [`request`] with what the page would have
//! sent to `/api/`, and gets the status and JSON the server would have answered, computed under
//! the server's budgets, memory forecast and time limit ([`grundy_web::Config::default`]).

use std::time::Duration;

use wasm_bindgen::prelude::wasm_bindgen;

use grundy_web::local::Local;
use grundy_web::Config;

thread_local! {
    /// The API of this Web Worker: the server's default limits, and the misère quotients its
    /// requests computed, kept for the next ones.
    static LOCAL: Local = Local::new(Config { static_page: true, ..Config::default() });
}

/// The answer to a request: its HTTP status and JSON body, as the server sends them.
#[wasm_bindgen(getter_with_clone)]
pub struct Reply {
    /// The status code: 200, or the error's 4xx or 5xx.
    pub status: u16,
    /// The JSON.
    pub body: String,
}

/// Answers `method` (`GET` or `POST`) at `target` (`/api/analyze?big=strings`, a path of the
/// API with its query) with the JSON `body` (empty for a GET), after the request waited
/// `waited_ms` milliseconds for this worker: its time limit counts from its arrival.
#[wasm_bindgen]
pub fn request(method: &str, target: &str, body: &str, waited_ms: f64) -> Reply {
    let waited = Duration::try_from_secs_f64(waited_ms.max(0.0) / 1000.0).unwrap_or(Duration::MAX);
    let answer = LOCAL.with(|local| local.respond(method, target, body.as_bytes(), waited));
    Reply { status: answer.status, body: answer.body }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound function answers as the server does: JSON with integers as strings, and
    /// errors with their status and kind.
    #[test]
    fn requests_are_answered_with_the_servers_json() {
        let r = request("POST", "/api/analyze?big=strings", r#"{"game": "kayles", "position": ["4", "5"]}"#, 0.0);
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.body.contains(r#""outcome":"N""#), "{}", r.body);
        let r = request("GET", "/api/sg?game=nim&upto=3", "", 0.0);
        assert_eq!((r.status, r.body.contains(r#""values":[0,1,2,3]"#)), (200, true), "{}", r.body);
        let r = request("POST", "/api/analyze", "{", 0.0);
        assert_eq!(r.status, 400);
        assert!(r.body.contains(r#""kind":"bad_input""#), "{}", r.body);
        // Waiting for a worker counts against the time limit, as waiting for a server's lane.
        let r = request("POST", "/api/analyze", r#"{"game": "nim", "position": [1]}"#, 60_000.0);
        assert_eq!(r.status, 503, "{}", r.body);
        assert!(r.body.contains(r#""kind":"busy""#), "{}", r.body);
    }
}
