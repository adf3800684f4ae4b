//! Who blocks whom, as this node holds it (docs/moderation.md, "Blocks"): read from the store when the
//! node starts, changed at once by a block or an unblock made here, and by those of the other nodes
//! (`crate::cluster::blocks` calls [`Blocks::refresh`]). The lobby reads it to never pair two people one of
//! whom blocks the other; a game socket reads it to leave out the chat lines of the accounts its reader
//! blocks.
//!
//! The store stays the authority: a challenge is checked there, and an account's list is read again when
//! it opens a game or lobby socket ([`Blocks::refresh`]), so a change whose broker message was lost (NATS
//! delivers at most once) is caught up by the next page its blocker opens.

use super::queries;
use crate::store::{Store, StoreError};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

/// The most accounts one account may block (as lichess: a list a person can still read through).
pub const MAX_BLOCKS: usize = 500;

/// The blocks of every account, by account key (`lower(name)`); cheap to clone, shared.
#[derive(Clone, Debug, Default)]
pub struct Blocks {
    by_blocker: Arc<RwLock<Held>>,
}

/// The blocks held, and their count: the gauge `mancala_blocks_known` (what an operator, and a test of
/// several nodes, reads to see that a node has heard of a change).
#[derive(Debug, Default)]
struct Held {
    map: HashMap<String, HashSet<String>>,
    total: usize,
}

impl Blocks {
    /// Every block in the store.
    pub async fn load(store: &Store) -> Result<Blocks, StoreError> {
        let mut by: HashMap<String, Vec<String>> = HashMap::new();
        for (blocker, blocked) in queries::all(store).await? {
            by.entry(blocker).or_default().push(blocked);
        }
        let blocks = Blocks::default();
        for (blocker, blocked) in by {
            blocks.replace(&blocker, blocked);
        }
        Ok(blocks)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Held> {
        // A panic while holding the lock leaves the map as whole as any write of it: a set insert or replace.
        self.by_blocker.write().unwrap_or_else(|e| e.into_inner())
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Held> {
        self.by_blocker.read().unwrap_or_else(|e| e.into_inner())
    }

    /// `blocker`'s list is now `blocked` (every key).
    pub fn replace(&self, blocker: &str, blocked: Vec<String>) {
        let mut held = self.write();
        let new: HashSet<String> = blocked.into_iter().collect();
        let added = new.len();
        let old = if new.is_empty() { held.map.remove(blocker) } else { held.map.insert(blocker.to_string(), new) };
        held.total = held.total - old.map_or(0, |o| o.len()) + added;
        metrics::gauge!("mancala_blocks_known").set(held.total as f64);
    }

    /// Reads `blocker`'s list from the store again.
    pub async fn refresh(&self, store: &Store, blocker: &str) -> Result<(), StoreError> {
        let keys = queries::blocked_keys(store, blocker).await?;
        self.replace(blocker, keys);
        Ok(())
    }

    /// Does account `blocker` block account `blocked` (both keys)?
    pub fn blocks(&self, blocker: &str, blocked: &str) -> bool {
        self.read().map.get(blocker).is_some_and(|s| s.contains(blocked))
    }

    /// Does one of two accounts (keys) block the other?
    pub fn either_way(&self, a: &str, b: &str) -> bool {
        self.blocks(a, b) || self.blocks(b, a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_is_one_account_s_and_keeps_the_two_apart_both_ways() {
        let blocks = Blocks::default();
        assert!(!blocks.either_way("amina", "bob"));
        blocks.replace("amina", vec!["bob".into()]);
        assert!(blocks.blocks("amina", "bob"));
        assert!(!blocks.blocks("bob", "amina"), "a block is one account's");
        assert!(blocks.either_way("amina", "bob"));
        assert!(blocks.either_way("bob", "amina"));
        blocks.replace("amina", Vec::new());
        assert!(!blocks.either_way("amina", "bob"));
    }
}
