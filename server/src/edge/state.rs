//! What every handler shares: the store, the live rooms, the engine's work, this node's part of a
//! cluster, limits, the mailer, the shutdown signal and the task tracker of WebSocket connections (axum
//! does not wait for upgraded connections on shutdown, so we do). It is the edge's: the extractors
//! ([`super::caller`]) read it, and it holds the edge's limits.

use crate::cluster::Cluster;
use crate::config::Config;
use crate::edge::limits::RateLimits;
use crate::edge::socket_limits::WsLimits;
use crate::room::Registry;
use crate::store::Store;
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

#[derive(Clone, Debug)]
pub struct AppState {
    pub store: Store,
    pub rooms: Arc<Registry>,
    /// Several nodes: this node's part of the cluster (`None`: a single node).
    pub cluster: Option<Arc<Cluster>>,
    pub config: Arc<Config>,
    pub ws_limits: WsLimits,
    /// The words names and chat lines may not hold (`--forbidden-words`, read once at start).
    pub forbidden: Arc<crate::ids::ForbiddenWords>,
    /// Rate limits of account and game creation.
    pub limits: Arc<RateLimits>,
    pub shutdown: CancellationToken,
    pub tracker: TaskTracker,
    pub metrics: PrometheusHandle,
    /// This node's lobby task (seeks, pairing, challenges).
    pub lobby: crate::lobby::Lobby,
    /// The engine's work: its pool of cores, the admission of analyses, the review jobs.
    pub engine: Arc<crate::analysis::EngineWork>,
    /// The site's mails (`None`: no `--smtp-url`, the site sends none).
    pub mailer: Option<Arc<crate::mail::Mailer>>,
    /// The limits on mail requests and mails sent (`--mails-per-hour`).
    pub mail_limits: Arc<crate::accounts::mail_limits::MailLimits>,
    /// The tournaments this node's sockets follow.
    pub tournaments: Arc<crate::tournaments::feed::Feeds>,
}
