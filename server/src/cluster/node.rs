//! This node's two clocks: the heartbeat (renews its lease every lease/3, ends its rooms at once when its
//! lease lapsed, learns which nodes are alive) and the sweeper (takes over the unfinished games of dead
//! nodes, so that their clocks keep running even if nobody connects, and removes their lobby seeks).

use super::{Cluster, relay};
use crate::ids::GameId;
use crate::room::Registry;
use crate::store::leases;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;

/// Renews the lease every lease/3. If the lease lapses (renewals failed for a whole lease, or the database
/// says it expired), every room of this node ends at once: another node may own its games by now. Then
/// the node announces itself again and takes games as any node does.
pub(super) async fn heartbeat(cluster: Arc<Cluster>, rooms: Arc<Registry>, shutdown: CancellationToken) {
    let period = cluster.lease / 3;
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        let valid_until = *cluster.valid_until.lock().expect("lease lock");
        tokio::select! {
            _ = shutdown.cancelled() => return,
            // The watchdog: never serve a game past the lease, even if a renewal hangs.
            _ = tokio::time::sleep_until(valid_until) => {
                lapse(&cluster, &rooms, "no renewal for a whole lease").await;
            }
            _ = tick.tick() => {
                let sent = Instant::now();
                let wait = period.min(valid_until.saturating_duration_since(sent)).max(Duration::from_millis(1));
                match tokio::time::timeout(wait, leases::renew(&cluster.pool, &cluster.node, cluster.lease)).await {
                    Ok(Ok(true)) => *cluster.valid_until.lock().expect("lease lock") = sent + cluster.lease,
                    Ok(Ok(false)) => lapse(&cluster, &rooms, "the database says it expired").await,
                    Ok(Err(e)) => tracing::warn!(error = %e, "lease renewal failed"),
                    Err(_) => tracing::warn!("lease renewal timed out"),
                }
                if let Ok(Ok(list)) = tokio::time::timeout(period, leases::alive(&cluster.pool)).await {
                    let alive: HashSet<String> = list.into_iter().map(|(node, _)| node).collect();
                    metrics::gauge!("mancala_nodes_alive").set(alive.len() as f64);
                    relay::owners_alive(&cluster, &alive);
                    cluster.remotes.drop_orphans(&alive);
                    *cluster.alive.lock().expect("alive lock") = alive;
                }
                metrics::gauge!("mancala_broker_connected").set(if cluster.broker.is_connected() { 1.0 } else { 0.0 });
                metrics::gauge!("mancala_lease_valid").set(if cluster.lease_holds() { 1.0 } else { 0.0 });
            }
        }
    }
}

/// The lease lapsed: every room ends, then the node announces itself again.
async fn lapse(cluster: &Cluster, rooms: &Registry, why: &str) {
    tracing::warn!(node = %cluster.node, why, "lease lapsed: this node stops every game it ran");
    metrics::counter!("mancala_lease_lapses").increment(1);
    rooms.lapse();
    let sent = Instant::now();
    // Until the announcement succeeds, the watchdog stays due: try again at the next tick.
    *cluster.valid_until.lock().expect("lease lock") = sent + cluster.lease / 3;
    match leases::register(&cluster.pool, &cluster.node, &cluster.addr, cluster.lease).await {
        Ok(()) => *cluster.valid_until.lock().expect("lease lock") = sent + cluster.lease,
        Err(e) => tracing::warn!(error = %e, "cannot announce this node again yet"),
    }
}

/// Every lease/2: takes this node's share of the unfinished games no live node owns. A game goes to the
/// live node that ranks first for it (rendezvous hashing: the games of a dead node spread over the
/// others); one still orphaned at the next sweep is taken by whoever sees it, so none is left behind.
pub(super) async fn sweeper(cluster: Arc<Cluster>, rooms: Arc<Registry>, shutdown: CancellationToken) {
    let mut tick = tokio::time::interval(cluster.lease / 2);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut seen: HashSet<String> = HashSet::new();
    let mut sweeps: u64 = 0;
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        sweeps += 1;
        if !cluster.lease_holds() {
            continue;
        }
        // The seeks of a dead node go with it: its lobby task, the only one that could pair them, is gone.
        if let Err(e) = leases::drop_dead_seeks(&cluster.pool).await {
            tracing::debug!(error = %e, "cannot remove the seeks of dead nodes");
        }
        let orphans = match leases::orphans(&cluster.pool, 1000).await {
            Ok(orphans) => orphans,
            Err(e) => {
                tracing::warn!(error = %e, "sweep failed");
                continue;
            }
        };
        let alive: Vec<String> = {
            let mut alive: Vec<String> = cluster.alive.lock().expect("alive lock").iter().cloned().collect();
            if !alive.contains(&cluster.node) {
                alive.push(cluster.node.clone());
            }
            alive
        };
        let mut still = HashSet::new();
        for id in orphans {
            if shutdown.is_cancelled() {
                return;
            }
            let mine = first_for(&id, &alive) == Some(cluster.node.as_str()) || seen.contains(&id);
            if !mine {
                still.insert(id);
                continue;
            }
            let Ok(game) = id.parse::<GameId>() else { continue };
            match rooms.take_over(&game, true).await {
                Ok(Some(_)) => {}
                Ok(None) => {}
                Err(e) => tracing::warn!(game = %id, error = %e, "cannot take over the game"),
            }
        }
        seen = still;
        if sweeps.is_multiple_of(120)
            && let Err(e) = leases::tidy(&cluster.pool).await
        {
            tracing::debug!(error = %e, "lease housekeeping failed");
        }
    }
}

/// The node that ranks first for `game` among `nodes` (highest hash of the pair).
fn first_for<'a>(game: &str, nodes: &'a [String]) -> Option<&'a str> {
    nodes.iter().max_by_key(|node| fnv(node.as_bytes(), game.as_bytes())).map(String::as_str)
}

/// FNV-1a over two byte strings, then a 64-bit finaliser (MurmurHash3's) so that similar inputs spread:
/// the same on every node and every build.
fn fnv(a: &[u8], b: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in a.iter().chain([0u8].iter()).chain(b) {
        h ^= byte as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

#[cfg(test)]
mod tests {
    use super::first_for;

    #[test]
    fn games_spread_over_nodes() {
        let nodes: Vec<String> = ["a-1", "b-2", "c-3"].map(String::from).to_vec();
        let mut counts = std::collections::HashMap::new();
        for i in 0..300 {
            *counts.entry(first_for(&format!("game{i}"), &nodes).unwrap()).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 3, "{counts:?}");
        assert!(counts.values().all(|&n| n > 60), "{counts:?}");
        // Removing a node moves only its games.
        let two: Vec<String> = nodes[..2].to_vec();
        for i in 0..300 {
            let id = format!("game{i}");
            let before = first_for(&id, &nodes).unwrap();
            if before != "c-3" {
                assert_eq!(first_for(&id, &two).unwrap(), before);
            }
        }
    }
}
