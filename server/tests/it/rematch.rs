//! Rematches over real sockets (and the "your turn" list they feed): after the end a player offers, the opponent declines or accepts; on accept
//! both players get their seat in a new game with the same variant, options and clock and the sides
//! swapped (rated if the first was), the spectator the game to follow, and the new seats play. Offers are
//! refused before the end, from a spectator, after the rematch was made and beyond the limit; a server
//! bot accepts at once.

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, Ws, account, answer, post_as, refused};
use mancala_engine::Side;
use mancala_protocol::http::{GameStatus, SeatGranted};
use mancala_protocol::{ClientMsg, ErrorCode, GameEvent, NextGame, RematchAction, ServerMsg};
use serde_json::{Value, json};

fn rematch(id: &str, action: RematchAction) -> ClientMsg {
    ClientMsg::Rematch { id: Some(id.to_string()), action }
}

/// The next `rematch_offer` on `ws`: who offers now.
async fn offer_seen(ws: &mut Ws) -> Option<Side> {
    ws.recv_until(|m| match m {
        ServerMsg::RematchOffer { by } => Some(by),
        _ => None,
    })
    .await
}

/// The next `rematch` on `ws`.
async fn next_seen(ws: &mut Ws) -> NextGame {
    ws.recv_until(|m| match m {
        ServerMsg::Rematch { next } => Some(next),
        _ => None,
    })
    .await
}

async fn resign(t: &mut Table, seat: Seat) {
    assert!(accepted(&answer(t.ws(seat), &ClientMsg::Resign { id: Some("r".into()) }).await));
    // The resigner's `end` came before its answer; the others wait for theirs.
    for s in Seat::ALL.into_iter().filter(|&s| s != seat) {
        t.ws(s).recv_until(|m| matches!(m, ServerMsg::Event { event: GameEvent::End { .. }, .. }).then_some(())).await;
    }
}

/// The seat of a `rematch` message, which a player's must carry.
fn seat_of(next: &NextGame) -> SeatGranted {
    *next.seat.clone().expect("a player's rematch carries its seat")
}

