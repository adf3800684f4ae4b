//! Serving HTTP connections: the accept loop, with a cap on open connections (as mini-redis's
//! `MAX_CONNECTIONS`) and an orderly close of the listener at shutdown.
//!
//! **The cap.** Every accepted connection takes a permit of one semaphore and holds it as long as its
//! socket is open: a WebSocket or a stream keeps the permit of the connection it was upgraded from, since
//! the permit travels with the socket ([`Counted`]). Beyond the cap a connection is still accepted, and
//! every request on it is answered 503 `busy` with `Retry-After`, saying why, and the connection closed:
//! a client is told rather than left waiting in the kernel's queue. Those answers have a small budget of
//! their own ([`REFUSALS`] at once, each given [`REFUSAL_TIME`]); beyond that the loop stops accepting until
//! a connection closes, as mini-redis does.
//!
//! **The close.** The server's shutdown ([`crate::run`]) first tells everyone (from then on every answer
//! carries `Connection: close`, so no client sends a request on a connection the server is about to
//! close), waits for sockets and rooms, and only then stops this loop: the kernel is told to start no
//! new connection ([`refuse_new`]), the connections it accepted already are taken and served (closed
//! unread, they would be reset under their clients), the listener closes, the connections get
//! [`LAST_CALL`] to send a request they were about to send, and then those still idle are closed between
//! requests.

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, Response, header};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

/// Connections beyond the cap being answered at once; more wait in the kernel's queue.
pub const REFUSALS: usize = 64;
/// How long a connection beyond the cap may take to send its request and read the refusal.
pub const REFUSAL_TIME: Duration = Duration::from_secs(5);
/// What a refusal's `Retry-After` says, in seconds.
pub const RETRY_AFTER_SECS: u64 = 5;
/// How long connections may still send a request once the listener has closed.
pub const LAST_CALL: Duration = Duration::from_millis(500);
/// File descriptors kept for the rest of the process (database, broker, logs, the refusals) when the cap
/// is sized from the open-file limit.
const RESERVED_FDS: u64 = 256;

/// How the loop serves.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Most connections open at once.
    pub max_connections: usize,
    /// Kernel send buffer of each socket (`None`: the kernel's choice).
    pub send_buffer: Option<usize>,
    /// How long a connection may take to send a request's head (idle keep-alive connections included).
    pub header_timeout: Duration,
}

impl ServeConfig {
    /// The settings the command line gives.
    pub fn of(c: &crate::config::Config) -> ServeConfig {
        ServeConfig {
            max_connections: c.max_connections.map(|n| n as usize).unwrap_or_else(default_max_connections),
            send_buffer: c.socket_send_buffer,
            header_timeout: Duration::from_secs(c.request_timeout_secs.max(1)),
        }
    }
}

/// The default cap, sized for this machine: the process's open-file limit less what the rest of the
/// process needs, since each connection is a file descriptor and an `accept` beyond the limit fails.
pub fn default_max_connections() -> usize {
    #[cfg(target_os = "linux")]
    {
        let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile).current.unwrap_or(u64::MAX);
        limit.saturating_sub(RESERVED_FDS).clamp(64, 1 << 20) as usize
    }
    #[cfg(not(target_os = "linux"))]
    {
        1024 - RESERVED_FDS as usize
    }
}

