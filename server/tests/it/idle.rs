//! Games nobody plays end, and rooms nobody uses are unloaded: a game whose first decisions are not made in
//! time is aborted (with nobody connected too, and at once after a restart when its deadline passed while
//! the server was down); a game waiting for an opponent is aborted once its creator has been gone too
//! long; an idle room is unloaded and loaded again, clocks right, when someone opens it; a room whose
//! clock runs is not unloaded, and its flag still falls.

use crate::common;

use common::driver::accepted;
use common::{TestServer, Ws};
use mancala_engine::Side;
use mancala_protocol::{BoardView, ClientMsg, GameEvent, MoveEvent, OutcomeInfo, ServerMsg};
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::Duration;

/// A server on a fresh SQLite file with the timers of the tests (seconds).
async fn server(first_move: u64, waiting: u64, idle: u64) -> TestServer {
    let dir = tempfile::tempdir().unwrap();
    let config = config(&dir, first_move, waiting, idle);
    TestServer::start_in(config, dir).await
}

fn config(dir: &tempfile::TempDir, first_move: u64, waiting: u64, idle: u64) -> Config {
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("idle.db").display()));
    config.first_move_secs = first_move;
    config.waiting_secs = waiting;
    config.idle_room_secs = idle;
    config
}

/// The game's summary as the history shows it.
async fn game(server: &TestServer, id: &str) -> Value {
    let (status, body) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{body}");
    body["game"].clone()
}

/// Waits (at most `within`) until the game is finished; returns it.
async fn finished(server: &TestServer, id: &str, within: Duration) -> Value {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let g = game(server, id).await;
        if g["status"] == "finished" {
            return g;
        }
        assert!(tokio::time::Instant::now() < deadline, "not finished in {within:?}: {g}");
        crate::common::poll::tick().await;
    }
}

/// How many rooms the server holds.
async fn rooms(server: &TestServer) -> u64 {
    let (status, body) = server.get("/healthz").await;
    assert_eq!(status, 200, "{body}");
    body["live_games"].as_u64().unwrap()
}

/// Waits (at most `within`) until the server holds `n` rooms.
async fn rooms_become(server: &TestServer, n: u64, within: Duration) {
    let deadline = tokio::time::Instant::now() + within;
    while rooms(server).await != n {
        assert!(tokio::time::Instant::now() < deadline, "{} rooms, not {n}, after {within:?}", rooms(server).await);
        crate::common::poll::tick().await;
    }
}

/// Makes the first legal decision of the player on `ws`; returns its answer.
async fn decide(ws: &mut Ws, id: &str) -> ServerMsg {
    let decision = ws
        .recv_until(|m| match m {
            ServerMsg::Snapshot { view, .. } | ServerMsg::Event { view: Some(view), .. } => view.legal.first().cloned(),
            _ => None,
        })
        .await;
    ws.say(&ClientMsg::Decide { id: id.to_string(), decision, game: None, seat: None }).await;
    ws.recv_until(|m| match &m {
        ServerMsg::Accepted { id: Some(i), .. } | ServerMsg::Rejected { id: Some(i), .. } if i == id => Some(m),
        _ => None,
    })
    .await
}

/// The snapshot `ws` gets on connect: its version and board.
async fn snapshot(ws: &mut Ws) -> (u64, BoardView) {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { v, view, .. } => Some((v, view)),
        _ => None,
    })
    .await
}

/// The next event `ws` gets: its version.
async fn next_event(ws: &mut Ws) -> u64 {
    ws.recv_until(|m| match m {
        ServerMsg::Event { v, .. } => Some(v),
        _ => None,
    })
    .await
}

/// Reads `ws` until a move of `side`.
async fn move_of(ws: &mut Ws, side: Side) -> MoveEvent {
    ws.recv_until(|m| match m {
        ServerMsg::Event { event: GameEvent::Move { mv }, .. } if mv.side == side => Some(mv),
        _ => None,
    })
    .await
}

