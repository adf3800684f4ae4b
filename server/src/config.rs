//! The server's configuration: every setting is a flag and an environment variable (clap), documented in
//! `--help` and the README.

use clap::Parser;
use std::net::SocketAddr;

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
    /// Seconds a player has for the first decision of their own once it is due (from the game's start,
    /// or from the opponent's first decision); a game whose first decisions are not made in time is
    /// aborted (no result, not rated). 0: never.
    #[arg(long, env = "MANCALA_FIRST_MOVE_SECS", default_value_t = 30)]
    pub first_move_secs: u64,
    /// Seconds a game waiting for an opponent stays open while its creator has no connection to it; then
    /// it is aborted. 0: never.
    #[arg(long, env = "MANCALA_WAITING_SECS", default_value_t = 600)]
    pub waiting_secs: u64,
    /// Seconds in a day of a correspondence clock (days per move). Only tests want anything but a day.
    #[arg(long, env = "MANCALA_DAY_SECS", default_value_t = 86_400, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub day_secs: u64,
    /// Seconds the room of an ongoing game stays loaded with nobody connected and nothing pending (no
    /// running clock, its first decisions made); then it is unloaded, and loaded again when opened.
    /// 0: never.
    #[arg(long, env = "MANCALA_IDLE_ROOM_SECS", default_value_t = 60)]
    pub idle_room_secs: u64,
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
    /// single node (SQLite or PostgreSQL). See docs/cluster.md.
    #[arg(long, env = "MANCALA_BROKER_URL")]
    pub broker_url: Option<String>,
    /// This node's name among the others (letters, digits, `_`, `-`; default: random). A suffix new at
    /// every start is added, so a restarted node is a new node.
    #[arg(long, env = "MANCALA_NODE_ID")]
    pub node_id: Option<String>,
    /// The name the nodes of one site share on the broker: every subject they use starts with it, so
    /// that several sites (or test clusters) on one broker never hear each other (letters, digits, `_`,
    /// `-`).
    #[arg(long, env = "MANCALA_CLUSTER_NAME", default_value = "mancala")]
    pub cluster_name: String,
    /// Seconds a node's lease lasts without renewal (renewed every third of it): after a crash its games
    /// move on after about this long.
    #[arg(long, env = "MANCALA_LEASE_SECS", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub lease_secs: u64,
    /// Searches of the engine (server bots' decisions, analyses, reviews) run at once; unset: one per
    /// core. Fewer leaves cores to the threads that serve the live games, whose latency tail grows beside
    /// many searches on a small machine, at the price of shallower bots when many play at once
    /// (BENCHMARKS.md, "Server bots under load").
    #[arg(long, env = "MANCALA_ENGINE_CORES", value_parser = clap::value_parser!(u16).range(1..))]
    pub engine_cores: Option<u16>,
    /// Nodes of the fair-play reference's search for each decision of a rated game (docs/moderation.md,
    /// "Fair play"): what level 8 would choose there. Unset: level 8's own budget in the game's variant
    /// (about a second of one core a decision); another budget measures agreement with another search,
    /// which the bars were not measured for (for tests).
    #[arg(long, env = "MANCALA_FAIR_PLAY_NODES", value_parser = clap::value_parser!(u64).range(1..))]
    pub fair_play_nodes: Option<u64>,
    /// Mine puzzles from players' reviewed rated games in the background (docs/puzzles.md, "Puzzles from
    /// players' games"), at the engine's lowest priority; `false` turns it off.
    #[arg(long, env = "MANCALA_PUZZLE_MINING", default_value_t = true, action = clap::ArgAction::Set)]
    pub puzzle_mining: bool,
    /// Nodes of the search that verifies each of a mined puzzle's solver's decisions (the opponent's
    /// replies and the screening use at most as many). Unset: the generator's, twice level 8's budget in
    /// the game's variant (a mined game costs from a few seconds to a few minutes of one core:
    /// BENCHMARKS.md, "Puzzles from players' games"); smaller budgets find weaker puzzles (for tests).
    #[arg(long, env = "MANCALA_PUZZLE_MINING_NODES", value_parser = clap::value_parser!(u64).range(1..))]
    pub puzzle_mining_nodes: Option<u64>,
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
    /// Challenges one client address, and one account, may send per minute (a burst of that many, then
    /// one every 60/N s); 0: no limit.
    #[arg(long, env = "MANCALA_CHALLENGES_PER_MINUTE", default_value_t = 20)]
    pub challenges_per_minute: u32,
    /// Requests that ask the engine to play a position (a lesson's check, a move preview, an analysis) one
    /// client address may make per minute (a burst of that many, then one every 60/N s); 0: no limit.
    #[arg(long, env = "MANCALA_ENGINE_REQUESTS_PER_MINUTE", default_value_t = 300)]
    pub engine_requests_per_minute: u32,
    /// Lobby connections (lobby sockets and seek streams) one client address may hold open at once.
    #[arg(long, env = "MANCALA_LOBBY_CONNECTIONS_PER_ADDRESS", default_value_t = 50)]
    pub lobby_connections_per_address: usize,
    /// Open lobby seeks one client address may hold at once (guests and accounts alike).
    #[arg(long, env = "MANCALA_SEEKS_PER_ADDRESS", default_value_t = 50)]
    pub seeks_per_address: usize,
    /// Behind a reverse proxy: the header holding the client's address, for rate limits
    /// (`X-Forwarded-For`: its last address; `X-Real-IP`). Unset: the connection's peer address.
    #[arg(long, env = "MANCALA_CLIENT_IP_HEADER")]
    pub client_ip_header: Option<String>,
    /// Most connections open at once (HTTP, WebSockets and streams; each is a file descriptor). Beyond it
    /// a connection is answered 503 `busy` with `Retry-After`. Default: the process's open-file limit
    /// less 256.
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_connections: Option<u64>,
    /// Seconds between the end of a Swiss round's last game and the pairing of the next round.
    #[arg(long, env = "MANCALA_ROUND_PAUSE_SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(0..=600))]
    pub round_pause_secs: u64,
    /// The tournaments the server makes itself: a JSON file listing recurring tournaments
    /// (docs/tournaments.md, "Scheduled tournaments"). Unset: none.
    #[arg(long, env = "MANCALA_TOURNAMENT_SCHEDULE")]
    pub tournament_schedule: Option<std::path::PathBuf>,
    /// The forbidden words and names: a file of one entry a line (docs/moderation.md, "Forbidden words and
    /// names"). Unset: the list built into the server (`server/forbidden.txt`).
    #[arg(long, env = "MANCALA_FORBIDDEN_WORDS")]
    pub forbidden_words: Option<std::path::PathBuf>,
    /// The SMTP server the site's mails go through (email confirmation, "Forgot your password?"):
    /// `smtp://HOST:PORT` (no TLS: a local relay, Mailpit), `smtp://USER:PASSWORD@HOST:587?tls=required`
    /// (STARTTLS), `smtps://USER:PASSWORD@HOST:465` (TLS). Unset: the site sends no mail, and a forgotten
    /// password is the operator's `admin reset-password` (docs/operating.md, "Mail").
    #[arg(long, env = "MANCALA_SMTP_URL")]
    pub smtp_url: Option<String>,
    /// The sender of the site's mails: `Mancala <noreply@your.domain>` or a bare address. Needed with
    /// `--smtp-url`.
    #[arg(long, env = "MANCALA_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// The site's address as players reach it (`https://your.domain`): the links in mails start with it.
    /// Needed with `--smtp-url` (never taken from a request's `Host`, which a client chooses).
    #[arg(long, env = "MANCALA_PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Mail requests ("Forgot your password?", an address to confirm) one client address may make per
    /// hour, and mails one account or one address may be sent per hour; 0: no limit.
    #[arg(long, env = "MANCALA_MAILS_PER_HOUR", default_value_t = 5)]
    pub mails_per_hour: u32,
    /// Puzzles to serve besides the committed starter set: an NDJSON file of puzzles (docs/puzzles.md),
    /// imported at start-up without duplicates (the same position is the same puzzle).
    #[arg(long, env = "MANCALA_PUZZLES")]
    pub puzzles: Option<std::path::PathBuf>,
    /// Puzzle attempts and votes one client address, and one account, may make per minute (a burst of
    /// that many, then one every 60/N s); 0: no limit.
    #[arg(long, env = "MANCALA_PUZZLE_REQUESTS_PER_MINUTE", default_value_t = 120)]
    pub puzzle_requests_per_minute: u32,
    /// Seconds to wait for connections to close on shutdown.
    #[arg(long, env = "MANCALA_SHUTDOWN_GRACE_SECS", default_value_t = 5)]
    pub shutdown_grace_secs: u64,
    /// Log filter (tracing's env-filter syntax).
    #[arg(long, env = "RUST_LOG", default_value = "info")]
    pub log: String,
}

