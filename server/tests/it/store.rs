//! The writer's group commit, below the server: many jobs queued at once land in one transaction whose
//! writes are merged (one multi-row INSERT for the moves, one upsert for the game rows, the last state of
//! each game kept), and the result is that of applying every job one after another. A job that fails
//! (a duplicate player name) fails alone. On SQLite, and on PostgreSQL when `TEST_DATABASE_URL` is set.

use crate::common;

use common::{drop_db, fresh_db};
use mancala_server::game::Conduct;
use mancala_server::store::{GameProgress, GameRow, MoveRow, OutcomeRow, PlayerRow, Store, StoreError, Write};

fn game(id: &str, status: &str, plies: u32, updated_at: i64) -> GameRow {
    GameRow {
        id: id.into(),
        variant: "kubuguza".into(),
        options: "{}".into(),
        status: status.into(),
        south_name: Some("ann".into()),
        north_name: (status != "waiting").then(|| "bob".into()),
        south_registered: false,
        north_registered: status != "waiting",
        south_token_hash: Some(format!("{id}-s")),
        north_token_hash: (status != "waiting").then(|| format!("{id}-n")),
        invite_code: (status == "waiting").then(|| format!("{id}-code")),
        clock_base_ms: Some(60_000),
        clock_increment_ms: Some(1_000),
        south_clock_ms: Some(60_000 - plies as i64),
        north_clock_ms: Some(60_000),
        auto_forced: true,
        rated: false,
        plies,
        winner: (status == "finished").then(|| "south".into()),
        reason: (status == "finished").then(|| "resignation".into()),
        created_at: 1,
        updated_at,
        clock_days: Some(2),
        takeback_v: None,
        takeback_ply: None,
        takeback_side: None,
        berserk_allowed: false,
        south_berserk: None,
        north_berserk: None,
    }
}

fn mv(game_id: &str, ply: u32) -> MoveRow {
    MoveRow {
        game_id: game_id.into(),
        ply,
        side: if ply % 2 == 1 { "south" } else { "north" }.into(),
        decision: format!("c{ply}"),
        // Client ids are any text: quotes, backslashes and letters beyond ASCII must come back as sent
        // (the writer passes a batch's moves as one JSON array).
        client_id: (ply != 3).then(|| format!("id{ply} \"q\" \\ é✓")),
        auto: ply == 3,
        at: 1_763_000_000_000 + ply as i64,
        clock_ms: ply.is_multiple_of(2).then_some(299_000 + ply as i64),
    }
}

fn player(name: &str, hash: &str) -> PlayerRow {
    PlayerRow { name: name.into(), token_hash: hash.into(), created_at: 5, password_hash: None }
}

