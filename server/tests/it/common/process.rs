//! `mancala-server` as a real child process, for tests of what only a process can show: SIGTERM and
//! SIGKILL, a restart on the same database.

use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::task::JoinHandle;

/// `mancala-server` as a child process on a free port. What it writes is read as it comes: a pipe nobody
/// reads holds 64 KiB, and a server whose log filled it would stop in its next log line.
pub struct Process {
    child: tokio::process::Child,
    pub addr: std::net::SocketAddr,
    /// Standard output (the log), then standard error (a panic), each read to its end by a task.
    output: [Drained; 2],
}

/// A stream's bytes so far, and the task reading it.
type Drained = (Arc<Mutex<Vec<u8>>>, JoinHandle<()>);

/// A task that reads `from` to its end into a buffer it shares.
fn drain(mut from: impl AsyncRead + Unpin + Send + 'static) -> Drained {
    let read = Arc::new(Mutex::new(Vec::new()));
    let into = read.clone();
    let task = tokio::spawn(async move {
        let mut chunk = vec![0; 16 * 1024];
        while let Ok(n @ 1..) = from.read(&mut chunk).await {
            into.lock().unwrap().extend_from_slice(&chunk[..n]);
        }
    });
    (read, task)
}

/// The cluster name of the nodes on `database_url`: its database's name, in the letters a name allows.
fn cluster_name(database_url: &str) -> String {
    let db = database_url.split('?').next().unwrap_or_default().rsplit('/').next().unwrap_or_default();
    let name: String =
        db.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).take(40).collect();
    if name.is_empty() { "test".into() } else { name }
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
        let mut child = command
            .args(["--addr", &addr.to_string(), "--database-url", database_url])
            .args(extra)
            .env("RUST_LOG", "info")
            // The nodes of one test share its database, and only they: their broker subjects are that
            // database's, so tests running at once on one broker never hear each other's accounts.
            .env("MANCALA_CLUSTER_NAME", cluster_name(database_url))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("mancala-server starts");
        let output = [drain(child.stdout.take().unwrap()), drain(child.stderr.take().unwrap())];
        let http = reqwest::Client::new();
        for _ in 0..300 {
            if http.get(format!("http://{addr}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
                return Process { child, addr, output };
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("mancala-server did not answer /healthz");
    }

    /// What the process has logged so far.
    pub fn log_so_far(&self) -> String {
        String::from_utf8_lossy(&self.output[0].0.lock().unwrap()).into_owned()
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
        for (read, task) in self.output {
            task.await.expect("the output is read to its end");
            log.push_str(&String::from_utf8_lossy(&read.lock().unwrap()));
        }
        (status, log)
    }
}
