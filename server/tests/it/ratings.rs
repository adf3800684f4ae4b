//! Ratings end to end: a rated game between two accounts played to its end (a resignation) changes both
//! Glicko-2 ratings exactly once, in the transaction that stores the end, and shows the change with the
//! result (final event, snapshot, summary, profile, history); an abort counts for nothing; guests cannot
//! create or join a rated game; a rated bot game rates the bot under its seat name; the leaderboard lists
//! established ratings only, best first. A SIGKILLed server restarted on the same database has applied
//! the end once, also when the client resends its resignation. SQLite always; PostgreSQL too when
//! `TEST_DATABASE_URL` is set.

use crate::common;

use common::process::Process;
use common::{TestServer, Ws, drop_db, fresh_db};
use mancala_protocol::{BoardView, ClientMsg, ErrorCode, GameEvent, OutcomeInfo, RatingChanges, ServerMsg};
use serde_json::{Value, json};
use sqlx::Row;

/// Registers `name`; returns its player token.
async fn account(s: &TestServer, name: &str) -> String {
    let (status, body) = s.post("/api/players", json!({ "name": name })).await;
    assert_eq!(status, 201, "{body}");
    body["token"].as_str().unwrap().to_string()
}

async fn post_as(s: &TestServer, token: Option<&str>, path: &str, body: Value) -> (u16, Value) {
    let mut req = s.http.post(s.url(path)).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.expect("request");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A rated kubuguza game: `south` creates it, `north` joins. Returns (game id, south seat token).
async fn rated_game(s: &TestServer, south: &str, north: &str) -> (String, String) {
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    let (status, created) = post_as(s, Some(south), "/api/games", body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["game"]["rated"], true);
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (status, joined) = post_as(s, Some(north), &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{joined}");
    (id, created["token"].as_str().unwrap().to_string())
}

/// An `end` event: its outcome and the board it carries.
struct End {
    outcome: OutcomeInfo,
    view: Option<BoardView>,
}

impl End {
    /// The rating changes the end event shows.
    fn ratings(&self) -> RatingChanges {
        self.outcome.ratings.unwrap_or_else(|| panic!("no rating changes: {:?}", self.outcome))
    }

    /// The rating changes the board after the end shows.
    fn board_ratings(&self) -> Option<RatingChanges> {
        self.view.as_ref().and_then(|v| v.outcome.as_ref()).and_then(|o| o.ratings)
    }
}

/// Sends `msg` on `ws` and returns the answer to it (`accepted` or `rejected`), after the `end` event it
/// may cause (returned too).
async fn act(ws: &mut Ws, msg: ClientMsg) -> (ServerMsg, Option<End>) {
    ws.say(&msg).await;
    let mut end = None;
    loop {
        match ws.recv().await {
            ServerMsg::Event { event: GameEvent::End { outcome }, view, .. } => end = Some(End { outcome, view }),
            m @ (ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }) => return (m, end),
            _ => {}
        }
    }
}

fn resign(id: &str) -> ClientMsg {
    ClientMsg::Resign { id: Some(id.into()) }
}

/// The ratings a snapshot's board shows (the next snapshot on `ws`).
async fn snapshot_ratings(ws: &mut Ws) -> Option<RatingChanges> {
    ws.recv_until(|m| match m {
        ServerMsg::Snapshot { view, .. } => Some(view.outcome.and_then(|o| o.ratings)),
        _ => None,
    })
    .await
}

async fn db(url: &str, write: bool) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    let url = if url.starts_with("sqlite:") && !write { format!("{url}?mode=ro") } else { url.to_string() };
    <sqlx::AnyConnection as sqlx::Connection>::connect(&url).await.expect("connect to the test database")
}

/// (rating_changes rows of `game`, games counted in `name`'s kubuguza rating).
async fn stored(url: &str, game: &str, name: &str) -> (i64, i64) {
    let mut c = db(url, false).await;
    let changes: i64 = sqlx::query("SELECT COUNT(*) AS n FROM rating_changes WHERE game_id = $1")
        .bind(game)
        .fetch_one(&mut c)
        .await
        .unwrap()
        .try_get("n")
        .unwrap();
    let games: Option<i64> = sqlx::query("SELECT games FROM ratings WHERE player_key = $1 AND variant = 'kubuguza'")
        .bind(name.to_lowercase())
        .fetch_optional(&mut c)
        .await
        .unwrap()
        .map(|r| r.try_get::<i64, _>("games").unwrap());
    (changes, games.unwrap_or(0))
}

