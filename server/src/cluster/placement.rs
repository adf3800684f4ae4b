//! The cluster as the rooms' [`Placement`]: a game is run by the node that holds its lease (in the
//! database, with a fencing epoch). Another node relays the game's traffic to that owner while it is
//! alive and answers, and takes the game over (a new epoch) once its lease expired.

use super::Cluster;
use crate::ids::GameId;
use crate::room::{Lease, Placement, Registry, RoomError, RoomHandle};
use crate::store::StoreError;
use crate::store::leases;
use futures_util::future::BoxFuture;
use std::time::Duration;
use tokio::time::Instant;

impl Placement for Cluster {
    fn lease<'a>(&'a self, id: &'a GameId) -> BoxFuture<'a, Result<Option<Lease>, StoreError>> {
        Box::pin(async move { Ok(leases::take(&self.pool, id.as_str(), &self.node).await?.map(Lease::Held)) })
    }

    fn route<'a>(&'a self, rooms: &'a Registry, id: &'a GameId) -> BoxFuture<'a, Result<RoomHandle, RoomError>> {
        Box::pin(self.route(rooms, id))
    }

    fn is_ours<'a>(&'a self, id: &'a GameId) -> BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(async move {
            let owner = leases::owner(&self.pool, id.as_str()).await?;
            Ok(owner.is_some_and(|o| o.node == self.node && o.alive))
        })
    }

    fn restores_all(&self) -> bool {
        false
    }
}

impl Cluster {
    /// Where game `id` is served from. Its owner's lease is read from the database: an owner that is alive
    /// and answers gets the game's traffic relayed to it; an owner that is gone (its lease expired) loses
    /// the game to this node. An owner whose lease has not expired yet but that does not answer (killed a
    /// moment ago, paused, cut off) is waited for until its lease expires.
    async fn route(&self, rooms: &Registry, id: &GameId) -> Result<RoomHandle, RoomError> {
        let deadline = Instant::now() + self.lease + Duration::from_secs(3);
        loop {
            if rooms.is_shutting_down() {
                return Err(RoomError::ShuttingDown);
            }
            if let Some(h) = rooms.live(id) {
                return Ok(h);
            }
            let owner = leases::owner(&self.pool, id.as_str()).await?;
            match owner {
                Some(o) if o.alive && o.node != self.node => {
                    if let Some(room) = self.reach(id, &o.node).await {
                        return Ok(room);
                    }
                }
                _ => {
                    if let Some(h) = rooms.take_over(id, owner.is_some()).await? {
                        return Ok(h);
                    }
                }
            }
            if Instant::now() >= deadline {
                return Err(RoomError::OwnerAway(id.clone()));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}