#[tokio::test]
async fn a_rematch_is_offered_declined_then_accepted_with_sides_swapped_and_played() {
    let server = TestServer::start().await;
    let body = json!({ "variant": "njombwa", "seat": "south", "name": "amina", "clock": { "base_secs": 600, "increment_secs": 3 } });
    let (id, south, north) = server.new_game(body).await;
    let mut t = Table::open(&server, &id, &south, &north).await;

    // Before the end there is nothing to rematch.
    let early = answer(&mut t.south, &rematch("e", RematchAction::Offer)).await;
    assert_eq!(refused(&early), Some(ErrorCode::WrongPhase), "{early:?}");
    resign(&mut t, Seat::North).await;

    // A spectator cannot offer; nothing to accept or cancel yet.
    assert_eq!(
        refused(&answer(&mut t.spectator, &rematch("x", RematchAction::Offer)).await),
        Some(ErrorCode::NotSeated)
    );
    assert_eq!(
        refused(&answer(&mut t.north, &rematch("n0", RematchAction::Accept)).await),
        Some(ErrorCode::WrongPhase)
    );
    assert_eq!(
        refused(&answer(&mut t.south, &rematch("s0", RematchAction::Cancel)).await),
        Some(ErrorCode::WrongPhase)
    );

    // South offers: everyone sees it; North declines; South offers again and cancels.
    assert!(accepted(&answer(&mut t.south, &rematch("s1", RematchAction::Offer)).await));
    for seat in Seat::ALL {
        assert_eq!(offer_seen(t.ws(seat)).await, Some(Side::South), "{seat:?}");
    }
    assert_eq!(refused(&answer(&mut t.south, &rematch("s2", RematchAction::Offer)).await), Some(ErrorCode::WrongPhase));
    assert!(accepted(&answer(&mut t.north, &rematch("n1", RematchAction::Decline)).await));
    for seat in Seat::ALL {
        assert_eq!(offer_seen(t.ws(seat)).await, None, "{seat:?}");
    }
    assert!(accepted(&answer(&mut t.south, &rematch("s3", RematchAction::Offer)).await));
    assert_eq!(offer_seen(&mut t.north).await, Some(Side::South));
    // A connection that arrives now finds the offer in its snapshot.
    let mut late = server.ws(&id, None, None).await;
    let pending = late
        .recv_until(|m| match m {
            ServerMsg::Snapshot { rematch_offer, .. } => Some(rematch_offer),
            _ => None,
        })
        .await;
    assert_eq!(pending, Some(Side::South));
    assert!(accepted(&answer(&mut t.south, &rematch("s4", RematchAction::Cancel)).await));
    assert_eq!(offer_seen(&mut t.north).await, None);

    // North offers and South accepts: the rematch is made.
    assert!(accepted(&answer(&mut t.north, &rematch("n2", RematchAction::Offer)).await));
    assert!(accepted(&answer(&mut t.south, &rematch("s5", RematchAction::Accept)).await));
    let (was_south, was_north) = (seat_of(&next_seen(&mut t.south).await), seat_of(&next_seen(&mut t.north).await));
    let watched = next_seen(&mut t.spectator).await;
    assert_eq!(watched.seat, None, "a spectator gets no seat");
    let new_id = watched.game.clone();
    assert_ne!(new_id, id);
    assert_eq!((was_south.game.id.as_str(), was_north.game.id.as_str()), (new_id.as_str(), new_id.as_str()));
    assert_eq!((was_south.seat, was_north.seat), (Side::North, Side::South), "sides swapped");
    assert_ne!(was_south.token, was_north.token);
    let game = &was_north.game;
    assert_eq!(game.status, GameStatus::Ongoing);
    assert_eq!(game.variant, mancala_engine::Variant::Njombwa);
    assert_eq!(game.clock.map(|c| (c.base_secs, c.increment_secs)), Some((600, 3)));
    assert!(!game.rated);
    let players = &game.players;
    assert_eq!(players.north.as_ref().map(|p| p.name.as_str()), Some("amina"), "{players:?}");
    assert_eq!(players.south.as_ref().map(|p| p.name.as_str()), Some("baraka"), "{players:?}");

    // The rematch was made: no second one. A player who reconnects to the old game finds its seat.
    let again = answer(&mut t.north, &rematch("n3", RematchAction::Offer)).await;
    assert_eq!(refused(&again), Some(ErrorCode::WrongPhase), "{again:?}");
    let mut back = server.ws(&id, Some(&south), None).await;
    let found = back
        .recv_until(|m| match m {
            ServerMsg::Snapshot { rematch, .. } => Some(rematch),
            _ => None,
        })
        .await
        .expect("the snapshot names the rematch");
    assert_eq!(seat_of(&found).token, was_south.token, "the same seat, to this player only");

    // The new seats play: the one who was North (South now) moves first.
    let mut next = Table::open(&server, &new_id, &was_north.token, &was_south.token).await;
    let first = next.views.south.legal[0].clone();
    assert!(accepted(&next.decide(Seat::South, &first).await));
}

#[tokio::test]
async fn offers_are_limited_to_three() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    resign(&mut t, Seat::South).await;
    for n in 0..3 {
        assert!(accepted(&answer(&mut t.south, &rematch(&format!("o{n}"), RematchAction::Offer)).await));
        assert!(accepted(&answer(&mut t.north, &rematch(&format!("d{n}"), RematchAction::Decline)).await));
    }
    let fourth = answer(&mut t.south, &rematch("o4", RematchAction::Offer)).await;
    assert_eq!(refused(&fourth), Some(ErrorCode::RateLimited), "{fourth:?}");
    // North's own offers are counted apart, and South may still accept one.
    assert!(accepted(&answer(&mut t.north, &rematch("n1", RematchAction::Offer)).await));
    assert!(accepted(&answer(&mut t.south, &rematch("a", RematchAction::Accept)).await));
    assert!(next_seen(&mut t.north).await.seat.is_some());
}