async fn a_rated_game_rates_both_players_once(s: &TestServer) {
    let (amina, baraka) = (account(s, "Amina").await, account(s, "Baraka").await);
    // Guests: neither creating nor joining a rated game.
    let (status, body) = post_as(s, None, "/api/games", json!({ "variant": "kubuguza", "rated": true })).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("forbidden")), "{body}");
    assert!(body["message"].as_str().unwrap().contains("rated game needs a player account"), "{body}");
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true });
    let (status, created) = post_as(s, Some(&amina), "/api/games", body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (status, body) = post_as(s, None, &format!("/api/games/{id}/join"), json!({ "name": "wageni" })).await;
    assert_eq!(status, 403, "{body}");
    let code = created["game"]["invite_code"].as_str().unwrap();
    let (status, body) = post_as(s, None, &format!("/api/invites/{code}/join"), json!({ "name": "wageni" })).await;
    assert_eq!(status, 403, "{body}");
    let (status, joined) = post_as(s, Some(&baraka), &format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(status, 200, "{joined}");
    let south_token = created["token"].as_str().unwrap();

    // South resigns: the end event carries both changes.
    let mut ws = s.ws(&id, Some(south_token), None).await;
    let (answer, end) = act(&mut ws, resign("r1")).await;
    assert!(matches!(answer, ServerMsg::Accepted { .. }), "{answer:?}");
    let end = end.expect("an end event");
    let ratings = end.ratings();
    assert_eq!(ratings.south.before, 1500, "{ratings:?}");
    assert_eq!(ratings.north.before, 1500, "{ratings:?}");
    let (south_after, north_after) = (ratings.south.after, ratings.north.after);
    assert!(south_after < 1500 && north_after > 1500, "{ratings:?}");
    assert!(ratings.north.provisional);
    assert_eq!(end.board_ratings(), Some(ratings), "the final board shows the same");
    // The stored figures are the shown ones, counted once.
    assert_eq!(stored(&s.database_url, &id, "amina").await, (2, 1));
    assert_eq!(stored(&s.database_url, &id, "baraka").await, (2, 1));
    let (_, profile) = s.get("/api/players/BARAKA").await;
    assert_eq!(profile["ratings"]["kubuguza"]["rating"], north_after, "{profile}");
    assert_eq!(profile["ratings"]["kubuguza"]["games"], 1, "{profile}");
    assert_eq!(profile["ratings"]["kubuguza"]["provisional"], true, "{profile}");
    let (_, detail) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(detail["game"]["rated"], true);
    assert_eq!(detail["game"]["result"]["ratings"], serde_json::to_value(ratings).unwrap(), "{detail}");
    let (status, history) = s.get("/api/players/amina/ratings/kubuguza").await;
    assert_eq!(status, 200, "{history}");
    assert_eq!(history.as_array().unwrap().len(), 1, "{history}");
    assert_eq!(history[0]["rating"], south_after);
    assert_eq!(history[0]["game_id"], id.as_str());
    let (status, _) = s.get("/api/players/amina/ratings/chess").await;
    assert_eq!(status, 404);
    // A resend is refused as game over and changes nothing.
    let (answer, _) = act(&mut ws, resign("r1")).await;
    assert!(matches!(answer, ServerMsg::Rejected { code: ErrorCode::GameOver, .. }), "{answer:?}");
    assert_eq!(stored(&s.database_url, &id, "amina").await, (2, 1));
    // A reconnecting viewer's snapshot shows the change too.
    let mut watcher = s.ws(&id, None, None).await;
    assert_eq!(snapshot_ratings(&mut watcher).await, Some(ratings));

    // A second game starts from the stored ratings: baraka (now higher) beats amina again.
    let (id2, south2) = rated_game(s, &amina, &baraka).await;
    let mut ws = s.ws(&id2, Some(&south2), None).await;
    let (_, end) = act(&mut ws, resign("r2")).await;
    let r2 = end.expect("end").ratings();
    assert_eq!(r2.south.before, south_after);
    assert_eq!(r2.north.before, north_after);
    assert_eq!(stored(&s.database_url, &id2, "baraka").await, (2, 2));

    // An abort counts for nothing.
    let (id3, south3) = rated_game(s, &amina, &baraka).await;
    let mut ws = s.ws(&id3, Some(&south3), None).await;
    ws.say(&ClientMsg::Abort { id: Some("a1".into()) }).await;
    // Raw: the end event must have no `ratings` key at all (the type reads an absent key and null alike).
    let end = loop {
        let m = ws.next().await;
        if m["type"] == "event" && m["event"]["kind"] == "end" {
            break m;
        }
    };
    assert!(end["event"]["outcome"].get("ratings").is_none(), "{end}");
    let answer =
        ws.recv_until(|m| matches!(m, ServerMsg::Accepted { .. } | ServerMsg::Rejected { .. }).then_some(m)).await;
    assert!(matches!(answer, ServerMsg::Accepted { .. }), "{answer:?}");
    assert_eq!(stored(&s.database_url, &id3, "baraka").await, (0, 2));

    // A casual game between the same accounts counts for nothing either.
    let (status, casual) =
        post_as(s, Some(&amina), "/api/games", json!({ "variant": "kubuguza", "seat": "south" })).await;
    assert_eq!(status, 201);
    assert_eq!(casual["game"]["rated"], false);
}

/// An end reached by the rules (a turn limit here) counts too: the last move's board shows the change.
async fn a_rules_ending_is_rated(s: &TestServer) {
    let (neema, omari) = (account(s, "neema").await, account(s, "omari").await);
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true, "options": { "turn_limit": 2 } });
    let (status, created) = post_as(s, Some(&neema), "/api/games", body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let (_, joined) = post_as(s, Some(&omari), &format!("/api/games/{id}/join"), json!({})).await;
    let (south, north) = (created["token"].as_str().unwrap(), joined["token"].as_str().unwrap());
    let mut t = common::driver::Table::open(s, &id, south, north).await;
    t.play_random(&mut 11, 500).await;
    assert!(t.over());
    let outcome = t.views.spectator.outcome.clone().expect("the result");
    assert_eq!(outcome.reason, "turn-limit", "{outcome:?}");
    let ratings = outcome.ratings.expect("a rated game's changes");
    assert_eq!(stored(&s.database_url, &id, "neema").await, (2, 1));
    let (_, detail) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(detail["game"]["result"]["ratings"], serde_json::to_value(ratings).unwrap());
}