async fn group_commit_matches_one_by_one(url: &str) {
    let (store, writer) = Store::connect(url).await.expect("connect");
    store.write(vec![Write::InsertGame(game("a", "waiting", 0, 1))]).await.expect("game a");
    store.write(vec![Write::InsertPlayer(player("bob", "h1"))]).await.expect("bob");

    // Every job is sent before the writer task can run (a current-thread runtime), so one batch takes
    // them all: moves of two games, three states of game a, and a new game with its first move in the
    // same job.
    let (r1, r2, r3, r4) = tokio::join!(
        store.write(vec![Write::InsertMove(mv("a", 1)), Write::UpdateGame(game("a", "ongoing", 1, 2))]),
        store.write(vec![
            Write::InsertGame(game("b", "waiting", 0, 3)),
            Write::InsertMove(mv("b", 1)),
            Write::UpdateGame(game("b", "ongoing", 1, 3)),
        ]),
        store.write(vec![
            Write::InsertMove(mv("a", 2)),
            Write::InsertMove(mv("a", 3)),
            Write::UpdateGame(game("a", "ongoing", 3, 4)),
        ]),
        store.write(vec![Write::InsertMove(mv("a", 4)), Write::UpdateGame(game("a", "finished", 4, 5))]),
    );
    for r in [r1, r2, r3, r4] {
        r.expect("every job commits");
    }
    // A batch where one job fails: the others are committed each alone.
    let (r1, r2, r3) = tokio::join!(
        store.write(vec![Write::InsertPlayer(player("cy", "h3"))]),
        store.write(vec![Write::InsertPlayer(player("bob", "h2"))]),
        store.write(vec![Write::InsertMove(mv("b", 2)), Write::UpdateGame(game("b", "ongoing", 2, 6))]),
    );
    assert!(matches!(r2, Err(StoreError::Conflict)), "{r2:?}");
    r1.expect("cy");
    r3.expect("b's move");

    assert_eq!(store.game_row("a").await.unwrap(), Some(game("a", "finished", 4, 5)));
    assert_eq!(store.game_row("b").await.unwrap(), Some(game("b", "ongoing", 2, 6)));
    assert_eq!(store.move_rows("a").await.unwrap(), (1..=4).map(|p| mv("a", p)).collect::<Vec<_>>());
    assert_eq!(store.move_rows("b").await.unwrap(), vec![mv("b", 1), mv("b", 2)]);
    assert_eq!(store.player_by_name(&"bob".parse().unwrap()).await.unwrap(), Some(player("bob", "h1")));
    assert_eq!(store.player_by_name(&"cy".parse().unwrap()).await.unwrap(), Some(player("cy", "h3")));

    // Progress writes change only their columns, the last of a batch wins, and they come after the full
    // rows of the same batch (a join, then decisions).
    let progress = |id: &str, plies: u32, updated_at: i64| GameProgress {
        id: id.into(),
        south_clock_ms: Some(1_000 + plies as i64),
        north_clock_ms: None,
        plies,
        updated_at,
    };
    store.write(vec![Write::InsertGame(game("c", "waiting", 0, 8))]).await.expect("game c");
    let (r1, r2, r3) = tokio::join!(
        store.write(vec![Write::UpdateGame(game("c", "ongoing", 0, 9))]),
        store.write(vec![Write::InsertMove(mv("c", 1)), Write::Progress(progress("c", 1, 10))]),
        store.write(vec![Write::InsertMove(mv("c", 2)), Write::Progress(progress("c", 2, 11))]),
    );
    for r in [r1, r2, r3] {
        r.expect("every job commits");
    }
    let c = store.game_row("c").await.unwrap().expect("c");
    let want = GameRow {
        south_clock_ms: Some(1_002),
        north_clock_ms: None,
        plies: 2,
        updated_at: 11,
        ..game("c", "ongoing", 0, 9)
    };
    assert_eq!(c, want);
    // Progress of three games in one batch.
    store.write(vec![Write::InsertGame(game("d", "ongoing", 0, 8))]).await.expect("game d");
    let (r1, r2, r3) = tokio::join!(
        store.write(vec![Write::Progress(progress("c", 3, 12))]),
        store.write(vec![Write::Progress(progress("d", 1, 13))]),
        store.write(vec![Write::InsertMove(mv("b", 3)), Write::Progress(progress("b", 3, 14))]),
    );
    for r in [r1, r2, r3] {
        r.expect("every job commits");
    }
    for (id, plies, updated_at) in [("c", 3, 12), ("d", 1, 13), ("b", 3, 14)] {
        let row = store.game_row(id).await.unwrap().expect("row");
        assert_eq!((row.plies, row.updated_at, row.south_clock_ms), (plies, updated_at, Some(1_000 + plies as i64)));
    }
    // The progress of 40 games in one batch: on SQLite more rows than are bound as values, so one JSON array.
    let ids: Vec<String> = (0..40).map(|i| format!("p{i}")).collect();
    store.write(ids.iter().map(|id| Write::InsertGame(game(id, "ongoing", 0, 8))).collect()).await.expect("40 games");
    let moved = ids.iter().zip(1..).map(|(id, plies)| Write::Progress(progress(id, plies, 20 + plies as i64)));
    store.write(moved.collect()).await.expect("their progress");
    for (id, plies) in ids.iter().zip(1..) {
        let row = store.game_row(id).await.unwrap().expect("row");
        assert_eq!(
            (row.plies, row.updated_at, row.south_clock_ms),
            (plies, 20 + plies as i64, Some(1_000 + plies as i64))
        );
    }

    // A batch of play where one job fails (a game id taken). On SQLite such a batch is written in one round
    // trip (store/script.rs): the failure undoes all of it, each job is then committed alone, and no
    // transaction is left open for the next batch.
    let (r1, r2, r3) = tokio::join!(
        store.write(vec![Write::InsertMove(mv("d", 1)), Write::Progress(progress("d", 2, 15))]),
        store.write(vec![Write::InsertGame(game("a", "waiting", 0, 16))]),
        store.write(vec![Write::InsertGame(game("e", "waiting", 0, 17)), Write::InsertMove(mv("e", 1))]),
    );
    assert!(matches!(r2, Err(StoreError::Conflict)), "{r2:?}");
    r1.expect("d's move");
    r3.expect("game e and its move");
    assert_eq!(store.game_row("a").await.unwrap(), Some(game("a", "finished", 4, 5)));
    assert_eq!(store.game_row("e").await.unwrap(), Some(game("e", "waiting", 0, 17)));
    assert_eq!(store.move_rows("d").await.unwrap(), vec![mv("d", 1)]);
    assert_eq!(store.move_rows("e").await.unwrap(), vec![mv("e", 1)]);
    let d = store.game_row("d").await.unwrap().expect("d");
    assert_eq!((d.plies, d.updated_at), (2, 15));
    store.write(vec![Write::InsertMove(mv("e", 2))]).await.expect("a batch after the failed one");
    assert_eq!(store.move_rows("e").await.unwrap(), vec![mv("e", 1), mv("e", 2)]);

    // A batch of 20 moves: on SQLite bound as values, in a text of 32 rows whose last 12 are empty and
    // must store nothing (store/script.rs).
    let some: Vec<Write> = (4..=23).map(|p| Write::InsertMove(mv("b", p))).collect();
    store.write(some).await.expect("some moves");
    assert_eq!(store.move_rows("b").await.unwrap(), (1..=23).map(|p| mv("b", p)).collect::<Vec<_>>());

    // A large batch (on SQLite one JSON array, whatever its size).
    let many: Vec<Write> = (24..=1300).map(|p| Write::InsertMove(mv("b", p))).collect();
    store.write(many).await.expect("many moves");
    assert_eq!(store.move_rows("b").await.unwrap(), (1..=1300).map(|p| mv("b", p)).collect::<Vec<_>>());

    drop(store);
    writer.finish().await;
}

