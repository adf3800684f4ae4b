//! A commit whose answer was lost: the database stored the decision, but the server was told the write
//! failed (the connection broke after COMMIT was sent). The player got `unavailable` and, as the protocol
//! says, sends the same decision again with the same id: it is answered `accepted` at the decision's
//! version, from the stored record, and is stored once. (A failure point in the writer makes the lost
//! answer happen on demand; it is its own test binary because failure points are process-wide.)

mod common;

use common::TestServer;
use common::driver::Table;
use serde_json::{Value, json};

/// Notes a snapshot's or an event's version and board, if `m` is one.
fn note(t: &mut Table, k: usize, m: &Value) {
    if matches!(m["type"].as_str(), Some("snapshot" | "event")) {
        t.versions[k] = m["v"].as_u64().unwrap();
        if !m["view"].is_null() {
            t.views[k] = m["view"].clone();
        }
    }
}

/// The next answer (`accepted` or `rejected`) to message `id`, noting what comes before it.
async fn answer(t: &mut Table, i: usize, id: &str) -> Value {
    loop {
        let m = t.ws(i).next().await;
        if matches!(m["type"].as_str(), Some("accepted" | "rejected")) && m["id"] == id {
            return m;
        }
        note(t, i, &m);
    }
}

async fn stored_decisions(server: &TestServer, id: &str) -> Vec<Value> {
    let (status, game) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{game}");
    game["record"].as_array().unwrap().iter().map(|p| p["decision"].clone()).collect()
}

#[tokio::test]
async fn a_decision_resent_after_a_lost_commit_answer_is_accepted_once() {
    let server = TestServer::start().await;
    // Without forced decisions, so that one decision is one ply.
    let (id, south, north) =
        server.new_game(json!({ "variant": "kubuguza", "seat": "south", "auto_forced": false })).await;
    let mut t = Table::open(&server, &id, &south, &north, "kubuguza").await;
    let mut seed = 3;
    t.play_random(&mut seed, 4).await;
    let before = stored_decisions(&server, &id).await;
    let i = (0..2).find(|&i| t.views[i]["legal"].as_array().is_some_and(|l| !l.is_empty())).unwrap();
    let decision = t.views[i]["legal"][0].as_str().unwrap().to_string();

    fail::cfg("store::commit_answer_lost", "1*return").unwrap();
    t.ws(i).send(json!({ "type": "decide", "id": "lost-1", "decision": decision })).await;
    let first = answer(&mut t, i, "lost-1").await;
    fail::remove("store::commit_answer_lost");
    assert_eq!(first["type"], "rejected", "{first}");
    assert_eq!(first["code"], "unavailable", "{first}");
    let stored = stored_decisions(&server, &id).await;
    assert_eq!(stored.len(), before.len() + 1, "the commit landed although its answer was lost");

    // The client does what the protocol asks: the same decision, the same id.
    t.ws(i).send(json!({ "type": "decide", "id": "lost-1", "decision": decision })).await;
    let again = answer(&mut t, i, "lost-1").await;
    assert_eq!(again["type"], "accepted", "the stored decision is the answer: {again}");
    assert_eq!(again["v"], before.len() as u64 + 2, "its version: the start is 1, ply n is n + 1");
    let stored = stored_decisions(&server, &id).await;
    assert_eq!(stored.len(), before.len() + 1, "stored once");
    assert_eq!(stored.last().unwrap(), decision.as_str());

    // Every connection gets the stored game (a snapshot at least as new) and play goes on to the end.
    let target = before.len() as u64 + 2;
    for k in 0..3 {
        while t.versions[k] < target {
            let m = t.ws(k).next().await;
            note(&mut t, k, &m);
        }
    }
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over());
}
