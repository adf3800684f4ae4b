//! `mancala-chaos`: crashes the server again and again while games are played, and checks that no
//! acknowledged decision was lost or applied twice.
//!
//! It starts `mancala-server` as a child process on a database (SQLite by default, or any
//! `--database-url`), and N tables each play a game with two real WebSocket clients (random legal
//! decisions, a new game when one ends). Every few seconds (`--interval-ms`, ±50 %) the server is
//! SIGKILLed and started again on the same address and database, M times. The clients behave as
//! docs/protocol.md asks: they reconnect with `?v=` their last version, take the events or the snapshot
//! that come, and send an unanswered decision again with the same id. After the last restart play goes on
//! a moment, the clients stop deciding and wait for their answers, and every acknowledged decision is
//! checked against the game's record over HTTP and against the database (`verify.rs`).
//!
//! It reports kills, games, decisions sent and acknowledged, lost, duplicated, decisions stored without
//! an acknowledgement, and every anomaly the clients saw (errors: a version out of order, a snapshot
//! behind what the client held, an unexpected refusal, a decision left unanswered). The exit status is 1
//! when any of them is not zero.

mod ledger;
mod report;
mod seat;
mod server;
mod table;
mod verify;

use crate::api::Api;
use anyhow::{Context, Result, bail};
use ledger::Ledger;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use report::{Report, Restarts};
use server::Server;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::{Instant, sleep};

#[derive(Debug, clap::Parser)]
#[command(
    name = "mancala-chaos",
    version,
    about = "SIGKILL mancala-server again and again while games are played; check that no acknowledged \
             decision is lost or applied twice."
)]
pub struct Args {
    /// The server binary (default: `mancala-server` beside this program, as cargo builds them).
    #[arg(long, value_name = "PATH")]
    pub server_bin: Option<PathBuf>,
    /// The database (default: a new SQLite file in the work directory). Use a fresh database: the check
    /// covers the run's games only, but a big one slows every restart.
    #[arg(long, value_name = "URL")]
    pub database_url: Option<String>,
    /// Where the server's log (and the default SQLite database) go (default: a new directory in /tmp).
    #[arg(long, value_name = "DIR")]
    pub work_dir: Option<PathBuf>,
    /// Extra arguments for the server (repeatable), e.g. `--server-arg=--player-rate=50`. The server is
    /// started with `--games-per-minute 0` (no limit on game creation) unless one is given here.
    #[arg(long = "server-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub server_args: Vec<String>,
    /// Concurrent games.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// How many times the server is killed and started again.
    #[arg(long, default_value_t = 100)]
    pub kills: u32,
    /// Mean time between a restart and the next kill, ms (each interval is drawn between half and one and
    /// a half times this).
    #[arg(long, default_value_t = 3000)]
    pub interval_ms: u64,
    /// The variants played, comma-separated (the tables take them in turn).
    #[arg(long, value_delimiter = ',', default_value = "kubuguza,njombwa,ikibuguzo,azigo")]
    pub variants: Vec<String>,
    /// Turns per player after which a game ends (0: the variant's own limit), so that games end and new
    /// ones are created during the run.
    #[arg(long, default_value_t = 60)]
    pub turn_limit: u32,
    /// Each player's think time before a decision, ms (the server's rate limit is 20 messages/s per
    /// player by default).
    #[arg(long, default_value_t = 20)]
    pub think_ms: u64,
    /// Seconds of play after the last restart before the clients stop deciding.
    #[arg(long, default_value_t = 3)]
    pub settle_secs: u64,
    /// A decision unanswered this long on an open connection is an error (the client reconnects).
    #[arg(long, default_value_t = 20)]
    pub answer_timeout_secs: u64,
    /// Seed of the decisions and the intervals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Where a run is. The tables play during `Play`; in `Drain` the clients send nothing new but wait for
/// the answers to what they sent; at `Done` they stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Phase {
    Play,
    Drain,
    Done,
}

/// What every task of a run shares.
#[derive(Debug)]
pub(crate) struct Ctx {
    api: Api,
    /// `ws://host:port`.
    ws_base: String,
    variants: Vec<String>,
    turn_limit: Option<u32>,
    think: Duration,
    answer_timeout: Duration,
    seed: u64,
    phase: watch::Sender<Phase>,
    ledger: Ledger,
}

/// Runs the chaos and prints the report; the exit status says whether anything was lost, duplicated or
/// wrong.
pub fn run(args: &Args) -> Result<bool> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    let report = rt.block_on(chaos(args))?;
    rt.shutdown_timeout(Duration::from_secs(2));
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).expect("the report serialises"));
    } else {
        report::print_text(&report);
    }
    Ok(report.clean())
}

