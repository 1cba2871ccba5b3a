//! `POST /api/analyze` under misère play (the router in-process): when Plambeck and Siegel's
//! misère quotient answers and has at most 64 elements, `quotient_table_svg` is its
//! multiplication table (`grundy::MisereQuotient::table_svg`) for the page's "Why", and every
//! other field is the library's analysis as before; otherwise the field is absent.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use tower::ServiceExt;

async fn analyze(body: Value) -> Value {
    let request = Request::post("/api/analyze")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = grundy_web::app().oneshot(request).await.expect("the router answers");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
    let v: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

/// The library's analysis of `heaps` of `game`, as JSON, for comparison.
fn library(game: &str, heaps: &[&str], misere: bool) -> Value {
    let g: grundy::Game = game.parse().unwrap();
    let position = g.parse_position(heaps).unwrap();
    let convention = if misere { grundy::Convention::Misere } else { grundy::Convention::Normal };
    let options = grundy::AnalyzeOptions { convention, ..grundy::AnalyzeOptions::default() };
    serde_json::to_value(grundy::analyze(&g, &position, &options).unwrap()).unwrap()
}

/// The cells of a drawn table: `(row, col, product)` of each `rect` of class `quotient-cell`.
fn cells(svg: &str) -> Vec<(u32, u32, u32)> {
    let read = |tag: &str, name: &str| -> u32 {
        let key = format!(" {name}=\"");
        let at = tag.find(&key).unwrap() + key.len();
        tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
    };
    svg.match_indices("<rect class=\"quotient-cell")
        .map(|(i, _)| {
            let tag = &svg[i..i + svg[i..].find('>').unwrap()];
            (read(tag, "data-row"), read(tag, "data-col"), read(tag, "data-product"))
        })
        .collect()
}

#[tokio::test]
async fn misere_kayles_and_0_75_carry_their_quotients_tables() {
    for (game, heaps, order) in [("kayles", ["3", "4", "5"], 40u32), ("octal:0.75", ["1", "2", "3"], 8)] {
        let mut a = analyze(json!({"game": game, "position": heaps, "misere": true})).await;
        assert_eq!(a["method"], "misère quotient", "{game}");
        let svg = a["quotient_table_svg"].as_str().unwrap_or_else(|| panic!("{game}: no table in {a}")).to_string();
        // The drawing of the quotient the explanation names, cell by cell.
        let r: grundy::Ruleset = game.parse().unwrap();
        let q = grundy::frontend::QuotientCache::default().quotient(&r).unwrap().unwrap();
        assert_eq!(q.order(), order as usize);
        assert_eq!(Some(&svg), q.table_svg().as_ref(), "{game}");
        let drawn = cells(&svg);
        assert_eq!(drawn.len(), (order * order) as usize, "{game}");
        assert!(drawn.iter().all(|&(x, y, k)| q.product(&[x, y]) == k), "{game}");
        assert!(a["explanation"][1].as_str().unwrap().contains(&format!("Q has {order} elements")));
        // Every other field is the analysis as it was (the page's own fields besides).
        let object = a.as_object_mut().unwrap();
        object.remove("quotient_table_svg");
        for own in ["rules", "move_syntax", "typed", "examples"] {
            object.remove(own);
        }
        assert_eq!(a, library(game, &heaps, true), "{game}");
    }
}

#[tokio::test]
async fn no_table_where_no_quotient_of_64_elements_or_fewer_answers() {
    // Normal play (Sprague-Grundy values), misère Nim (Bouton's rule), and misère Dawson's
    // Kayles, answered by a quotient of more than 64 elements.
    for (game, heaps, misere, method) in [
        ("kayles", vec!["3", "4", "5"], false, "proven period"),
        ("nim", vec!["3", "4", "5"], true, "misère rule"),
        ("dawsons-kayles", vec!["20", "7"], true, "misère quotient"),
    ] {
        let a = analyze(json!({"game": game, "position": heaps, "misere": misere})).await;
        assert_eq!(a["method"], method, "{game}");
        assert!(a.get("quotient_table_svg").is_none(), "{game}: {a}");
    }
    let r: grundy::Ruleset = "dawsons-kayles".parse().unwrap();
    let q = grundy::frontend::QuotientCache::default().quotient(&r).unwrap().unwrap();
    assert!(q.order() > grundy::frontend::TABLE_SVG_MAX_ORDER, "{}", q.order());
}
