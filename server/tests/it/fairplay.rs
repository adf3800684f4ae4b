//! Fair play through a real server: two accounts play rated Kubuguza games over WebSockets, one choosing
//! every decision as level 8 would (the fair-play reference, at the small budget this server is started
//! with, `--fair-play-nodes`: a copier of the site's strongest bot, scaled down so the test stays quick),
//! the other level 3's (an honest, weaker player). The server reviews every rated game by itself, compares
//! each decision with the reference and stores each side's figures; the copier is in the moderators' queue
//! (reason `cheat`, from `fair-play`, with the evidence) within 5 rated games, the honest player is not;
//! both players' figures are in the queue's record. And the bar follows the rating: two accounts that
//! agree alike, far above a 1500's expectation and under the absolute bar, one rated 1500 and the other
//! 2900; the first is reported, the second is not.

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
    let mut honest_bot = Bot::new(Level::L3, seed);
    let mut decide = |pos: &Position, side: Side, _: usize| {
        if side == copier { reference(pos, side, NODES)[0] } else { honest_bot.decide(pos, side).expect("a decision") }
    };
    play_rated(s, [south, north], copier, &mut decide).await
}

/// One rated game between the accounts `seats` (South creates it, North joins), each side's decisions from
/// `decide` (given the position, the side and how many decisions with a choice the `counted` side made
/// before), until `counted` made [`COPIER_DECISIONS`] of them; then its opponent resigns (if the game is
/// not over). Returns the game's id.
async fn play_rated(
    s: &TestServer,
    seats: [&str; 2],
    counted: Side,
    decide: &mut impl FnMut(&Position, Side, usize) -> Decision,
) -> String {
    let [south, north] = seats;
    let body = json!({ "variant": VARIANT.id(), "seat": "south", "rated": true });
    let created = common::post_as(s, south, "/api/games", body).await;
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let joined = common::post_as(s, north, &format!("/api/games/{id}/join"), json!({})).await;
    let (south_seat, north_seat) = (created["token"].as_str().unwrap(), joined["token"].as_str().unwrap());
    let mut t = Table::open(s, &id, south_seat, north_seat).await;
    let mut pos = Position::start(VARIANT, Options::defaults(VARIANT)).unwrap();
    play_forced(&mut pos);
    let mut copied = 0;
    while !t.over() && copied < COPIER_DECISIONS {
        let ToMove::Side(side) = pos.to_move() else { panic!("a side to move: {}", pos.to_text()) };
        let seat = Seat::of(side);
        let mut legal: Vec<String> = pos.legal_decisions(side).iter().map(|d| d.notation(pos.geometry())).collect();
        let mut shown = t.views[seat].legal.clone();
        legal.sort();
        shown.sort();
        assert_eq!(legal, shown, "the test's position follows the server's");
        let d = decide(&pos, side, copied);
        let answer = t.decide(seat, &d.notation(pos.geometry())).await;
        assert!(accepted(&answer), "{answer:?}");
        copied += usize::from(side == counted);
        pos.apply(side, d, &mut NoEvents).unwrap();
        play_forced(&mut pos);
    }
    if !t.over() {
        let honest = Seat::of(counted.other());
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
        crate::common::poll::tick().await;
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
    let rating = record[0]["rating"].as_f64().unwrap();
    let counted = record.iter().map(|r| r["decisions"].as_u64().unwrap()).sum::<u64>() as u32;
    assert!(copying >= mancala_bot::fairplay::threshold(VARIANT, rating, counted), "{copying}");
    assert!(playing < copying, "the honest player agrees less: {playing} against {copying}");
    s.stop().await;
}

/// Stores `name`'s rating in `variant` directly (as if earned), established (deviation 60).
async fn set_rating(s: &TestServer, name: &str, rating: i64) {
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&s.database_url).await.unwrap();
    sqlx::query(
        "INSERT INTO ratings (player_key, variant, rating_e9, deviation_e9, volatility_e9, games, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 30, 0)",
    )
    .bind(name.to_lowercase())
    .bind(VARIANT.id())
    .bind(rating * 1_000_000_000)
    .bind(60i64 * 1_000_000_000)
    .bind(60_000_000i64)
    .execute(&mut conn)
    .await
    .unwrap();
}

