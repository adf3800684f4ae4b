//! `mancala-loadtest`: drives a real server over WebSockets and reports what a person running one needs to
//! know. N tables each create a game over HTTP, connect both seats and their share of M spectators, and
//! play random legal decisions as fast as allowed (after `--think-ms`, and within the server's per-player
//! rate limit, `--player-rate`); a finished game is replaced by a new one so the load is sustained.
//!
//! A run goes: create every game (memory read: per game), connect everything (memory read after
//! `--idle-secs` with every connection idle: per connection), then play: after `--warmup-secs`, for
//! `--duration` seconds, the measured window: accepted decisions per second, the latency from the mover's send to the opponent's
//! receipt of the event (p50, p99, max), connections held, refusals and errors, the server's memory
//! (`--server-pid`) and its group-commit batch sizes (`/metrics`). With `--echo URL` the same connection
//! pattern then runs against `mancala-echo` (the stack alone), the ceiling the decisions are compared to.
//!
//! With `--bot LEVEL` each table plays against a server bot instead (`bot_table`): the server seats the
//! bot, only the person's seat connects, and the report adds the bot's reply time and how its games
//! ended (a bot that lost on time above all). `--clock BASE+INC` gives the games a clock, in either mode.
//!
//! Holding many connections: the tool needs a socket per connection, like the server, so raise
//! `ulimit -n`, spread the connections over loopback source addresses (`--bind 127.0.0.2,127.0.0.3`), or
//! run several processes.

mod bot_table;
mod echo;
mod play_loop;
mod report;
mod stats;
mod table;
mod wire;

use crate::api::Api;
use anyhow::{Context, Result, bail};
use report::{BotReport, Connections, Report, RunReport};
use stats::{Cpu, Latency, Memory, Scrape, Stats};
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Semaphore, watch};
use tokio::time::{Instant, sleep};
use wire::{Target, Ws};

#[derive(Debug, clap::Parser)]
#[command(
    name = "mancala-loadtest",
    version,
    about = "Load-test a server: N games of random players plus M spectators over WebSockets (decisions/s, \
             latency, memory, CPU), optionally against a `mancala-echo` ceiling."
)]
pub struct Args {
    /// The server's address.
    #[arg(long, env = "MANCALA_SERVER", default_value = "http://127.0.0.1:8080")]
    pub server: String,
    /// Concurrent games (two player connections each).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..))]
    pub games: u32,
    /// Spectator connections, spread evenly over the games.
    #[arg(long, default_value_t = 0)]
    pub spectators: u32,
    /// The variant played (random legal decisions).
    #[arg(long, default_value = "kubuguza")]
    pub variant: String,
    /// Length of the measured window, seconds.
    #[arg(long, default_value_t = 30)]
    pub duration: u64,
    /// Delay before each decision, ms (0: flat out).
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// Decisions per second each player sends at most (0: unpaced). The server drops messages over its
    /// per-player limit (`--player-rate`, default 20/s): the tool keeps under it, and re-sends a dropped one.
    #[arg(long, default_value_t = 20)]
    pub player_rate: u32,
    /// Seconds every connection is held idle before the window opens (the idle memory is read then).
    #[arg(long, default_value_t = 2)]
    pub idle_secs: u64,
    /// Seconds of play before the measured window opens (every table starts at once; with a think time
    /// their first decisions are spread over it).
    #[arg(long, default_value_t = 5)]
    pub warmup_secs: u64,
    /// Also run the same pattern against a `mancala-echo` server at this URL, after the game run.
    #[arg(long, value_name = "URL")]
    pub echo: Option<String>,
    /// Run only the echo ceiling (needs `--echo`).
    #[arg(long, requires = "echo")]
    pub echo_only: bool,
    /// The server's process id: its resident memory (VmRSS) is read at each step.
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// With `--nodes`: the other nodes' process ids (their CPU time is added to the server's).
    #[arg(long, value_delimiter = ',', value_name = "PID,…", requires = "server_pid")]
    pub node_pids: Vec<u32>,
    /// The echo server's process id.
    #[arg(long, value_name = "PID")]
    pub echo_pid: Option<u32>,
    /// Other nodes of the same cluster (`--broker-url` servers on one database), comma-separated: game `i`
    /// is created on node `i mod n` (`--server` first) and its players connect there.
    #[arg(long, value_delimiter = ',', value_name = "URL,…")]
    pub nodes: Vec<String>,
    /// With `--nodes`: North and the spectators of each game connect to the next node, so every decision
    /// of North crosses the broker both ways (the relay's cost); without it every connection is on its
    /// game's owner.
    #[arg(long, requires = "nodes")]
    pub cross_node: bool,
    /// Loopback source addresses to spread the connections over (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "IP,…")]
    pub bind: Vec<IpAddr>,
    /// Worker threads of the tool (it shares the machine with the server).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Requests in flight while creating games.
    #[arg(long, default_value_t = 32)]
    pub http_concurrency: usize,
    /// WebSocket handshakes in flight.
    #[arg(long, default_value_t = 128)]
    pub connect_concurrency: usize,
    /// Seconds allowed for creating and connecting everything.
    #[arg(long, default_value_t = 600)]
    pub setup_timeout: u64,
    /// A game whose players hear nothing for this many seconds counts as stalled (an error) and is
    /// replaced.
    #[arg(long, default_value_t = 30)]
    pub stall_secs: u64,
    /// Play against a server bot of this level (`POST /api/games` with `"opponent":"bot:LEVEL"`): only the
    /// person's seat connects (South and North in turn), and the bot's reply time and results are
    /// reported.
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["echo", "nodes"])]
    pub bot: Option<String>,
    /// The games' clock, seconds: base and increment, `180+2` (without it the games have none).
    #[arg(long, value_name = "BASE+INC", value_parser = parse_clock)]
    pub clock: Option<(u32, u32)>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// A clock `BASE+INC` in seconds (`180+2`; `300` alone has no increment).
