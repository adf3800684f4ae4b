//! Takebacks over two real sockets and a spectator's, on SQLite and PostgreSQL: a proposal reaches
//! everyone, is declined, lapses with a decision, and once accepted every viewer gets one `takeback` event
//! with the board of the position it returns to; the record read back over HTTP is the line played after
//! it, with the takebacks listed; a client behind the takeback gets a snapshot; the game goes on across a
//! restart with its versions still counting up. Refused in a rated game, in Ikibuguzo's secret choice, to a
//! spectator, and past the limit; against a server bot the bot accepts at once.

use crate::common;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, Ws, account, answer, drop_db, fresh_db, post_as, refused};
use mancala_engine::Side;
use mancala_protocol::{BoardView, ClientMsg, ErrorCode, GameEvent, ServerMsg, TakebackAction};
use mancala_server::config::Config;
use serde_json::{Value, json};

fn takeback(id: &str, action: TakebackAction) -> ClientMsg {
    ClientMsg::Takeback { id: Some(id.to_string()), action }
}

/// The next `takeback_offer` message on `ws`: who proposes now.
async fn offer_seen(ws: &mut Ws) -> Option<Side> {
    ws.recv_until(|m| match m {
        ServerMsg::TakebackOffer { by } => Some(by),
        _ => None,
    })
    .await
}

/// Sends `action` for `seat` and waits until every viewer has the `takeback` event: its version, who asked,
/// the ply it returned to, and the board each viewer was given with it.
async fn agree(t: &mut Table, seat: Seat, action: TakebackAction) -> (u64, Side, u32) {
    t.ws(seat).say(&takeback("agree", action)).await;
    let mut seen = None;
    for viewer in Seat::ALL {
        let before = t.versions[viewer];
        let msgs = t.catch_up(viewer, before + 1).await;
        let event = msgs.iter().find_map(|m| match m {
            ServerMsg::Event { v, event: GameEvent::Takeback { by, ply }, view: Some(_), .. } => Some((*v, *by, *ply)),
            _ => None,
        });
        let event = event.unwrap_or_else(|| panic!("{viewer:?}: no takeback event with a board in {msgs:?}"));
        assert!(seen.is_none_or(|s| s == event), "{viewer:?} saw {event:?}, another {seen:?}");
        seen = Some(event);
    }
    let answer = t
        .ws(seat)
        .recv_until(|m| matches!(m, ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }).then_some(m))
        .await;
    assert!(accepted(&answer), "{answer:?}");
    seen.expect("three viewers")
}

async fn board_at(server: &TestServer, id: &str, ply: u32) -> BoardView {
    let (status, body) = server.get(&format!("/api/games/{id}/position?ply={ply}")).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_value(body["view"].clone()).expect("a board")
}

fn decisions(detail: &Value) -> Vec<String> {
    detail["record"].as_array().unwrap().iter().map(|e| e["decision"].as_str().unwrap().to_string()).collect()
}

