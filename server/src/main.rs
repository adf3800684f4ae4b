//! `mancala-server`: parses the configuration (flags and environment), binds, and runs until SIGINT or
//! SIGTERM; or, as `mancala-server admin …`, runs one of the operator's commands and exits; or, as
//! `mancala-server healthcheck`, probes this machine's node (a container's health check).

use anyhow::Context;
use clap::Parser;
use mancala_server::admin::AdminArgs;
use mancala_server::config::Config;
use std::io::IsTerminal;
use std::process::ExitCode;

/// The server's flags, or one of its commands.
#[derive(Debug, Parser)]
#[command(
    name = "mancala-server",
    version,
    about = "The mancala game server: play and watch over WebSockets, history over HTTP.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// The operator's commands (docs/operating.md), against the servers' database.
    Admin(AdminArgs),
    /// Asks this machine's node for `/healthz`: exit 0 when it answers 200, else 1 (a container's probe).
    Healthcheck(mancala_server::healthcheck::HealthcheckArgs),
}

/// Colours only on a terminal, and not when `NO_COLOR` is set (no-color.org): a log written to a file
/// or a pipe (systemd, docker, a test) has no escape codes.
fn colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// mimalloc rather than glibc's allocator: a decision allocates and frees many small, short-lived buffers
/// (frames, steps, views) across threads, where glibc's arenas cost 10-15 % of the server's CPU
/// (BENCHMARKS.md, "Server CPU per decision").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Transparent huge pages off for this process. mimalloc asks for them on the memory it maps, and then
/// the first touch of each 2 MiB region zeroes all of it inside whichever request touched it: about
/// 2.5 % of the server's samples at 100 games, and visible in the p99 of a decision (BENCHMARKS.md,
/// "Per-connection costs"). The server's heap is small, so the fewer TLB misses of huge pages would not
/// pay for that. The flag applies at page-fault time, so it covers the memory mapped before `main` too.
fn no_huge_pages() {
    // `prctl(PR_SET_THP_DISABLE)`: a flag of the process's memory, whichever thread sets it.
    #[cfg(target_os = "linux")]
    if let Err(e) = rustix::thread::disable_transparent_huge_pages(true) {
        eprintln!("could not turn transparent huge pages off ({e}); going on with them");
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Admin(args)) => {
            tracing_subscriber::fmt().with_env_filter("warn").with_writer(std::io::stderr).init();
            return Ok(mancala_server::admin::run(args).await);
        }
        Some(Command::Healthcheck(args)) => return Ok(mancala_server::healthcheck::run(args)),
        None => {}
    }
    no_huge_pages();
    let config = cli.config;
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_new(&config.log).context("bad log filter")?)
        .with_ansi(colour())
        .init();
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("cannot listen on {}", config.addr))?;
    mancala_server::run(listener, config, mancala_server::shutdown_signal()).await?;
    Ok(ExitCode::SUCCESS)
}
