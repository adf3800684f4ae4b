//! The OpenAPI document: every route of the router is described, with valid references.

use super::common::TestServer;
use serde_json::Value;

/// `(path, method)` of every `.route(…)` in `src/http/mod.rs`.
fn routes() -> Vec<(String, String)> {
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/http/mod.rs")).unwrap();
    let mut out = Vec::new();
    for chunk in src.split(".route(\"").skip(1) {
        let path = &chunk[..chunk.find('"').unwrap()];
        let call = chunk.split(".layer(").next().unwrap();
        for method in ["get", "post", "put", "patch", "delete"] {
            if call.contains(&format!("{method}(")) {
                out.push((path.to_string(), method.to_string()));
            }
        }
    }
    out
}

fn refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("$ref", Value::String(r)) => out.push(r.clone()),
                    _ => refs(x, out),
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[tokio::test]
async fn the_openapi_document_describes_every_route() {
    let server = TestServer::start().await;
    let (status, doc) = server.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{}", doc["openapi"]);
    let routes = routes();
    assert!(routes.len() >= 17, "{routes:?}");
    for (path, method) in &routes {
        let op = &doc["paths"][path][method];
        assert!(op.is_object(), "{method} {path} is not in the OpenAPI document");
        let responses = op["responses"].as_object().unwrap_or_else(|| panic!("{method} {path} has no responses"));
        for (status, r) in responses {
            // OpenAPI 3.1 requires a description on every response object.
            assert!(r["description"].is_string(), "{method} {path} {status}: no description");
        }
    }
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for name in [
        "GameList",
        "GameDetail",
        "PositionAt",
        "GameSummary",
        "RecordEntry",
        "BoardView",
        "GameExport",
        "SeatGranted",
        "CreateGame",
        "JoinGame",
        "VariantList",
        "PlayerCreated",
        "PlayerProfile",
        "ApiError",
        "ClientMsg",
        "ServerMsg",
    ] {
        assert!(schemas.contains_key(name), "schema {name} missing");
    }
    assert_eq!(
        doc["paths"]["/api/games"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/GameList"
    );
    assert_eq!(
        doc["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/CreateGame"
    );
    // Every reference resolves.
    let mut all = Vec::new();
    refs(&doc, &mut all);
    for r in all {
        let name = r.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("unexpected $ref {r}"));
        assert!(schemas.contains_key(name), "dangling $ref {r}");
    }
}
