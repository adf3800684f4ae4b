//! What every handler shares: the store, the live rooms, this node's part of a cluster, limits, the shutdown signal and the task tracker
//! of WebSocket connections (axum does not wait for upgraded connections on shutdown, so we do).

use crate::cluster::Cluster;
use crate::config::Config;
use crate::http::limits::RateLimits;
use crate::room::Registry;
use crate::store::Store;
use crate::ws::WsLimits;
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
    /// Rate limits of account and game creation.
    pub limits: Arc<RateLimits>,
    pub shutdown: CancellationToken,
    pub tracker: TaskTracker,
    pub metrics: PrometheusHandle,
    /// This node's lobby task (seeks, pairing, challenges).
    pub lobby: crate::lobby::Lobby,
    /// The tournaments this node's sockets follow.
    pub tournaments: Arc<crate::tournaments::feed::Feeds>,
}
