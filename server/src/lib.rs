//! `mancala-server`: the authoritative game server. Clients propose decisions over WebSockets; the server
//! checks them with the rules engine, stores them, and tells every connection what that viewer may see.
//! History is served over HTTP.
//!
//! Layout (docs/server.md, "The map"): [`game`] (the state machine around the rules engine, no I/O),
//! `room` (one task per live game, the only owner of its state: commands, one commit path, delivery to
//! connections), [`store`] (SQLite or PostgreSQL through one code path; rows to domain values, every SQL
//! statement), `engine_work` (every search of the server on one pool of cores: the server bots', analyses,
//! reviews), `ws` (the WebSocket endpoint and connection loop), `http` (REST routes, one file per area),
//! `lobby`, `auth`, `cluster`, `tournaments`, and the features in a folder each (`playban`, `blocks`). [`run`] takes a bound listener and a shutdown future, so tests run the real
//! server on an ephemeral port.
//!
//! The public surface is what the binary, the tests and the examples use: [`run`] with its [`Config`]
//! and [`shutdown_signal`]; the operator's commands ([`admin`]) and the container's probe ([`healthcheck`]); the domain ([`game`], [`ids`]) and the [`store`], which the storage tests
//! drive directly; the wire projection of a game's events ([`projection`]), which the frame-size example
//! measures; the rating update ([`ratings`]), which `mancala-fairplay` replays for a simulated copier.
//! Everything else is `pub(crate)`.

pub mod admin;
pub(crate) mod auth;
pub(crate) mod blocks;
pub(crate) mod cluster;
pub mod config;
pub(crate) mod edge;
pub(crate) mod engine_work;
pub(crate) mod fairplay;
pub mod game;
pub mod healthcheck;
pub(crate) mod http;
pub mod ids;
pub(crate) mod lobby;
pub(crate) mod mail;
pub(crate) mod moderation;
pub(crate) mod password;
pub(crate) mod playban;
pub(crate) mod puzzles;
pub mod ratings;
pub(crate) mod room;
pub(crate) mod serve;
pub(crate) mod services;
pub(crate) mod state;
pub mod store;
pub(crate) mod tournaments;
pub(crate) mod ws;

mod metrics_setup;