/// A game made with `body`, joined, and both players' first decisions made; its id, the seat tokens and
/// the players' sockets.
async fn both_decided(server: &TestServer, body: Value) -> (String, [String; 2], Ws, Ws) {
    let (id, south, north) = server.new_game(body).await;
    let mut s = server.ws(&id, Some(&south), None).await;
    let mut n = server.ws(&id, Some(&north), None).await;
    assert!(accepted(&decide(&mut s, "s1").await));
    assert!(accepted(&decide(&mut n, "n1").await));
    (id, [south, north], s, n)
}

#[tokio::test]
async fn a_game_whose_first_decisions_are_not_made_in_time_is_aborted() {
    let server = server(2, 0, 0).await;
    // Nobody connected at all: the room's timer ends it all the same.
    let (alone, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    // South moves at once; North never does: North's time counts from South's decision.
    let (id, south, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut watcher = server.ws(&id, None, None).await;
    snapshot(&mut watcher).await;
    let mut s = server.ws(&id, Some(&south), None).await;
    assert!(accepted(&decide(&mut s, "s1").await));
    let end: OutcomeInfo = watcher
        .recv_until(|m| match m {
            ServerMsg::Event { event: GameEvent::End { outcome }, .. } => Some(outcome),
            _ => None,
        })
        .await;
    assert_eq!(end.reason, "aborted", "{end:?}");
    assert_eq!(end.winner, None, "{end:?}");
    assert_eq!(end.late, Some(Side::North), "the page says why: North did not make a first move in time");
    let g = finished(&server, &alone, Duration::from_secs(10)).await;
    assert_eq!(g["result"]["reason"], "aborted", "{g}");
    assert!(g["result"]["winner"].is_null(), "{g}");
    assert_eq!(game(&server, &id).await["result"]["reason"], "aborted");
    // Counted against the player who was to decide and did not, nobody else: North's `no_start` (the
    // penalties for leaving games read it; docs/moderation.md); the anonymous South of `alone` is not
    // counted.
    assert_eq!(aborted_by(&server, &id).await.as_deref(), Some("north"));
    assert_eq!(aborted_by(&server, &alone).await.as_deref(), Some("south"), "South was to move first");
    assert_eq!(outcomes(&server, &id).await, [("baraka".to_string(), "no_start".to_string())]);
    assert_eq!(outcomes(&server, &alone).await, []);
}

/// The stored outcomes of game `id`: (player, outcome).
async fn outcomes(server: &TestServer, id: &str) -> Vec<(String, String)> {
    use sqlx::{Connection, Row};
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server.database_url).await.expect("connect to the database");
    let rows = sqlx::query("SELECT player_key, outcome FROM playban_outcomes WHERE game_id = $1 ORDER BY player_key")
        .bind(id)
        .fetch_all(&mut conn)
        .await
        .expect("the outcomes");
    rows.iter().map(|r| (r.get(0), r.get(1))).collect()
}

/// Moves the stored last change of game `id` `ms` into the past, as if the server had been down that long
/// since.
async fn backdate(database_url: &str, id: &str, ms: i64) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(database_url).await.expect("connect to the database");
    let done = sqlx::query("UPDATE games SET updated_at = updated_at - $1 WHERE id = $2")
        .bind(ms)
        .bind(id)
        .execute(&mut conn)
        .await
        .expect("the game");
    assert_eq!(done.rows_affected(), 1);
}

/// The stored `games.aborted_by` of game `id`.
async fn aborted_by(server: &TestServer, id: &str) -> Option<String> {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&server.database_url).await.expect("connect to the database");
    sqlx::query_scalar("SELECT aborted_by FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&mut conn)
        .await
        .expect("the game")
}

