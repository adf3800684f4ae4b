//! Moderation as players and moderators meet it: the role granted by `mancala-server admin`, reports
//! (checked, merged, limited), the moderators-only routes, the queue's context (the reported chat line with
//! the lines around it), chat timeouts and shadow mutes refused or hidden by the game's room, the log and
//! its filters, warnings, and closing an account (signed out, refused at sign-in, its games resigned) and
//! reopening it, from the API and from `admin close`; on two nodes, a timeout, a closing, a warning and a
//! shadow mute given on one node and holding on the other.

use crate::common;

use common::lobby::browser_ws;
use common::{TestServer, Ws, account, answer};
use mancala_protocol::{ChatRoom, ClientMsg, ErrorCode, ServerMsg};
use serde_json::{Value, json};
use std::process::Command;
use std::time::Duration;

pub fn admin(database_url: &str, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mancala-server"))
        .arg("admin")
        .args(["--database-url", database_url])
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("mancala-server runs")
}

/// Makes `name` a moderator with the operator's command.
pub fn grant(s: &TestServer, name: &str) {
    let out = admin(&s.database_url, &["grant", "moderator", name]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `method path` as `token` (none: a guest) with `body`: the status, the body and the `Retry-After` header.
pub async fn call(s: &TestServer, token: Option<&str>, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let mut req = s.http.request(method.parse().unwrap(), s.url(path));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.expect("request");
    let status = r.status().as_u16();
    let retry = r.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string());
    let mut body: Value = r.json().await.unwrap_or(Value::Null);
    if let Some(retry) = retry {
        body["retry_after_header"] = json!(retry);
    }
    (status, body)
}

/// Signs up `name` with a password; the session id of its cookie.
async fn signup(s: &TestServer, name: &str) -> String {
    let body = json!({ "name": name, "password": "mango tree 42" });
    let r = s.http.post(s.url("/api/account/signup")).json(&body).send().await.unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    let set = r.headers()["set-cookie"].to_str().unwrap().to_string();
    set.strip_prefix("mancala_session=").unwrap().split(';').next().unwrap().to_string()
}

async fn sign_in(s: &TestServer, name: &str) -> (u16, Value) {
    s.post("/api/account/signin", json!({ "name": name, "password": "mango tree 42", "token_label": "t" })).await
}

/// A game between the accounts of `south` and `north` (tokens), both seated: its id and seat tokens.
pub async fn game_between(s: &TestServer, south: &str, north: &str) -> (String, String, String) {
    let (status, created) =
        call(s, Some(south), "POST", "/api/games", Some(json!({ "variant": "kubuguza", "seat": "south" }))).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (status, joined) = call(s, Some(north), "POST", &format!("/api/games/{id}/join"), Some(json!({}))).await;
    assert_eq!(status, 200, "{joined}");
    (id, created["token"].as_str().unwrap().to_string(), joined["token"].as_str().unwrap().to_string())
}

fn say(id: &str, room: ChatRoom, text: &str) -> ClientMsg {
    ClientMsg::Chat { id: Some(id.to_string()), room, text: text.to_string() }
}

/// Polls `GET path` until `done` holds of its body (at most 10 s).
pub async fn until(s: &TestServer, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let (_, body) = s.get(path).await;
        if done(&body) {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{path} never reached the state awaited");
}

#[tokio::test]
async fn the_operator_grants_and_revokes_the_moderator_role() {
    let s = TestServer::start().await;
    let amina = account(&s, "Amina").await;
    let sr = &s;
    let me = move |t: String| async move { call(sr, Some(&t), "GET", "/api/account", None).await.1 };
    assert_eq!(me(amina.clone()).await.get("moderator"), None, "not a moderator: the field is left out");
    grant(&s, "amina");
    assert_eq!(me(amina.clone()).await["moderator"], true);
    let out = admin(&s.database_url, &["revoke", "moderator", "AMINA"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("Amina is no longer a moderator"));
    assert_eq!(me(amina.clone()).await.get("moderator"), None);

    let unknown = admin(&s.database_url, &["grant", "moderator", "nobody"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no account `nobody`"));
    assert_eq!(admin(&s.database_url, &["grant", "emperor", "amina"]).status.code(), Some(2));
    let help = admin(&s.database_url, &["--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    for command in ["grant", "revoke", "close", "reopen"] {
        assert!(help.contains(command), "{help}");
    }
}

#[tokio::test]
async fn reports_are_checked_merged_and_limited_per_reporter() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let baraka = account(&s, "baraka").await;
    let chidi = account(&s, "chidi").await;
    let report = |player: &str, reason: &str| json!({ "player": player, "reason": reason, "text": "rude words" });
    let sr = &s;
    let post =
        move |t: String, body: Value| async move { call(sr, Some(&t), "POST", "/api/reports", Some(body)).await };

    let (status, body) = post(amina.clone(), report("baraka", "insult")).await;
    assert_eq!(status, 201, "{body}");
    assert!(body["message"].as_str().unwrap().contains("Thank you"), "{body}");
    assert_eq!(call(&s, None, "POST", "/api/reports", Some(report("baraka", "insult"))).await.0, 401);
    assert_eq!(post(amina.clone(), report("nobody", "insult")).await.0, 404);
    let (status, body) = post(amina.clone(), report("amina", "insult")).await;
    assert_eq!((status, body["message"].as_str().unwrap()), (400, "you cannot report yourself"));
    let (status, body) = post(amina.clone(), report("baraka", "rudeness")).await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().contains("cheat, insult, leave, boost, name, other"), "{body}");
    let long = json!({ "player": "baraka", "reason": "other", "text": "x".repeat(501) });
    assert_eq!(post(amina.clone(), long).await.0, 400);
    let line_alone = json!({ "player": "baraka", "reason": "other", "text": "t", "line": 3 });
    assert_eq!(post(amina.clone(), line_alone).await.0, 400);
    let no_game = json!({ "player": "baraka", "reason": "other", "text": "t", "game": "zzzzzzzz" });
    assert!(matches!(post(amina.clone(), no_game).await.0, 400 | 404));

    // A second reporter on the same player and reason joins the open report.
    assert_eq!(post(chidi.clone(), report("BARAKA", "insult")).await.0, 201);
    grant(&s, "chidi");
    let (_, queue) = call(&s, Some(&chidi), "GET", "/api/mod/reports", None).await;
    let reports = queue["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 1, "{queue}");
    assert_eq!(reports[0]["player"], "baraka");
    let reporters: Vec<&str> =
        reports[0]["entries"].as_array().unwrap().iter().map(|e| e["reporter"].as_str().unwrap()).collect();
    assert_eq!(reporters, ["amina", "chidi"]);

    // Ten an hour, counted from the stored reports: the eleventh waits for the oldest to age out.
    for i in 1..10 {
        let (status, body) =
            post(baraka.clone(), json!({ "player": "amina", "reason": "other", "text": format!("n{i}") })).await;
        assert_eq!(status, 201, "{i}: {body}");
    }
    assert_eq!(post(baraka.clone(), report("chidi", "name")).await.0, 201);
    let (status, body) = post(baraka.clone(), report("chidi", "cheat")).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"], "rate_limited");
    let retry: u64 = body["retry_after_header"].as_str().unwrap().parse().unwrap();
    assert!((3000..=3600).contains(&retry), "{retry}");
}

#[tokio::test]
async fn only_moderators_reach_the_moderators_routes() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let action = json!({ "action": "warn", "reason": "be kind" });
    let routes: [(&str, String, Option<Value>); 6] = [
        ("GET", "/api/mod/reports".into(), None),
        ("GET", "/api/mod/reports/abcdefabcdef".into(), None),
        ("POST", "/api/mod/reports/abcdefabcdef/dismiss".into(), Some(json!({ "reason": "fine" }))),
        ("GET", "/api/mod/players/amina".into(), None),
        ("POST", "/api/mod/players/amina/actions".into(), Some(action)),
        ("GET", "/api/mod/log?bogus=1".into(), None),
    ];
    for (method, path, body) in &routes {
        for who in [None, Some(amina.as_str())] {
            let (status, answer) = call(&s, who, method, path, body.clone()).await;
            assert_eq!((status, answer["error"].as_str()), (403, Some("forbidden")), "{method} {path} as {who:?}");
        }
    }
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/reports", None).await.0, 200);
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/reports/abcdefabcdef", None).await.0, 404);
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/players/nobody", None).await.0, 404);
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/log?bogus=1", None).await.0, 400);
    let (status, page) = s.get_text("/mod").await;
    assert_eq!(status, 403, "{page}");
}

/// A signed-in spectator of a fresh game: its socket, after the snapshot.
async fn spectator(s: &TestServer, game: &str, session: &str) -> Ws {
    let own = format!("http://{}", s.addr);
    let mut ws = browser_ws(s, &format!("/api/games/{game}/ws"), Some(&own), Some(session)).await.expect("a spectator");
    ws.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. }).then_some(())).await;
    ws
}

#[tokio::test]
async fn a_reported_chat_line_reaches_the_queue_with_the_chat_around_it_and_a_dismissal_is_logged() {
    let s = TestServer::start().await;
    let (game, _, _) = s.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    // Three spectators, one line each (a person's lines are limited to one a second).
    for (i, (who, words)) in [("neema", "hello"), ("zawadi", "you are a fool"), ("omari", "bye")].iter().enumerate() {
        let session = signup(&s, who).await;
        let mut fan = spectator(&s, &game, &session).await;
        let m = answer(&mut fan, &say(&format!("c{i}"), ChatRoom::Spectators, words)).await;
        assert!(matches!(m, ServerMsg::Accepted { .. }), "{m:?}");
    }
    let reporter = account(&s, "juma").await;
    let mut report = json!({ "player": "zawadi", "reason": "insult", "text": "see line 2", "game": game, "line": 9 });
    assert_eq!(call(&s, Some(&reporter), "POST", "/api/reports", Some(report.clone())).await.0, 404, "no line 9");
    report["line"] = json!(2);
    assert_eq!(call(&s, Some(&reporter), "POST", "/api/reports", Some(report)).await.0, 201);

    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let (_, queue) = call(&s, Some(&mo), "GET", "/api/mod/reports", None).await;
    let entry = &queue["reports"][0]["entries"][0];
    assert_eq!(entry["game"], json!(game));
    let chat: Vec<(u64, &str, bool)> = entry["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["n"].as_u64().unwrap(), l["text"].as_str().unwrap(), l["reported"] == true))
        .collect();
    assert_eq!(chat, [(1, "hello", false), (2, "you are a fool", true), (3, "bye", false)]);
    assert_eq!(queue["reports"][0]["reporter"], Value::Null);

    let id = queue["reports"][0]["id"].as_str().unwrap().to_string();
    let path = format!("/api/mod/reports/{id}/dismiss");
    assert_eq!(call(&s, Some(&mo), "POST", &path, Some(json!({ "reason": " " }))).await.0, 400);
    assert_eq!(call(&s, Some(&mo), "POST", &path, Some(json!({ "reason": "banter" }))).await.0, 204);
    assert_eq!(call(&s, Some(&mo), "POST", &path, Some(json!({ "reason": "again" }))).await.0, 400, "closed");
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/reports", None).await.1["reports"], json!([]));
    let (_, log) = call(&s, Some(&mo), "GET", "/api/mod/log?action=dismiss", None).await;
    assert_eq!((log[0]["moderator"].as_str(), log[0]["target"].as_str()), (Some("mo"), Some(id.as_str())));
    assert_eq!(log[0]["details"], "banter");
}

#[tokio::test]
async fn a_chat_timeout_refuses_lines_with_the_time_left_and_a_shadow_mute_hides_them() {
    let s = TestServer::start().await;
    let (game, _, _) = s.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    let zawadi = signup(&s, "zawadi").await;
    let juma = signup(&s, "juma").await;
    let mut loud = spectator(&s, &game, &zawadi).await;
    let mut other = spectator(&s, &game, &juma).await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let (sr, mr) = (&s, mo.as_str());
    let act = move |body: Value| async move {
        call(sr, Some(mr), "POST", "/api/mod/players/zawadi/actions", Some(body)).await
    };

    let (status, body) = act(json!({ "action": "chat_timeout", "reason": "spam", "minutes": 7 })).await;
    assert_eq!(status, 400);
    assert!(body["message"].as_str().unwrap().contains("15, 60, 1440"), "{body}");
    assert_eq!(act(json!({ "action": "chat_timeout", "reason": "spam", "minutes": 15 })).await.0, 204);
    match answer(&mut loud, &say("t1", ChatRoom::Spectators, "still here")).await {
        ServerMsg::Rejected { code, reason, .. } => {
            assert_eq!(code, ErrorCode::ChatTimeout);
            assert!(reason.contains("14 min") || reason.contains("15 min"), "{reason}");
        }
        m => panic!("a timed-out line was said: {m:?}"),
    }

    // Unmuted, then shadow-muted: the line is accepted and shown to its author only.
    assert_eq!(act(json!({ "action": "unmute", "reason": "served" })).await.0, 204);
    assert_eq!(act(json!({ "action": "shadow_mute", "reason": "troll" })).await.0, 204);
    let m = answer(&mut loud, &say("t2", ChatRoom::Spectators, "nobody hears me")).await;
    assert!(matches!(m, ServerMsg::Accepted { .. }), "{m:?}");
    let mine = loud
        .recv_until(|m| match m {
            ServerMsg::Chat { line } => Some(line),
            _ => None,
        })
        .await;
    assert_eq!(mine.text, "nobody hears me");
    // A muted line counts against its author's limits as any other: the next one at once is refused.
    match answer(&mut loud, &say("t3", ChatRoom::Spectators, "and again")).await {
        ServerMsg::Rejected { code, .. } => assert_eq!(code, ErrorCode::RateLimited),
        m => panic!("a muted author said two lines within a second: {m:?}"),
    }
    // The room handles lines in order: had the muted line gone out, it would reach `other` before its own.
    other.say(&say("o1", ChatRoom::Spectators, "anyone?")).await;
    let heard = other
        .recv_until(|m| match m {
            ServerMsg::Chat { line } => Some(line),
            _ => None,
        })
        .await;
    assert_eq!(heard.text, "anyone?", "the shadow-muted line reached another spectator first");

    let (_, log) = call(&s, Some(&mo), "GET", "/api/mod/log?player=ZAWADI", None).await;
    let actions: Vec<&str> = log.as_array().unwrap().iter().map(|l| l["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["shadow_mute", "unmute", "chat_timeout"]);
    assert_eq!(log[2]["details"], "15 min: spam");
    assert_eq!(call(&s, Some(&mo), "GET", "/api/mod/log?moderator=nobody", None).await.1, json!([]));
    let (_, player) = call(&s, Some(&mo), "GET", "/api/mod/players/zawadi", None).await;
    assert_eq!(player["shadow_muted"], true);
    assert_eq!(player.get("chat_until"), None);
}

#[tokio::test]
async fn a_warning_waits_for_its_acknowledgement_and_notes_stay_with_moderators() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let (sr, mr) = (&s, mo.as_str());
    let act = move |body: Value| async move {
        call(sr, Some(mr), "POST", "/api/mod/players/amina/actions", Some(body)).await
    };
    assert_eq!(act(json!({ "action": "warn", "reason": "Please stop stalling." })).await.0, 204);
    assert_eq!(act(json!({ "action": "note", "reason": "stalls when losing" })).await.0, 204);
    let (_, me) = call(&s, Some(&amina), "GET", "/api/account", None).await;
    let warnings = me["warnings"].as_array().expect("a warning");
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0]["text"], "Please stop stalling.");
    assert!(!me.to_string().contains("stalls when losing"), "a note is the moderators' own");
    let id = warnings[0]["id"].as_str().unwrap();
    let ack = format!("/api/account/warnings/{id}/acknowledge");
    assert_eq!(call(&s, Some(&amina), "POST", &ack, None).await.0, 204);
    assert_eq!(call(&s, Some(&amina), "POST", &ack, None).await.0, 404, "acknowledged once");
    assert_eq!(call(&s, Some(&amina), "GET", "/api/account", None).await.1.get("warnings"), None);
    let (_, player) = call(&s, Some(&mo), "GET", "/api/mod/players/amina", None).await;
    assert_eq!(player["notes"][0]["text"], "stalls when losing");
    assert_eq!(player["notes"][0]["author"], "mo");
}

#[tokio::test]
async fn closing_an_account_signs_it_out_resigns_its_games_and_keeps_its_name() {
    let s = TestServer::start().await;
    let amina = account(&s, "amina").await;
    let baraka = account(&s, "baraka").await;
    signup(&s, "chidi").await;
    let (status, signed) = sign_in(&s, "chidi").await;
    assert_eq!(status, 200);
    let chidi_token = signed["token"].as_str().unwrap().to_string();
    let (game, _, _) = game_between(&s, &amina, &baraka).await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");

    let close = json!({ "action": "close", "reason": "cheating" });
    assert_eq!(call(&s, Some(&mo), "POST", "/api/mod/players/amina/actions", Some(close.clone())).await.0, 204);
    assert_eq!(call(&s, Some(&amina), "GET", "/api/account", None).await.0, 401, "its token stands for nothing");
    let detail =
        until(&s, &format!("/api/games/{game}"), |g| g["game"]["status"] == "finished" || g["status"] == "finished")
            .await;
    let result = if detail["game"].is_object() { &detail["game"]["result"] } else { &detail["result"] };
    assert_eq!(
        (result["winner"].as_str(), result["reason"].as_str()),
        (Some("north"), Some("resignation")),
        "{detail}"
    );
    assert_eq!(s.post("/api/players", json!({ "name": "Amina" })).await.0, 409, "the name stays taken");

    // A password account: sign-in refused while closed, its API token revoked; reopened, it signs in.
    assert_eq!(call(&s, Some(&mo), "POST", "/api/mod/players/chidi/actions", Some(close)).await.0, 204);
    assert_eq!(call(&s, Some(&chidi_token), "GET", "/api/account", None).await.0, 401);
    let (status, body) = sign_in(&s, "chidi").await;
    assert_eq!(status, 403, "{body}");
    assert!(body["message"].as_str().unwrap().contains("closed"), "{body}");
    let reopen = json!({ "action": "reopen", "reason": "appeal" });
    assert_eq!(call(&s, Some(&mo), "POST", "/api/mod/players/chidi/actions", Some(reopen)).await.0, 204);
    assert_eq!(sign_in(&s, "chidi").await.0, 200);

    // The operator's command does the same, and logs it under `admin`.
    let out = admin(&s.database_url, &["close", "chidi", "--reason", "spam bot"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(sign_in(&s, "chidi").await.0, 403);
    assert_eq!(admin(&s.database_url, &["reopen", "nobody"]).status.code(), Some(2));
    assert!(admin(&s.database_url, &["reopen", "chidi"]).status.success());
    assert_eq!(sign_in(&s, "chidi").await.0, 200);
    let (_, log) = call(&s, Some(&mo), "GET", "/api/mod/log?player=chidi", None).await;
    let lines: Vec<(&str, &str)> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["moderator"].as_str().unwrap(), l["action"].as_str().unwrap()))
        .collect();
    assert_eq!(lines, [("admin", "reopen"), ("admin", "close"), ("mo", "reopen"), ("mo", "close")]);
}

#[tokio::test]
async fn a_timeout_and_a_closing_given_on_one_node_hold_on_the_other_at_once() {
    use common::cluster::{broker_url, start_node};
    use common::lobby::{closed, lobby};
    let Some(broker) = broker_url("moderation_two_nodes") else { return };
    let Some((base, url)) = common::fresh_db("moderation_nodes").await else { return };
    let procs = [start_node(&url, &broker, "a", 3).await, start_node(&url, &broker, "b", 3).await];
    let [a, b] = [TestServer::attach(procs[0].addr, &url), TestServer::attach(procs[1].addr, &url)];
    let amina = account(&a, "amina").await;
    let baraka = account(&a, "baraka").await;
    let mo = account(&b, "mo").await;
    grant(&b, "mo");

    // A chat timeout given on node b refuses a spectator's line in a room of node a.
    let (game, _, _) = game_between(&a, &amina, &baraka).await;
    let zawadi = signup(&a, "zawadi").await;
    let mut fan = spectator(&a, &game, &zawadi).await;
    let timeout = json!({ "action": "chat_timeout", "reason": "spam", "minutes": 60 });
    assert_eq!(call(&b, Some(&mo), "POST", "/api/mod/players/zawadi/actions", Some(timeout)).await.0, 204);
    let m = answer(&mut fan, &say("z1", ChatRoom::Spectators, "hello")).await;
    assert!(matches!(m, ServerMsg::Rejected { code: ErrorCode::ChatTimeout, .. }), "{m:?}");

    // Closing amina on node b closes her lobby socket on node a and resigns her game, run by node a.
    let (mut socket, _) = lobby(&a, &format!("token={amina}")).await;
    let close = json!({ "action": "close", "reason": "cheating" });
    assert_eq!(call(&b, Some(&mo), "POST", "/api/mod/players/amina/actions", Some(close)).await.0, 204);
    let (frame, _) = closed(&mut socket).await;
    assert_eq!(u16::from(frame.code), 4001, "{frame:?}");
    assert_eq!(call(&a, Some(&amina), "GET", "/api/account", None).await.0, 401);
    let detail = until(&a, &format!("/api/games/{game}"), |g| g.to_string().contains("resignation")).await;
    assert!(detail.to_string().contains("\"finished\""), "{detail}");
    drop(procs);
    common::drop_db(&base, &url).await;
}

#[tokio::test]
async fn a_chat_timeout_survives_a_restart() {
    let s = TestServer::start().await;
    let (game, _, _) = s.new_game(json!({ "variant": "kubuguza", "seat": "south", "name": "amina" })).await;
    let zawadi = signup(&s, "zawadi").await;
    let mo = account(&s, "mo").await;
    grant(&s, "mo");
    let timeout = json!({ "action": "chat_timeout", "reason": "spam", "minutes": 1440 });
    assert_eq!(call(&s, Some(&mo), "POST", "/api/mod/players/zawadi/actions", Some(timeout)).await.0, 204);
    let (url, dir) = s.stop().await;
    let s = TestServer::start_in(mancala_server::config::Config::with_database(&url), dir.unwrap()).await;
    let mut fan = spectator(&s, &game, &zawadi).await;
    match answer(&mut fan, &say("z1", ChatRoom::Spectators, "back")).await {
        ServerMsg::Rejected { code, reason, .. } => {
            assert_eq!(code, ErrorCode::ChatTimeout);
            assert!(reason.contains("23 h") || reason.contains("24 h"), "{reason}");
        }
        m => panic!("{m:?}"),
    }
}

/// Two nodes on one fresh database and one broker, for a test called `tag`; `None` (and a skip line)
/// where PostgreSQL or NATS are not at hand. The database's base and own URLs come along to drop it.
async fn two_nodes(tag: &str) -> Option<([common::process::Process; 2], [TestServer; 2], String, String)> {
    use common::cluster::{broker_url, start_node};
    let broker = broker_url(tag)?;
    let (base, url) = common::fresh_db(tag).await?;
    // A lease of 30 s: these tests kill no node, and a lease of 3 s could lapse on a loaded machine (a
    // whole suite beside) and move the game to the other node mid-test, closing the seats' sockets.
    let procs = [start_node(&url, &broker, "a", 30).await, start_node(&url, &broker, "b", 30).await];
    let servers = [TestServer::attach(procs[0].addr, &url), TestServer::attach(procs[1].addr, &url)];
    Some((procs, servers, base, url))
}

/// The next chat line `ws` is sent.
async fn next_line(ws: &mut Ws) -> mancala_protocol::ChatLine {
    ws.recv_until(|m| match m {
        ServerMsg::Chat { line } => Some(line),
        _ => None,
    })
    .await
}

/// The chat of the snapshot a socket just opened gets: the lines kept, of the rooms it reads.
async fn chat_in_snapshot(mut ws: Ws) -> Vec<String> {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { chat, .. } => Some(chat.into_iter().map(|l| l.text).collect()),
        _ => None,
    })
    .await
}

