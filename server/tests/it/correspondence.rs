//! Correspondence games (days per move) with `mancala-server` as a real child process and a short day
//! (`--day-secs`): a game's clock resets to the full days after each move; a game survives a SIGKILL and
//! is resumed with the time the server was down charged; a game whose player lets the days pass is lost
//! on time by the server while nobody is connected, after a restart too. SQLite, and PostgreSQL when
//! `TEST_DATABASE_URL` is set.

use crate::common;

use common::driver::Table;
use common::lobby::{created, lobby, next_answer, paired, server};
use common::process::Process;
use common::{Seat, TestServer, drop_db, fresh_db, pick};
use mancala_protocol::lobby::LobbyClientMsg;
use mancala_protocol::{ClientMsg, ClockSpec, ServerMsg, Variant};
use serde_json::json;
use std::time::Duration;

/// A day of this test, in seconds: every correspondence game here has one day per move.
const DAY_SECS: u64 = 10;

/// A correspondence game in which both players have made their first decision (so its clock runs);
/// returns the game, its tokens and the table's sockets.
async fn under_way(client: &TestServer, seed: &mut u64) -> (String, String, String, Table) {
    let body = json!({ "variant": "kubuguza", "seat": "south", "clock": { "days": 1 } });
    let (id, south, north) = client.new_game(body).await;
    let mut t = Table::open(client, &id, &south, &north).await;
    let mut decided = Vec::new();
    while decided.len() < 2 || t.mover() == decided.last().copied() {
        let seat = t.mover().expect("a player to move");
        let legal = &t.views[seat].legal;
        let d = legal[pick(seed, legal.len())].clone();
        assert!(matches!(t.decide(seat, &d).await, ServerMsg::Accepted { .. }));
        if !decided.contains(&seat) {
            decided.push(seat);
        }
    }
    (id, south, north, t)
}

/// The game's summary as `GET /api/games/{id}` gives it.
async fn stored(client: &TestServer, id: &str) -> serde_json::Value {
    let (status, game) = client.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{game}");
    game["game"].clone()
}

async fn correspondence_survives_a_kill_and_is_lost_on_time_unattended(url: &str) {
    let day = DAY_SECS.to_string();
    let server = Process::start(url, &["--day-secs", &day]).await;
    let client = TestServer::attach(server.addr, url);
    let mut seed = 11;

    // The clock as the game says it: one day per move, the base the day's length.
    let (lost, _, _, lost_table) = under_way(&client, &mut seed).await;
    let game = stored(&client, &lost).await;
    assert_eq!((&game["clock"]["base_secs"], &game["clock"]["days"]), (&json!(DAY_SECS), &json!(1)), "{game}");
    let (resumed, south, north, resumed_table) = under_way(&client, &mut seed).await;
    let mover = resumed_table.mover().expect("a player to move");
    let loser = lost_table.mover().expect("a player to move");
    // Nobody stays connected to either game.
    drop((lost_table, resumed_table));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while client.gauge("mancala_connections").await != 0.0 {
        assert!(tokio::time::Instant::now() < deadline, "the server still holds a game socket");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let last_move_at = stored(&client, &lost).await["updated_at"].as_u64().unwrap();
    server.kill().await;
    let down = Duration::from_secs(2);
    tokio::time::sleep(down).await;

    let server = Process::start(url, &["--day-secs", &day]).await;
    let client = TestServer::attach(server.addr, url);
    // The resumed game: its mover's time counts the server's absence, and a move gives back the full day.
    let token = if mover == Seat::South { &south } else { &north };
    let mut ws = client.ws(&resumed, Some(token), None).await;
    let (clock, legal) = ws
        .recv_until(|m| match m {
            ServerMsg::Snapshot { clock, view, .. } => Some((clock.expect("a clock"), view.legal)),
            _ => None,
        })
        .await;
    assert_eq!(clock.days, Some(1));
    let left = if mover == Seat::South { clock.south_ms } else { clock.north_ms };
    assert!(left > 0 && left <= DAY_SECS * 1000 - down.as_millis() as u64, "{left} ms left after the server was down");
    ws.say(&ClientMsg::Decide { id: "d".into(), decision: legal[0].clone(), game: None, seat: None }).await;
    let after = ws
        .recv_until(|m| match m {
            ServerMsg::Event { clock: Some(clock), .. } => Some(clock),
            _ => None,
        })
        .await;
    // The full day back: exactly, or, when the turn goes on with another decision of the mover's, less
    // the moments since.
    let full = if mover == Seat::South { after.south_ms } else { after.north_ms };
    assert!((DAY_SECS * 1000 - 1000..=DAY_SECS * 1000).contains(&full), "{full} ms after the move");
    drop(ws);

    // The unattended game ends on time at the day's end counted from its last move, through the restart,
    // with nobody connected.
    let mut game = stored(&client, &lost).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(3 * DAY_SECS);
    while game["status"] != "finished" {
        assert!(tokio::time::Instant::now() < deadline, "the game is not lost on time: {game}");
        crate::common::poll::tick().await;
        game = stored(&client, &lost).await;
    }
    assert_eq!(game["result"]["reason"], "timeout", "{game}");
    let winner = if loser == Seat::South { "north" } else { "south" };
    assert_eq!(game["result"]["winner"], winner, "{game}");
    let ended_after = game["updated_at"].as_u64().unwrap() - last_move_at;
    // Had the server's absence not been charged, the game would have ended a day after the restart.
    assert!(
        (DAY_SECS * 1000..DAY_SECS * 1000 + down.as_millis() as u64).contains(&ended_after),
        "ended {ended_after} ms after the last move"
    );
    drop(server);
}

#[tokio::test]
async fn correspondence_survives_a_kill_and_is_lost_on_time_unattended_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    correspondence_survives_a_kill_and_is_lost_on_time_unattended(&url).await;
}