async fn a_rated_bot_game_rates_the_bot(s: &TestServer) {
    let zawadi = account(s, "zawadi").await;
    let body = json!({ "variant": "kubuguza", "seat": "south", "rated": true, "opponent": "bot:random" });
    let (status, created) = post_as(s, Some(&zawadi), "/api/games", body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["game"]["id"].as_str().unwrap().to_string();
    let mut ws = s.ws(&id, created["token"].as_str(), None).await;
    let (answer, _) = act(&mut ws, resign("r")).await;
    assert!(matches!(answer, ServerMsg::Accepted { .. }), "{answer:?}");
    assert_eq!(stored(&s.database_url, &id, "bot-random").await, (2, 1));
    // Casual by default.
    let body = json!({ "variant": "kubuguza", "opponent": "bot:random" });
    let (_, casual) = post_as(s, Some(&zawadi), "/api/games", body).await;
    assert_eq!(casual["game"]["rated"], false);
}

/// The leaderboard: established ratings only, best first, `limit` honoured. Ratings are written straight
/// into the database (reaching a deviation under 110 takes dozens of games).
async fn the_leaderboard_lists_established_ratings(s: &TestServer) {
    let mut c = db(&s.database_url, true).await;
    for (key, rating, deviation) in [("kito", 1700, 60), ("lulu", 1800, 80), ("msafiri", 1900, 200)] {
        sqlx::query(
            "INSERT INTO ratings (player_key, variant, rating_e9, deviation_e9, volatility_e9, games, updated_at) \
             VALUES ($1, 'njombwa', $2, $3, 60000000, 30, 0)",
        )
        .bind(key)
        .bind(rating as i64 * 1_000_000_000)
        .bind(deviation as i64 * 1_000_000_000)
        .execute(&mut c)
        .await
        .unwrap();
    }
    let (status, text) = s.get_text("/api/leaderboard/njombwa").await;
    assert_eq!(status, 200);
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let names: Vec<&str> = lines.iter().map(|l| l["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["lulu", "kito"], "{text}");
    assert_eq!(lines[0], json!({ "name": "lulu", "rating": 1800, "deviation": 80, "games": 30 }));
    let (_, text) = s.get_text("/api/leaderboard/njombwa?limit=1").await;
    assert_eq!(text.lines().count(), 1);
    let (status, _) = s.get("/api/leaderboard/njombwa?limit=501").await;
    assert_eq!(status, 400);
    let (status, _) = s.get("/api/leaderboard/chess").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn ratings_sqlite() {
    let s = TestServer::start().await;
    a_rated_game_rates_both_players_once(&s).await;
    a_rules_ending_is_rated(&s).await;
    a_rated_bot_game_rates_the_bot(&s).await;
    the_leaderboard_lists_established_ratings(&s).await;
    s.stop().await;
}

#[tokio::test]
async fn ratings_postgres() {
    let Some((base, url)) = fresh_db("ratings").await else { return };
    let s = TestServer::start_with(mancala_server::config::Config::with_database(&url)).await;
    a_rated_game_rates_both_players_once(&s).await;
    a_rules_ending_is_rated(&s).await;
    a_rated_bot_game_rates_the_bot(&s).await;
    the_leaderboard_lists_established_ratings(&s).await;
    s.stop().await;
    drop_db(&base, &url).await;
}

/// SIGKILL right after the resignation is acknowledged; restarted on the same database, the ratings were
/// applied exactly once, the client's resent resignation changes nothing, and the game shows the stored
/// change.
async fn a_killed_server_rates_once(url: &str) {
    let server = Process::start(url, &[]).await;
    let s = TestServer::attach(server.addr, url);
    let (amina, baraka) = (account(&s, "amina").await, account(&s, "baraka").await);
    let (id, south) = rated_game(&s, &amina, &baraka).await;
    let mut ws = s.ws(&id, Some(&south), None).await;
    let (answer, end) = act(&mut ws, resign("r1")).await;
    assert!(matches!(answer, ServerMsg::Accepted { .. }), "{answer:?}");
    let shown = end.expect("end").ratings();
    server.kill().await;

    let server = Process::start_at(s.addr, &[], url, &[]).await;
    assert_eq!(stored(url, &id, "amina").await, (2, 1));
    assert_eq!(stored(url, &id, "baraka").await, (2, 1));
    let mut ws = s.ws(&id, Some(&south), None).await;
    assert_eq!(snapshot_ratings(&mut ws).await, Some(shown));
    let (answer, _) = act(&mut ws, resign("r1")).await;
    assert!(matches!(answer, ServerMsg::Rejected { code: ErrorCode::GameOver, .. }), "{answer:?}");
    assert_eq!(stored(url, &id, "amina").await, (2, 1));
    let (_, profile) = s.get("/api/players/amina").await;
    assert_eq!(profile["ratings"]["kubuguza"]["rating"], shown.south.after, "{profile}");
    server.kill().await;
}

#[tokio::test]
async fn a_killed_server_rates_once_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("ratings.db").display());
    a_killed_server_rates_once(&url).await;
}

#[tokio::test]
async fn a_killed_server_rates_once_postgres() {
    let Some((base, url)) = fresh_db("ratings_kill").await else { return };
    a_killed_server_rates_once(&url).await;
    drop_db(&base, &url).await;
}

/// The writer's own guard: the change that finishes a rated game committed a second time (as a room that
/// did not know its first commit landed would) writes no second rating change and reports the stored one.
async fn a_replayed_end_rates_once(url: &str) {
    use mancala_engine::{BySide, Options, Side, Variant};
    use mancala_server::game::{LiveGame, NewGame, Occupant, Ruling, UnixMs};
    use mancala_server::ids::{GameId, Identity, InviteCode, PlayerName};
    use mancala_server::store::Store;
    let (store, writer) = Store::connect(url).await.unwrap();
    let seat = |name: &str| Occupant {
        who: Identity::Account(PlayerName::parse(name).unwrap()),
        token_hash: mancala_server::ids::token_hash(name),
    };
    let v = Variant::Kubuguza;
    let creator = (Side::South, seat("Imani"));
    let mut game = LiveGame::new(NewGame {
        id: GameId::random(),
        variant: v,
        options: Options::defaults(v),
        creator,
        invite_code: Some(InviteCode::random()),
        clock: None,
        auto_forced: true,
        rated: true,
        previews: false,
        berserk: false,
        now_ms: UnixMs::now(),
    })
    .unwrap();
    let created = game.creation();
    store.commit(&game, &created, None).await.unwrap();
    game.apply(created);
    let mut join = game.blank_change(UnixMs::now());
    join.seats = Some(BySide::new(game.seats.south.clone(), Some(seat("Jabari"))));
    join.status = mancala_protocol::http::GameStatus::Ongoing;
    join.started = true;
    assert_eq!(store.commit(&game, &join, None).await.unwrap(), None);
    game.apply(join);
    let end = game.rule(Ruling::Resignation { loser: Side::North }, tokio::time::Instant::now(), UnixMs::now());
    let first = store.commit(&game, &end, None).await.unwrap().expect("a rated end reports its changes");
    assert!(first.south.after > first.south.before && first.north.after < first.north.before, "{first:?}");
    let again = store.commit(&game, &end, None).await.unwrap();
    assert_eq!(again, Some(first), "the stored change, not a new one");
    assert_eq!(stored(url, game.id.as_str(), "imani").await, (2, 1));
    let rating = store.rating(&PlayerName::parse("IMANI").unwrap(), v).await.unwrap().expect("rated");
    assert_eq!((rating.shown(), rating.games), (first.south.after, 1));
    assert_eq!(store.rating(&PlayerName::parse("nobody").unwrap(), v).await.unwrap(), None);
    drop(store);
    writer.finish().await;
}

#[tokio::test]
async fn a_replayed_end_rates_once_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    a_replayed_end_rates_once(&format!("sqlite://{}", dir.path().join("replay.db").display())).await;
}

#[tokio::test]
async fn a_replayed_end_rates_once_postgres() {
    let Some((base, url)) = fresh_db("ratings_replay").await else { return };
    a_replayed_end_rates_once(&url).await;
    drop_db(&base, &url).await;
}
