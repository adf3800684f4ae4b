//! The load tool's side of the wire: opening a WebSocket from a chosen loopback source address (so one
//! machine can hold more connections than one address has ports), reading only the fields of a server
//! message the tool needs (a message is skimmed, not built: the board, steps and summaries are skipped),
//! and a token bucket that keeps a player under the server's per-connection rate limit.

use anyhow::{Context, Result, bail};
use serde::Deserialize;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tokio::net::{TcpSocket, TcpStream};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{WebSocketStream, client_async_with_config};

pub type Ws = WebSocketStream<TcpStream>;

/// The largest message the tool accepts.
const MAX_MESSAGE: usize = 512 << 20;

/// Where the WebSockets go: `ws://host:port` (no path) and the address it resolves to.
#[derive(Clone, Debug)]
pub struct Target {
    pub ws_base: String,
    pub addr: SocketAddr,
}

impl Target {
    /// From `http://host:port`, `ws://host:port` or `host:port` (a path is ignored).
    pub async fn resolve(url: &str) -> Result<Target> {
        let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
        if url.starts_with("https://") || url.starts_with("wss://") {
            bail!("the load tool speaks plain ws:// only (got {url})");
        }
        let host_port = rest.split('/').next().unwrap_or(rest);
        let addr = tokio::net::lookup_host(host_port)
            .await
            .with_context(|| format!("cannot resolve {host_port}"))?
            .next()
            .with_context(|| format!("{host_port} resolves to no address"))?;
        Ok(Target { ws_base: format!("ws://{host_port}"), addr })
    }

    /// Opens a WebSocket to `path`, from source address `bind` when given. Nagle is off on our side (the
    /// server's side is as the server sets it).
    pub async fn connect(&self, path: &str, bind: Option<IpAddr>) -> Result<Ws> {
        let socket = if self.addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
        if let Some(ip) = bind {
            socket.bind(SocketAddr::new(ip, 0)).with_context(|| format!("cannot bind to {ip}"))?;
        }
        let stream = socket.connect(self.addr).await.with_context(|| format!("cannot connect to {}", self.addr))?;
        stream.set_nodelay(true)?;
        // Small buffers: thousands of connections in one process, and most messages are small (a few
        // hundred bytes; tungstenite zeroes the read buffer's free part before every read, so a larger one
        // costs the tool CPU that the server on the same cores would use). But not a small limit: a server
        // before protocol 2 sent the event of a very long turn (up to 100 000 laps, each drop a step) whole,
        // tens of MB, over tungstenite's default 16 MiB frame limit.
        let config = WebSocketConfig::default()
            .read_buffer_size(2 * 1024)
            .write_buffer_size(0)
            .max_frame_size(Some(MAX_MESSAGE))
            .max_message_size(Some(MAX_MESSAGE));
        let url = format!("{}{path}", self.ws_base);
        match client_async_with_config(url.as_str(), stream, Some(config)).await {
            Ok((ws, _)) => Ok(ws),
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
                let body = resp.body().as_ref().map(|b| String::from_utf8_lossy(b).to_string()).unwrap_or_default();
                bail!("HTTP {} on the WebSocket upgrade: {body}", resp.status().as_u16())
            }
            Err(e) => Err(e).context("WebSocket handshake"),
        }
    }
}

/// A server message, skimmed: only what the load tool acts on.
#[derive(Debug, Deserialize)]
pub struct Skim<'a> {
    #[serde(rename = "type", borrow)]
    pub ty: &'a str,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub event: Option<SkimEvent>,
    #[serde(default)]
    pub view: Option<SkimView>,
    /// `rejected`: the decisions the seat may make now.
    #[serde(default)]
    pub legal: Vec<String>,
    /// The clocks (snapshots, and the last event of a change in a game with a clock).
    #[serde(default)]
    pub clock: Option<SkimClock>,
}

#[derive(Debug, Deserialize)]
pub struct SkimClock {
    pub south_ms: u64,
    pub north_ms: u64,
}

#[derive(Debug, Deserialize)]
pub struct SkimEvent {
    pub kind: String,
    #[serde(default)]
    pub side: Option<String>,
    #[serde(default)]
    pub auto: bool,
}

#[derive(Debug, Deserialize)]
pub struct SkimView {
    #[serde(default)]
    pub legal: Vec<String>,
    #[serde(default)]
    pub outcome: Option<SkimOutcome>,
}