fn parse_clock(text: &str) -> Result<(u32, u32), String> {
    let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
    let secs = |t: &str| t.trim().parse::<u32>().map_err(|e| format!("`{text}`: expected BASE+INC in seconds ({e})"));
    match (secs(base)?, secs(inc)?) {
        (0, _) => Err(format!("`{text}`: the base time must be at least a second")),
        clock => Ok(clock),
    }
}

/// Where a run is. Tasks watch it; the measured window is `Play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Phase {
    Create,
    Connect,
    Play,
    Stop,
}

/// What every task of a run shares.
#[derive(Debug)]
pub(crate) struct Ctx {
    /// Every node (`--server` first): games are spread over them.
    nodes: Vec<(Api, Target)>,
    cross_node: bool,
    binds: Vec<IpAddr>,
    next_bind: AtomicUsize,
    variant: String,
    /// `bot:LEVEL`: the tables play against a server bot.
    bot: Option<String>,
    /// Base and increment of the games' clock, seconds.
    clock: Option<(u32, u32)>,
    think: Duration,
    player_rate: u32,
    stall: Duration,
    http: Semaphore,
    connects: Semaphore,
    phase: watch::Sender<Phase>,
    stats: Stats,
    created: AtomicUsize,
    ready: AtomicUsize,
}

/// An open WebSocket, counted in [`Stats::open`] until dropped.
pub(crate) struct Conn {
    ws: Ws,
    ctx: Arc<Ctx>,
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.ctx.stats.closed();
    }
}

impl Ctx {
    async fn connect(self: &Arc<Ctx>, path: &str) -> Result<Conn> {
        self.connect_to(0, path).await
    }

    /// The API of node `k` (modulo the number of nodes).
    fn node_api(&self, k: usize) -> &Api {
        &self.nodes[k % self.nodes.len()].0
    }

    /// Opens a connection to node `k` (modulo the number of nodes).
    async fn connect_to(self: &Arc<Ctx>, k: usize, path: &str) -> Result<Conn> {
        let bind = match self.binds.len() {
            0 => None,
            n => Some(self.binds[self.next_bind.fetch_add(1, Ordering::Relaxed) % n]),
        };
        let _permit = self.connects.acquire().await?;
        let target = &self.nodes[k % self.nodes.len()].1;
        let ws = target.connect(path, bind).await?;
        self.stats.opened();
        Ok(Conn { ws, ctx: self.clone() })
    }
}

