//! The OpenAPI document says what the wire carries, checked from outside with the served document: every
//! schema example is a snapshot of the protocol tests and is valid against its schema, the end reasons
//! are the protocol page's, every step of the snapshots matches a named step kind, a `bot-` name is
//! refused where a name is taken, and the document's own answer has the media type it declares.

use super::common::TestServer;
use serde_json::{Value, json};
use std::path::Path;

/// A validator for the JSON Schema keywords the document uses. Returns what failed, with where.
struct Validator<'a> {
    doc: &'a Value,
}

impl Validator<'_> {
    fn check(&self, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
        let fail = |why: String| Err(format!("{at}: {why} (value {value}, schema {schema})"));
        if let Some(r) = schema["$ref"].as_str() {
            let target = self.doc.pointer(r.trim_start_matches('#')).ok_or_else(|| format!("{at}: no `{r}`"))?;
            self.check(target, value, at)?;
        }
        if let Some(t) = schema.get("type") {
            let types: Vec<&str> = match t {
                Value::String(s) => vec![s.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            if !types.iter().any(|t| type_of(value, t)) {
                return fail(format!("not of type {t}"));
            }
        }
        if let Some(allowed) = schema["enum"].as_array()
            && !allowed.contains(value)
        {
            return fail("not one of the enum".into());
        }
        if let Some(c) = schema.get("const")
            && c != value
        {
            return fail(format!("not the const {c}"));
        }
        if let Some(s) = value.as_str() {
            if let Some(p) = schema["pattern"].as_str()
                && !regex::Regex::new(p).expect("a pattern").is_match(s)
            {
                return fail(format!("does not match {p}"));
            }
            let n = s.chars().count() as u64;
            if schema["minLength"].as_u64().is_some_and(|m| n < m)
                || schema["maxLength"].as_u64().is_some_and(|m| n > m)
            {
                return fail("length out of range".into());
            }
        }
        if let Some(x) = value.as_f64()
            && (schema["minimum"].as_f64().is_some_and(|m| x < m) || schema["maximum"].as_f64().is_some_and(|m| x > m))
        {
            return fail("out of range".into());
        }
        if let Some(object) = value.as_object() {
            for name in schema["required"].as_array().into_iter().flatten() {
                if !object.contains_key(name.as_str().unwrap()) {
                    return fail(format!("lacks `{name}`"));
                }
            }
            let properties = schema["properties"].as_object();
            for (k, v) in object {
                match properties.and_then(|p| p.get(k)) {
                    Some(s) => self.check(s, v, &format!("{at}.{k}"))?,
                    None if schema["additionalProperties"] == false => return fail(format!("unknown field `{k}`")),
                    None if schema["additionalProperties"].is_object() => {
                        self.check(&schema["additionalProperties"], v, &format!("{at}.{k}"))?
                    }
                    None => {}
                }
            }
        }
        if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
            for (i, v) in array.iter().enumerate() {
                self.check(items, v, &format!("{at}[{i}]"))?;
            }
        }
        for s in schema["allOf"].as_array().into_iter().flatten() {
            self.check(s, value, at)?;
        }
        if let Some(any) = schema["anyOf"].as_array()
            && !any.iter().any(|s| self.check(s, value, at).is_ok())
        {
            return fail("matches no anyOf".into());
        }
        if let Some(one) = schema["oneOf"].as_array() {
            let matched = one.iter().filter(|s| self.check(s, value, at).is_ok()).count();
            if matched != 1 {
                let why: Vec<String> = one.iter().filter_map(|s| self.check(s, value, at).err()).collect();
                return fail(format!("matches {matched} of oneOf: {why:?}"));
            }
        }
        if let Some(not) = schema.get("not")
            && self.check(not, value, at).is_ok()
        {
            return fail("matches `not`".into());
        }
        Ok(())
    }
}

fn type_of(value: &Value, t: &str) -> bool {
    match t {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        _ => panic!("unknown type {t}"),
    }
}

/// Every snapshot of the protocol tests, and each element of those that are lists.
fn snapshot_values() -> Vec<Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../protocol/tests/snapshots");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the snapshots") {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let value: Value = serde_json::from_str(text.splitn(3, "---").nth(2).unwrap().trim()).unwrap();
        if let Value::Array(items) = &value {
            out.extend(items.iter().cloned());
        }
        out.push(value);
    }
    out
}

async fn document(server: &TestServer) -> (Value, String) {
    let r = server.http.get(server.url("/api/openapi.json")).send().await.expect("request");
    assert_eq!(r.status(), 200);
    let media = r.headers()["content-type"].to_str().unwrap().to_string();
    (r.json().await.expect("JSON"), media)
}

