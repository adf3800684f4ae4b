//! The OpenAPI document: every route of the router is described, with valid references.

use super::common::TestServer;
use serde_json::Value;

/// `(path, method)` of every `.route(…)` in `src/http/mod.rs` and in a feature's routes
/// (`src/<feature>/routes.rs`, or the files of `src/<feature>/routes/`, which the router merges).
fn routes() -> Vec<(String, String)> {
    let src_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut src = std::fs::read_to_string(format!("{src_dir}/http/mod.rs")).unwrap();
    for entry in std::fs::read_dir(src_dir).unwrap() {
        let feature = entry.unwrap().path();
        let mut files = vec![feature.join("routes.rs")];
        if let Ok(folder) = std::fs::read_dir(feature.join("routes")) {
            let mut inside: Vec<_> =
                folder.map(|f| f.unwrap().path()).filter(|f| f.extension().is_some_and(|e| e == "rs")).collect();
            inside.sort();
            files.extend(inside);
        }
        for file in files {
            if let Ok(text) = std::fs::read_to_string(file) {
                src.push_str(&text);
            }
        }
    }
    assert!(src.contains("/api/lobby/playban"), "the features' routes were read");
    assert!(src.contains("/api/account/signin"), "the routes of a feature's `routes/` were read");
    let mut out = Vec::new();
    for chunk in src.split(".route(\"").skip(1) {
        let path = &chunk[..chunk.find('"').unwrap()];
        let call = arguments(chunk).split(".layer(").next().unwrap();
        for method in ["get", "post", "put", "patch", "delete"] {
            if call.contains(&format!("{method}(")) {
                out.push((path.to_string(), method.to_string()));
            }
        }
    }
    out
}

/// The arguments of a `.route(` call, `after` being the text that follows it: up to the call's closing
/// parenthesis. The text after a router's last route is the rest of its file and the next file read, whose
/// functions (a handler named `get`) are no method of that route.
fn arguments(after: &str) -> &str {
    let mut depth = 1;
    for (i, c) in after.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return &after[..i],
            ')' => depth -= 1,
            _ => {}
        }
    }
    after
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
        "ErrorBody",
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

#[tokio::test]
async fn the_openapi_document_says_what_the_server_enforces() {
    let server = TestServer::start().await;
    let (_, doc) = server.get("/api/openapi.json").await;
    let schemas = &doc["components"]["schemas"];
    // Required fields, enums, patterns and ranges of the request bodies; no unknown fields.
    assert_eq!(schemas["CreateGame"]["required"], serde_json::json!(["variant"]));
    assert_eq!(schemas["CreateGame"]["properties"]["variant"]["$ref"], "#/components/schemas/VariantId");
    let variants = schemas["VariantId"]["enum"].as_array().unwrap();
    assert_eq!(variants.len(), 6, "{variants:?}");
    assert!(variants.contains(&Value::from("ikibuguzo-opening-2")));
    assert_eq!(schemas["SeatChoice"]["enum"], serde_json::json!(["south", "north", "random"]));
    assert_eq!(schemas["PlayerName"]["pattern"], "^[A-Za-z0-9_.-]{1,24}$");
    assert_eq!(schemas["GameId"]["pattern"], "^[A-Za-z0-9]{1,32}$");
    assert_eq!(schemas["ClockSpec"]["properties"]["base_secs"]["minimum"], 1);
    // A request's real-time base is at most a week; a correspondence game's base (in answers) is its days.
    assert_eq!(schemas["ClockSpec"]["properties"]["base_secs"]["maximum"], 14 * 86_400);
    assert_eq!(schemas["ClockSpec"]["properties"]["days"]["enum"], serde_json::json!([1, 2, 3, 5, 7, 10, 14, null]));
    assert_eq!(schemas["ClockSpec"]["properties"]["increment_secs"]["maximum"], 3600);
    for body in ["CreateGame", "OptionsPatch", "HandicapPatch", "ClockSpec", "JoinGame", "CreatePlayer"] {
        assert_eq!(schemas[body]["additionalProperties"], false, "{body}");
    }
    assert_eq!(schemas["CreatePlayer"]["required"], serde_json::json!(["name"]));
    assert!(
        schemas["ErrorBody"]["properties"]["error"]["enum"].as_array().unwrap().contains(&Value::from("rate_limited"))
    );
    // Answers: sides and statuses are enums.
    assert_eq!(schemas["Side"]["enum"], serde_json::json!(["south", "north"]));
    assert_eq!(schemas["SeatGranted"]["properties"]["seat"]["$ref"], "#/components/schemas/Side");
    assert_eq!(schemas["GameStatus"]["enum"], serde_json::json!(["waiting", "ongoing", "finished"]));
    // Parameters.
    let param = |path: &str, name: &str| {
        doc["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{path} has no parameter {name}"))["schema"]
            .clone()
    };
    assert_eq!(param("/api/games", "limit")["minimum"], 1);
    assert_eq!(param("/api/games", "limit")["maximum"], 100);
    assert_eq!(param("/api/games", "status")["$ref"], "#/components/schemas/GameStatus");
    assert_eq!(param("/api/games", "result")["enum"], serde_json::json!(["south", "north", "draw"]));
    assert_eq!(param("/api/games", "player")["$ref"], "#/components/schemas/PlayerName");
    assert_eq!(param("/api/games/{id}/export", "format")["enum"], serde_json::json!(["text", "json"]));
    assert_eq!(param("/api/games/{id}", "id")["$ref"], "#/components/schemas/GameId");
    assert_eq!(param("/api/invites/{code}", "code")["$ref"], "#/components/schemas/InviteCode");
    // The errors each route can answer.
    for (path, method) in routes() {
        let responses = &doc["paths"][&path][&method]["responses"];
        for status in ["400", "408", "500"] {
            assert!(responses[status].is_object(), "{method} {path} does not list {status}");
        }
        if method == "post" {
            assert!(responses["413"].is_object() && responses["415"].is_object(), "{method} {path}");
        }
    }
    for path in ["/api/games", "/api/players"] {
        let limited = &doc["paths"][path]["post"]["responses"]["429"];
        assert!(limited["headers"]["Retry-After"].is_object(), "{path}: {limited}");
    }
    assert!(doc["paths"]["/api/games/{id}/ws"]["get"]["responses"]["426"].is_object());
    assert!(doc["paths"]["/api/games"]["post"]["responses"]["401"]["headers"]["WWW-Authenticate"].is_object());
}
