//! The moderators' routes as an outsider meets them: anyone but a moderator is answered 403 before its
//! body is read (a player's oversized body included), `dismiss` is an action as docs/moderation.md lists
//! it, and a malformed warning id is a 400 that names it, as every malformed id of the API is.

use crate::common;
use crate::moderation::{call, grant};

use common::{TestServer, account};
use serde_json::{Value, json};

/// A body of about 70 KB, over the server's 64 KiB limit.
fn big_body() -> Value {
    json!({ "action": "note", "reason": "x".repeat(70_000) })
}

#[tokio::test]
async fn a_non_moderator_is_refused_before_its_body_is_read() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let path = "/api/mod/players/amina/actions";
    for who in [None, Some(amina.as_str())] {
        let (status, body) = call(&s, who, "POST", path, Some(big_body())).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("forbidden")), "{who:?}: {body}");
    }
    let (status, body) = call(&s, None, "POST", "/api/mod/reports/abcdefabcdef/dismiss", Some(big_body())).await;
    assert_eq!(status, 403, "{body}");
    // A moderator's body is read, and its size refused.
    let (status, body) = call(&s, Some(&mo), "POST", path, Some(big_body())).await;
    assert_eq!((status, body["error"].as_str()), (413, Some("too_large")), "{body}");
}

#[tokio::test]
async fn dismiss_is_an_action_on_the_reported_player() {
    let s = TestServer::start().await;
    account(&s, "amina").await;
    account(&s, "baraka").await;
    let juma = account(&s, "juma").await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let report = json!({ "player": "amina", "reason": "insult", "text": "rude in chat" });
    assert_eq!(call(&s, Some(&juma), "POST", "/api/reports", Some(report)).await.0, 201);
    let (_, queue) = call(&s, Some(&mo), "GET", "/api/mod/reports", None).await;
    let id = queue["reports"][0]["id"].as_str().expect("the report").to_string();

    let act = |player: &str, body: Value| {
        let (s, mo, path) = (&s, mo.clone(), format!("/api/mod/players/{player}/actions"));
        async move { call(s, Some(&mo), "POST", &path, Some(body)).await }
    };
    let (status, body) = act("amina", json!({ "action": "dismiss", "reason": "banter" })).await;
    assert_eq!(status, 400, "no report named: {body}");
    assert!(body["message"].as_str().unwrap().contains("`report`"), "{body}");
    let (status, body) = act("baraka", json!({ "action": "dismiss", "reason": "banter", "report": id })).await;
    assert_eq!(status, 400, "another player's report: {body}");
    assert!(body["message"].as_str().unwrap().contains("amina"), "{body}");
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/reports", None).await.1["reports"].as_array().unwrap().len(), 1);

    let (status, body) = act("Amina", json!({ "action": "dismiss", "reason": "banter", "report": id })).await;
    assert_eq!(status, 204, "{body}");
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/reports", None).await.1["reports"], json!([]));
    let (status, _) = act("amina", json!({ "action": "dismiss", "reason": "again", "report": id })).await;
    assert_eq!(status, 400, "closed already");
    let (_, log) = call(&s, Some(&mo), "GET", "/api/mod/log?action=dismiss", None).await;
    let lines: Vec<(&str, &str, &str)> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["moderator"].as_str().unwrap(), l["target"].as_str().unwrap(), l["details"].as_str().unwrap()))
        .collect();
    assert_eq!(lines, [("mo", id.as_str(), "banter")]);
    // Nothing was done to the player.
    let (_, player) = call(&s, Some(&mo), "GET", "/api/mod/players/amina", None).await;
    assert_eq!((player.get("closed_at"), player.get("chat_until")), (None, None), "{player}");
}

#[tokio::test]
async fn a_malformed_warning_id_is_a_400_naming_it() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    for bad in ["x", "abc-def", "abcdefabcdefabc"] {
        let (status, body) =
            call(&s, Some(&amina), "POST", &format!("/api/account/warnings/{bad}/acknowledge"), None).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("bad_request")), "{bad}: {body}");
        assert!(body["message"].as_str().unwrap().contains(bad), "{body}");
    }
    let (status, body) = call(&s, Some(&amina), "POST", "/api/account/warnings/abcdefabcdef/acknowledge", None).await;
    assert_eq!(status, 404, "well formed, but no such warning: {body}");
}
