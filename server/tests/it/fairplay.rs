//! Fair play through a real server: two accounts play rated Kubuguza games over WebSockets, one choosing
//! every decision as level 8 would (the fair-play reference, at the small budget this server is started
//! with, `--fair-play-nodes`: a copier of the site's strongest bot, scaled down so the test stays quick),
//! the other level 3's (an honest, weaker player). The server reviews every rated game by itself, compares
//! each decision with the reference and stores each side's figures; the copier is in the moderators' queue
//! (reason `cheat`, from `fair-play`, with the evidence) within 5 rated games, the honest player is not;
//! both players' figures are in the queue's record.

use crate::common;
use crate::moderation::grant;

use common::driver::{Table, accepted};
use common::{Seat, TestServer, account};
use mancala_bot::fairplay::reference;
use mancala_bot::{Bot, Level};
use mancala_engine::{Decision, NoEvents, Options, Position, Side, ToMove, Variant};
use mancala_protocol::ClientMsg;
use mancala_server::config::Config;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const VARIANT: Variant = Variant::Kubuguza;
/// The copier's decisions with a choice in one game, after which the honest player resigns: enough for the
/// window's decisions, fewer than a whole game so the test stays quick.
const COPIER_DECISIONS: usize = 14;
/// The reference's budget a decision in this server (level 8's is a million nodes, a second a decision).
const NODES: u64 = 20_000;

