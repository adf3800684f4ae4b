//! Rules versions (docs/rules.md#rules-versions): a game keeps the reading of the rules it was played
//! under. A game stored before the Ikibuguzo opening captures (its options without `rules_version`)
//! replays as it was played, through the history and the export; a new game plays the current reading
//! and says so in its options.

use crate::common;

use common::Seat;
use common::TestServer;
use common::driver::{Table, accepted};
use mancala_engine::RULES_VERSION;
use mancala_server::config::Config;
use mancala_server::store::Store;
use serde_json::{Value, json};

/// South array 1, North array 2: North's forced `b4` (decision 6) ends in `b3` facing `b2` and `b1`, which
/// the current reading captures; under the first reading nothing is taken, and South's main-phase `b2`
/// (decision 9) was legal.
const OLD_GAME: [(&str, &str); 9] = [
    ("south", "opening:1"),
    ("north", "opening:2"),
    ("south", "c2"),
    ("north", "a4"),
    ("south", "e2"),
    ("north", "b4"),
    ("south", "g2"),
    ("north", "c4"),
    ("south", "b2"),
];

/// The options column as servers wrote it before rules versions existed.
const OLD_OPTIONS: &str = r#"{"width":8,"turn_limit":null,"handicap":{"south":false,"north":false}}"#;

/// Writes the old game, finished by North's resignation, into the database at `url` (migrated to the
/// newest schema first).
async fn store_old_game(url: &str) {
    let (store, writer) = Store::connect(url).await.unwrap();
    store.close_reads().await;
    drop(store);
    writer.finish().await;
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    sqlx::query(
        "INSERT INTO games (id, variant, options, status, south_name, south_registered, south_token_hash, north_name, \
         north_token_hash, auto_forced, plies, winner, reason, created_at, updated_at) \
         VALUES ('gOldMixed1', 'ikibuguzo', $1, 'finished', 'amani', 0, 'seat-hash-s', 'baraka', 'seat-hash-n', 0, 9, \
         'south', 'resignation', 10, 20)",
    )
    .bind(OLD_OPTIONS)
    .execute(&pool)
    .await
    .unwrap();
    for (i, (side, decision)) in OLD_GAME.iter().enumerate() {
        sqlx::query(
            "INSERT INTO moves (game_id, ply, side, decision, client_id, auto, at, clock_ms) \
             VALUES ('gOldMixed1', $1, $2, $3, NULL, 0, $4, NULL)",
        )
        .bind(i as i64 + 1)
        .bind(*side)
        .bind(*decision)
        .bind(11 + i as i64)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
}

/// The count of `hole` (`b1`) on a 4x8 board view.
fn count(view: &Value, hole: &str) -> u64 {
    let b = hole.as_bytes();
    let i = usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a');
    view["holes"][i].as_u64().unwrap()
}

#[tokio::test]
async fn a_game_stored_before_rules_versions_replays_as_it_was_played() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("old.db").display());
    store_old_game(&url).await;
    let server = TestServer::start_in(Config::with_database(&url), dir).await;
    let (status, detail) = server.get("/api/games/gOldMixed1").await;
    assert_eq!(status, 200, "{detail}");
    // Version 1 is written as no field, as it was stored.
    assert_eq!(detail["game"]["options"].get("rules_version"), None, "{detail}");
    assert_eq!(detail["record"].as_array().unwrap().len(), 9, "{detail}");
    // After North's b4 nothing was taken: South's b1 still holds its 6.
    let (status, at6) = server.get("/api/games/gOldMixed1/position?ply=6").await;
    assert_eq!(status, 200, "{at6}");
    assert_eq!((count(&at6["view"], "b1"), count(&at6["view"], "b2"), count(&at6["view"], "b3")), (6, 2, 2));
    // South's b2 (ply 9) emptied b2 into a2 and a1.
    let view = &detail["view"];
    assert_eq!((count(view, "b2"), count(view, "a2"), count(view, "a1")), (0, 2, 1), "{view}");
    let (status, text) = server.get_text("/api/games/gOldMixed1/export").await;
    assert_eq!(status, 200, "{text}");
    assert!(text.contains(&format!("[Options \"{}\"]", OLD_OPTIONS.replace('"', "\\\""))), "{text}");
    assert!(text.contains("9. south b2"), "{text}");
    server.stop().await;
}

#[tokio::test]
async fn a_new_game_plays_the_current_reading_and_records_it() {
    let server = TestServer::start().await;
    let (id, south, north) = server.new_game(json!({ "variant": "ikibuguzo", "seat": "south" })).await;
    let mut t = Table::open(&server, &id, &south, &north).await;
    for (seat, array) in [(Seat::South, "opening:1"), (Seat::North, "opening:2")] {
        let a = t.decide(seat, array).await;
        assert!(accepted(&a), "{a:?}");
    }
    // The server plays the forced turns; the game waits for South's first main-phase decision.
    let (_, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(detail["game"]["options"]["rules_version"], RULES_VERSION, "{detail}");
    let (_, at6) = server.get(&format!("/api/games/{id}/position?ply=6")).await;
    // North's b4 captured b2 and b1 and sowed the 8 from b4 (docs/rules.md#ikibuguzo-opening-captures).
    let view = &at6["view"];
    assert_eq!((count(view, "b1"), count(view, "b2"), count(view, "b4"), count(view, "g3")), (0, 0, 0, 1), "{view}");
    let (_, text) = server.get_text(&format!("/api/games/{id}/export")).await;
    assert!(text.contains(&format!(r#""rules_version\":{RULES_VERSION}"#)), "{text}");
}

#[tokio::test]
async fn a_new_game_refuses_an_earlier_reading_and_a_preview_takes_one() {
    let server = TestServer::start().await;
    let old = json!({ "variant": "ikibuguzo", "seat": "south", "options": { "rules_version": 1 } });
    let (status, body) = server.post("/api/games", old).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["message"].as_str().unwrap().contains("rules_version"), "{body}");
    // A preview of South's g1 in a mixed opening, under each reading (a stored game's options sent back).
    let position = "south a1=4 b1=4 c1=4 d1=4 e1=4 f1=4 g1=4 f2=1 g2=1 h2=2 b3=3 d3=3 g3=2 h3=1 a4=17 g4=6 turn=3 \
                    opening.south=2/1 opening.north=1/1";
    for (version, captured) in [(1, 0), (RULES_VERSION, 8)] {
        let body = json!({ "variant": "ikibuguzo", "options": { "rules_version": version }, "position": position,
                           "decision": "g1" });
        let (status, preview) = server.post("/api/preview", body).await;
        assert_eq!(status, 200, "{preview}");
        assert_eq!(preview["captured"], captured, "version {version}: {preview}");
    }
}
