//! A block beyond the lobby, as the Account page promises it ("a blocked player cannot challenge you… you
//! are never paired together"), on two nodes: the block made through one node, the game or tournament
//! run by whichever. After the end of a game, a rematch offer between the two is refused both ways and
//! reaches nobody (and goes through again once unblocked); a Swiss round and an arena wave whose natural
//! pairing would meet a blocked pair pair otherwise (docs/moderation.md, "Blocks").

use crate::common;
use crate::moderation::{call, game_between};

use common::cluster::{broker_url, start_node};
use common::{TestServer, Ws, account, answer, refused};
use mancala_protocol::{ClientMsg, ErrorCode, GameEvent, RematchAction, ServerMsg};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::time::Duration;

/// Two nodes on one fresh database and broker: their processes, their clients, the database to drop.
async fn two_nodes(tag: &str) -> Option<([common::process::Process; 2], [TestServer; 2], String, String)> {
    let broker = broker_url(tag)?;
    let (base, url) = common::fresh_db(tag).await?;
    let procs = [start_node(&url, &broker, "a", 3).await, start_node(&url, &broker, "b", 3).await];
    let servers = [TestServer::attach(procs[0].addr, &url), TestServer::attach(procs[1].addr, &url)];
    Some((procs, servers, base, url))
}

fn rematch(id: &str, action: RematchAction) -> ClientMsg {
    ClientMsg::Rematch { id: Some(id.to_string()), action }
}

/// What `ws` is sent until the answer to its message `id` (that answer left out).
async fn until_answer(ws: &mut Ws, msg: &ClientMsg, id: &str) -> Vec<ServerMsg> {
    ws.say(msg).await;
    let mut seen = Vec::new();
    loop {
        match ws.recv().await {
            ServerMsg::Accepted { id: Some(i), .. }
            | ServerMsg::Rejected { id: Some(i), .. }
            | ServerMsg::Pong { id: Some(i), .. }
                if i == id =>
            {
                return seen;
            }
            m => seen.push(m),
        }
    }
}

fn offered(seen: &[ServerMsg]) -> bool {
    seen.iter().any(|m| matches!(m, ServerMsg::RematchOffer { by: Some(_) }))
}

#[tokio::test]
async fn a_rematch_offer_is_refused_both_ways_between_a_blocker_and_the_blocked() {
    let Some((procs, [a, b], base, url)) = two_nodes("blocks_rematch").await else { return };
    let amina = account(&a, "amina").await;
    let baraka = account(&b, "baraka").await;
    let (game, south, north) = game_between(&a, &amina, &baraka).await;
    // Amina plays on node a, Baraka on node b: one of them is relayed to the room's node.
    let mut south_ws = a.ws(&game, Some(&south), None).await;
    let mut north_ws = b.ws(&game, Some(&north), None).await;
    let ended = |m: ServerMsg| matches!(m, ServerMsg::Event { event: GameEvent::End { .. }, .. }).then_some(());
    assert!(matches!(
        answer(&mut north_ws, &ClientMsg::Resign { id: Some("r".into()) }).await,
        ServerMsg::Accepted { .. }
    ));
    south_ws.recv_until(ended).await;

    // Amina blocks Baraka, through node b.
    let (status, body) = call(&b, Some(&amina), "POST", "/api/blocks", Some(json!({ "player": "baraka" }))).await;
    assert_eq!(status, 201, "{body}");
    let m = answer(&mut north_ws, &rematch("n1", RematchAction::Offer)).await;
    assert_eq!(refused(&m), Some(ErrorCode::Blocked), "{m:?}");
    let ServerMsg::Rejected { reason, .. } = &m else { unreachable!() };
    assert!(reason.contains("amina does not accept a rematch"), "{reason}");
    // Nothing reached Amina: her next answer comes with no offer before it.
    let seen = until_answer(&mut south_ws, &ClientMsg::Ping { id: Some("p1".into()) }, "p1").await;
    assert!(!offered(&seen), "the refused offer reached the blocker: {seen:?}");
    // The blocker cannot offer either.
    let m = answer(&mut south_ws, &rematch("s1", RematchAction::Offer)).await;
    assert_eq!(refused(&m), Some(ErrorCode::Blocked), "{m:?}");
    let ServerMsg::Rejected { reason, .. } = &m else { unreachable!() };
    assert!(reason.contains("you block baraka"), "{reason}");
    let seen = until_answer(&mut north_ws, &ClientMsg::Ping { id: Some("p2".into()) }, "p2").await;
    assert!(!offered(&seen), "the blocker's refused offer reached the blocked: {seen:?}");

    // Unblocked (through node a), the offer goes through: the block was the reason.
    let r = a.http.delete(a.url("/api/blocks/baraka")).bearer_auth(&amina).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 204);
    let seen = until_answer(&mut north_ws, &rematch("n2", RematchAction::Offer), "n2").await;
    assert!(!seen.iter().any(|m| refused(m).is_some()), "{seen:?}");
    south_ws.recv_until(|m| matches!(m, ServerMsg::RematchOffer { by: Some(_) }).then_some(())).await;
    drop(procs);
    common::drop_db(&base, &url).await;
}

fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64
}

/// The pairs of the first round (or wave) of tournament `id`, once it is paired (at most a minute).
async fn first_round(s: &TestServer, id: &str) -> BTreeSet<(String, String)> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (status, view) = s.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, 200, "{view}");
        let games: Vec<&Value> = view["games"].as_array().unwrap().iter().filter(|g| g["round"] == 1).collect();
        if games.len() == 2 {
            return games
                .iter()
                .map(|g| {
                    let mut pair =
                        [g["south"].as_str().unwrap().to_lowercase(), g["north"].as_str().unwrap().to_lowercase()];
                    pair.sort();
                    (pair[0].clone(), pair[1].clone())
                })
                .collect();
        }
        assert!(tokio::time::Instant::now() < deadline, "no first round within a minute: {view}");
        crate::common::poll::tick().await;
    }
}

#[tokio::test]
async fn swiss_and_arena_pair_a_blocked_pair_apart_when_another_pairing_exists() {
    let Some((procs, [a, b], base, url)) = two_nodes("blocks_tournaments").await else { return };
    let host = account(&a, "host").await;
    let mut tokens = Vec::new();
    for name in ["amina", "baraka", "chidi", "dalila"] {
        tokens.push(account(&a, name).await);
    }
    // Token accounts (a tournament with `bots` takes them), equal ratings: ranked by name. The Swiss's first round would be amina-chidi and baraka-dalila; the
    // arena's first wave amina-baraka and chidi-dalila. Chidi is blocked by amina and by dalila (through
    // node b): the one pairing without a blocked pair is amina-dalila and baraka-chidi.
    for blocker in [0, 3] {
        let (status, body) =
            call(&b, Some(&tokens[blocker]), "POST", "/api/blocks", Some(json!({ "player": "chidi" }))).await;
        assert_eq!(status, 201, "{body}");
    }
    let starts_at = now_ms() + 3_000;
    let clock = json!({ "base_secs": 300, "increment_secs": 0 });
    let swiss = json!({ "name": "Blocks Swiss", "kind": "swiss", "variants": ["njombwa"], "clock": clock,
        "rounds": 3, "bots": true, "starts_at": starts_at });
    let arena = json!({ "name": "Blocks arena", "kind": "arena", "variants": ["njombwa"], "clock": clock,
        "minutes": 5, "bots": true, "starts_at": starts_at });
    let mut ids = Vec::new();
    for body in [swiss, arena] {
        let (status, made) = call(&a, Some(&host), "POST", "/api/tournaments", Some(body)).await;
        assert_eq!(status, 201, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        for (i, token) in tokens.iter().enumerate() {
            let node = [&a, &b][i % 2];
            let (status, joined) = call(node, Some(token), "POST", &format!("/api/tournaments/{id}/join"), None).await;
            assert_eq!(status, 200, "{joined}");
        }
        ids.push(id);
    }
    assert!(now_ms() < starts_at, "the joins took longer than the time before the start");
    let apart: BTreeSet<(String, String)> =
        [("amina", "dalila"), ("baraka", "chidi")].iter().map(|(x, y)| (x.to_string(), y.to_string())).collect();
    for (id, kind) in ids.iter().zip(["swiss", "arena"]) {
        assert_eq!(first_round(&b, id).await, apart, "the {kind}'s first round");
    }
    drop(procs);
    common::drop_db(&base, &url).await;
}
