//! A node of the server: what it is made of, started in order ([`Node::start`]: the store, the cluster,
//! the rooms and their restored games, the puzzles, then each background service by name on
//! [`Services`]), and stopped in one place ([`Node::stop`], the order `run`'s documentation gives).

use crate::edge::state::AppState;
use crate::room::Registry;
use crate::services::Services;
use crate::store::{Store, WriterTask};
use crate::{Config, ServerError};
use crate::{analysis, blocks, cluster, edge, fairplay, ids, learn, lobby, mail, metrics_setup, moderation};
use crate::{puzzles, room, tournaments};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// A started node: what the handlers share, and what its stop needs.
pub(crate) struct Node {
    pub state: AppState,
    store: Store,
    writer: WriterTask,
    rooms: Arc<Registry>,
    cluster: Option<Arc<cluster::Cluster>>,
    services: Services,
    stopping: CancellationToken,
    grace: Duration,
}

/// What every service of a node is built on: the store, the cluster (several nodes only), the rooms with
/// their restored games, and the engine's pool.
struct Core {
    store: Store,
    writer: WriterTask,
    cluster: Option<Arc<cluster::Cluster>>,
    rooms: Arc<Registry>,
    engine: Arc<analysis::EngineWork>,
    forbidden: Arc<ids::ForbiddenWords>,
    restored: usize,
}

impl Core {
    /// Opens the store (migrated), joins the other nodes, restores the unfinished games and imports the
    /// puzzles; a setting that cannot work stops the server here, before anything runs.
    async fn open(config: &Config, addr: SocketAddr, stopping: &CancellationToken) -> Result<Core, ServerError> {
        let clustered = cluster_config(config, addr)?;
        metrics_setup::export_from_start(clustered.is_some());
        let node_key = clustered.as_ref().map(|c| c.node.clone());
        let (store, writer) = Store::connect_node(&config.database_url, node_key).await?;
        let cluster = match &clustered {
            Some(c) => Some(cluster::Cluster::join(c, &store).await?),
            None => None,
        };
        let placement: Arc<dyn room::Placement> = match &cluster {
            Some(node) => node.clone(),
            None => Arc::new(room::SingleNode),
        };
        let engine = Arc::new(analysis::EngineWork::of(config));
        let forbidden = Arc::new(forbidden_words(config)?);
        let room_config = room::RoomConfig { forbidden: forbidden.clone(), ..room::RoomConfig::of(config) };
        let rooms = Registry::new(store.clone(), room_config, stopping.clone(), placement, engine.clone());
        let restored = rooms.restore_unfinished().await?;
        let puzzles = puzzles::import(&store, config.puzzles.as_deref()).await?;
        tracing::info!(new = puzzles, "puzzles imported");
        Ok(Core { store, writer, cluster, rooms, engine, forbidden, restored })
    }
}

impl Node {
    /// Builds the node and starts its background services, in order; `addr` is the listener's.
    pub async fn start(config: &Config, addr: SocketAddr) -> Result<Node, ServerError> {
        // The recorder first: the rooms restored below count in `mancala_rooms` (a gauge moved before the
        // recorder exists is lost, and the rooms' ends would then take it below zero).
        let metrics = metrics_setup::handle();
        learn::load()?;
        // Before anything is started: a mail setting that cannot work stops the server with its reason.
        let mailer = mail::Mailer::of(config).map_err(|e| ServerError::Config(e.to_string()))?;
        let stopping = CancellationToken::new();
        let core = Core::open(config, addr, &stopping).await?;
        let Core { store, writer, cluster, rooms, engine, forbidden, restored } = core;
        let mut services = Services::new(stopping.clone());
        if let Some(node) = &cluster {
            let rooms = rooms.clone();
            services
                .start_async("cluster node", |tracker, token| async move { node.start(rooms, token, &tracker).await })
                .await?;
        }
        tracing::info!(
            restored,
            backend = ?store.backend(),
            %addr,
            node = cluster.as_ref().map(|n| n.node()),
            "mancala-server ready"
        );
        let lobby = start_games_services(&mut services, config, &store, &rooms, &engine, cluster.as_ref()).await?;
        let state = AppState {
            tournaments: tournaments::feed::Feeds::new(store.clone()),
            store: store.clone(),
            rooms: rooms.clone(),
            engine,
            cluster: cluster.clone(),
            ws_limits: edge::socket_limits::WsLimits::of(config),
            forbidden,
            limits: Arc::new(edge::limits::RateLimits::of(config)),
            mailer: mailer.map(Arc::new),
            mail_limits: Arc::new(crate::accounts::mail_limits::MailLimits::new(config.mails_per_hour)),
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
        let grace = Duration::from_secs(config.shutdown_grace_secs);
        Ok(Node { state, store, writer, rooms, cluster, services, stopping, grace })
    }

    /// Stops the node after its HTTP server: everyone told at once, connections and rooms awaited (the
    /// games handed to the other nodes as soon as the rooms have stopped), the services stopped, then HTTP
    /// (`stop_serving`, `serving`), then the writer's last commit.
    pub async fn stop(self, stop_serving: CancellationToken, mut serving: tokio::task::JoinHandle<()>) {
        let Node { state, store, writer, rooms, cluster, services, stopping, grace } = self;
        tracing::info!("shutting down");
        stopping.cancel();
        state.tracker.close();
        // With several nodes the games are handed over as soon as the rooms have stopped (their last
        // commits done): the other nodes take them at once, while this one still closes its connections.
        if let Some(node) = &cluster {
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
    }
}

/// The services of play: the link to the other nodes' lobbies, the tournament directors, fair play, the
/// puzzle mining, and the lobby, which it returns.
async fn start_games_services(
    services: &mut Services,
    config: &Config,
    store: &Store,
    rooms: &Arc<Registry>,
    engine: &Arc<analysis::EngineWork>,
    cluster: Option<&Arc<cluster::Cluster>>,
) -> Result<lobby::Lobby, ServerError> {
    let link = cluster.map(|n| {
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
        cluster.map(|n| n.node().to_string()),
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
    let blocks = blocks::Blocks::load(store).await?;
    Ok(services.start("lobby", |tracker, token| {
        let limits = lobby::limits::LobbyLimits::of(config);
        lobby::Lobby::start(rooms.clone(), (store.clone(), blocks), limits, link, tracker, token)
    }))
}

/// What this node hears from the others: revocations, standings, closings, blocks and the lobby's seeks.
async fn listen_to_the_other_nodes(
    services: &mut Services,
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

/// This node's cluster settings, if it runs with others; refuses what cannot work.
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