pub use config::Config;
pub use room::projection;

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
    #[error("joining the other nodes: {0}")]
    Cluster(#[from] cluster::ClusterError),
    #[error("configuration: {0}")]
    Config(String),
    #[error("puzzles: {0}")]
    Puzzles(#[from] puzzles::ImportError),
    #[error("the lessons and rules pages: {0}")]
    Learn(#[from] mancala_learn::LoadError),
}

/// This node's cluster settings, if it runs with others; refuses what cannot work.
/// The forbidden words of `--forbidden-words`, or the built-in list; a file that cannot be read or has a
/// line that is no entry stops the server with a sentence naming it.
fn forbidden_words(config: &Config) -> Result<ids::ForbiddenWords, ServerError> {
    let Some(path) = &config.forbidden_words else { return Ok(ids::ForbiddenWords::builtin()) };
    let text = std::fs::read_to_string(path)
        .map_err(|e| ServerError::Config(format!("--forbidden-words {}: {e}", path.display())))?;
    let words = ids::ForbiddenWords::parse(&text)
        .map_err(|e| ServerError::Config(format!("--forbidden-words {}: {e}", path.display())))?;
    tracing::info!(entries = words.len(), path = %path.display(), "forbidden words read");
    Ok(words)
}

fn cluster_config(config: &Config, addr: SocketAddr) -> Result<Option<cluster::ClusterConfig>, ServerError> {
    let Some(broker_url) = config.broker_url.clone() else { return Ok(None) };
    if !config.database_url.starts_with("postgres") {
        return Err(ServerError::Config(format!(
            "several nodes (--broker-url) need a PostgreSQL database that they share; `{}` is not one (SQLite \
             belongs to one process: run without --broker-url, or use postgres://…)",
            config.database_url
        )));
    }
    let id = match &config.node_id {
        Some(id) => {
            cluster::check_node_id(id).map_err(ServerError::Config)?;
            id.clone()
        }
        None => format!("node{:04x}", rand::random::<u16>()),
    };
    cluster::check_node_id(&config.cluster_name).map_err(|e| ServerError::Config(format!("--cluster-name: {e}")))?;
    Ok(Some(cluster::ClusterConfig {
        broker_url,
        name: config.cluster_name.clone(),
        node: format!("{id}-{:06x}", rand::random::<u32>() & 0xff_ffff),
        lease: Duration::from_secs(config.lease_secs),
        addr: addr.to_string(),
    }))
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
    // The recorder first: the rooms restored below count in `mancala_rooms` (a gauge moved before the
    // recorder exists is lost, and the rooms' ends would then take it below zero).
    let metrics = metrics_setup::handle();
    http::learn::load()?;
    // Before anything is started: a mail setting that cannot work stops the server with its reason.
    let mailer = mail::Mailer::of(&config).map_err(|e| ServerError::Config(e.to_string()))?;
    let clustered = cluster_config(&config, listener.local_addr()?)?;
    metrics_setup::export_from_start(clustered.is_some());
    let (store, writer) = Store::connect_node(&config.database_url, clustered.as_ref().map(|c| c.node.clone())).await?;
    let node = match &clustered {
        Some(c) => Some(cluster::Cluster::join(c, &store).await?),
        None => None,
    };
    let stopping = CancellationToken::new();
    let placement: Arc<dyn room::Placement> = match &node {
        Some(node) => node.clone(),
        None => Arc::new(room::SingleNode),
    };
    let engine = Arc::new(engine_work::EngineWork::of(&config));
    let forbidden = Arc::new(forbidden_words(&config)?);
    let room_config = room::RoomConfig { forbidden: forbidden.clone(), ..room::RoomConfig::of(&config) };
    let rooms = Registry::new(store.clone(), room_config, stopping.clone(), placement, engine.clone());
    let restored = rooms.restore_unfinished().await?;
    let puzzles = puzzles::import(&store, config.puzzles.as_deref()).await?;
    tracing::info!(new = puzzles, "puzzles imported");
    let mut services = services::Services::new(stopping.clone());
    if let Some(node) = &node {
        let rooms = rooms.clone();
        services
            .start_async("cluster node", |tracker, token| async move { node.start(rooms, token, &tracker).await })
            .await?;
    }
    tracing::info!(
        restored,
        backend = ?store.backend(),
        addr = %listener.local_addr()?,
        node = node.as_ref().map(|n| n.node()),
        "mancala-server ready"
    );
    let link = node.as_ref().map(|n| {
        services.start("cluster lobby link", |tracker, token| {
            let link: lobby::pool::Link = Arc::new(cluster::lobby::Link::start(n.clone(), tracker, token));
            link
        })
    });
    let schedule = match &config.tournament_schedule {
        Some(path) => tournaments::schedule::load(path).await.map_err(ServerError::Config)?,
        None => Vec::new(),
    };
    let directors = tournaments::director::Directors::new(
        store.clone(),
        rooms.clone(),
        node.as_ref().map(|n| n.node().to_string()),
        Duration::from_secs(config.round_pause_secs),
        schedule,
    );
    services.start("tournament directors", |tracker, token| {
        tracker.spawn(directors.run(token));
    });
    let fair_play = fairplay::FairPlay { store: store.clone(), engine: engine.clone(), nodes: config.fair_play_nodes };
    services.start("fair play", |tracker, token| fairplay::start(fair_play, token, tracker));
    if config.puzzle_mining {
        let mining =
            puzzles::mining::Mining { store: store.clone(), engine: engine.clone(), nodes: config.puzzle_mining_nodes };
        services.start("puzzle mining", |tracker, token| puzzles::mining::start(mining, token, tracker));
    }
    let blocks = blocks::Blocks::load(&store).await?;
    let lobby = services.start("lobby", |tracker, token| {
        let limits = lobby::limits::LobbyLimits::of(&config);
        lobby::Lobby::start(rooms.clone(), (store.clone(), blocks), limits, link, tracker, token)
    });
    let state = AppState {
        tournaments: tournaments::feed::Feeds::new(store.clone()),
        store: store.clone(),
        rooms: rooms.clone(),
        engine,
        cluster: node.clone(),
        ws_limits: edge::socket_limits::WsLimits::of(&config),
        forbidden,
        limits: Arc::new(edge::limits::RateLimits::of(&config)),
        mailer: mailer.map(Arc::new),
        mail_limits: Arc::new(edge::mail_limits::MailLimits::new(config.mails_per_hour)),
        config: Arc::new(config.clone()),
        shutdown: stopping.clone(),
        tracker: TaskTracker::new(),
        metrics,
        lobby,
    };
    if let Some(cluster) = &state.cluster {
        listen_to_the_other_nodes(&mut services, cluster, &state).await?;
    }
    let closings = moderation::closings::Closings {
        store: store.clone(),
        lobby: state.lobby.clone(),
        cluster: state.cluster.clone(),
        rooms: rooms.clone(),
    };
    services.start("account closings", |tracker, token| moderation::closings::start(closings, tracker, token));
    tracing::debug!(services = ?services.names(), "background services started");
    let app = http::router(state.clone());
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
    tracing::info!("shutting down");
    stopping.cancel();
    let grace = Duration::from_secs(config.shutdown_grace_secs);
    state.tracker.close();
    // With several nodes the games are handed over as soon as the rooms have stopped (their last commits
    // done): the other nodes take them at once, while this one still closes its connections.
    if let Some(node) = &node {
        if tokio::time::timeout(grace, rooms.stopped()).await.is_err() {
            tracing::warn!("some rooms did not stop in time");
        }
        node.leave().await;
    }
    let waited = tokio::time::timeout(grace, async {
        state.tracker.wait().await;
        rooms.stopped().await;
    });
    if waited.await.is_err() {
        tracing::warn!("some connections or rooms did not stop in time");
    }
    services.stop(Duration::from_secs(2)).await;
    stop_serving.cancel();
    if !serving.is_finished() {
        let _ = tokio::time::timeout(grace, &mut serving).await;
    }
    // Every acknowledged decision is committed already; the writer commits what is still queued (never
    // acknowledged) and closes its pool once the last store handle is gone.
    store.close_reads().await;
    drop(state);
    drop(rooms);
    drop(store);
    if tokio::time::timeout(Duration::from_secs(5), writer.finish()).await.is_err() {
        tracing::warn!("the store writer did not finish in time");
    }
    Ok(())
}

/// What this node hears from the others: revocations, standings, closings, blocks and the lobby's seeks.
async fn listen_to_the_other_nodes(
    services: &mut services::Services,
    cluster: &Arc<cluster::Cluster>,
    state: &AppState,
) -> Result<(), ServerError> {
    let (broker, lobby, store) = (cluster.broker().clone(), state.lobby.clone(), state.store.clone());
    services.start("revocations from other nodes", |tracker, token| {
        cluster::revoke::listen(broker.clone(), lobby.clone(), tracker, token)
    });
    services.start("standings from other nodes", |tracker, token| {
        cluster::standing::listen(broker.clone(), lobby.clone(), tracker, token)
    });
    services.start("closings from other nodes", |tracker, token| {
        cluster::closed::listen(broker.clone(), lobby.clone(), tracker, token)
    });
    let blocks = lobby.blocks().clone();
    services.start("blocks from other nodes", |tracker, token| {
        cluster::blocks::listen(broker.clone(), store, blocks, tracker, token)
    });
    let cluster = cluster.clone();
    services
        .start_async("lobbies of other nodes", |tracker, token| async move {
            cluster::lobby::listen(cluster, lobby, &tracker, token).await
        })
        .await
        .map_err(cluster::ClusterError::from)?;
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
