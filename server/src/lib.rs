//! `mancala-server`: the authoritative game server. Clients propose decisions over WebSockets; the server
//! checks them with the rules engine, stores them, and tells every connection what that viewer may see.
//! History is served over HTTP.
//!
//! Layout (docs/server.md, "The map"): [`game`] (the state machine around the rules engine, no I/O),
//! `room` (one task per live game, the only owner of its state: commands, one commit path, delivery to
//! connections), [`store`] (SQLite or PostgreSQL through one code path; rows to domain values, every SQL
//! statement the core owns), `edge` (what HTTP and the sockets share: extractors, errors, limits, the
//! handlers' state), `ws` (the WebSocket endpoint and connection loop), `http` (the router, the site's
//! pages, the OpenAPI document), `cluster`, and the features in a folder each (`accounts`, `games`,
//! `analysis` (every search of the server on one pool of cores: the server bots', analyses, reviews),
//! `ratings`, `learn`, `lobby`, `playban`, `blocks`, `puzzles`, `moderation`, `fairplay`, `tournaments`).
//! [`run`] takes a bound listener and a shutdown future, so tests run the real server on an ephemeral
//! port.
//!
//! The public surface is what the binary, the tests and the examples use: [`run`] with its [`Config`]
//! and [`shutdown_signal`]; the operator's commands ([`admin`]) and the container's probe ([`healthcheck`]); the domain ([`game`], [`ids`]) and the [`store`], which the storage tests
//! drive directly; the wire projection of a game's events ([`projection`]), which the frame-size example
//! measures; the rating update ([`ratings`]), which `mancala-fairplay` replays for a simulated copier.
//! Everything else is `pub(crate)`.

pub(crate) mod accounts;
pub mod admin;
pub(crate) mod analysis;
pub(crate) mod blocks;
pub(crate) mod cluster;
pub mod config;
pub(crate) mod edge;
pub(crate) mod fairplay;
pub mod game;
pub(crate) mod games;
pub mod healthcheck;
pub(crate) mod http;
pub mod ids;
pub(crate) mod learn;
pub(crate) mod lobby;
pub(crate) mod mail;
pub(crate) mod moderation;
pub(crate) mod node;
pub(crate) mod password;
pub(crate) mod playban;
pub(crate) mod puzzles;
pub mod ratings;
pub(crate) mod room;
pub(crate) mod serve;
pub(crate) mod services;
pub mod store;
pub(crate) mod tournaments;
pub(crate) mod ws;

mod metrics_setup;

pub use config::Config;
pub use room::projection;

use crate::store::StoreError;
use std::future::Future;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

/// Why the server could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("restoring games: {0}")]
    Restore(#[from] room::RoomError),
    #[error("serving: {0}")]
    Io(#[from] std::io::Error),
    #[error("joining the other nodes: {0}")]
    Cluster(#[from] cluster::ClusterError),
    #[error("configuration: {0}")]
    Config(String),
    #[error("puzzles: {0}")]
    Puzzles(#[from] puzzles::ImportError),
    #[error("the lessons and rules pages: {0}")]
    Learn(#[from] mancala_learn::LoadError),
}

/// Runs the server on `listener` until `shutdown` completes, then shuts down in one place, in this order:
/// 1. everyone is told at once: WebSockets and live streams close with 1001, rooms and server bots stop
///    taking commands (the one in progress finishes, its commit included), `/healthz` answers 503
///    "shutting down", new games and connections are refused with 503, and every answer carries
///    `Connection: close`; the listener keeps accepting meanwhile, so clients get that answer rather than
///    a refused connection;
/// 2. connections and rooms are awaited (at most the configured grace);
/// 3. HTTP stops ([`serve`]): the connections already accepted are served, the listener closes, requests
///    in flight finish;
/// 4. the single writer commits whatever was queued, then the pools close (SQLite checkpoints its WAL).
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServerError> {
    let node = node::Node::start(&config, listener.local_addr()?).await?;
    let app = http::router(node.state.clone());
    let serve_config = serve::ServeConfig::of(&config);
    tracing::info!(max_connections = serve_config.max_connections, "accepting connections");
    let stop_serving = CancellationToken::new();
    let mut serving = tokio::spawn(serve::serve(listener, app, serve_config, stop_serving.clone()));
    tokio::select! {
        _ = shutdown => {}
        served = &mut serving => {
            // The accept loop ended on its own: shut the rest down the same way, then report it.
            tracing::error!(?served, "the HTTP server stopped");
        }
    }
    node.stop(stop_serving, serving).await;
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