#[tokio::test]
async fn correspondence_survives_a_kill_and_is_lost_on_time_unattended_postgres() {
    let Some((base, url)) = fresh_db("correspondence").await else { return };
    correspondence_survives_a_kill_and_is_lost_on_time_unattended(&url).await;
    drop_db(&base, &url).await;
}

/// A clock in days must be one of the offered lengths, and has no base or increment of its own.
#[tokio::test]
async fn a_bad_correspondence_clock_is_refused_with_the_field() {
    let server = TestServer::start().await;
    for clock in [json!({ "days": 4 }), json!({ "days": 3, "base_secs": 60 }), json!({ "days": 0 })] {
        let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza", "clock": clock })).await;
        assert_eq!(status, 400, "{clock}: {body}");
        assert!(body["message"].as_str().unwrap().contains("days"), "{clock}: {body}");
    }
    let (status, body) = server.post("/api/games", json!({ "variant": "kubuguza", "clock": { "days": 14 } })).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["game"]["clock"], json!({ "base_secs": 14 * 86_400, "increment_secs": 0, "days": 14 }));
}

/// The lobby pairs correspondence seeks, apart from real-time ones: a quick seek of 3 days per move is
/// not paired with one of 5+3, and is with another of 3 days; a posted seek of 7 days is accepted into a
/// game of 7 days per move.
#[tokio::test]
async fn the_lobby_pairs_correspondence_seeks() {
    let s = server().await;
    let (mut a, _) = lobby(&s, "name=amina").await;
    let (mut b, _) = lobby(&s, "name=baraka").await;
    let quick = |clock| LobbyClientMsg::Quick { variant: Variant::Kubuguza, clock: Some(clock), rated: false };
    a.lobby_say(&quick(ClockSpec::correspondence(3))).await;
    created(next_answer(&mut a).await);
    b.lobby_say(&quick(ClockSpec::fischer(300, 3))).await;
    created(next_answer(&mut b).await);
    let (mut c, _) = lobby(&s, "name=chausiku").await;
    c.lobby_say(&quick(ClockSpec::correspondence(3))).await;
    let paired_c = paired(next_answer(&mut c).await);
    let paired_a = paired(next_answer(&mut a).await);
    assert_eq!(paired_a.game.id, paired_c.game.id);
    let three_days = ClockSpec { base_secs: 3 * 86_400, increment_secs: 0, days: Some(3) };
    assert_eq!(paired_a.game.clock, Some(three_days));

    let (mut d, _) = lobby(&s, "name=dalila").await;
    let week = ClockSpec::correspondence(7);
    d.lobby_say(&LobbyClientMsg::Seek {
        variant: Variant::Njombwa,
        options: None,
        clock: Some(week),
        rated: false,
        range: None,
    })
    .await;
    let seek = created(next_answer(&mut d).await);
    assert_eq!(seek.clock, Some(week), "the feed shows the days asked");
    let (mut e, _) = lobby(&s, "name=elia").await;
    e.lobby_say(&LobbyClientMsg::Accept { id: seek.id }).await;
    let accepted = paired(next_answer(&mut e).await);
    assert_eq!(accepted.game.clock.and_then(|c| c.days), Some(7));
    assert_eq!(accepted.game.clock.map(|c| c.base_secs), Some(7 * 86_400));
}
