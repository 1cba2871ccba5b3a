//! The web API with any input, through `grundy_web::app()` in-process: the first byte picks
//! `POST /api/analyze`, `POST /api/move` (the rest is the JSON body) or `GET /api/sg` (the rest
//! is the query string). The status is never 500 (a caught panic in a computation); a 503 is
//! the server's time limit (2 s here, below the pass's 5 s timeout per input) or a full queue.
#![no_main]

use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Request, Uri};
use axum::Router;
use libfuzzer_sys::fuzz_target;
use tokio::runtime::Runtime;
use tower::ServiceExt;

fn runtime() -> &'static Runtime {
    static RT: OnceLock<Runtime> = OnceLock::new();
    RT.get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a tokio runtime"))
}

fn app() -> Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| {
        grundy_web::app_with(grundy_web::Config {
            time_limit: std::time::Duration::from_secs(2),
            ..grundy_web::Config::default()
        })
    })
    .clone()
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let request = match pick % 3 {
        0 | 1 => {
            let path = if pick % 3 == 0 { "/api/analyze" } else { "/api/move" };
            Request::post(path).header("content-type", "application/json").body(Body::from(rest.to_vec()))
        }
        _ => {
            // Only query strings that make a valid URI: anything else never reaches the server.
            let Ok(query) = std::str::from_utf8(rest) else {
                return;
            };
            let Ok(uri) = format!("/api/sg?{query}").parse::<Uri>() else {
                return;
            };
            Request::get(uri).body(Body::empty())
        }
    };
    let Ok(request) = request else {
        return;
    };
    let status = runtime().block_on(async { app().oneshot(request).await.map(|r| r.status()) });
    let status = status.unwrap_or_else(|e| match e {});
    let allowed = !status.is_server_error() || status == axum::http::StatusCode::SERVICE_UNAVAILABLE;
    assert!(allowed, "{status} for {:?}", String::from_utf8_lossy(data));
});
