//! The page itself: plain HTML, CSS and JavaScript compiled into the binary (no CDN), and its
//! icon.

use axum::http::header;
use axum::response::{IntoResponse, Response};

pub(crate) const INDEX_HTML: &str = include_str!("../../static/index.html");
pub(crate) const APP_JS: &str = include_str!("../../static/app.js");
pub(crate) const STYLE_CSS: &str = include_str!("../../static/style.css");
pub(crate) const FAVICON_SVG: &str = include_str!("../../static/favicon.svg");

pub(crate) fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}
