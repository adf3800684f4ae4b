//! The live tournaments of this node's sockets: one task per watched tournament reads its version every
//! [`POLL`] and, when it changed, the whole tournament, which every socket watching it receives. The
//! database is the only source, so a socket shows the same on every node whichever node directs the
//! tournament; the task ends when its last socket goes.

use super::queries;
use super::record::Tournament;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// How often a watched tournament's version is read.
pub const POLL: Duration = Duration::from_millis(500);

/// The latest read of a watched tournament (`None` until the first read, or when it does not exist).
pub type Latest = watch::Receiver<Option<Arc<Tournament>>>;

#[derive(Debug)]
pub struct Feeds {
    store: Store,
    watched: Mutex<HashMap<String, Latest>>,
}

impl Feeds {
    pub fn new(store: Store) -> Arc<Feeds> {
        Arc::new(Feeds { store, watched: Mutex::new(HashMap::new()) })
    }

    /// Follows tournament `id`.
    pub fn watch(self: &Arc<Self>, id: &str) -> Latest {
        let mut watched = self.watched.lock().expect("feeds lock");
        if let Some(rx) = watched.get(id) {
            return rx.clone();
        }
        let (tx, rx) = watch::channel(None);
        watched.insert(id.to_string(), rx.clone());
        tokio::spawn(self.clone().follow(id.to_string(), tx));
        metrics::gauge!("mancala_tournament_feeds").increment(1.0);
        rx
    }

    async fn follow(self: Arc<Self>, id: String, tx: watch::Sender<Option<Arc<Tournament>>>) {
        let mut seen = None;
        loop {
            {
                let mut watched = self.watched.lock().expect("feeds lock");
                // The map's own receiver is the last one: nobody watches any more.
                if tx.receiver_count() <= 1 {
                    watched.remove(&id);
                    metrics::gauge!("mancala_tournament_feeds").decrement(1.0);
                    return;
                }
            }
            match queries::tournament_version(&self.store, &id).await {
                Ok(version) if version != seen => match self.read(&id).await {
                    Ok(t) => {
                        seen = version;
                        tx.send_replace(t.map(Arc::new));
                    }
                    Err(e) => tracing::warn!(tournament = %id, error = %e, "a watched tournament cannot be read"),
                },
                Ok(_) => {}
                Err(e) => tracing::warn!(tournament = %id, error = %e, "a watched tournament cannot be read"),
            }
            tokio::time::sleep(POLL).await;
        }
    }

    async fn read(&self, id: &str) -> Result<Option<Tournament>, String> {
        let record = queries::tournament_record(&self.store, id).await.map_err(|e| e.to_string())?;
        record.map(Tournament::read).transpose()
    }
}