/// What the runs need from the arguments (owned: the runs happen on their own runtime).
#[derive(Clone, Debug)]
struct Plan {
    server: String,
    nodes: Vec<String>,
    cross_node: bool,
    echo: Option<String>,
    echo_only: bool,
    games: u32,
    spectators: u32,
    variant: String,
    bot: Option<String>,
    clock: Option<(u32, u32)>,
    duration: Duration,
    think: Duration,
    player_rate: u32,
    idle: Duration,
    warmup: Duration,
    server_pid: Option<u32>,
    node_pids: Vec<u32>,
    echo_pid: Option<u32>,
    binds: Vec<IpAddr>,
    threads: usize,
    http_concurrency: usize,
    connect_concurrency: usize,
    setup_timeout: Duration,
    stall: Duration,
    quiet: bool,
}

/// Runs the load on its own multi-threaded runtime (`--threads` workers) and prints the report.
pub fn run(args: &Args) -> Result<()> {
    let plan = Plan {
        server: args.server.clone(),
        nodes: args.nodes.clone(),
        cross_node: args.cross_node,
        echo: args.echo.clone(),
        echo_only: args.echo_only,
        games: args.games,
        spectators: args.spectators,
        variant: args.variant.clone(),
        bot: args.bot.as_ref().map(|level| format!("bot:{level}")),
        clock: args.clock,
        duration: Duration::from_secs(args.duration),
        think: Duration::from_millis(args.think_ms),
        player_rate: args.player_rate,
        idle: Duration::from_secs(args.idle_secs),
        warmup: Duration::from_secs(args.warmup_secs),
        server_pid: args.server_pid,
        node_pids: args.node_pids.clone(),
        echo_pid: args.echo_pid,
        binds: args.bind.clone(),
        threads: args.threads.max(1),
        http_concurrency: args.http_concurrency.max(1),
        connect_concurrency: args.connect_concurrency.max(1),
        setup_timeout: Duration::from_secs(args.setup_timeout),
        stall: Duration::from_secs(args.stall_secs.max(1)),
        quiet: args.json,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(plan.threads)
        .enable_all()
        .build()
        .context("cannot start the load runtime")?;
    let report = rt.block_on(drive(plan));
    rt.shutdown_timeout(Duration::from_secs(2));
    let report = report?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report).expect("the report serialises"));
    } else {
        report::print_text(&report);
    }
    Ok(())
}

async fn drive(plan: Plan) -> Result<Report> {
    let game = if plan.echo_only { None } else { Some(one_run(&plan, false).await?) };
    let echo = match &plan.echo {
        Some(_) => Some(one_run(&plan, true).await?),
        None => None,
    };
    let fraction_of_echo = match (&game, &echo) {
        (Some(g), Some(e)) => match (g.decisions_per_sec, e.messages_per_sec) {
            (Some(d), Some(m)) if m > 0.0 => Some(d / m),
            _ => None,
        },
        _ => None,
    };
    Ok(Report {
        variant: plan.variant.clone(),
        think_ms: plan.think.as_millis() as u64,
        player_rate: plan.player_rate,
        threads: plan.threads,
        game,
        echo,
        fraction_of_echo,
    })
}

fn note(plan: &Plan, text: impl std::fmt::Display) {
    if !plan.quiet {
        eprintln!("loadtest: {text}");
    }
}

/// Waits until `count` reaches `n` (or the setup time is over); says how far it got.
async fn wait_for_count(plan: &Plan, count: &AtomicUsize, n: usize, what: &str, since: Instant) -> Result<()> {
    let mut last_note = Instant::now();
    loop {
        let now = count.load(Ordering::Relaxed);
        if now >= n {
            return Ok(());
        }
        if since.elapsed() > plan.setup_timeout {
            bail!("only {now} of {n} {what} after {:?}", plan.setup_timeout);
        }
        if last_note.elapsed() > Duration::from_secs(5) {
            note(plan, format!("{now}/{n} {what}"));
            last_note = Instant::now();
        }
        sleep(Duration::from_millis(50)).await;
    }
}

