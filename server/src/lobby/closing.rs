//! The game sockets of this node that stand for an account (a seat of the account in a game, or a
//! spectator signed in as it), so that closing the account closes them at once, as its lobby and
//! tournament sockets are closed by the revocation of its credentials. A socket holds a [`Watch`] while it
//! is open; closing the account cancels every watch of it. One token per account shared by its sockets,
//! kept while one is open: a socket awaits its token's cancellation through one future made when it
//! opens, so a message costs no lock (docs/server.md, "Measuring it").

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio_util::sync::CancellationToken;

/// The accounts with a game socket open on this node.
#[derive(Clone, Debug, Default)]
pub struct AccountSockets(Arc<Mutex<HashMap<String, Entry>>>);

#[derive(Debug)]
struct Entry {
    token: CancellationToken,
    /// Sockets holding a watch of this entry.
    open: usize,
    /// Told apart from an entry made again after a closing (whose watches are not this one's).
    id: u64,
}

/// A socket's hold on its account's token: cancelled when the account is closed.
#[derive(Debug)]
pub struct Watch {
    token: CancellationToken,
    key: String,
    id: u64,
    sockets: AccountSockets,
}

impl Watch {
    /// Cancelled when the account is closed.
    pub fn token(&self) -> &CancellationToken {
        &self.token
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let mut map = self.sockets.0.lock().expect("not poisoned");
        if let Some(entry) = map.get_mut(&self.key).filter(|e| e.id == self.id) {
            entry.open -= 1;
            if entry.open == 0 {
                map.remove(&self.key);
            }
        }
    }
}

impl AccountSockets {
    /// A watch for a socket that stands for the account `key`.
    pub fn watch(&self, key: &str) -> Watch {
        static IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let mut map = self.0.lock().expect("not poisoned");
        let entry = map.entry(key.to_string()).or_insert_with(|| Entry {
            token: CancellationToken::new(),
            open: 0,
            id: IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        });
        entry.open += 1;
        Watch { token: entry.token.clone(), key: key.to_string(), id: entry.id, sockets: self.clone() }
    }

    /// The account `key` is closed: its sockets on this node close.
    pub fn close(&self, key: &str) {
        let entry = self.0.lock().expect("not poisoned").remove(key);
        if let Some(entry) = entry {
            entry.token.cancel();
        }
    }

    /// Accounts with a socket open (tests).
    pub fn len(&self) -> usize {
        self.0.lock().expect("not poisoned").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closing_an_account_cancels_its_sockets_only() {
        let sockets = AccountSockets::default();
        let (a1, a2, b) = (sockets.watch("amina"), sockets.watch("amina"), sockets.watch("baraka"));
        assert_eq!(sockets.len(), 2);
        sockets.close("amina");
        assert!(a1.token().is_cancelled() && a2.token().is_cancelled());
        assert!(!b.token().is_cancelled());
        // A socket opened after the closing is a new one (refused at its handshake while the account is
        // closed); the old watches leaving do not take its entry away.
        let again = sockets.watch("amina");
        drop((a1, a2));
        assert!(!again.token().is_cancelled());
        assert_eq!(sockets.len(), 2);
        drop((again, b));
        assert_eq!(sockets.len(), 0, "an account's entry goes with its last socket");
    }
}