/// A casual game from its first proposal to a restart; returns nothing, asserts everything.
async fn casual_game(server: TestServer, restart: impl AsyncFnOnce(TestServer) -> TestServer) {
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;

    // Nothing to take back yet; a spectator has no seat to propose from.
    let nothing = answer(&mut t.south, &takeback("s0", TakebackAction::Propose)).await;
    assert_eq!(refused(&nothing), Some(ErrorCode::WrongPhase), "{nothing:?}");
    let watcher = answer(&mut t.spectator, &takeback("w0", TakebackAction::Propose)).await;
    assert_eq!(refused(&watcher), Some(ErrorCode::NotSeated));

    // Plies 1 to 3; South proposes taking its third back, everyone sees it; North declines.
    let mut played = Vec::new();
    for seat in [Seat::South, Seat::North, Seat::South] {
        let d = t.views[seat].legal[0].clone();
        assert!(accepted(&t.decide(seat, &d).await));
        played.push(d);
    }
    let after_two = board_at(&server, &id, 2).await;
    assert!(accepted(&answer(&mut t.south, &takeback("s1", TakebackAction::Propose)).await));
    for seat in Seat::ALL {
        assert_eq!(offer_seen(t.ws(seat)).await, Some(Side::South), "{seat:?}");
    }
    let again = answer(&mut t.south, &takeback("s2", TakebackAction::Propose)).await;
    assert_eq!(refused(&again), Some(ErrorCode::WrongPhase), "{again:?}");
    assert!(accepted(&answer(&mut t.north, &takeback("n1", TakebackAction::Decline)).await));
    for seat in Seat::ALL {
        assert_eq!(offer_seen(t.ws(seat)).await, None, "{seat:?}");
    }

    // South proposes again and North accepts: one event, the position after ply 2, South to decide.
    let before = t.versions.south;
    assert!(accepted(&answer(&mut t.south, &takeback("s3", TakebackAction::Propose)).await));
    assert_eq!(offer_seen(&mut t.north).await, Some(Side::South));
    let (v, by, ply) = agree(&mut t, Seat::North, TakebackAction::Accept).await;
    assert_eq!((v, by, ply), (before + 1, Side::South, 2), "versions count up across a takeback");
    assert_eq!(t.views.spectator.holes, after_two.holes, "the board is the position after ply 2");
    assert_eq!(t.views.spectator.to_move, after_two.to_move);
    assert!(!t.views.south.legal.is_empty() && t.views.north.legal.is_empty(), "South decides again");
    let rewound_at = v;

    // South plays another decision than the one taken back; North replies; North proposes, and South's
    // decision makes the proposal lapse.
    let other = t.views.south.legal.iter().find(|d| **d != played[2]).expect("another decision").clone();
    assert!(accepted(&t.decide(Seat::South, &other).await));
    let reply = t.views.north.legal[0].clone();
    assert!(accepted(&t.decide(Seat::North, &reply).await));
    assert!(accepted(&answer(&mut t.north, &takeback("n2", TakebackAction::Propose)).await));
    assert_eq!(offer_seen(&mut t.south).await, Some(Side::North));
    let fifth = t.views.south.legal[0].clone();
    assert!(accepted(&t.decide(Seat::South, &fifth).await));
    assert_eq!(offer_seen(&mut t.south).await, None, "a decision ends the proposal");

    // North proposes and South accepts by proposing too: North's ply 4 and South's ply 5 are taken back.
    assert!(accepted(&answer(&mut t.north, &takeback("n3", TakebackAction::Propose)).await));
    assert_eq!(offer_seen(&mut t.south).await, Some(Side::North));
    let (v2, by, ply) = agree(&mut t, Seat::South, TakebackAction::Propose).await;
    assert_eq!((by, ply), (Side::North, 3));
    assert!(t.views.south.legal.is_empty() && !t.views.north.legal.is_empty(), "North decides again");

    // The record is the line played, the takebacks are listed with what they undid.
    let (status, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{detail}");
    assert_eq!(decisions(&detail), [played[0].clone(), played[1].clone(), other.clone()]);
    assert_eq!(detail["game"]["plies"], 3);
    assert_eq!(
        detail["takebacks"],
        json!([
            { "by": "south", "ply": 2, "undone": [played[2]], "at": detail["takebacks"][0]["at"] },
            { "by": "north", "ply": 3, "undone": [reply, fifth], "at": detail["takebacks"][1]["at"] },
        ])
    );
    assert_eq!(board_at(&server, &id, 3).await.holes, t.views.spectator.holes);

    // A client holding a version before the last takeback gets a snapshot; one holding it, the events.
    let mut behind = server.ws(&id, None, Some(rewound_at)).await;
    let first =
        behind.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. } | ServerMsg::Event { .. }).then_some(m)).await;
    assert!(matches!(first, ServerMsg::Snapshot { v, .. } if v == v2), "{first:?}");
    let mut level = server.ws(&id, None, Some(v2)).await;
    let north_move = t.views.north.legal[0].clone();
    assert!(accepted(&t.decide(Seat::North, &north_move).await));
    let next =
        level.recv_until(|m| matches!(m, ServerMsg::Snapshot { .. } | ServerMsg::Event { .. }).then_some(m)).await;
    assert!(matches!(next, ServerMsg::Event { v, event: GameEvent::Move { .. }, .. } if v == v2 + 1), "{next:?}");
    drop((behind, level, t));

    // After a restart the game is the same, and its versions go on from where they were.
    let server = restart(server).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    // Decision ids are a client's own: new ones, as a client that keeps its count would send.
    t.next_id = 100;
    assert_eq!(t.versions.south, v2 + 1);
    let (_, again) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(again["takebacks"], detail["takebacks"]);
    assert_eq!(decisions(&again).len(), 4);
    let d = t.views.south.legal[0].clone();
    let answer = t.decide(Seat::South, &d).await;
    assert!(matches!(answer, ServerMsg::Accepted { v, .. } if v == v2 + 2), "{answer:?}");
    let _ = server.stop().await;
}

#[tokio::test]
async fn a_casual_game_takes_back_by_agreement_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("takeback.db").display());
    let server = TestServer::start_with(Config::with_database(&url)).await;
    casual_game(server, async |s: TestServer| {
        let (url, _) = s.stop().await;
        TestServer::start_with(Config::with_database(&url)).await
    })
    .await;
}

