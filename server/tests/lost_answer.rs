//! A commit whose answer was lost: the database stored the decision, but the server was told the write
//! failed (the connection broke after COMMIT was sent). The player got `unavailable` and, as the protocol
//! says, sends the same decision again with the same id: it is answered `accepted` at the decision's
//! version, from the stored record, and is stored once. (A failure point in the writer makes the lost
//! answer happen on demand; it is its own test binary because failure points are process-wide.)

#[path = "it/common/mod.rs"]
mod common;

use common::driver::Table;
use common::{Seat, TestServer};
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use serde_json::{Value, json};

/// Notes a snapshot's or an event's version and board, if `m` is one.
fn note(t: &mut Table, seat: Seat, m: &ServerMsg) {
    match m {
        ServerMsg::Snapshot { v, view, .. } => {
            t.versions[seat] = *v;
            t.views[seat] = view.clone();
        }
        ServerMsg::Event { v, view, .. } => {
            t.versions[seat] = *v;
            if let Some(view) = view {
                t.views[seat] = view.clone();
            }
        }
        _ => {}
    }
}

/// The next answer (`accepted` or `rejected`) to message `id`, noting what comes before it.
async fn answer(t: &mut Table, seat: Seat, id: &str) -> ServerMsg {
    loop {
        let m = t.ws(seat).recv().await;
        match &m {
            ServerMsg::Accepted { id: Some(i), .. } | ServerMsg::Rejected { id: Some(i), .. } if i == id => return m,
            _ => note(t, seat, &m),
        }
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
    let mut t = Table::open(&server, &id, &south, &north).await;
    let mut seed = 3;
    t.play_random(&mut seed, 4).await;
    let before = stored_decisions(&server, &id).await;
    let seat = t.mover().expect("someone to move");
    let decision = t.views[seat].legal[0].clone();
    let decide = ClientMsg::Decide { id: "lost-1".into(), decision: decision.clone(), game: None, seat: None };

    fail::cfg("store::commit_answer_lost", "1*return").unwrap();
    t.ws(seat).say(&decide).await;
    let first = answer(&mut t, seat, "lost-1").await;
    fail::remove("store::commit_answer_lost");
    assert!(matches!(first, ServerMsg::Rejected { code: ErrorCode::Unavailable, .. }), "{first:?}");
    let stored = stored_decisions(&server, &id).await;
    assert_eq!(stored.len(), before.len() + 1, "the commit landed although its answer was lost");

    // The client does what the protocol asks: the same decision, the same id.
    t.ws(seat).say(&decide).await;
    let again = answer(&mut t, seat, "lost-1").await;
    // Its version: the start is 1, ply n is n + 1.
    let expected = before.len() as u64 + 2;
    assert!(matches!(again, ServerMsg::Accepted { v, .. } if v == expected), "the stored decision: {again:?}");
    let stored = stored_decisions(&server, &id).await;
    assert_eq!(stored.len(), before.len() + 1, "stored once");
    assert_eq!(stored.last().unwrap(), decision.as_str());

    // Every connection gets the stored game (a snapshot at least as new) and play goes on to the end.
    let target = before.len() as u64 + 2;
    for seat in Seat::ALL {
        while t.versions[seat] < target {
            let m = t.ws(seat).recv().await;
            note(&mut t, seat, &m);
        }
    }
    t.play_random(&mut seed, 10_000).await;
    assert!(t.over());
}