/// The chat a new spectator of `game` on `s`, signed in with `session`, reads in its snapshot.
async fn chat_read_by_newcomer(s: &TestServer, game: &str, session: &str) -> Vec<String> {
    let own = format!("http://{}", s.addr);
    chat_in_snapshot(
        browser_ws(s, &format!("/api/games/{game}/ws"), Some(&own), Some(session)).await.expect("a spectator"),
    )
    .await
}

#[tokio::test]
async fn a_warning_given_on_one_node_is_seen_and_acknowledged_on_the_other() {
    let Some((procs, [a, b], base, url)) = two_nodes("moderation_warn_nodes").await else { return };
    let amina = account(&b, "amina").await;
    let mo = account(&a, "mo").await;
    grant(&a, "mo");

    let warn = json!({ "action": "warn", "reason": "Please stop stalling." });
    assert_eq!(call(&a, Some(&mo), "POST", "/api/mod/players/amina/actions", Some(warn)).await.0, 204);
    // Node b shows it on amina's next page, with nothing to wait for: warnings are read from the database.
    let (_, me) = call(&b, Some(&amina), "GET", "/api/account", None).await;
    let warnings = me["warnings"].as_array().unwrap_or_else(|| panic!("no warning on node b: {me}"));
    assert_eq!(warnings.len(), 1, "{me}");
    assert_eq!(warnings[0]["text"], "Please stop stalling.");

    // Acknowledged on node b, it is gone on node a, for her and for the moderators.
    let id = warnings[0]["id"].as_str().unwrap();
    let ack = format!("/api/account/warnings/{id}/acknowledge");
    assert_eq!(call(&b, Some(&amina), "POST", &ack, None).await.0, 204);
    assert_eq!(call(&a, Some(&amina), "GET", "/api/account", None).await.1.get("warnings"), None);
    assert_eq!(call(&a, Some(&amina), "POST", &ack, None).await.0, 404, "acknowledged once, on either node");
    let (_, player) = call(&a, Some(&mo), "GET", "/api/mod/players/amina", None).await;
    assert_eq!(player["warnings"], json!([]), "{player}");
    let (_, log) = call(&b, Some(&mo), "GET", "/api/mod/log?player=amina&action=warn", None).await;
    assert_eq!((log[0]["moderator"].as_str(), log[0]["details"].as_str()), (Some("mo"), Some("Please stop stalling.")));
    drop(procs);
    common::drop_db(&base, &url).await;
}