/// Serves `app` on `listener` until `stop`, then closes as the module says and returns once every
/// connection it serves has ended (WebSockets and streams excepted: they are the caller's).
pub async fn serve(listener: TcpListener, app: Router, config: ServeConfig, stop: CancellationToken) {
    let open = Arc::new(Semaphore::new(config.max_connections));
    let refusals = Arc::new(Semaphore::new(REFUSALS));
    let connections = TaskTracker::new();
    let close_idle = CancellationToken::new();
    let serving = Serving { app, config, close_idle: close_idle.clone(), connections: connections.clone() };
    loop {
        // A permit first (the cap, or a refusal's), then a connection: beyond both, connections wait in
        // the kernel's queue.
        let permit = tokio::select! {
            biased;
            _ = stop.cancelled() => break,
            permit = permit(&open, &refusals) => permit,
        };
        let accepted = tokio::select! {
            biased;
            _ = stop.cancelled() => break,
            accepted = listener.accept() => accepted,
        };
        match accepted {
            Ok((tcp, addr)) => serving.spawn(tcp, addr, recheck(permit, &open)),
            Err(e) => {
                // Out of file descriptors, or a connection reset before it was taken: go on after a pause
                // (at once, a full descriptor table would make this a busy loop).
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    // The connections the kernel has accepted already are served too: a closed listener resets them. New
    // ones are stopped first, so that none is accepted by the kernel between the last `accept` and the
    // close.
    refuse_new(&listener).await;
    match listener.into_std() {
        Ok(std) => {
            while let Ok((tcp, addr)) = std.accept() {
                let permit = permit_now(&open, &refusals);
                match tcp.set_nonblocking(true).and_then(|()| TcpStream::from_std(tcp)) {
                    Ok(tcp) => serving.spawn(tcp, addr, permit),
                    Err(e) => tracing::warn!(error = %e, "an accepted connection could not be served"),
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "the listener could not be drained"),
    }
    connections.close();
    let _ = tokio::time::timeout(LAST_CALL, connections.wait()).await;
    close_idle.cancel();
    connections.wait().await;
}

/// How long a handshake under way when new connections are stopped may take to complete (on loopback a
/// few tens of microseconds; a client further away that misses it is refused).
const HANDSHAKES: Duration = Duration::from_millis(20);

/// Stops the kernel from starting connections on `listener` while letting the handshakes under way
/// complete: a filter on the socket drops every segment that opens a connection (SYN without ACK). A
/// client whose SYN is dropped sends it again a second later and meets the closed listener (refused);
/// without this, a client whose handshake the kernel completed just before the close would be reset
/// after it had sent its request.
async fn refuse_new(listener: &TcpListener) {
    #[cfg(target_os = "linux")]
    {
        use socket2::SockFilter;
        // Classic BPF over the TCP header (where a socket filter of a TCP socket starts): load the flags
        // byte, drop the segment (`ret 0`) if SYN is set, else keep it whole.
        let drop_syn = [
            SockFilter::new(0x30, 0, 0, 13),
            SockFilter::new(0x45, 0, 1, 0x02),
            SockFilter::new(0x06, 0, 0, 0),
            SockFilter::new(0x06, 0, 0, u32::MAX),
        ];
        if let Err(e) = socket2::SockRef::from(listener).attach_filter(&drop_syn) {
            tracing::warn!(error = %e, "new connections could not be stopped before the listener closes");
            return;
        }
        tokio::time::sleep(HANDSHAKES).await;
    }
}

/// A connection's permit: one of the cap, or, beyond it, one of the refusals'.
enum Permit {
    Open(OwnedSemaphorePermit),
    Refused(OwnedSemaphorePermit),
}

async fn permit(open: &Arc<Semaphore>, refusals: &Arc<Semaphore>) -> Permit {
    if let Ok(p) = open.clone().try_acquire_owned() {
        return Permit::Open(p);
    }
    tokio::select! {
        p = open.clone().acquire_owned() => Permit::Open(p.expect("never closed")),
        p = refusals.clone().acquire_owned() => Permit::Refused(p.expect("never closed")),
    }
}

/// The permit a connection is served with: a refusal's permit was taken while every place was held, and
/// a place may have been freed while it waited for the connection, which then takes that place.
fn recheck(permit: Permit, open: &Arc<Semaphore>) -> Permit {
    match permit {
        Permit::Refused(refusal) => {
            open.clone().try_acquire_owned().map(Permit::Open).unwrap_or(Permit::Refused(refusal))
        }
        open_permit => open_permit,
    }
}

/// A permit for a connection accepted while the listener closes: a refusal's budget may be exceeded here,
/// since these connections are few and must be answered.
fn permit_now(open: &Arc<Semaphore>, refusals: &Arc<Semaphore>) -> Option<Permit> {
    open.clone()
        .try_acquire_owned()
        .map(Permit::Open)
        .or_else(|_| refusals.clone().try_acquire_owned().map(Permit::Refused))
        .ok()
}

struct Serving {
    app: Router,
    config: ServeConfig,
    close_idle: CancellationToken,
    connections: TaskTracker,
}

impl Serving {
    fn spawn(&self, tcp: TcpStream, addr: SocketAddr, permit: impl Into<Option<Permit>>) {
        // Nagle off: an `accepted` right after its `event` would otherwise wait for the client's delayed
        // ACK (up to 40 ms on Linux).
        let _ = tcp.set_nodelay(true);
        if let Some(bytes) = self.config.send_buffer {
            let _ = socket2::SockRef::from(&tcp).set_send_buffer_size(bytes);
        }
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new()).header_read_timeout(self.config.header_timeout);
        let close_idle = self.close_idle.clone();
        match permit.into() {
            Some(Permit::Open(permit)) => {
                metrics::gauge!("mancala_open_connections").increment(1.0);
                let io = TokioIo::new(Counted::new(tcp, permit));
                let app = self.app.clone().map_request(move |mut req: Request<Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(addr));
                    req.map(axum::body::Body::new)
                });
                let conn = http.serve_connection(io, TowerToHyperService::new(app)).with_upgrades();
                // Boxed: hyper's connection with the whole router's future is large, and a task's future is
                // moved at its spawn and its end.
                self.connections.spawn(Box::pin(async move {
                    let mut conn = std::pin::pin!(conn);
                    tokio::select! {
                        _ = conn.as_mut() => return,
                        _ = close_idle.cancelled() => {}
                    }
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }));
            }
            refused => {
                let held = match refused {
                    Some(Permit::Refused(permit)) => Some(permit),
                    _ => None,
                };
                let limit = self.config.max_connections;
                let service = hyper::service::service_fn(move |_: Request<Incoming>| async move {
                    Ok::<_, Infallible>(refusal(limit))
                });
                let conn = http.serve_connection(TokioIo::new(tcp), service);
                self.connections.spawn(async move {
                    let _held = held;
                    let _ = tokio::time::timeout(REFUSAL_TIME, conn).await;
                });
            }
        }
    }
}

/// The answer to every request on a connection beyond the cap.
fn refusal(limit: usize) -> Response<axum::body::Body> {
    use axum::response::IntoResponse;
    let message = format!("the server has {limit} connections open, its limit: try again in a few seconds");
    metrics::counter!("mancala_connections_refused").increment(1);
    tracing::warn!(limit, "a connection beyond the cap refused");
    let mut response = crate::edge::error::ApiError::Busy(message).into_response();
    crate::http::answers::record(response.status(), crate::http::answers::REFUSED.to_string());
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECS));
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A socket holding its connection's permit: the permit is given back when the socket closes, whether it
/// served HTTP or was upgraded to a WebSocket. Its close lingers ([`linger`]).
struct Counted {
    /// `None` only once dropped (taken by the linger).
    io: Option<TcpStream>,
    permit: Option<OwnedSemaphorePermit>,
}

impl Counted {
    fn new(io: TcpStream, permit: OwnedSemaphorePermit) -> Counted {
        Counted { io: Some(io), permit: Some(permit) }
    }

    fn io(&mut self) -> Pin<&mut TcpStream> {
        Pin::new(self.io.as_mut().expect("the socket is there until dropped"))
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let (Some(io), permit) = (self.io.take(), self.permit.take()) else { return };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(async move {
                    linger(io).await;
                    drop(permit);
                    metrics::gauge!("mancala_open_connections").decrement(1.0);
                });
            }
            Err(_) => metrics::gauge!("mancala_open_connections").decrement(1.0),
        }
    }
}

/// How long a closing connection's input is read away at most, in all.
pub const LINGER: Duration = Duration::from_secs(5);
/// How long a closing connection may stay silent before it is closed anyway.
const LINGER_QUIET: Duration = Duration::from_secs(2);

/// Closes `tcp` cleanly: our side is shut first (the client reads the end of the stream after everything
/// sent), then what the client still sends is read away until it closes its side too, for at most
/// [`LINGER`]. A socket closed with unread input is reset instead, and a reset can destroy an answer the
/// client has not read yet (Apache's "lingering close", nginx's `lingering_close`): that input is, after an
/// answer given before a request's body was read (a 413), the rest of that body and any request the
/// client sent after it. A connection the client closed first ends at the first read.
async fn linger(mut tcp: TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let _ = tcp.shutdown().await;
    let mut sink = [0u8; 8192];
    let _ = tokio::time::timeout(LINGER, async {
        while let Ok(Ok(1..)) = tokio::time::timeout(LINGER_QUIET, tcp.read(&mut sink)).await {}
    })
    .await;
}

impl AsyncRead for Counted {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.io().poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        self.io().poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.io().poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.as_ref().is_some_and(TcpStream::is_write_vectored)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.io().poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.io().poll_shutdown(cx)
    }
}
