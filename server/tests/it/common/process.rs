//! `mancala-server` as a real child process, for tests of what only a process can show: SIGTERM and
//! SIGKILL, a restart on the same database.

use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncReadExt;

/// `mancala-server` as a child process on a free port.
pub struct Process {
    child: tokio::process::Child,
    pub addr: std::net::SocketAddr,
}

impl Process {
    pub async fn start(database_url: &str, extra: &[&str]) -> Process {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        Process::start_at(addr, &[], database_url, extra).await
    }

    /// A server on `addr`, run through `prefix` (e.g. `ip netns exec NS`) when given.
    pub async fn start_at(addr: std::net::SocketAddr, prefix: &[&str], database_url: &str, extra: &[&str]) -> Process {
        let server = env!("CARGO_BIN_EXE_mancala-server");
        let mut command = match prefix.split_first() {
            None => tokio::process::Command::new(server),
            Some((first, rest)) => {
                let mut c = tokio::process::Command::new(first);
                c.args(rest).arg(server);
                c
            }
        };
        let child = command
            .args(["--addr", &addr.to_string(), "--database-url", database_url])
            .args(extra)
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("mancala-server starts");
        let http = reqwest::Client::new();
        for _ in 0..300 {
            if http.get(format!("http://{addr}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
                return Process { child, addr };
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("mancala-server did not answer /healthz");
    }

    pub fn pid(&self) -> u32 {
        self.child.id().expect("running")
    }

    pub fn signal(&self, signal: &str) {
        let pid = self.pid().to_string();
        let ok = std::process::Command::new("kill").args([signal, &pid]).status().unwrap().success();
        assert!(ok, "kill {signal} {pid}");
    }

    /// SIGKILL, as a crash: nothing is flushed, nothing is told. Returns once the process is gone.
    pub async fn kill(mut self) {
        self.signal("-KILL");
        let status = tokio::time::timeout(Duration::from_secs(10), self.child.wait()).await.expect("dies").unwrap();
        assert!(!status.success(), "killed, not exited: {status}");
    }

    /// Waits for the exit; returns its status and what the process logged.
    pub async fn exited(mut self, within: Duration) -> (std::process::ExitStatus, String) {
        let status = tokio::time::timeout(within, self.child.wait()).await.expect("exits in time").unwrap();
        // The log goes to standard output; a panic would go to standard error.
        let mut log = String::new();
        self.child.stdout.take().unwrap().read_to_string(&mut log).await.unwrap();
        self.child.stderr.take().unwrap().read_to_string(&mut log).await.unwrap();
        (status, log)
    }
}