#[tokio::test]
async fn the_rematch_of_a_rated_game_is_rated_and_a_bot_accepts_at_once() {
    let server = TestServer::start().await;
    let (amina, kwame) = (account(&server, "amina").await, account(&server, "kwame").await);
    let created =
        post_as(&server, &amina, "/api/games", json!({ "variant": "kubuguza", "seat": "south", "rated": true })).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = post_as(&server, &kwame, &format!("/api/games/{id}/join"), json!({})).await;
    let mut t = Table::open(&server, &id, created["token"].as_str().unwrap(), joined["token"].as_str().unwrap()).await;
    resign(&mut t, Seat::South).await;
    assert!(accepted(&answer(&mut t.south, &rematch("s", RematchAction::Offer)).await));
    assert!(accepted(&answer(&mut t.north, &rematch("n", RematchAction::Offer)).await), "offering accepts");
    let next = seat_of(&next_seen(&mut t.north).await);
    assert!(next.game.rated, "the rematch of a rated game is rated");
    assert_eq!(next.game.players.south.as_ref().map(|p| (p.name.as_str(), p.registered)), Some(("kwame", true)));

    // Against the computer: the bot takes the other side of the new game at once.
    let (status, vs_bot) =
        server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:easy" })).await;
    assert_eq!(status, 201, "{vs_bot}");
    let bot_game = vs_bot["game"]["id"].as_str().unwrap().to_string();
    let mut me = server.ws(&bot_game, vs_bot["token"].as_str(), None).await;
    assert!(accepted(&answer(&mut me, &ClientMsg::Resign { id: Some("r".into()) }).await));
    assert!(accepted(&answer(&mut me, &rematch("b", RematchAction::Offer)).await));
    let next = seat_of(&next_seen(&mut me).await);
    assert_eq!(next.seat, Side::North);
    assert_eq!(next.game.status, GameStatus::Ongoing, "the bot sat down");
    assert!(next.game.players.south.as_ref().is_some_and(|p| p.name.starts_with("bot-")), "{:?}", next.game.players);
}

async fn get_as(s: &TestServer, token: Option<&str>, path: &str) -> (u16, Value) {
    let mut r = s.http.get(s.url(path));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.expect("request");
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// `GET /api/account/playing`: the account's games not over, those waiting for its decision first.
#[tokio::test]
async fn the_your_turn_list_follows_the_moves() {
    let server = TestServer::start().await;
    let (amina, kwame) = (account(&server, "amina").await, account(&server, "kwame").await);
    assert_eq!(get_as(&server, None, "/api/account/playing").await.0, 401);
    let body = json!({ "variant": "kubuguza", "seat": "south", "clock": { "days": 2 } });
    let created = post_as(&server, &amina, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = post_as(&server, &kwame, &format!("/api/games/{id}/join"), json!({})).await;
    // A second game of amina's where the opponent is to move: she plays North.
    let other = post_as(&server, &kwame, "/api/games", json!({ "variant": "njombwa", "seat": "south" })).await;
    let other_id = other["game"]["id"].as_str().unwrap().to_string();
    post_as(&server, &amina, &format!("/api/games/{other_id}/join"), json!({})).await;

    let turns = |list: &Value| -> Vec<(String, bool)> {
        list["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["game"]["id"].as_str().unwrap().to_string(), g["my_turn"].as_bool().unwrap()))
            .collect()
    };
    let (status, list) = get_as(&server, Some(&amina), "/api/account/playing").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(turns(&list), vec![(id.clone(), true), (other_id.clone(), false)], "{list}");
    assert_eq!(list["my_turn"], 1);
    assert_eq!(list["games"][0]["seat"], "south");
    let (_, theirs) = get_as(&server, Some(&kwame), "/api/account/playing").await;
    assert_eq!(turns(&theirs), vec![(other_id.clone(), true), (id.clone(), false)], "{theirs}");

    // Amina moves: the game is kwame's turn now.
    let mut t = Table::open(&server, &id, created["token"].as_str().unwrap(), joined["token"].as_str().unwrap()).await;
    let first = t.views.south.legal[0].clone();
    assert!(accepted(&t.decide(Seat::South, &first).await));
    let (_, list) = get_as(&server, Some(&amina), "/api/account/playing").await;
    assert_eq!(list["my_turn"], 0, "{list}");
    let (_, theirs) = get_as(&server, Some(&kwame), "/api/account/playing").await;
    assert_eq!(theirs["my_turn"], 2, "{theirs}");
    assert!(theirs["games"][0].get("time_left_ms").is_none(), "no clock runs before both have moved: {theirs}");

    // Kwame replies: amina's two days per move run, and the list says how long she has.
    while t.mover() == Some(Seat::North) {
        let reply = t.views.north.legal[0].clone();
        assert!(accepted(&t.decide(Seat::North, &reply).await));
    }
    let (_, list) = get_as(&server, Some(&amina), "/api/account/playing").await;
    let left = list["games"][0]["time_left_ms"].as_u64().unwrap_or_else(|| panic!("{list}"));
    assert!((2 * 86_400_000 - 60_000..=2 * 86_400_000).contains(&left), "{left} ms left: {list}");
}