/// `GET path` as `token`: status and body.
async fn get_as(s: &TestServer, token: &str, path: &str) -> (u16, Value) {
    let r = s.http.get(s.url(path)).bearer_auth(token).send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Plays forced decisions as the server does (it plays a decision that is the only legal one itself).
fn play_forced(pos: &mut Position) {
    while let ToMove::Side(side) = pos.to_move() {
        let legal = pos.legal_decisions(side);
        if legal.len() != 1 {
            break;
        }
        pos.apply(side, legal[0], &mut NoEvents).expect("a legal decision");
    }
}

/// One rated game, `south` creating it and `north` joining; the `copier` side plays level 8's decision at
/// the server's reference budget, the other level 3, until the copier made [`COPIER_DECISIONS`] decisions with a choice,
/// then the honest side resigns (if the game is not over). Returns the game's id.
async fn rated_game(s: &TestServer, south: &str, north: &str, copier: Side, seed: u64) -> String {
    let body = json!({ "variant": VARIANT.id(), "seat": "south", "rated": true });
    let created = common::post_as(s, south, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = common::post_as(s, north, &format!("/api/games/{id}/join"), json!({})).await;
    let (south_seat, north_seat) = (created["token"].as_str().unwrap(), joined["token"].as_str().unwrap());
    let mut t = Table::open(s, &id, south_seat, north_seat).await;
    let mut pos = Position::start(VARIANT, Options::defaults(VARIANT)).unwrap();
    play_forced(&mut pos);
    let mut honest_bot = Bot::new(Level::L3, seed);
    let mut copied = 0;
    while !t.over() && copied < COPIER_DECISIONS {
        let ToMove::Side(side) = pos.to_move() else { panic!("a side to move: {}", pos.to_text()) };
        let seat = Seat::of(side);
        let mut legal: Vec<String> = pos.legal_decisions(side).iter().map(|d| d.notation(pos.geometry())).collect();
        let mut shown = t.views[seat].legal.clone();
        legal.sort();
        shown.sort();
        assert_eq!(legal, shown, "the test's position follows the server's");
        let d: Decision = if side == copier {
            reference(&pos, side, NODES)[0]
        } else {
            honest_bot.decide(&pos, side).expect("a decision")
        };
        let answer = t.decide(seat, &d.notation(pos.geometry())).await;
        assert!(accepted(&answer), "{answer:?}");
        copied += usize::from(side == copier);
        pos.apply(side, d, &mut NoEvents).unwrap();
        play_forced(&mut pos);
    }
    if !t.over() {
        let honest = Seat::of(copier.other());
        t.ws(honest).say(&ClientMsg::Resign { id: Some("r".into()) }).await;
        t.ws(honest).recv_until(|m| matches!(m, mancala_protocol::ServerMsg::Accepted { .. }).then_some(())).await;
    }
    id
}

/// Waits (at most two minutes: reviews run in the background) until `player`'s record holds `games`
/// fair-play rows; returns them.
async fn figures(s: &TestServer, moderator: &str, player: &str, games: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, body) = get_as(s, moderator, &format!("/api/mod/players/{player}")).await;
        assert_eq!(status, 200, "{body}");
        let rows = body["record"]["fair_play"].as_array().cloned().unwrap_or_default();
        if rows.len() >= games {
            return rows;
        }
        assert!(Instant::now() < deadline, "{player}: {} of {games} games with figures: {body}", rows.len());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The open `cheat` reports of the queue on `player`.
async fn reports_on(s: &TestServer, moderator: &str, player: &str) -> Vec<Value> {
    let (status, queue) = get_as(s, moderator, "/api/mod/reports").await;
    assert_eq!(status, 200, "{queue}");
    queue["reports"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["player"].as_str().is_some_and(|p| p.eq_ignore_ascii_case(player)))
        .cloned()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_copier_of_level_8_is_queued_within_five_rated_games_and_an_honest_player_is_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("test.db").display()));
    config.fair_play_nodes = Some(NODES);
    let s = TestServer::start_in(config, dir).await;
    let (copier, honest, mo) = (account(&s, "copier").await, account(&s, "honest").await, account(&s, "mo").await);
    grant(&s, "mo");
    let mut flagged_after = None;
    for game in 1..=5u64 {
        // Seats alternate, as they would between two people.
        let (south, north, copier_side) =
            if game % 2 == 1 { (&copier, &honest, Side::South) } else { (&honest, &copier, Side::North) };
        let id = rated_game(&s, south, north, copier_side, game).await;
        let rows = figures(&s, &mo, "copier", game as usize).await;
        assert_eq!(rows[0]["game"], id.as_str(), "newest first: {rows:?}");
        let honest_rows = figures(&s, &mo, "honest", game as usize).await;
        assert_eq!(honest_rows[0]["game"], id.as_str());
        assert!(reports_on(&s, &mo, "honest").await.is_empty(), "the honest player is never reported");
        if !reports_on(&s, &mo, "copier").await.is_empty() {
            flagged_after = Some(game);
            break;
        }
    }
    let flagged_after = flagged_after.expect("the copier is in the queue within 5 rated games");
    assert!(flagged_after >= mancala_bot::fairplay::MIN_GAMES as u64, "never before a window's fewest games");

    let reports = reports_on(&s, &mo, "copier").await;
    assert_eq!(reports.len(), 1, "{reports:?}");
    let r = &reports[0];
    assert_eq!((r["reason"].as_str(), r["open"].as_bool()), (Some("cheat"), Some(true)), "{r}");
    let entry = &r["entries"][0];
    assert_eq!(entry["reporter"], "fair-play", "{r}");
    let text = entry["text"].as_str().unwrap();
    assert!(text.starts_with("Fair play: ") && text.contains("agreement") && text.contains("rating"), "{text}");
    let record = r["record"]["fair_play"].as_array().unwrap();
    assert_eq!(record.len() as u64, flagged_after, "{r}");
    for row in record {
        assert!(text.contains(row["game"].as_str().unwrap()), "the evidence names every game: {text}");
        assert_eq!(row["variant"], VARIANT.id());
        assert!(row["decisions"].as_u64().unwrap() > 0, "{row}");
        assert!(row["accuracy"].as_f64().is_some() && row["rating"].as_i64().is_some(), "{row}");
    }
    let agreement = |rows: &[Value]| {
        let (mut agreed, mut counted) = (0.0, 0.0);
        for row in rows {
            let n = row["decisions"].as_f64().unwrap();
            (agreed, counted) = (agreed + n * row["agreement"].as_f64().unwrap() / 100.0, counted + n);
        }
        100.0 * agreed / counted
    };
    let honest_rows = figures(&s, &mo, "honest", flagged_after as usize).await;
    let (copying, playing) = (agreement(record), agreement(&honest_rows));
    assert!(copying >= mancala_bot::fairplay::threshold(VARIANT), "{copying}");
    assert!(playing < copying, "the honest player agrees less: {playing} against {copying}");
    s.stop().await;
}