/// The presence `ws` is told on connect.
async fn presence(ws: &mut Ws) -> mancala_protocol::Presence {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { presence, .. } | ServerMsg::Presence { presence } => Some(presence),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn a_game_against_the_computer_is_never_aborted_for_want_of_a_first_decision() {
    let server = server(1, 0, 0).await;
    let (status, created) =
        server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:easy" })).await;
    assert_eq!(status, 201, "{created}");
    let bot_game = created["game"]["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut s = server.ws(&bot_game, Some(&token), None).await;
    assert_eq!(presence(&mut s).await.abort_at, None, "no countdown against the computer");
    drop(s);
    // A game between people made after it, with the same first move's time: once it is aborted, the bot
    // game's deadline (had it one) has passed too.
    let (people, south, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let mut p = server.ws(&people, Some(&south), None).await;
    let abort_at = presence(&mut p).await.abort_at.expect("people see the first move's countdown");
    let g = finished(&server, &people, Duration::from_secs(10)).await;
    assert_eq!(g["result"]["reason"], "aborted", "{g}");
    let now_ms = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as u64;
    assert!(now_ms >= abort_at, "aborted at its deadline, not before");
    assert_eq!(game(&server, &bot_game).await["status"], "ongoing", "the game against the computer waits");
    let mut s = server.ws(&bot_game, Some(&token), None).await;
    assert!(accepted(&decide(&mut s, "s1").await), "and its player may still move");
}

#[tokio::test]
async fn a_game_whose_first_decisions_are_made_goes_on() {
    let server = server(2, 0, 0).await;
    let (id, _, mut s, _n) = both_decided(&server, json!({ "variant": "kubuguza", "seat": "south" })).await;
    // A game made after it, in which nobody decides: once it is aborted, the first game's first-move time
    // is past too, and both have decided there, so nothing ended it.
    let (control, _, _) = server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    let g = finished(&server, &control, Duration::from_secs(10)).await;
    assert_eq!(g["result"]["reason"], "aborted", "{g}");
    assert_eq!(game(&server, &id).await["status"], "ongoing");
    assert!(accepted(&decide(&mut s, "s2").await));
}

#[tokio::test]
async fn after_a_restart_a_game_past_its_first_move_deadline_is_aborted_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, 3600, 0, 0)).await;
    let (late, _, _) = server.new_game(json!({ "variant": "azigo", "seat": "south" })).await;
    server.stop().await;
    // The server was down for 10 s: the game's last change is that much older. The deadline (2 s after
    // the start) passed meanwhile.
    backdate(&format!("sqlite://{}", dir.path().join("idle.db").display()), &late, 10_000).await;
    let server = TestServer::start_with(config(&dir, 2, 0, 0)).await;
    let g = finished(&server, &late, Duration::from_secs(2)).await;
    assert_eq!(g["result"]["reason"], "aborted", "{g}");
}

#[tokio::test]
async fn a_game_waiting_for_an_opponent_is_aborted_once_its_creator_has_been_gone_too_long() {
    let server = server(0, 2, 0).await;
    let (status, created) = server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    // While its creator is connected it waits.
    let mut creator = server.ws(&id, Some(&token), None).await;
    snapshot(&mut creator).await;
    // A game made after it, whose creator never connects: once it is aborted, the first game would have
    // been too, had its connected creator not kept it.
    let (status, control) = server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201, "{control}");
    let g = finished(&server, control["game"]["id"].as_str().unwrap(), Duration::from_secs(10)).await;
    assert_eq!(g["result"]["reason"], "aborted", "{g}");
    assert_eq!(game(&server, &id).await["status"], "waiting");
    drop(creator);
    let g = finished(&server, &id, Duration::from_secs(10)).await;
    assert_eq!(g["result"]["reason"], "aborted", "{g}");
    assert_eq!(aborted_by(&server, &id).await, None, "an expired waiting game counts against nobody");
}

