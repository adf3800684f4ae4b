//! `mancala-server healthcheck`: asks this machine's node for `/healthz` and exits 0 when it answers 200,
//! else 1 with the reason on standard error. It is the container's health probe (docker compose's
//! `healthcheck`, deploy/production/compose.yml): the image is Debian slim, which has neither curl nor
//! wget, and the server's own binary is already in it, so the probe needs nothing added to the image.
//! Plain HTTP/1.1 over a socket of the standard library: no client library, no runtime.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::process::ExitCode;
use std::time::Duration;

/// How long the whole probe may take (a monitor's probe must end; docker's own timeout is longer).
const WAIT: Duration = Duration::from_secs(3);

/// `mancala-server healthcheck [--addr ADDR]`.
#[derive(Debug, clap::Args)]
pub struct HealthcheckArgs {
    /// The address the node listens on (its own `--addr`; `0.0.0.0:8080` is asked on 127.0.0.1:8080).
    #[arg(long, env = "MANCALA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
}

/// Runs the probe: 0 when the node answers 200, else 1.
pub fn run(args: HealthcheckArgs) -> ExitCode {
    match probe(reachable(args.addr)) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("mancala-server healthcheck: {why}");
            ExitCode::from(1)
        }
    }
}

/// Where to ask a node listening on `addr`: the loopback address for "every address".
fn reachable(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => SocketAddr::new(Ipv4Addr::LOCALHOST.into(), addr.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => SocketAddr::new(Ipv6Addr::LOCALHOST.into(), addr.port()),
        _ => addr,
    }
}

/// `GET /healthz` on `addr`: its status line when 200, else why not.
fn probe(addr: SocketAddr) -> Result<String, String> {
    let mut tcp = TcpStream::connect_timeout(&addr, WAIT).map_err(|e| format!("no answer from {addr}: {e}"))?;
    let io = |e: std::io::Error| format!("{addr}: {e}");
    tcp.set_read_timeout(Some(WAIT)).map_err(io)?;
    tcp.set_write_timeout(Some(WAIT)).map_err(io)?;
    tcp.write_all(format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
        .map_err(io)?;
    let mut answer = Vec::new();
    // The answer is small; a node that keeps the connection open after it is cut short by the timeout.
    let _ = tcp.take(64 * 1024).read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer);
    let status = text.lines().next().unwrap_or("").trim().to_string();
    if status.starts_with("HTTP/1.1 200") {
        return Ok(format!("{addr}: {status}"));
    }
    let body = text.split_once("\r\n\r\n").map(|(_, b)| b.trim()).unwrap_or("");
    if status.is_empty() {
        return Err(format!("{addr} closed the connection without an answer"));
    }
    Err(format!("{addr} answered {status}: {}", body.chars().take(300).collect::<String>()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_address_is_asked_on_loopback() {
        let at = |s: &str| reachable(s.parse().unwrap()).to_string();
        assert_eq!(at("0.0.0.0:8080"), "127.0.0.1:8080");
        assert_eq!(at("[::]:9000"), "[::1]:9000");
        assert_eq!(at("10.1.2.3:8080"), "10.1.2.3:8080");
    }
}
