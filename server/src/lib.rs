//! `mancala-server`: the authoritative game server. Clients propose decisions over WebSockets; the server
//! checks them with the rules engine, stores them, and tells every connection what that viewer may see.
//! History is served over HTTP.
//!
//! Layout: [`http`] (REST routes, one file per area), [`ws`] (the WebSocket endpoint and connection
//! loop), [`room`] (one task per live game, the only owner of its state), [`store`] (SQLite or
//! PostgreSQL through one code path). [`run`] takes a bound listener and a shutdown future, so tests run
//! the real server on an ephemeral port.

pub mod config;
pub mod error;
pub mod http;
pub mod ids;
pub mod room;
pub mod state;
pub mod store;
pub mod ws;

mod metrics_setup;

use crate::config::Config;
use crate::room::Registry;
use crate::state::AppState;
use crate::store::{Store, StoreError};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("restoring games: {0}")]
    Restore(#[from] room::RoomError),
    #[error("serving: {0}")]
    Io(#[from] std::io::Error),
}

/// Runs the server on `listener` until `shutdown` completes, then closes every WebSocket with 1001
/// (waiting at most the configured grace), and closes the database.
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let (store, writer) = Store::connect(&config.database_url).await?;
    let rooms = Registry::new(store.clone(), config.room_config());
    let restored = rooms.restore_unfinished().await?;
    tracing::info!(restored, backend = ?store.backend(), addr = %listener.local_addr()?, "mancala-server ready");
    let state = AppState {
        store: store.clone(),
        rooms,
        ws_limits: config.ws_limits(),
        config: Arc::new(config.clone()),
        shutdown: CancellationToken::new(),
        tracker: TaskTracker::new(),
        metrics: metrics_setup::handle(),
    };
    let app = http::router(state.clone());
    let token = state.shutdown.clone();
    // Nagle off: an `accepted` right after its `event` would otherwise wait for the client's delayed ACK
    // (up to 40 ms on Linux).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp: &mut tokio::net::TcpStream| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async move {
            shutdown.await;
            tracing::info!("shutting down");
            token.cancel();
        })
        .await?;
    state.tracker.close();
    if tokio::time::timeout(Duration::from_secs(config.shutdown_grace_secs), state.tracker.wait()).await.is_err() {
        tracing::warn!("some connections did not close in time");
    }
    // Every accepted decision is already committed; closing the pools checkpoints SQLite's WAL.
    store.close().await;
    drop(state);
    drop(store);
    let _ = tokio::time::timeout(Duration::from_secs(2), writer.finish()).await;
    Ok(())
}

/// Completes on SIGINT or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
}