impl Config {
    /// The default configuration with `database_url` (for tests and tools), without puzzle mining: at
    /// production budgets it would spend minutes of CPU on each rated game a test finishes, beside the
    /// other tests (the mining tests turn it on with small budgets).
    pub fn with_database(url: &str) -> Config {
        let mut c = Config::parse_from(["mancala-server"]);
        c.database_url = url.to_string();
        c.puzzle_mining = false;
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_cores_is_at_least_one_and_unset_by_default() {
        let parse = |args: &[&str]| Config::try_parse_from([&["mancala-server"], args].concat());
        assert_eq!(parse(&[]).unwrap().engine_cores, None);
        assert_eq!(parse(&["--engine-cores", "1"]).unwrap().engine_cores, Some(1));
        let err = parse(&["--engine-cores", "0"]).unwrap_err().to_string();
        assert!(err.contains("--engine-cores"), "{err}");
    }

    #[test]
    fn puzzle_mining_is_on_by_default_and_its_budget_positive() {
        let parse = |args: &[&str]| Config::try_parse_from([&["mancala-server"], args].concat());
        assert!(parse(&[]).unwrap().puzzle_mining);
        assert!(!parse(&["--puzzle-mining", "false"]).unwrap().puzzle_mining);
        assert_eq!(parse(&[]).unwrap().puzzle_mining_nodes, None);
        assert_eq!(parse(&["--puzzle-mining-nodes", "5000"]).unwrap().puzzle_mining_nodes, Some(5_000));
        let err = parse(&["--puzzle-mining-nodes", "0"]).unwrap_err().to_string();
        assert!(err.contains("--puzzle-mining-nodes"), "{err}");
    }

    #[test]
    fn fair_play_nodes_is_positive_and_unset_by_default() {
        let parse = |args: &[&str]| Config::try_parse_from([&["mancala-server"], args].concat());
        assert_eq!(parse(&[]).unwrap().fair_play_nodes, None);
        assert_eq!(parse(&["--fair-play-nodes", "20000"]).unwrap().fair_play_nodes, Some(20_000));
        let err = parse(&["--fair-play-nodes", "0"]).unwrap_err().to_string();
        assert!(err.contains("--fair-play-nodes"), "{err}");
    }
}
