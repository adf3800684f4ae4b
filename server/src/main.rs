//! `mancala-server`: parses the configuration (flags and environment), binds, and runs until SIGINT or
//! SIGTERM.

use anyhow::Context;
use clap::Parser;
use mancala_server::config::Config;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::parse();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_new(&config.log).context("bad log filter")?)
        .init();
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .with_context(|| format!("cannot listen on {}", config.addr))?;
    mancala_server::run(listener, config, mancala_server::shutdown_signal()).await?;
    Ok(())
}
