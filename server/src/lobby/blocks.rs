//! Who the lobby keeps apart: two people one of whom blocks the other are never paired, either way. The
//! blocks are their feature's (`crate::blocks`); the lobby asks them in its own terms, people rather
//! than accounts, since only accounts block and are blocked.

use super::person::PersonKey;
use crate::blocks::Blocks;

/// Does one of two people of the lobby block the other?
pub trait KeptApart {
    fn between(&self, a: &PersonKey, b: &PersonKey) -> bool;
}

impl KeptApart for Blocks {
    fn between(&self, a: &PersonKey, b: &PersonKey) -> bool {
        match (a, b) {
            (PersonKey::Account(a), PersonKey::Account(b)) => self.either_way(a, b),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accounts_are_kept_apart_both_ways_and_guests_never() {
        let blocks = Blocks::default();
        let account = |k: &str| PersonKey::Account(k.to_string());
        blocks.replace("amina", vec!["bob".into()]);
        assert!(blocks.between(&account("amina"), &account("bob")));
        assert!(blocks.between(&account("bob"), &account("amina")));
        assert!(!blocks.between(&account("amina"), &account("chiku")));
        assert!(!blocks.between(&account("amina"), &PersonKey::Guest(7)));
    }
}