#[tokio::test]
async fn every_example_is_a_snapshot_and_valid_against_its_schema() {
    let server = TestServer::start().await;
    let (doc, media) = document(&server).await;
    let declared: Vec<&String> =
        doc["paths"]["/api/openapi.json"]["get"]["responses"]["200"]["content"].as_object().unwrap().keys().collect();
    assert_eq!(declared, [&media], "the document's own answer has the media type it declares");
    let v = Validator { doc: &doc };
    v.check(&doc["paths"]["/api/openapi.json"]["get"]["responses"]["200"]["content"][&media]["schema"], &doc, "doc")
        .unwrap();
    let snapshots = snapshot_values();
    let mut with_examples = Vec::new();
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        let Some(examples) = schema["examples"].as_array() else { continue };
        assert!(!examples.is_empty(), "{name}: an empty examples list");
        for (i, example) in examples.iter().enumerate() {
            assert!(snapshots.contains(example), "{name} example {i} is no snapshot: {example}");
            v.check(schema, example, &format!("{name} example {i}")).unwrap();
        }
        with_examples.push(name.as_str());
    }
    // Every body docs/protocol.md shows has its example in the document too.
    for body in [
        "ClientMsg",
        "ServerMsg",
        "LobbyServerMsg",
        "BoardView",
        "Step",
        "CreateGame",
        "SeatGranted",
        "GameSummary",
        "GameList",
        "GameDetail",
        "PositionAt",
        "ErrorBody",
        "Signup",
        "SeekList",
        "LobbyClientMsg",
        "SeekRequest",
        "CreateChallenge",
        "Challenge",
        "ChallengeList",
    ] {
        assert!(with_examples.contains(&body), "{body} has no example; with examples: {with_examples:?}");
    }
    // The validator is no rubber stamp: a wrong reason, an unknown option, a made-up step fail.
    let finished = &doc["components"]["schemas"]["GameSummary"]["examples"][0];
    let mut bad = finished.clone();
    bad["result"]["reason"] = json!("gave-up");
    assert!(v.check(&doc["components"]["schemas"]["GameSummary"], &bad, "bad").is_err());
    let mut bad = finished.clone();
    bad["options"]["colour"] = json!("red");
    assert!(v.check(&doc["components"]["schemas"]["GameSummary"], &bad, "bad").is_err());
    assert!(v.check(&doc["components"]["schemas"]["Step"], &json!("hop c2"), "bad").is_err());
}

#[tokio::test]
async fn the_end_reasons_steps_and_names_are_the_protocols() {
    let server = TestServer::start().await;
    let (doc, _) = document(&server).await;
    let schemas = &doc["components"]["schemas"];
    let v = Validator { doc: &doc };
    // The reasons: the list of docs/protocol.md's OutcomeInfo, the engine's ends then the server's rulings.
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/protocol.md")).unwrap();
    let section = page.split("### OutcomeInfo").nth(1).unwrap().split("\n\n").nth(1).unwrap().to_string();
    let listed = section.split("is one of").nth(1).expect("`reason` is one of …");
    let documented: Vec<&str> = listed.split('`').skip(1).step_by(2).collect();
    let reasons: Vec<&str> =
        schemas["EndReason"]["enum"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    assert_eq!(reasons, documented);
    let engine: Vec<&str> = mancala_engine::EndReason::ALL.iter().map(|r| r.as_str()).collect();
    assert_eq!(reasons[..engine.len()], engine[..]);
    assert_eq!(schemas["OutcomeInfo"]["properties"]["reason"]["$ref"], "#/components/schemas/EndReason");
    for reason in &reasons {
        v.check(&schemas["Step"], &json!(format!("game_end draw {reason}")), reason).unwrap();
    }
    // Each step kind is named, and each kind of the snapshot of every kind matches exactly its own.
    let kinds: Vec<&str> =
        schemas["Step"]["oneOf"].as_array().unwrap().iter().map(|k| k["title"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["chose", "revealed", "lift", "drop", "capture", "store_lift", "pass", "turn_end", "game_end", "skipped"]
    );
    for step in schemas["Step"]["examples"].as_array().unwrap() {
        let kind = step.as_str().unwrap().split(' ').next().unwrap();
        let own = schemas["Step"]["oneOf"].as_array().unwrap().iter().find(|k| k["title"] == kind).unwrap();
        v.check(own, step, kind).unwrap();
    }
    // A game's options, every field.
    let options = &schemas["GameOptions"];
    assert_eq!(options["required"], json!(["width", "turn_limit", "handicap"]));
    assert_eq!(options["properties"]["rules_version"]["maximum"], mancala_engine::RULES_VERSION);
    for holder in ["GameSummary", "Seek", "Challenge"] {
        assert_eq!(schemas[holder]["properties"]["options"]["$ref"], "#/components/schemas/GameOptions", "{holder}");
    }
    // Names: where a name is taken, the pattern refuses what the server refuses as a bot's or as no name.
    let new_name = &schemas["NewPlayerName"];
    for (name, ok) in
        [("amina", true), ("Bot_7", true), ("robot-1", true), ("bot-hard", false), ("BOT-x", false), ("..", false)]
    {
        assert_eq!(v.check(new_name, &json!(name), name).is_ok(), ok, "{name}");
        assert_eq!(mancala_server::ids::PlayerName::for_guest(name).is_ok(), ok, "the server on {name}");
    }
    for body in ["CreatePlayer", "Signup"] {
        assert_eq!(schemas[body]["properties"]["name"]["$ref"], "#/components/schemas/NewPlayerName", "{body}");
    }
    let guest = &schemas["CreateGame"]["properties"]["name"];
    assert!(v.check(guest, &json!("bot-easy"), "guest").is_err() && v.check(guest, &Value::Null, "guest").is_ok());
    // A name shown may be a bot's seat.
    v.check(&schemas["PlayerName"], &json!("bot-hard"), "shown").unwrap();
}