fn outcome(game_id: &str, player_key: &str, outcome: Conduct) -> OutcomeRow {
    OutcomeRow { game_id: game_id.into(), player_key: player_key.into(), registered: true, outcome, at: 20 }
}

/// A tournament whose round 1 pairs amina and bob in game `game_id`, written below the server (its
/// writes are the tournaments feature's): only what a game's end reads of it.
async fn tournament_of(url: &str, id: &str, game_id: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("connect to the database");
    sqlx::query(
        "INSERT INTO tournaments (id, name, kind, variants, clock_base_secs, clock_increment_secs, rated, bots, \
         starts_at, minutes, status, round, version, created_at, berserk) \
         VALUES ($1, 'Friday arena', 'arena', 'kubuguza', 180, 2, 0, 0, 1, 30, 'running', 1, 1, 1, 0)",
    )
    .bind(id)
    .execute(&mut conn)
    .await
    .expect("the tournament");
    for (player, side) in [("amina", "south"), ("bob", "north")] {
        sqlx::query(
            "INSERT INTO tournament_pairings (tournament_id, round, player_key, game_id, side, variant) \
             VALUES ($1, 1, $2, $3, $4, 'kubuguza')",
        )
        .bind(id)
        .bind(player)
        .bind(game_id)
        .bind(side)
        .execute(&mut conn)
        .await
        .expect("a pairing");
    }
}

/// The version of tournament `id`, read from its row.
async fn version_of(url: &str, id: &str) -> i64 {
    use sqlx::{Connection, Row};
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("connect to the database");
    let row = sqlx::query("SELECT version FROM tournaments WHERE id = $1").bind(id).fetch_one(&mut conn).await;
    row.expect("the tournament").get(0)
}

