//! Fencing (docs/cluster.md): a node's write of a game commits only while that node holds the game's lease
//! at the epoch its room was started with, checked by the database in the writing transaction. Two
//! writers with different node keys on one PostgreSQL; leases taken and expired by hand. PostgreSQL only
//! (several nodes need it): skipped without `TEST_DATABASE_URL`.

use crate::common;

use common::{drop_db, fresh_db};
use mancala_server::store::leases;
use mancala_server::store::{Fence, PlayerRow, Store, StoreError, Write, check_fences};
use sqlx::AnyPool;
use std::time::Duration;

fn player(name: &str) -> Vec<Write> {
    vec![Write::InsertPlayer(PlayerRow {
        name: name.into(),
        token_hash: format!("hash-{name}"),
        created_at: 1,
        password_hash: None,
    })]
}

fn fence(epoch: i64) -> Option<Fence> {
    Some(Fence { game: "g1".into(), epoch })
}

async fn expire(pool: &AnyPool, node: &str) {
    sqlx::query("UPDATE cluster_nodes SET expires_at = clock_timestamp() - interval '1 second' WHERE node = $1")
        .bind(node)
        .execute(pool)
        .await
        .unwrap();
}

/// This database's sessions waiting for a lock (a row lock's wait is on a transaction, in no database of
/// `pg_locks`, so the sessions are asked).
async fn waiting_locks(pool: &AnyPool) -> i64 {
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

async fn players(pool: &AnyPool) -> Vec<String> {
    sqlx::query_scalar("SELECT name FROM players ORDER BY name").fetch_all(pool).await.unwrap()
}

#[tokio::test]
async fn a_node_without_the_lease_cannot_write() {
    let Some((base, url)) = fresh_db("fencing").await else { return };
    let (a, writer_a) = Store::connect_node(&url, Some("a-1".into())).await.unwrap();
    let (b, writer_b) = Store::connect_node(&url, Some("b-1".into())).await.unwrap();
    let pool = AnyPool::connect(&url).await.unwrap();
    let lease = Duration::from_secs(60);
    leases::register(&pool, "a-1", "a", lease).await.unwrap();
    leases::register(&pool, "b-1", "b", lease).await.unwrap();

    assert_eq!(leases::take(&pool, "g1", "a-1").await.unwrap(), Some(1));
    assert_eq!(leases::take(&pool, "g1", "b-1").await.unwrap(), None, "a live node keeps its lease");
    a.write_fenced(player("p1"), fence(1)).await.expect("the owner writes");
    // The owner's own later room gets a new epoch; the old epoch is refused from then on.
    assert_eq!(leases::take(&pool, "g1", "a-1").await.unwrap(), Some(2));
    let old = a.write_fenced(player("p2"), fence(1)).await;
    assert!(matches!(old, Err(StoreError::Fenced { epoch: 1, .. })), "{old:?}");

    // A's node expires: nobody took the game yet, and still A may not write.
    expire(&pool, "a-1").await;
    let lapsed = a.write_fenced(player("p3"), fence(2)).await;
    assert!(matches!(lapsed, Err(StoreError::Fenced { .. })), "{lapsed:?}");
    // B takes over (epoch 3). A comes back to life: its epoch is still refused, B's is taken.
    assert_eq!(leases::take(&pool, "g1", "b-1").await.unwrap(), Some(3));
    leases::register(&pool, "a-1", "a", lease).await.unwrap();
    let stale = a.write_fenced(player("p4"), fence(2)).await;
    assert!(matches!(stale, Err(StoreError::Fenced { .. })), "{stale:?}");
    b.write_fenced(player("p5"), fence(3)).await.expect("the new owner writes");
    // A's writes without a fence (not a game's) are not concerned.
    a.write(player("p6")).await.expect("unfenced writes go on");
    // B's writes with the wrong node are refused too (a fence names a game, the node is the writer's).
    let wrong = b.write_fenced(player("p7"), Some(Fence { game: "g2".into(), epoch: 1 })).await;
    assert!(matches!(wrong, Err(StoreError::Fenced { .. })), "{wrong:?}");

    assert_eq!(players(&pool).await, ["p1", "p5", "p6"]);
    drop((a, b));
    writer_a.finish().await;
    writer_b.finish().await;
    pool.close().await;
    drop_db(&base, &url).await;
}

/// The interleaving that matters: the old owner's transaction has checked its lease (share lock held) and
/// has not committed yet when another node takes the game. The take waits for that commit, and the new
/// owner, reading after its take, sees the write; a check after the take is refused. (The writer's own
/// check and `leases::take`, run by hand on two connections to control the order.)
#[tokio::test]
async fn a_takeover_waits_for_the_write_in_flight() {
    let Some((base, url)) = fresh_db("fencing_race").await else { return };
    let (store, writer) = Store::connect_node(&url, None).await.unwrap(); // migrations
    drop(store);
    writer.finish().await;
    let pool = AnyPool::connect(&url).await.unwrap();
    leases::register(&pool, "a-1", "a", Duration::from_secs(60)).await.unwrap();
    leases::register(&pool, "b-1", "b", Duration::from_secs(60)).await.unwrap();
    assert_eq!(leases::take(&pool, "g1", "a-1").await.unwrap(), Some(1));

    let mut a = pool.begin().await.unwrap();
    let refused = check_fences(&mut a, "a-1", [fence(1)].iter().map(Option::as_ref)).await.unwrap();
    assert!(refused.is_empty(), "A holds its lease");
    // A is paused here; its lease expires and B takes over.
    expire(&pool, "a-1").await;
    let take = tokio::spawn({
        let pool = pool.clone();
        async move { leases::take(&pool, "g1", "b-1").await.unwrap() }
    });
    // The take is waiting for a lock (A's share lock on the lease row): the database says so.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while waiting_locks(&pool).await == 0 {
        assert!(tokio::time::Instant::now() < deadline && !take.is_finished(), "the take did not wait for A");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!take.is_finished(), "the take waits for A's transaction");
    sqlx::query("INSERT INTO players (name, token_hash, created_at) VALUES ('in-flight', 'h', 1)")
        .execute(&mut *a)
        .await
        .unwrap();
    a.commit().await.unwrap();
    assert_eq!(take.await.unwrap(), Some(2), "B takes over after A's commit");
    assert_eq!(players(&pool).await, ["in-flight"], "B reads A's last write");
    // A's next transaction checks again: nothing is held any more.
    let mut a = pool.begin().await.unwrap();
    let refused = check_fences(&mut a, "a-1", [fence(1)].iter().map(Option::as_ref)).await.unwrap();
    assert_eq!(refused, [0], "A's lease is gone");
    a.rollback().await.unwrap();
    pool.close().await;
    drop_db(&base, &url).await;
}
