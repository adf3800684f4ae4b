//! Learning the games over HTTP (docs/learn.md): the courses and lessons in a language (the parameter, then
//! `Accept-Language`), their ETags, a step's check (met, illegal with its hint, bad attempts), the players'
//! rules pages, the move preview with each bad field named, the rate limit of checks and previews, and
//! a signed-in player's progress on the account.

use crate::common;

use common::lobby::{account, get_auth, server_with};
use common::{TestServer, drop_db, fresh_db};
use mancala_server::config::Config;
use serde_json::{Value, json};

fn message(body: &Value) -> &str {
    body["message"].as_str().unwrap_or_else(|| panic!("not an ErrorBody: {body}"))
}

async fn get_with(s: &TestServer, path: &str, headers: &[(&str, &str)]) -> (u16, reqwest::header::HeaderMap, Value) {
    let mut req = s.http.get(s.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.expect("request");
    let (status, h) = (r.status().as_u16(), r.headers().clone());
    (status, h, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_courses_in_the_language_asked_and_cached_by_etag() {
    let s = TestServer::start().await;
    let (status, en) = s.get("/api/lessons").await;
    assert_eq!(status, 200, "{en}");
    assert_eq!(en["lang"], "en");
    let games: Vec<&str> = en["courses"].as_array().unwrap().iter().map(|c| c["game"].as_str().unwrap()).collect();
    assert_eq!(games, ["kubuguza", "ikibuguzo", "njombwa", "azigo"]);
    let first = &en["courses"][0]["lessons"][0];
    assert_eq!(first["id"], "kubuguza/sowing");
    assert_eq!(first["steps"][1], "kubuguza/sowing/first");

    // `lang` first, then Accept-Language, then English.
    let (_, fr) = s.get("/api/lessons?lang=fr-BI").await;
    assert_eq!(fr["lang"], "fr");
    assert_ne!(fr["courses"][0]["intro"], en["courses"][0]["intro"], "French texts");
    let (_, h, by_header) = get_with(&s, "/api/lessons", &[("accept-language", "rw, fr;q=0.8, en;q=0.5")]).await;
    assert_eq!(by_header["lang"], "fr");
    assert_eq!(h["content-language"], "fr");
    assert_eq!(h["vary"], "Accept-Language");
    let (_, _, english) = get_with(&s, "/api/lessons?lang=en", &[("accept-language", "fr")]).await;
    assert_eq!(english["lang"], "en", "the parameter wins over the header");

    // One game's course, by any of its rule sets.
    let (status, one) = s.get("/api/lessons?variant=ikibuguzo-opening-1").await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["courses"].as_array().unwrap().len(), 1);
    assert_eq!(one["courses"][0]["game"], "ikibuguzo");

    // Bad parameters name themselves.
    let (status, bad) = s.get("/api/lessons?variant=chess").await;
    assert_eq!(status, 400, "{bad}");
    assert!(message(&bad).contains("`variant`"), "{bad}");
    let (status, bad) = s.get("/api/lessons?lang=%3Cscript%3E").await;
    assert_eq!(status, 400, "{bad}");
    assert!(message(&bad).contains("`lang`"), "{bad}");

    // The ETag: the same answer again is a 304 without a body; another language is another answer.
    let (_, h, _) = get_with(&s, "/api/lessons?lang=fr", &[]).await;
    let etag = h["etag"].to_str().unwrap().to_string();
    assert_eq!(h["cache-control"], "no-cache");
    let (status, _, _) = get_with(&s, "/api/lessons?lang=fr", &[("if-none-match", &etag)]).await;
    assert_eq!(status, 304);
    let (status, _, _) = get_with(&s, "/api/lessons?lang=en", &[("if-none-match", &etag)]).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_lesson_and_the_checks_of_its_steps() {
    let s = TestServer::start().await;
    let (status, lesson) = s.get("/api/lessons/kubuguza/sowing?lang=fr").await;
    assert_eq!(status, 200, "{lesson}");
    let steps = lesson["steps"].as_array().unwrap();
    assert!(steps.len() >= 3);
    assert_eq!(steps[1]["id"], "kubuguza/sowing/first");
    assert!(steps[1]["goal"]["text"].is_string(), "{}", steps[1]);
    assert!(!steps[1]["board"]["legal"].as_array().unwrap().is_empty(), "the legal decisions are offered");
    assert!(steps.last().unwrap()["invite"]["level"].is_string(), "the last step invites to play");
    let (status, none) = s.get("/api/lessons/kubuguza/nowhere").await;
    assert_eq!(status, 404, "{none}");
    let (status, none) = s.get("/api/lessons/chess/sowing").await;
    assert_eq!(status, 404, "{none}");

    let check = "/api/lessons/kubuguza/sowing/first/check";
    let (status, met) = s.post(check, json!({ "decisions": ["e1"] })).await;
    assert_eq!(status, 200, "{met}");
    assert_eq!(met["status"], "met", "{met}");
    assert!(!met["events"].as_array().unwrap().is_empty(), "the sowing to animate");
    // A wrong move gets a hint in the language asked.
    let legal: Vec<String> =
        steps[1]["board"]["legal"].as_array().unwrap().iter().map(|d| d.as_str().unwrap().to_string()).collect();
    let wrong = legal.iter().find(|d| *d != "e1").expect("another legal decision");
    let (status, missed) = s.post(check, json!({ "decisions": [wrong], "lang": "fr" })).await;
    assert_eq!(status, 200, "{missed}");
    assert_eq!(missed["status"], "missed", "{missed}");
    assert!(missed["hint"]["text"].is_string(), "{missed}");
    let (_, illegal) = s.post(check, json!({ "decisions": ["a4"] })).await;
    assert_eq!(illegal["status"], "illegal", "{illegal}");
    assert!(illegal["hint"]["text"].is_string(), "{illegal}");

    // What cannot be checked is a 400 naming `decisions`; an unknown step a 404.
    for body in [json!({ "decisions": ["z9"] }), json!({ "decisions": [] })] {
        let (status, bad) = s.post(check, body.clone()).await;
        assert_eq!(status, 400, "{body}: {bad}");
        assert!(message(&bad).contains("`decisions`"), "{bad}");
    }
    let (status, bad) = s.post(check, json!({ "decisions": "e1" })).await;
    assert_eq!(status, 400, "{bad}");
    assert!(message(&bad).contains("decisions"), "{bad}");
    let (status, bad) = s.post(check, json!({ "decisions": ["e1"], "lang": "<b>" })).await;
    assert_eq!(status, 400, "{bad}");
    assert!(message(&bad).contains("`lang`"), "{bad}");
    let (status, bad) = s.post("/api/lessons/kubuguza/sowing/nowhere/check", json!({ "decisions": ["e1"] })).await;
    assert_eq!(status, 404, "{bad}");
}

#[tokio::test]
async fn the_rules_pages_for_players() {
    let s = TestServer::start().await;
    let (status, rules) = s.get("/api/rules/kubuguza?lang=fr").await;
    assert_eq!(status, 200, "{rules}");
    assert_eq!(rules["game"], "kubuguza");
    let sections = rules["sections"].as_array().unwrap();
    assert!(sections.len() >= 3, "{rules}");
    // The sources' words are numbered notes at the end of the page, each called from its rule.
    let quoted = sections.iter().find(|s| !s["notes"].as_array().unwrap().is_empty()).expect("a rule with a note");
    let n = quoted["notes"][0].as_u64().unwrap() as usize;
    let note = &rules["notes"][n - 1];
    assert_eq!(note["number"], n, "{note}");
    assert_eq!(note["section"], quoted["id"], "{note}");
    assert!(note["words"].is_string());
    assert!(note["translation"].is_string(), "French has the translation beside the words");
    assert!(sections.iter().any(|s| s["diagrams"].as_array().unwrap().iter().any(|d| d["sowing"].is_object())));
    // Ikibuguzo's rule sets share one page.
    let (_, a) = s.get("/api/rules/ikibuguzo-opening-2").await;
    assert_eq!(a["game"], "ikibuguzo");
    let (status, chess) = s.get("/api/rules/chess").await;
    assert_eq!(status, 404, "{chess}");
    assert!(message(&chess).contains("chess"), "{chess}");
}

#[tokio::test]
async fn a_preview_says_what_a_decision_does_or_which_field_is_wrong() {
    let s = TestServer::start().await;
    let (status, p) = s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "e2" })).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(p["decision"], "e2");
    assert_eq!(p["side"], "south");
    assert!(p["laps"].as_u64().unwrap() >= 1, "{p}");
    assert!(p["events"][0].as_str().unwrap().starts_with("lift e2"), "{p}");
    assert!(p["board"]["holes"].is_array());
    assert!(p["continue"].is_boolean());

    let position = "south a1=3 c2=1 c3=2 c4=1 a4=2";
    let (status, p) =
        s.post("/api/preview", json!({ "variant": "kubuguza", "position": position, "decision": "a1:cw" })).await;
    assert_eq!(status, 200, "{p}");

    for (body, field) in [
        (json!({ "variant": "chess", "decision": "e2" }), "`variant`"),
        (json!({ "variant": "kubuguza", "position": "south a1=banana", "decision": "e2" }), "`position`"),
        (json!({ "variant": "kubuguza", "decision": "z9" }), "`decision`"),
        (json!({ "variant": "njombwa", "options": { "width": 12 }, "decision": "a1" }), "`options`"),
        (json!({ "variant": "kubuguza", "decision": "e2", "colour": "red" }), "colour"),
    ] {
        let (status, bad) = s.post("/api/preview", body.clone()).await;
        assert_eq!(status, 400, "{body}: {bad}");
        assert!(message(&bad).contains(field), "{body}: {bad}");
    }
    // Lengths are counted in characters, as the OpenAPI document's `maxLength` counts them: 30 letters of
    // two bytes each are not too long (only unreadable), 41 are.
    let (status, bad) = s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "é".repeat(30) })).await;
    assert_eq!(status, 400, "{bad}");
    assert!(!message(&bad).contains("longer than"), "{bad}");
    let (status, bad) = s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "é".repeat(41) })).await;
    assert_eq!(status, 400, "{bad}");
    assert!(message(&bad).contains("longer than 40 characters"), "{bad}");
    // An illegal decision lists the legal ones.
    let (status, bad) = s.post("/api/preview", json!({ "variant": "kubuguza", "decision": "a1" })).await;
    assert_eq!(status, 400, "{bad}");
    assert!(message(&bad).contains("legal: ") && message(&bad).contains("e2"), "{bad}");
}

