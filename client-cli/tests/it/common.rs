//! What the tests share: a server on an ephemeral port over a fresh SQLite file (stopped when dropped), the
//! `mancala` binary with a home of its own and no account from the environment, and a child process
//! talked to line by line.

use mancala_server::config::Config;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How long a child may stay silent before a test gives up on it.
const SILENCE: Duration = Duration::from_secs(30);

/// A server the test started; it stops when this is dropped.
pub struct Server {
    pub base: String,
    _dir: tempfile::TempDir,
    _stop: tokio::sync::oneshot::Sender<()>,
}

/// A server with the default configuration.
pub async fn server() -> Server {
    server_with(|_| {}).await
}

/// A server whose configuration `tweak` changed.
pub async fn server_with(tweak: impl FnOnce(&mut Config)) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("cli.db").display());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let mut config = Config::with_database(&url);
    tweak(&mut config);
    tokio::spawn(mancala_server::run(listener, config, async {
        let _ = stopped.await;
    }));
    Server { base, _dir: dir, _stop: stop }
}

/// The built `mancala` with `home` for its files; killed when dropped.
pub fn mancala(home: &std::path::Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.env("MANCALA_HOME", home).env_remove("MANCALA_SERVER").env_remove("MANCALA_TOKEN").kill_on_drop(true);
    c
}

/// A running `mancala`, read line by line; every line read is kept for the failure messages.
pub struct Player {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Lines<BufReader<ChildStdout>>,
    pub transcript: Vec<String>,
}

impl Player {
    pub fn spawn(mut cmd: Command) -> Player {
        let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        Player { child, stdin, lines, transcript: Vec::new() }
    }

    /// The next line; `None` when the command stopped or said nothing for a while.
    pub async fn line(&mut self) -> Option<String> {
        let l = tokio::time::timeout(SILENCE, self.lines.next_line()).await.ok()?.ok()??;
        self.transcript.push(l.clone());
        Some(l)
    }

    /// The next line, which must come.
    pub async fn expect_line(&mut self) -> String {
        let l = self.line().await;
        l.unwrap_or_else(|| panic!("the command stopped talking; it said: {:#?}", self.transcript))
    }

    /// The next line starting with `prefix` (the lines before it are skipped).
    pub async fn until(&mut self, prefix: &str) -> String {
        loop {
            let l = self.line().await.unwrap_or_else(|| panic!("no `{prefix}` line; got {:?}", self.transcript));
            if l.starts_with(prefix) {
                return l;
            }
        }
    }

    pub async fn say(&mut self, text: &str) {
        self.stdin.write_all(format!("{text}\n").as_bytes()).await.unwrap();
    }
}
