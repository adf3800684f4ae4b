//! The pairs of players who must not be paired while another pairing exists: an account that blocks
//! another is never paired with it when the tournament can pair otherwise (docs/tournaments.md,
//! "Blocks"). The server reads the blocks between a tournament's players from its database and hands them
//! to the pairing, which stays a pure function of its inputs.

use crate::PlayerId;
use std::collections::BTreeSet;

/// Unordered pairs of players: a block either way keeps the two apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Blocks(BTreeSet<(PlayerId, PlayerId)>);

impl Blocks {
    /// No blocks.
    pub fn none() -> Blocks {
        Blocks::default()
    }

    /// The blocks of `pairs` (blocker, blocked), whichever way each goes.
    pub fn new(pairs: impl IntoIterator<Item = (PlayerId, PlayerId)>) -> Blocks {
        Blocks(pairs.into_iter().filter(|(a, b)| a != b).map(|(a, b)| if a < b { (a, b) } else { (b, a) }).collect())
    }

    /// Does either of `a` and `b` block the other?
    pub fn between(&self, a: &PlayerId, b: &PlayerId) -> bool {
        let key = if a < b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
        self.0.contains(&key)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_either_way_is_one_pair() {
        let id = |s: &str| PlayerId::from(s);
        let blocks = Blocks::new([(id("b"), id("a")), (id("a"), id("b")), (id("c"), id("c"))]);
        assert!(blocks.between(&id("a"), &id("b")) && blocks.between(&id("b"), &id("a")));
        assert!(!blocks.between(&id("a"), &id("c")));
        assert!(!blocks.between(&id("c"), &id("c")), "nobody blocks themself");
        assert!(Blocks::none().is_empty() && !blocks.is_empty());
    }
}
