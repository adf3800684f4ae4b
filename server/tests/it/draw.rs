//! A draw by agreement over two real sockets and a spectator's: an offer reaches everyone, a decline
//! and the opponent's decision end it, an accepted offer ends the game drawn (reason `agreement`) and a
//! rated game is rated like any draw; a spectator cannot offer, and a player makes at most 3 offers in a
//! game. A reconnecting player finds the pending offer in its snapshot.

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, Ws, account, answer, post_as, refused};
use mancala_engine::Side;
use mancala_protocol::{ClientMsg, DrawAction, ErrorCode, GameEvent, OutcomeInfo, ServerMsg};
use serde_json::json;

fn draw(id: &str, action: DrawAction) -> ClientMsg {
    ClientMsg::Draw { id: Some(id.to_string()), action }
}

/// The next `draw_offer` message on `ws`: who offers now.
async fn offer_seen(ws: &mut Ws) -> Option<Side> {
    ws.recv_until(|m| match m {
        ServerMsg::DrawOffer { by } => Some(by),
        _ => None,
    })
    .await
}

/// The `end` event's outcome on `ws`.
async fn end_seen(ws: &mut Ws) -> OutcomeInfo {
    ws.recv_until(|m| match m {
        ServerMsg::Event { event: GameEvent::End { outcome }, .. } => Some(outcome),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn an_offer_is_seen_by_all_declined_lapses_with_a_decision_and_accepted_ends_the_game_drawn() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;

    // A spectator has no seat to offer from; an answer with nothing offered is refused.
    assert_eq!(refused(&answer(&mut t.spectator, &draw("x", DrawAction::Offer)).await), Some(ErrorCode::NotSeated));
    let nothing = answer(&mut t.north, &draw("n0", DrawAction::Accept)).await;
    assert_eq!(refused(&nothing), Some(ErrorCode::WrongPhase), "{nothing:?}");

    // South offers: all three see it; a second offer while it is pending is refused; North declines.
    assert!(accepted(&answer(&mut t.south, &draw("s1", DrawAction::Offer)).await));
    for seat in Seat::ALL {
        assert_eq!(offer_seen(t.ws(seat)).await, Some(Side::South), "{seat:?}");
    }
    assert_eq!(refused(&answer(&mut t.south, &draw("s2", DrawAction::Offer)).await), Some(ErrorCode::WrongPhase));
    assert!(accepted(&answer(&mut t.north, &draw("n1", DrawAction::Decline)).await));
    for seat in Seat::ALL {
        assert_eq!(offer_seen(t.ws(seat)).await, None, "{seat:?}");
    }

    // South moves and offers again; North answers with a decision instead: the offer lapses.
    let first = t.views.south.legal[0].clone();
    assert!(accepted(&t.decide(Seat::South, &first).await));
    assert!(accepted(&answer(&mut t.south, &draw("s3", DrawAction::Offer)).await));
    assert_eq!(offer_seen(&mut t.north).await, Some(Side::South));
    // A player who connects now finds the offer in its snapshot.
    let mut late = server.ws(&id, None, None).await;
    let pending = late
        .recv_until(|m| match m {
            ServerMsg::Snapshot { draw_offer, .. } => Some(draw_offer),
            _ => None,
        })
        .await;
    assert_eq!(pending, Some(Side::South));
    let reply = t.views.north.legal[0].clone();
    assert!(accepted(&t.decide(Seat::North, &reply).await));
    assert_eq!(offer_seen(&mut t.south).await, None, "North's decision ends South's offer");

    // The third offer is South's last; a fourth is refused. North offers and South accepts.
    assert!(accepted(&answer(&mut t.south, &draw("s4", DrawAction::Offer)).await));
    assert!(accepted(&answer(&mut t.north, &draw("n2", DrawAction::Decline)).await));
    let fourth = answer(&mut t.south, &draw("s5", DrawAction::Offer)).await;
    assert_eq!(refused(&fourth), Some(ErrorCode::RateLimited), "{fourth:?}");
    assert!(accepted(&answer(&mut t.north, &draw("n3", DrawAction::Offer)).await));
    // The end event comes before the answer.
    t.south.say(&draw("s6", DrawAction::Accept)).await;
    for seat in Seat::ALL {
        let end = end_seen(t.ws(seat)).await;
        assert_eq!((end.winner, end.reason.as_str()), (None, "agreement"), "{seat:?}");
    }
    assert!(accepted(
        &t.south
            .recv_until(|m| matches!(m, ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }).then_some(m))
            .await
    ));
    let (status, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(detail["game"]["status"], "finished");
    assert_eq!(detail["game"]["result"], json!({ "winner": null, "reason": "agreement" }));
    let after = answer(&mut t.north, &draw("n4", DrawAction::Offer)).await;
    assert_eq!(refused(&after), Some(ErrorCode::GameOver));
}

#[tokio::test]
async fn a_rated_draw_by_agreement_is_rated_once() {
    let server = TestServer::start().await;
    let (amina, kwame) = (account(&server, "amina").await, account(&server, "kwame").await);
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    let created = post_as(&server, &amina, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = post_as(&server, &kwame, &format!("/api/games/{id}/join"), json!({})).await;
    let mut t = Table::open(&server, &id, created["token"].as_str().unwrap(), joined["token"].as_str().unwrap()).await;
    let first = t.views.south.legal[0].clone();
    assert!(accepted(&t.decide(Seat::South, &first).await));
    assert!(accepted(&answer(&mut t.north, &draw("n1", DrawAction::Offer)).await));
    t.south.say(&draw("s1", DrawAction::Accept)).await;
    let end = end_seen(&mut t.south).await;
    assert_eq!((end.winner, end.reason.as_str()), (None, "agreement"));
    // Between two new players a draw keeps both at 1500 (their deviations shrink): the change is there.
    let changes = end.ratings.expect("a rated draw is rated");
    assert_eq!((changes.south.after, changes.north.after), (1500, 1500), "{changes:?}");
    for name in ["amina", "kwame"] {
        let (status, history) = server.get(&format!("/api/players/{name}/ratings/kubuguza")).await;
        assert_eq!(status, 200, "{history}");
        let points = history.as_array().expect("the rating after each rated game");
        assert_eq!(points.len(), 1, "{name}: one rated game, counted once: {history}");
    }
}