#[tokio::test]
async fn checks_and_previews_are_rate_limited() {
    let s = server_with(|c: &mut Config| c.engine_requests_per_minute = 2).await;
    let body = json!({ "variant": "kubuguza", "decision": "e2" });
    assert_eq!(s.post("/api/preview", body.clone()).await.0, 200);
    assert_eq!(s.post("/api/lessons/kubuguza/sowing/first/check", json!({ "decisions": ["e1"] })).await.0, 200);
    let (status, limited) = s.post("/api/preview", body).await;
    assert_eq!(status, 429, "{limited}");
    assert_eq!(limited["error"], "rate_limited");
    assert_eq!(s.get("/api/lessons").await.0, 200, "reading lessons is not limited");
}

#[tokio::test]
async fn progress_is_kept_on_the_account() {
    progress_scenario(&TestServer::start().await).await;
}

#[tokio::test]
async fn progress_is_kept_on_the_account_on_postgres() {
    let Some((base, url)) = fresh_db("learn").await else { return };
    let s = TestServer::start_with(Config::with_database(&url)).await;
    progress_scenario(&s).await;
    s.stop().await;
    drop_db(&base, &url).await;
}

async fn progress_scenario(s: &TestServer) {
    let token = account(s, "imani").await;
    let put = |path: &str, auth: Option<&str>| {
        let mut req = s.http.put(s.url(path));
        if let Some(t) = auth {
            req = req.bearer_auth(t);
        }
        req.send()
    };
    let (status, empty) = get_auth(s, "/api/account/learn", &token).await;
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["steps"], json!([]));
    for step in ["kubuguza/sowing/first", "kubuguza/sowing/corner", "kubuguza/sowing/first"] {
        let r = put(&format!("/api/account/learn/{step}"), Some(&token)).await.unwrap();
        assert_eq!(r.status().as_u16(), 204, "{step}");
    }
    let (_, progress) = get_auth(s, "/api/account/learn", &token).await;
    let mut steps: Vec<&str> = progress["steps"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    steps.sort();
    assert_eq!(steps, ["kubuguza/sowing/corner", "kubuguza/sowing/first"], "each step once");
    // Only the shipped steps can be stored; a guest has no account to store them on.
    let r = put("/api/account/learn/kubuguza/sowing/nowhere", Some(&token)).await.unwrap();
    assert_eq!(r.status().as_u16(), 404);
    let r = put("/api/account/learn/kubuguza/sowing/first", None).await.unwrap();
    assert_eq!(r.status().as_u16(), 401);
    let (status, _) = s.get("/api/account/learn").await;
    assert_eq!(status, 401);
    // Another account's progress is its own.
    let other = account(s, "juma").await;
    let (_, theirs) = get_auth(s, "/api/account/learn", &other).await;
    assert_eq!(theirs["steps"], json!([]));
}
