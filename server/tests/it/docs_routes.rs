//! docs/protocol.md's tables of routes say what the server serves: every operation of the OpenAPI document
//! (which the server builds from its own routes) is a row of those tables, and every row under `/api/` (the
//! sockets' handshakes included) is an operation of the document. A route added, renamed or removed on one
//! side only fails here.

use crate::common::TestServer;
use std::collections::BTreeSet;

/// `GET /api/games/{id}/position?ply=N` → `GET /api/games/{}/position`: the method and the path with its
/// parameters unnamed (the docs and the document may name one differently) and without its query.
fn normalise(method: &str, path: &str) -> String {
    let path = path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> =
        path.split('/').map(|s| if s.starts_with('{') && s.ends_with('}') { "{}" } else { s }).collect();
    format!("{} {}", method.to_uppercase(), segments.join("/"))
}

/// Each table row whose first cell is a route: "| `POST /api/games` | …".
fn documented() -> BTreeSet<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md")).unwrap();
    let methods = ["GET", "POST", "PUT", "PATCH", "DELETE"];
    let mut routes = BTreeSet::new();
    for line in text.lines() {
        let Some(cell) = line.strip_prefix("| `").and_then(|rest| rest.split('`').next()) else { continue };
        let Some((method, path)) = cell.split_once(' ') else { continue };
        if methods.contains(&method) && path.starts_with('/') {
            routes.insert(normalise(method, path));
        }
    }
    routes
}

#[tokio::test]
async fn the_protocols_route_tables_and_the_openapi_document_name_the_same_routes() {
    let s = TestServer::start().await;
    let (status, doc) = s.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    let mut served = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("the document has paths") {
        for method in item.as_object().unwrap().keys() {
            if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                served.insert(normalise(method, path));
            }
        }
    }
    let documented = documented();
    assert!(documented.len() > 50, "the tables were read: {documented:?}");
    let undocumented: Vec<&String> = served.difference(&documented).collect();
    assert!(undocumented.is_empty(), "served, but in no table of docs/protocol.md: {undocumented:#?}");
    let unserved: Vec<&String> = documented.difference(&served).filter(|r| r.contains(" /api/")).collect();
    assert!(unserved.is_empty(), "in docs/protocol.md's tables, not in the OpenAPI document: {unserved:#?}");
}
