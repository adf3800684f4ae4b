//! The server under test as a child process: started on a fixed address and database, SIGKILLed (a crash:
//! nothing flushed, nobody told), started again on the same address and database, and stopped with
//! SIGTERM at the end. Its output goes to one log file, each start marked, for investigating a failure.

use anyhow::{Context, Result, bail};
use std::fs::OpenOptions;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;
use tokio::process::{Child, Command};
use tokio::time::{Instant, sleep};

/// How long a start may take to answer `/healthz` (it replays every unfinished game first).
const READY_WITHIN: Duration = Duration::from_secs(60);

#[derive(Debug)]
pub struct Server {
    bin: PathBuf,
    database_url: String,
    pub addr: SocketAddr,
    extra: Vec<String>,
    log: PathBuf,
    child: Option<Child>,
    starts: u32,
    http: reqwest::Client,
}

impl Server {
    pub fn new(bin: PathBuf, database_url: String, addr: SocketAddr, extra: Vec<String>, log: PathBuf) -> Server {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(2)).build().expect("a plain HTTP client");
        Server { bin, database_url, addr, extra, log, child: None, starts: 0, http }
    }

    /// Starts the server and waits until it answers `/healthz`; returns how long that took. A start that
    /// exits at once (the port not free yet after a kill) is tried again.
    pub async fn start(&mut self) -> Result<Duration> {
        let began = Instant::now();
        let mut failures = 0;
        loop {
            self.starts += 1;
            let mut log = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&self.log)
                .with_context(|| format!("cannot open the server log {}", self.log.display()))?;
            writeln!(log, "=== mancala-chaos: start #{} ===", self.starts)?;
            let child = Command::new(&self.bin)
                .args(["--addr", &self.addr.to_string(), "--database-url", &self.database_url])
                .args(&self.extra)
                .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()))
                .stdin(Stdio::null())
                .stdout(Stdio::from(log.try_clone()?))
                .stderr(Stdio::from(log))
                .kill_on_drop(true)
                .spawn()
                .with_context(|| format!("cannot start {}", self.bin.display()))?;
            self.child = Some(child);
            match self.wait_ready().await {
                Ok(()) => return Ok(began.elapsed()),
                Err(e) => {
                    failures += 1;
                    if failures >= 5 {
                        return Err(e.context(format!("see the server log {}", self.log.display())));
                    }
                    self.kill().await?;
                    sleep(Duration::from_millis(200 * failures)).await;
                }
            }
        }
    }

    async fn wait_ready(&mut self) -> Result<()> {
        let url = format!("http://{}/healthz", self.addr);
        let deadline = Instant::now() + READY_WITHIN;
        while Instant::now() < deadline {
            if let Some(status) = self.child.as_mut().expect("started").try_wait()? {
                bail!("mancala-server exited at start: {status}");
            }
            if self.http.get(&url).send().await.is_ok_and(|r| r.status().is_success()) {
                return Ok(());
            }
            sleep(Duration::from_millis(10)).await;
        }
        bail!("mancala-server did not answer /healthz within {READY_WITHIN:?}")
    }

    /// SIGKILL; returns once the process is gone.
    pub async fn kill(&mut self) -> Result<()> {
        if let Some(mut child) = self.child.take() {
            // tokio's `kill` is SIGKILL on Unix, then waits for the exit.
            child.kill().await.context("cannot SIGKILL mancala-server")?;
        }
        Ok(())
    }

    /// SIGTERM, and waits for the exit (SIGKILL after 30 s).
    pub async fn stop(&mut self) -> Result<()> {
        let Some(mut child) = self.child.take() else { return Ok(()) };
        if let Some(pid) = child.id() {
            let _ = std::process::Command::new("kill").args(["-TERM", &pid.to_string()]).status();
        }
        match tokio::time::timeout(Duration::from_secs(30), child.wait()).await {
            Ok(status) => {
                status?;
            }
            Err(_) => child.kill().await?,
        }
        Ok(())
    }
}