/// The stored outcomes of the account `key`, as (at, outcome), read from the table itself: playban's read
/// of them is the server's own (`playban/queries.rs`).
async fn outcomes_of(url: &str, key: &str) -> Vec<(i64, String)> {
    use sqlx::{Connection, Row};
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url).await.expect("connect to the database");
    let rows = sqlx::query("SELECT at, outcome FROM playban_outcomes WHERE player_key = $1 AND registered = 1")
        .bind(key)
        .fetch_all(&mut conn)
        .await
        .expect("the outcomes");
    rows.iter().map(|r| (r.get(0), r.get(1))).collect()
}

/// The end of a game in a batch of play (on SQLite the batch's one round trip): its players' outcomes (the
/// penalties for leaving games count them) and its tournament's new version (viewers read the standings
/// again) land with its row; a game of no tournament raises no tournament's version.
async fn a_game_s_end_lands_with_its_outcomes_and_its_tournament(url: &str) {
    let (store, writer) = Store::connect(url).await.expect("connect");
    for id in ["t", "u", "v"] {
        store.write(vec![Write::InsertGame(game(id, "ongoing", 0, 1))]).await.expect("game");
    }
    tournament_of(url, "arena", "t").await;
    let before = version_of(url, "arena").await;

    // One batch (every job sent before the writer runs): game t ends, game u ends, game v moves on.
    let (r1, r2, r3) = tokio::join!(
        store.write(vec![
            Write::InsertMove(mv("t", 1)),
            Write::UpdateGame(game("t", "finished", 1, 20)),
            Write::Ended("t".into()),
            Write::Outcome(outcome("t", "amina", Conduct::Good)),
            Write::Outcome(outcome("t", "bob", Conduct::Leave)),
        ]),
        store.write(vec![
            Write::UpdateGame(game("u", "finished", 0, 20)),
            Write::Ended("u".into()),
            Write::Outcome(outcome("u", "cy", Conduct::Abort)),
        ]),
        store.write(vec![
            Write::InsertMove(mv("v", 1)),
            Write::Progress(GameProgress {
                id: "v".into(),
                south_clock_ms: None,
                north_clock_ms: None,
                plies: 1,
                updated_at: 20
            })
        ]),
    );
    r1.expect("t ends");
    r2.expect("u ends");
    r3.expect("v moves on");

    assert_eq!(version_of(url, "arena").await, before + 1);
    assert_eq!(outcomes_of(url, "amina").await, [(20, "good".to_string())]);
    assert_eq!(outcomes_of(url, "bob").await, [(20, "leave".to_string())]);
    assert_eq!(outcomes_of(url, "cy").await, [(20, "abort".to_string())]);
    assert_eq!(store.game_row("t").await.unwrap(), Some(game("t", "finished", 1, 20)));
    assert_eq!(store.move_rows("v").await.unwrap(), vec![mv("v", 1)]);

    // Written again (a job retried after a lost answer): the outcome stays one row.
    store.write(vec![Write::Outcome(outcome("t", "amina", Conduct::Good))]).await.expect("again");
    assert_eq!(outcomes_of(url, "amina").await.len(), 1);

    drop(store);
    writer.finish().await;
}

#[tokio::test]
async fn a_game_s_end_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    a_game_s_end_lands_with_its_outcomes_and_its_tournament(&format!("sqlite://{}", dir.path().join("s.db").display()))
        .await;
}

#[tokio::test]
async fn a_game_s_end_on_postgres() {
    let Some((base, url)) = fresh_db("store_end").await else { return };
    a_game_s_end_lands_with_its_outcomes_and_its_tournament(&url).await;
    drop_db(&base, &url).await;
}

#[tokio::test]
async fn group_commit_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    group_commit_matches_one_by_one(&format!("sqlite://{}", dir.path().join("s.db").display())).await;
}

#[tokio::test]
async fn group_commit_on_postgres() {
    let Some((base, url)) = fresh_db("store").await else { return };
    group_commit_matches_one_by_one(&url).await;
    drop_db(&base, &url).await;
}