/// How a game ended: the winner's side (none for a draw or an abort) and the reason.
#[derive(Debug, Deserialize)]
pub struct SkimOutcome {
    #[serde(default)]
    pub winner: Option<String>,
    pub reason: String,
}

impl<'a> Skim<'a> {
    pub fn parse(text: &'a str) -> Result<Skim<'a>> {
        serde_json::from_str(text).with_context(|| format!("unreadable server message: {}", clip(text)))
    }

    /// The game is over in this message's view.
    pub fn over(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.outcome.is_some())
    }
}

fn clip(text: &str) -> &str {
    let end = text.char_indices().nth(200).map(|(i, _)| i).unwrap_or(text.len());
    &text[..end]
}

/// A token bucket of `rate` per second holding at most `rate` tokens: half the burst the server allows
/// (twice the rate), so the jitter between our send and the server's receipt cannot push a player over.
#[derive(Debug)]
pub struct Bucket {
    interval: Option<Duration>,
    capacity: Duration,
    /// The theoretical time the bucket is full again (GCRA).
    tat: Instant,
}

impl Bucket {
    /// `rate` 0: no pacing.
    pub fn new(rate: u32) -> Bucket {
        let interval = (rate > 0).then(|| Duration::from_secs(1) / rate);
        let capacity = interval.map(|i| i * rate).unwrap_or_default();
        Bucket { interval, capacity, tat: Instant::now() }
    }

    /// The earliest time the next message may go, `now` at the latest when a token is there. The caller's
    /// `now` rather than a fresh clock read: "ready at a later reading of the clock" compared with the
    /// caller's earlier `now` is always in the future, and an unpaced player never sent anything.
    pub fn ready_at(&self, now: Instant) -> Instant {
        match self.interval {
            None => now,
            Some(i) => (self.tat + i).checked_sub(self.capacity).unwrap_or(now),
        }
    }

    /// Takes a token now (call when sending).
    pub fn take(&mut self) {
        if let Some(i) = self.interval {
            self.tat = self.tat.max(Instant::now()) + i;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skims_the_fields_it_needs() {
        let m = Skim::parse(
            r#"{"type":"event","v":3,"event":{"kind":"move","ply":3,"side":"north","decision":"a3","auto":false,
               "steps":[{"type":"lift","hole":"a3"}]},"view":{"holes":{"a1":0},"legal":["b2"],"outcome":null},
               "clock":null}"#,
        )
        .unwrap();
        assert_eq!(m.ty, "event");
        assert_eq!(m.event.as_ref().unwrap().side.as_deref(), Some("north"));
        assert_eq!(m.view.as_ref().unwrap().legal, ["b2"]);
        assert!(!m.over());
        let end = Skim::parse(
            r#"{"type":"snapshot","v":9,"view":{"legal":[],"outcome":{"winner":"north","reason":"timeout",
               "ratings":null}},"clock":{"base_secs":180,"increment_secs":2,"south_ms":0,"north_ms":4100,
               "running":[]}}"#,
        )
        .unwrap();
        assert!(end.over());
        let outcome = end.view.as_ref().unwrap().outcome.as_ref().unwrap();
        assert_eq!((outcome.winner.as_deref(), outcome.reason.as_str()), (Some("north"), "timeout"));
        assert_eq!(end.clock.as_ref().map(|c| (c.south_ms, c.north_ms)), Some((0, 4100)));
        let rej = Skim::parse(r#"{"type":"rejected","id":"4","code":"illegal","reason":"no","legal":["c2"]}"#).unwrap();
        assert_eq!((rej.id.as_deref(), rej.code.as_deref(), rej.legal.len()), (Some("4"), Some("illegal"), 1));
    }

    #[test]
    fn the_bucket_allows_a_burst_then_paces() {
        let mut b = Bucket::new(10);
        for _ in 0..10 {
            let now = Instant::now();
            assert!(b.ready_at(now) <= now);
            b.take();
        }
        let now = Instant::now();
        assert!(b.ready_at(now) > now + Duration::from_millis(50));
    }

    #[test]
    fn an_unpaced_bucket_is_always_ready_now() {
        let mut none = Bucket::new(0);
        for _ in 0..1000 {
            let now = Instant::now();
            assert_eq!(none.ready_at(now), now);
            none.take();
        }
    }
}
