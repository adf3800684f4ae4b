//! The server's configuration: every setting is a flag and an environment variable (clap), documented in
//! `--help` and the README.

use crate::http::limits::RateLimits;
use crate::room::RoomConfig;
use crate::ws::WsLimits;
use clap::Parser;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(Clone, Debug, Parser)]
#[command(
    name = "mancala-server",
    version,
    about = "The mancala game server: play and watch over WebSockets, history over HTTP."
)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "MANCALA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Database: `sqlite://FILE` (created if missing) or `postgres://USER@HOST/DB`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://mancala.db")]
    pub database_url: String,
    /// Seconds a player must be disconnected before the opponent may claim the win.
    #[arg(long, env = "MANCALA_CLAIM_GRACE_SECS", default_value_t = 60)]
    pub claim_grace_secs: u64,
    /// Seconds a finished game's room stays live after its last viewer left.
    #[arg(long, env = "MANCALA_LINGER_SECS", default_value_t = 30)]
    pub linger_secs: u64,
    /// Largest WebSocket message a client may send (bytes); larger ones get a `too_large` error.
    #[arg(long, env = "MANCALA_MAX_MESSAGE_BYTES", default_value_t = 4096)]
    pub max_message_bytes: usize,
    /// Largest WebSocket frame accepted at all (bytes); a larger one closes the connection (1009).
    #[arg(long, env = "MANCALA_MAX_FRAME_BYTES", default_value_t = 65536)]
    pub max_frame_bytes: usize,
    /// Messages per second a seated player may send (bursts of twice that).
    #[arg(long, env = "MANCALA_PLAYER_RATE", default_value_t = 20)]
    pub player_rate: u32,
    /// Messages per second a spectator may send (bursts of twice that).
    #[arg(long, env = "MANCALA_SPECTATOR_RATE", default_value_t = 5)]
    pub spectator_rate: u32,
    /// Seconds between keepalive pings; a connection silent for three times this is closed.
    #[arg(long, env = "MANCALA_PING_SECS", default_value_t = 20)]
    pub ping_secs: u64,
    /// Kernel send buffer of each connection's socket, in bytes (unset: the kernel sizes it, up to a few
    /// MB on a fast link). A smaller buffer bounds the memory a stalled client holds and makes it fall
    /// behind, and get a fresh snapshot, sooner.
    #[arg(long, env = "MANCALA_SOCKET_SEND_BUFFER")]
    pub socket_send_buffer: Option<usize>,
    /// Several nodes on one PostgreSQL: the message broker between them (`nats://HOST:PORT`). Unset: a
    /// single node (SQLite or PostgreSQL), as before. See docs/cluster.md.
    #[arg(long, env = "MANCALA_BROKER_URL")]
    pub broker_url: Option<String>,
    /// This node's name among the others (letters, digits, `_`, `-`; default: random). A suffix new at
    /// every start is added, so a restarted node is a new node.
    #[arg(long, env = "MANCALA_NODE_ID")]
    pub node_id: Option<String>,
    /// Seconds a node's lease lasts without renewal (renewed every third of it): after a crash its games
    /// move on after about this long.
    #[arg(long, env = "MANCALA_LEASE_SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub lease_secs: u64,
    /// Seconds an HTTP request may take until its answer starts (then 408); streams and WebSockets run on.
    #[arg(long, env = "MANCALA_REQUEST_TIMEOUT_SECS", default_value_t = 30)]
    pub request_timeout_secs: u64,
    /// Games one client address may create per minute (a burst of that many at once, then one every
    /// 60/N s); 0: no limit (for load tests).
    #[arg(long, env = "MANCALA_GAMES_PER_MINUTE", default_value_t = 60)]
    pub games_per_minute: u32,
    /// Player accounts one client address may register per hour (a burst of that many, then one every
    /// 60/N min); 0: no limit.
    #[arg(long, env = "MANCALA_ACCOUNTS_PER_HOUR", default_value_t = 10)]
    pub accounts_per_hour: u32,
    /// Password checks (sign-ins, password changes) one client address may make per minute, good or bad
    /// (a burst of that many, then one every 60/N s); 0: no limit.
    #[arg(long, env = "MANCALA_SIGN_INS_PER_MINUTE", default_value_t = 10)]
    pub sign_ins_per_minute: u32,
    /// Behind a reverse proxy: the header holding the client's address, for rate limits
    /// (`X-Forwarded-For`: its last address; `X-Real-IP`). Unset: the connection's peer address.
    #[arg(long, env = "MANCALA_CLIENT_IP_HEADER")]
    pub client_ip_header: Option<String>,
    /// Seconds to wait for connections to close on shutdown.
    #[arg(long, env = "MANCALA_SHUTDOWN_GRACE_SECS", default_value_t = 5)]
    pub shutdown_grace_secs: u64,
    /// Log filter (tracing's env-filter syntax).
    #[arg(long, env = "RUST_LOG", default_value = "info")]
    pub log: String,
}

impl Config {
    /// The default configuration with `database_url` (for tests and tools).
    pub fn with_database(url: &str) -> Config {
        let mut c = Config::parse_from(["mancala-server"]);
        c.database_url = url.to_string();
        c
    }

    pub fn ws_limits(&self) -> WsLimits {
        WsLimits {
            max_frame_bytes: self.max_frame_bytes,
            max_message_bytes: self.max_message_bytes,
            player_rate: self.player_rate,
            spectator_rate: self.spectator_rate,
            ping_every: Duration::from_secs(self.ping_secs.max(1)),
            idle_timeout: Duration::from_secs(self.ping_secs.max(1) * 3),
        }
    }

    pub fn rate_limits(&self) -> RateLimits {
        RateLimits::new(self.games_per_minute, self.accounts_per_hour, self.sign_ins_per_minute)
    }

    pub fn room_config(&self) -> RoomConfig {
        RoomConfig {
            claim_grace: Duration::from_secs(self.claim_grace_secs),
            linger: Duration::from_secs(self.linger_secs),
        }
    }
}