async fn one_run(plan: &Plan, echo: bool) -> Result<RunReport> {
    let url = if echo { plan.echo.clone().expect("echo run has a URL") } else { plan.server.clone() };
    let target = Target::resolve(&url).await?;
    let api = Api::new(&url);
    // Fail at once when nothing answers, rather than retrying until the set-up time is over.
    if echo {
        tokio::net::TcpStream::connect(target.addr)
            .await
            .with_context(|| format!("cannot reach the echo server at {url}: is mancala-echo running there?"))?;
    } else {
        api.get_text("/healthz").await?;
    }
    let (phase, _) = watch::channel(if echo { Phase::Connect } else { Phase::Create });
    let mut nodes = vec![(api.clone(), target)];
    if !echo {
        for url in &plan.nodes {
            nodes.push((Api::new(url), Target::resolve(url).await?));
        }
    }
    let ctx = Arc::new(Ctx {
        nodes,
        cross_node: plan.cross_node,
        binds: plan.binds.clone(),
        next_bind: AtomicUsize::new(0),
        variant: plan.variant.clone(),
        bot: plan.bot.clone(),
        clock: plan.clock,
        think: plan.think,
        player_rate: plan.player_rate,
        // A person facing a bot hears nothing while the bot thinks, which its clock bounds.
        stall: match (&plan.bot, plan.clock) {
            (Some(_), Some((base, inc))) => plan.stall.max(Duration::from_secs(u64::from(base + inc) + 60)),
            _ => plan.stall,
        },
        http: Semaphore::new(plan.http_concurrency),
        connects: Semaphore::new(plan.connect_concurrency),
        phase,
        stats: Stats::new(),
        created: AtomicUsize::new(0),
        ready: AtomicUsize::new(0),
    });
    let pid = if echo { plan.echo_pid } else { plan.server_pid };
    let n = plan.games as usize;
    let mut memory = Memory { baseline_kib: stats::rss_kib(pid), ..Memory::default() };
    let kind = if echo { "echo" } else { "game" };
    note(plan, format!("{kind} run against {url}: {n} games, {} spectators", plan.spectators));

    let setup = Instant::now();
    let mut tasks = Vec::with_capacity(n);
    for i in 0..n {
        let share = plan.spectators as usize / n + usize::from(i < plan.spectators as usize % n);
        let ctx = ctx.clone();
        tasks.push(match (echo, &plan.bot) {
            (true, _) => tokio::spawn(echo::run(ctx, i, share)),
            (false, Some(_)) => tokio::spawn(table::run::<bot_table::AgainstBot>(ctx, i, share)),
            (false, None) => tokio::spawn(table::run::<table::People>(ctx, i, share)),
        });
    }
    if !echo {
        wait_for_count(plan, &ctx.created, n, "games created", setup).await?;
        sleep(Duration::from_millis(500)).await;
        memory.games_kib = stats::rss_kib(pid);
        note(plan, format!("{n} games created in {:.1} s", setup.elapsed().as_secs_f64()));
        ctx.phase.send_replace(Phase::Connect);
    }
    wait_for_count(plan, &ctx.ready, n, "tables connected", setup).await?;
    let setup_secs = setup.elapsed().as_secs_f64();
    let seats = if plan.bot.is_some() { 1 } else { 2 };
    let planned = seats * n as u64 + plan.spectators as u64;
    note(
        plan,
        format!(
            "{} connections open in {setup_secs:.1} s; idle for {:?}",
            ctx.stats.open.load(Ordering::Relaxed),
            plan.idle
        ),
    );
    sleep(plan.idle).await;
    memory.idle_kib = stats::rss_kib(pid);
    let held_idle = ctx.stats.open.load(Ordering::Relaxed);

    let scrape = || async { if echo { None } else { api.get_text("/metrics").await.ok().map(|t| Scrape::parse(&t)) } };
    ctx.phase.send_replace(Phase::Play);
    // The window opens after the warm-up: every table starting at once is a burst no server sees in
    // steady use, and it would weigh on the percentiles of the window.
    if !plan.warmup.is_zero() {
        note(plan, format!("warming up for {:?}", plan.warmup));
        sleep(plan.warmup).await;
    }
    let before = scrape().await;
    ctx.stats.min_open.store(ctx.stats.open.load(Ordering::Relaxed), Ordering::Relaxed);
    ctx.stats.measuring.store(true, Ordering::Relaxed);
    let start = Instant::now();
    // The server's CPU time: with several nodes, all of them.
    let others: &[u32] = if echo { &[] } else { &plan.node_pids };
    let server_cpu = || {
        let own = pid.and_then(|p| stats::cpu_secs(Some(p)))?;
        others.iter().try_fold(own, |sum, &p| Some(sum + stats::cpu_secs(Some(p))?))
    };
    let cpu_before = (server_cpu(), stats::cpu_secs(None));
    let mut load_max = None;
    while start.elapsed() < plan.duration {
        sleep((plan.duration - start.elapsed()).min(Duration::from_secs(1))).await;
        load_max = load_max.max(stats::rss_kib(pid));
    }
    ctx.stats.measuring.store(false, Ordering::Relaxed);
    let window = start.elapsed().as_secs_f64();
    let cpu_after = (server_cpu(), stats::cpu_secs(None));
    ctx.phase.send_replace(Phase::Stop);
    memory.load_max_kib = load_max;
    let after = scrape().await;
    let mut samples = Vec::new();
    for t in tasks {
        match tokio::time::timeout(Duration::from_secs(10), t).await {
            Ok(Ok(mut l)) => samples.append(&mut l),
            Ok(Err(e)) => ctx.stats.error("panic", e),
            Err(_) => ctx.stats.error("stuck", "a table did not stop within 10 s"),
        }
    }
    let games = if echo { 0 } else { n as u64 };
    memory.derive(games, held_idle.max(0) as u64);
    let s = &ctx.stats;
    let done = Stats::get(&s.done);
    let per_sec = if window > 0.0 { done as f64 / window } else { 0.0 };
    let (errors, error_kinds) = s.errors();
    let min_open = s.min_open.load(Ordering::Relaxed);
    Ok(RunReport {
        target: url,
        games: plan.games,
        spectators: plan.spectators,
        connections: Connections {
            planned,
            held_idle,
            min_in_window: if min_open == i64::MAX { held_idle } else { min_open },
            at_end: s.open.load(Ordering::Relaxed),
        },
        setup_secs,
        window_secs: window,
        decisions: (!echo).then_some(done),
        decisions_per_sec: (!echo).then_some(per_sec),
        messages: echo.then_some(done),
        messages_per_sec: echo.then_some(per_sec),
        latency: Latency::of(samples),
        bot: plan.bot.as_ref().filter(|_| !echo).map(|level| {
            let outcomes = s.outcomes();
            BotReport {
                opponent: level.clone(),
                clock: plan.clock.map(|(base, inc)| format!("{base}+{inc}")),
                lost_on_time: outcomes.get("bot lost: timeout").copied().unwrap_or(0),
                outcomes,
                lowest_clock_ms: Some(s.bot_clock_min_ms.load(Ordering::Relaxed)).filter(|&ms| ms != u64::MAX),
            }
        }),
        events_received: Stats::get(&s.events),
        games_finished: Stats::get(&s.games_finished),
        largest_message_bytes: Stats::get(&s.largest_message),
        messages_over_1mib: Stats::get(&s.messages_over_1mib),
        messages_received: Stats::get(&s.messages_received),
        mean_message_bytes: Stats::get(&s.bytes_received) as f64 / Stats::get(&s.messages_received).max(1) as f64,
        rejected: Stats::get(&s.rejected),
        reject_codes: s.reject_codes(),
        rate_limited: Stats::get(&s.rate_limited),
        errors,
        error_kinds,
        memory,
        cpu: Cpu::between(cpu_before, cpu_after, window),
        server_metrics: before.zip(after).map(|(b, a)| b.window(&a)),
    })
}

#[cfg(test)]
mod tests {
    use super::parse_clock;

    #[test]
    fn a_clock_is_base_plus_increment_in_seconds() {
        assert_eq!(parse_clock("180+2"), Ok((180, 2)));
        assert_eq!(parse_clock("300"), Ok((300, 0)));
        assert!(parse_clock("0+5").is_err());
        assert!(parse_clock("3m+2").is_err());
        assert!(parse_clock("180+").is_err());
    }
}