fn note(args: &Args, text: impl std::fmt::Display) {
    if !args.json {
        eprintln!("chaos: {text}");
    }
}

/// `mancala-server` beside the running program (`target/release/` or `target/debug/`).
fn default_server_bin() -> Result<PathBuf> {
    let me = std::env::current_exe().context("cannot find this program's path")?;
    Ok(me.with_file_name("mancala-server"))
}

async fn chaos(args: &Args) -> Result<Report> {
    let bin = match &args.server_bin {
        Some(b) => b.clone(),
        None => default_server_bin()?,
    };
    if !bin.is_file() {
        bail!(
            "no server binary at {}: build it (cargo build --release -p mancala-server) or give --server-bin",
            bin.display()
        );
    }
    let work = match &args.work_dir {
        Some(d) => d.clone(),
        None => {
            let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs();
            std::env::temp_dir().join(format!("mancala-chaos-{stamp}-{}", std::process::id()))
        }
    };
    std::fs::create_dir_all(&work).with_context(|| format!("cannot create {}", work.display()))?;
    let database_url =
        args.database_url.clone().unwrap_or_else(|| format!("sqlite://{}", work.join("chaos.db").display()));
    let log = work.join("server.log");
    // A fixed port for the whole run: the clients reconnect to the same address.
    let addr = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    // The run creates thousands of games from one address: no limit on game creation, unless asked for.
    let mut server_args = args.server_args.clone();
    if !server_args.iter().any(|a| a.starts_with("--games-per-minute")) {
        server_args.extend(["--games-per-minute".to_string(), "0".to_string()]);
    }
    let mut server = Server::new(bin, database_url.clone(), addr, server_args, log.clone());
    note(args, format!("server log {}, database {database_url}", log.display()));

    let first_start = server.start().await?;
    let (phase, _) = watch::channel(Phase::Play);
    let ctx = Arc::new(Ctx {
        api: Api::new(&format!("http://{addr}")),
        ws_base: format!("ws://{addr}"),
        variants: args.variants.clone(),
        turn_limit: (args.turn_limit > 0).then_some(args.turn_limit),
        think: Duration::from_millis(args.think_ms),
        answer_timeout: Duration::from_secs(args.answer_timeout_secs.max(1)),
        seed: args.seed,
        phase,
        ledger: Ledger::default(),
    });
    let began = Instant::now();
    let tables: Vec<_> = (0..args.games as usize).map(|i| tokio::spawn(table::run(ctx.clone(), i))).collect();

    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut restarts = Restarts { first_start_ms: first_start.as_millis() as u64, ..Restarts::default() };
    let mut last_acks = 0;
    for k in 1..=args.kills {
        let interval = Duration::from_millis(args.interval_ms).mul_f64(rng.random_range(0.5..1.5));
        sleep(interval).await;
        let acks = ctx.ledger.acknowledged();
        if acks == last_acks {
            restarts.cycles_without_progress += 1;
        }
        last_acks = acks;
        let killed = Instant::now();
        server.kill().await?;
        server.start().await?;
        restarts.record(killed.elapsed());
        if k % 10 == 0 || k == args.kills {
            note(args, format!("{k} kills, {acks} decisions acknowledged, {:.0} s", began.elapsed().as_secs_f64()));
        }
    }
    sleep(Duration::from_secs(args.settle_secs)).await;

    // Stop deciding; let every sent decision get its answer (a minute at most), then stop.
    ctx.phase.send_replace(Phase::Drain);
    let drained = tokio::time::timeout(Duration::from_secs(60), async {
        for t in tables {
            let _ = t.await;
        }
    })
    .await;
    ctx.phase.send_replace(Phase::Done);
    if drained.is_err() {
        ctx.ledger.error("drain", "some tables did not stop within 60 s of the end");
        // The seats see `Done` at their next wake-up (at most half a second) and note what is unanswered.
        sleep(Duration::from_secs(2)).await;
    }
    let play_secs = began.elapsed().as_secs_f64();

    let mut findings = verify::Findings::default();
    verify::by_record(&ctx.api, &ctx.ledger, &mut findings).await?;
    server.stop().await?;
    verify::by_database(&database_url, &ctx.ledger, &mut findings).await?;
    note(args, "checked");
    Ok(Report::new(args, &database_url, &log, play_secs, restarts, &ctx.ledger, findings))
}
