//! The storage path on PostgreSQL: the same migrations, whole games, a restart, and the history queries.
//! Runs when `TEST_DATABASE_URL` points at a PostgreSQL server (`.ci/run` sets it); each test creates its
//! own database and drops it afterwards. Without the variable the tests say so and pass.

use crate::common;

use common::driver::Table;
use common::{TestServer, drop_db, fresh_db};
use mancala_server::config::Config;
use serde_json::json;

#[tokio::test]
async fn games_are_played_stored_and_restored_on_postgres() {
    let Some((base, url)) = fresh_db("play").await else { return };
    let server = TestServer::start_with(Config::with_database(&url)).await;
    let mut ids = Vec::new();
    for (k, variant) in ["kubuguza", "ikibuguzo", "azigo"].into_iter().enumerate() {
        let body = json!({ "variant": variant, "seat": "south", "options": { "turn_limit": 25 } });
        let (id, south, north) = server.new_game(body).await;
        let mut t = Table::open(&server, &id, &south, &north).await;
        let mut seed = 100 + k as u64;
        t.play_random(&mut seed, 8).await;
        ids.push((id, south, north, t.versions.south, t.views.spectator.holes.clone(), variant));
    }
    let (status, player) = server.post("/api/players", json!({ "name": "pg_player" })).await;
    assert_eq!(status, 201, "{player}");
    let (status, again) = server.post("/api/players", json!({ "name": "pg_player" })).await;
    assert_eq!(status, 409, "{again}");
    let _ = server.stop().await;
    let server = TestServer::start_with(Config::with_database(&url)).await;
    for (k, (id, south, north, v, holes, variant)) in ids.into_iter().enumerate() {
        let mut t = Table::open(&server, &id, &south, &north).await;
        assert_eq!(t.versions.south, v, "{variant}");
        assert_eq!(t.views.spectator.holes, holes, "{variant}");
        let mut seed = 200 + k as u64;
        t.play_random(&mut seed, 10_000).await;
        assert!(t.over(), "{variant}");
    }
    // The history queries on PostgreSQL: filters with and without values, paging, one game, export,
    // positions, a profile.
    let (status, all) = server.get("/api/games?limit=2").await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["games"].as_array().unwrap().len(), 2);
    let cursor = all["next_cursor"].as_str().expect("a second page").to_string();
    let (status, rest) = server.get(&format!("/api/games?limit=2&cursor={cursor}")).await;
    assert_eq!(status, 200, "{rest}");
    assert_eq!(rest["games"].as_array().unwrap().len(), 1);
    let (_, finished) = server.get("/api/games?status=finished&variant=azigo&player=baraka&since=0").await;
    assert_eq!(finished["games"].as_array().unwrap().len(), 1, "{finished}");
    for result in ["south", "north", "draw"] {
        let (status, body) = server.get(&format!("/api/games?result={result}")).await;
        assert_eq!(status, 200, "{body}");
    }
    let id = finished["games"][0]["id"].as_str().unwrap();
    let (status, detail) = server.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{detail}");
    let (status, text) = server.get_text(&format!("/api/games/{id}/export")).await;
    assert!(status == 200 && text.contains("[Variant \"azigo\"]"), "{text}");
    let (status, pos) = server.get(&format!("/api/games/{id}/position?ply=3")).await;
    assert_eq!(status, 200, "{pos}");
    let (status, profile) = server.get("/api/players/pg_player").await;
    assert_eq!(status, 200, "{profile}");
    let _ = server.stop().await;
    drop_db(&base, &url).await;
}