#[tokio::test]
async fn a_shadow_mute_given_on_one_node_keeps_lines_in_a_room_of_the_other_to_their_author() {
    let Some((procs, [a, b], base, url)) = two_nodes("moderation_shadow_nodes").await else { return };
    let amina = account(&b, "amina").await;
    let baraka = account(&b, "baraka").await;
    // The game and its room are node b's; baraka and one spectator watch it through node a.
    let (game, south, north) = game_between(&b, &amina, &baraka).await;
    let (zawadi, juma, neema) = (signup(&b, "zawadi").await, signup(&b, "juma").await, signup(&a, "neema").await);
    let mut loud = spectator(&b, &game, &zawadi).await;
    let mut near = spectator(&b, &game, &juma).await;
    let mut far = spectator(&a, &game, &neema).await;
    let mut muted_player = b.ws(&game, Some(&south), None).await;
    let mut opponent = a.ws(&game, Some(&north), None).await;
    let mo = account(&a, "mo").await;
    grant(&a, "mo");
    for who in ["zawadi", "amina"] {
        let mute = json!({ "action": "shadow_mute", "reason": "troll" });
        assert_eq!(call(&a, Some(&mo), "POST", &format!("/api/mod/players/{who}/actions"), Some(mute)).await.0, 204);
    }

    // A spectator's line: accepted, and sent back to its author's own socket only, numbered as any line.
    let m = answer(&mut loud, &say("z1", ChatRoom::Spectators, "nobody hears me")).await;
    assert!(matches!(m, ServerMsg::Accepted { .. }), "{m:?}");
    let mine = next_line(&mut loud).await;
    assert_eq!(mine.text, "nobody hears me");
    assert!(mine.n.is_some(), "a muted line is numbered as the others, so nothing marks it to its author");
    // The room handles lines in order: had the muted line gone out, each socket would get it before this one.
    near.say(&say("j1", ChatRoom::Spectators, "anyone?")).await;
    assert_eq!(next_line(&mut near).await.text, "anyone?", "the muted line reached a spectator on node b");
    assert_eq!(next_line(&mut far).await.text, "anyone?", "the muted line reached a spectator on node a");
    assert_eq!(next_line(&mut loud).await.text, "anyone?");

    // A player's line in the players' room: its opponent, on node a, never gets it.
    let m = answer(&mut muted_player, &say("a1", ChatRoom::Players, "you will lose")).await;
    assert!(matches!(m, ServerMsg::Accepted { .. }), "{m:?}");
    assert_eq!(next_line(&mut muted_player).await.text, "you will lose");
    // Not `answer`, which would skip a line sent before the answer.
    opponent.say(&say("b1", ChatRoom::Players, "good luck")).await;
    assert_eq!(next_line(&mut opponent).await.text, "good luck", "the muted player's line reached its opponent");
    assert_eq!(next_line(&mut muted_player).await.text, "good luck");

    // A page opened again, on either node, reads only the others' lines, but the muted authors read their
    // own again: the player in its seat's snapshot, the spectator right after the spectators' snapshot.
    let omari = signup(&a, "omari").await;
    assert_eq!(chat_read_by_newcomer(&a, &game, &omari).await, ["anyone?"]);
    assert_eq!(chat_read_by_newcomer(&b, &game, &omari).await, ["anyone?"]);
    assert_eq!(chat_in_snapshot(a.ws(&game, Some(&north), None).await).await, ["good luck"]);
    assert_eq!(chat_in_snapshot(a.ws(&game, Some(&south), None).await).await, ["you will lose", "good luck"]);
    assert_eq!(chat_in_snapshot(b.ws(&game, Some(&south), None).await).await, ["you will lose", "good luck"]);
    for node in [&a, &b] {
        let own = format!("http://{}", node.addr);
        let mut again = browser_ws(node, &format!("/api/games/{game}/ws"), Some(&own), Some(&zawadi)).await.unwrap();
        let snapshot = again
            .recv_until(|m| match m {
                ServerMsg::Snapshot { chat, .. } => Some(chat.into_iter().map(|l| l.text).collect::<Vec<_>>()),
                _ => None,
            })
            .await;
        assert_eq!(snapshot, ["anyone?"]);
        assert_eq!(next_line(&mut again).await.text, "nobody hears me", "the muted spectator lost its line");
    }
    let (_, player) = call(&b, Some(&mo), "GET", "/api/mod/players/zawadi", None).await;
    assert_eq!(player["shadow_muted"], true, "{player}");
    drop(procs);
    common::drop_db(&base, &url).await;
}