/// The decision of a side that agrees with the reference on 7 of every 8 decisions with a choice (the
/// 8th is another legal decision when the reference leaves one out): about 88 % agreement.
fn mostly_reference(pos: &Position, side: Side, made: usize) -> Decision {
    let best = reference(pos, side, NODES);
    if made % 8 == 7
        && let Some(&other) = pos.legal_decisions(side).iter().find(|d| !best.contains(d))
    {
        return other;
    }
    best[0]
}

/// Pooled agreement (percent) and decisions of `rows` (a record's fair-play rows).
fn pooled(rows: &[Value]) -> (f64, u32) {
    let (mut agreed, mut counted) = (0.0, 0.0);
    for row in rows {
        let n = row["decisions"].as_f64().unwrap();
        (agreed, counted) = (agreed + n * row["agreement"].as_f64().unwrap() / 100.0, counted + n);
    }
    (100.0 * agreed / counted, counted as u32)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_agreement_is_reported_at_1500_and_not_at_2900() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config::with_database(&format!("sqlite://{}", dir.path().join("test.db").display()));
    config.fair_play_nodes = Some(NODES);
    let s = TestServer::start_in(config, dir).await;
    let (low, high, mo) = (account(&s, "low").await, account(&s, "high").await, account(&s, "mo").await);
    grant(&s, "mo");
    set_rating(&s, "low", 1500).await;
    set_rating(&s, "high", 2900).await;
    let mut reported_after = None;
    for game in 1..=6u64 {
        // Both sides play alike; the stronger one wins (the weaker resigns), so neither rating moves much.
        let (south, north, low_side) =
            if game % 2 == 1 { (&low, &high, Side::South) } else { (&high, &low, Side::North) };
        let id = play_rated(&s, [south, north], low_side, &mut mostly_reference).await;
        for player in ["low", "high"] {
            let rows = figures(&s, &mo, player, game as usize).await;
            assert_eq!(rows[0]["game"], id.as_str(), "{player}: newest first: {rows:?}");
        }
        let high_rows = figures(&s, &mo, "high", game as usize).await;
        let (agreement, counted) = pooled(&high_rows);
        assert!(reports_on(&s, &mo, "high").await.is_empty(), "2900 at {agreement:.1} % of {counted}: reported");
        if !reports_on(&s, &mo, "low").await.is_empty() {
            reported_after = Some(game);
            break;
        }
    }
    let games = reported_after.expect("the account rated 1500 is in the queue within 6 rated games") as usize;
    // The two windows are alike, over the 1500's bar and under the 2900's, under the absolute bar too.
    let (low_rows, high_rows) = (figures(&s, &mo, "low", games).await, figures(&s, &mo, "high", games).await);
    let (low_agreement, low_counted) = pooled(&low_rows);
    let (high_agreement, high_counted) = pooled(&high_rows);
    let (low_rating, high_rating) = (low_rows[0]["rating"].as_f64().unwrap(), high_rows[0]["rating"].as_f64().unwrap());
    assert!(low_rating < 1600.0 && high_rating > 2800.0, "{low_rating} {high_rating}");
    let bar = |rating, counted| mancala_bot::fairplay::threshold(VARIANT, rating, counted);
    assert!(low_agreement >= bar(low_rating, low_counted), "{low_agreement} of {low_counted}");
    assert!(high_agreement < bar(high_rating, high_counted), "{high_agreement} of {high_counted}");
    assert!((low_agreement - high_agreement).abs() < 10.0, "{low_agreement} against {high_agreement}");
    assert!(low_agreement < mancala_bot::fairplay::ceiling(VARIANT), "under the absolute bar: {low_agreement}");
    let entry = &reports_on(&s, &mo, "low").await[0]["entries"][0];
    let text = entry["text"].as_str().unwrap();
    assert!(text.contains("expected for that rating") && text.contains("rating 15"), "{text}");
    s.stop().await;
}