#[tokio::test]
async fn a_casual_game_takes_back_by_agreement_on_postgres() {
    let Some((base, url)) = fresh_db("takeback").await else { return };
    let server = TestServer::start_with(Config::with_database(&url)).await;
    casual_game(server, async |s: TestServer| {
        let (url, _) = s.stop().await;
        TestServer::start_with(Config::with_database(&url)).await
    })
    .await;
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn no_takeback_in_a_rated_game_nor_in_the_secret_choice_nor_past_the_limit() {
    let server = TestServer::start().await;
    let (amina, kwame) = (account(&server, "amina").await, account(&server, "kwame").await);
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    let created = post_as(&server, &amina, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = post_as(&server, &kwame, &format!("/api/games/{id}/join"), json!({})).await;
    let mut t = Table::open(&server, &id, created["token"].as_str().unwrap(), joined["token"].as_str().unwrap()).await;
    let d = t.views.south.legal[0].clone();
    assert!(accepted(&t.decide(Seat::South, &d).await));
    let rated = answer(&mut t.south, &takeback("s1", TakebackAction::Propose)).await;
    assert_eq!(refused(&rated), Some(ErrorCode::WrongPhase), "{rated:?}");
    assert!(matches!(&rated, ServerMsg::Rejected { reason, .. } if reason.contains("rated")), "{rated:?}");

    // Ikibuguzo's secret choice: nothing to take back while it is made, nor once made.
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let choice = t.views.south.legal.iter().find(|d| d.starts_with("opening")).expect("a choice").clone();
    assert!(accepted(&t.decide(Seat::South, &choice).await));
    let secret = answer(&mut t.south, &takeback("s1", TakebackAction::Propose)).await;
    assert!(
        matches!(&secret, ServerMsg::Rejected { code: ErrorCode::WrongPhase, reason, .. } if reason.contains("secret")),
        "{secret:?}"
    );
    let choice = t.views.north.legal.iter().find(|d| d.starts_with("opening")).expect("a choice").clone();
    assert!(accepted(&t.decide(Seat::North, &choice).await));
    let mover = t.mover().expect("someone sows first");
    let proposer = if mover == Seat::South { Seat::North } else { Seat::South };
    let revealed = answer(t.ws(proposer), &takeback("p1", TakebackAction::Propose)).await;
    assert!(matches!(&revealed, ServerMsg::Rejected { code: ErrorCode::WrongPhase, .. }), "{revealed:?}");

    // Five proposals a player, then `rate_limited`.
    let (id, south, north) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    let d = t.views.south.legal[0].clone();
    assert!(accepted(&t.decide(Seat::South, &d).await));
    for n in 0..5 {
        assert!(accepted(&answer(&mut t.south, &takeback(&format!("p{n}"), TakebackAction::Propose)).await));
        assert!(accepted(&answer(&mut t.north, &takeback(&format!("d{n}"), TakebackAction::Decline)).await));
    }
    let sixth = answer(&mut t.south, &takeback("p5", TakebackAction::Propose)).await;
    assert_eq!(refused(&sixth), Some(ErrorCode::RateLimited), "{sixth:?}");
}

#[tokio::test]
async fn the_computer_accepts_a_takeback_at_once() {
    let server = TestServer::start().await;
    let (status, created) =
        server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:easy" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let mut ws = server.ws(&id, created["token"].as_str(), None).await;
    let legal = |m: &ServerMsg| match m {
        ServerMsg::Snapshot { view, .. } | ServerMsg::Event { view: Some(view), .. } if !view.legal.is_empty() => {
            Some(view.legal.clone())
        }
        _ => None,
    };
    let first = ws.recv_until(|m| legal(&m)).await;
    ws.say(&ClientMsg::Decide { id: "1".into(), decision: first[0].clone(), game: None, seat: None }).await;
    // The bot replies; then South may decide again.
    ws.recv_until(|m| legal(&m)).await;
    let (_, before) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(before["game"]["plies"], 2, "{before}");
    ws.say(&takeback("t1", TakebackAction::Propose)).await;
    let (by, ply) = ws
        .recv_until(|m| match m {
            ServerMsg::Event { event: GameEvent::Takeback { by, ply }, .. } => Some((by, ply)),
            _ => None,
        })
        .await;
    assert_eq!((by, ply), (Side::South, 0));
    let (_, after) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["game"]["plies"], 0, "{after}");
    assert_eq!(after["takebacks"][0]["undone"].as_array().map(Vec::len), Some(2));
}