#[tokio::test]
async fn an_idle_room_is_unloaded_and_loaded_again_when_opened() {
    let server = server(30, 0, 1).await;
    let (id, [south, north], s, n) = both_decided(&server, json!({ "variant": "kubuguza", "seat": "south" })).await;
    // While someone is connected the room stays: a room left after it is unloaded, and it is not.
    let (_, _, cs, cn) = both_decided(&server, json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(rooms(&server).await, 2);
    drop((cs, cn));
    rooms_become(&server, 1, Duration::from_secs(10)).await;
    drop((s, n));
    rooms_become(&server, 0, Duration::from_secs(10)).await;
    // Opened again: loaded from the database, at the same version, and the game goes on.
    let mut s = server.ws(&id, Some(&south), Some(3)).await;
    let mut n = server.ws(&id, Some(&north), Some(3)).await;
    assert_eq!(rooms(&server).await, 1);
    // Both hold the version the room was unloaded at: nothing to catch up. Whoever is to move decides.
    let mut to_move = server.ws(&id, Some(&south), None).await;
    let (v, view) = snapshot(&mut to_move).await;
    assert_eq!(v, 3, "{view:?}");
    if view.legal.is_empty() {
        to_move = server.ws(&id, Some(&north), None).await;
    } else {
        to_move = server.ws(&id, Some(&south), None).await;
    }
    assert!(accepted(&decide(&mut to_move, "m2").await));
    assert_eq!(next_event(&mut n).await, 4);
    assert_eq!(next_event(&mut s).await, 4);
    assert_eq!(game(&server, &id).await["status"], "ongoing");
}

#[tokio::test]
async fn a_room_whose_clock_runs_stays_loaded_and_its_flag_falls_with_nobody_connected() {
    let server = server(30, 0, 1).await;
    let clock = json!({ "base_secs": 4, "increment_secs": 0 });
    let body = json!({ "variant": "kubuguza", "seat": "south", "clock": clock });
    let (id, _, s, n) = both_decided(&server, body).await;
    drop((s, n));
    // South's clock runs: a room without a clock, left after it, is unloaded, and this one is still
    // there; then the flag falls (a room unloaded would not flag: nobody opens it again).
    let (_, _, cs, cn) = both_decided(&server, json!({ "variant": "kubuguza", "seat": "south" })).await;
    drop((cs, cn));
    rooms_become(&server, 1, Duration::from_secs(10)).await;
    let g = finished(&server, &id, Duration::from_secs(10)).await;
    assert_eq!(g["result"]["reason"], "timeout", "{g}");
    assert_eq!(g["result"]["winner"], "north", "{g}");
}

#[tokio::test]
async fn a_game_against_a_bot_left_by_its_player_is_unloaded_and_the_bot_plays_on_when_it_is_opened() {
    let server = server(30, 0, 1).await;
    let (status, created) =
        server.post("/api/games", json!({ "variant": "kubuguza", "seat": "south", "opponent": "bot:random" })).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut s = server.ws(&id, Some(&token), None).await;
    assert!(accepted(&decide(&mut s, "s1").await));
    // The bot answers; then South leaves.
    move_of(&mut s, Side::North).await;
    drop(s);
    rooms_become(&server, 0, Duration::from_secs(10)).await;
    let mut s = server.ws(&id, Some(&token), None).await;
    assert!(accepted(&decide(&mut s, "s2").await));
    move_of(&mut s, Side::North).await;
}

#[tokio::test]
async fn on_start_only_games_with_a_ruling_pending_get_a_room() {
    let dir = tempfile::tempdir().unwrap();
    let server = TestServer::start_with(config(&dir, 3600, 0, 0)).await;
    // Played past its first decisions, without a clock: nothing pending.
    let (played, [south, _], s, n) = both_decided(&server, json!({ "variant": "kubuguza", "seat": "south" })).await;
    drop((s, n));
    // Not played yet: its first-move abort is pending.
    server.new_game(json!({ "variant": "kubuguza", "seat": "south" })).await;
    server.stop().await;
    let server = TestServer::start_with(config(&dir, 3600, 0, 0)).await;
    assert_eq!(rooms(&server).await, 1);
    let mut s = server.ws(&played, Some(&south), None).await;
    assert_eq!(snapshot(&mut s).await.0, 3);
    assert_eq!(rooms(&server).await, 2);
}
