//! One WebSocket connection: a writer task that owns the socket's sink and drains the connection's bounded
//! queue (the room and the reader both write into that queue, never into the socket), and a reader that
//! checks each frame and forwards valid messages to the room. Keepalive pings, an idle timeout, a
//! per-connection rate limit, the closing handshake and the close on shutdown are handled here, in one
//! place.
//!
//! Before it forwards a message (or answers one itself with an error), the reader reserves a slot in the
//! queue: the answer always has room, and a client that does not read its answers is held up by its own
//! backlog, never the game.

use super::chat_filter::ChatFilter;
use super::closing::{self, CLOSING};
use super::upgrade::Socket;
use crate::edge::socket_limits::WsLimits;
use crate::ids::{Credential, PlayerName};
use crate::lobby::closing::Watch;
use crate::lobby::command::REVOKED_CLOSE;
use crate::room::{CONNECTION_QUEUE, Outbound, RoomHandle, ViewerKind};
use crate::store::Store;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use governor::Quota;
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use std::num::NonZeroU32;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_util::sync::CancellationToken;

pub async fn serve(
    socket: Socket,
    room: RoomHandle,
    (kind, watcher, filter, account): (ViewerKind, Option<Watcher>, ChatFilter, Option<Watch>),
    since: Option<u64>,
    limits: WsLimits,
    shutdown: CancellationToken,
) {
    let (mut sink, mut stream) = socket.split();
    let (tx, rx) = mpsc::channel::<Outbound>(CONNECTION_QUEUE);
    let who = watcher.as_ref().map(|w| w.name.clone());
    let Ok(conn) = room.connect((kind, who), since, tx.clone()).await else {
        let _ = sink.send(closing::frame(1011, "the game is not available")).await;
        return;
    };
    let (close_tx, close_rx) = oneshot::channel();
    let done = CancellationToken::new();
    let writer = tokio::spawn(Box::pin(write(sink, (rx, filter), close_rx, limits.ping_every, shutdown, done.clone())));
    let closed = account.as_ref().map(|a| a.token().clone());
    let end = read(&mut stream, &room, (conn, kind, watcher.as_ref(), closed), &tx, limits, &done).await;
    drop(account);
    // The close frame is handed to the writer before the queue's last senders go (ours, then the room's):
    // a writer that found its queue closed first would stop without sending it.
    if let Some(end) = &end {
        let _ = close_tx.send((end.code, end.reason));
    }
    drop(tx);
    room.disconnect(conn).await;
    let Some(end) = end else {
        let _ = tokio::time::timeout(CLOSING, writer).await;
        return;
    };
    // The writer sends our close frame. The socket stays open until the client answers with its own, its
    // input read and dropped meanwhile: closed with unread input, the socket would be reset, and a client
    // still sending would see 1006 instead of our code.
    let sink = tokio::time::timeout(CLOSING, writer).await.ok().and_then(Result::ok);
    let _ = tokio::time::timeout(CLOSING, async {
        if !end.unreadable {
            return closing::await_close(&mut stream).await;
        }
        // The WebSocket layer stopped reading: drain the raw socket until the client goes quiet.
        let Some(Ok(mut socket)) = sink.map(|sink| stream.reunite(sink)) else { return };
        closing::drain_raw(&mut socket).await;
    })
    .await;
}

/// Sends the queue's items to the socket (every item available at once, then one flush), pings, and the
/// close frame. Returns the sink, so the connection can drain the socket while closing.
async fn write(
    mut sink: SplitSink<Socket, Message>,
    (mut rx, mut filter): (mpsc::Receiver<Outbound>, ChatFilter),
    mut close_rx: oneshot::Receiver<(u16, &'static str)>,
    ping_every: Duration,
    shutdown: CancellationToken,
    done: CancellationToken,
) -> SplitSink<Socket, Message> {
    let _done = done.drop_guard();
    let mut ping = tokio::time::interval(ping_every);
    ping.tick().await;
    let mut items = Vec::with_capacity(16);
    // Made once, not in every turn of the loop: a token's `cancelled()` joins the token's list of waiters
    // when first polled and leaves it when dropped, each under the token's lock, and the shutdown token is
    // one for every connection of the server.
    let stopping = shutdown.cancelled();
    tokio::pin!(stopping);
    loop {
        tokio::select! {
            n = rx.recv_many(&mut items, 16) => {
                if n == 0 {
                    // The queue closed: the connection is ending. Its close frame, if it has one, was
                    // handed over before the queue closed.
                    if let Ok((code, reason)) = close_rx.try_recv() {
                        let _ = sink.send(closing::frame(code, reason)).await;
                    }
                    return sink;
                }
                if !deliver(&mut sink, &mut items, &mut filter).await {
                    return sink;
                }
            }
            why = &mut close_rx => {
                // What the room queued before the close goes first: a closed account's game socket is
                // closed right after its games are resigned, and the end must reach the page.
                while let Ok(item) = rx.try_recv() {
                    items.push(item);
                }
                if !deliver(&mut sink, &mut items, &mut filter).await {
                    return sink;
                }
                if let Ok((code, reason)) = why {
                    let _ = sink.send(closing::frame(code, reason)).await;
                }
                return sink;
            }
            _ = ping.tick() => {
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    return sink;
                }
            }
            _ = &mut stopping => {
                let _ = sink.send(closing::frame(1001, "the server is shutting down")).await;
                return sink;
            }
        }
    }
}

/// Sends `items` (drained) to the socket and flushes. False when the connection is over: the socket
/// failed, or an item closed it.
async fn deliver(sink: &mut SplitSink<Socket, Message>, items: &mut Vec<Outbound>, filter: &mut ChatFilter) -> bool {
    for item in items.drain(..) {
        match item {
            Outbound::Frames(frames) => {
                for frame in frames.iter().filter_map(|f| filter.pass(f)) {
                    if sink.feed(Message::Text(frame.text())).await.is_err() {
                        return false;
                    }
                }
            }
            Outbound::Close(code, reason) => {
                let _ = sink.send(closing::frame(code, reason)).await;
                return false;
            }
        }
    }
    sink.flush().await.is_ok()
}

/// A spectator signed in to an account (by its session cookie): the account its chat lines are said
/// under, as long as the credential is good.
#[derive(Clone, Debug)]
pub struct Watcher {
    pub name: PlayerName,
    pub credential: Credential,
    pub store: Store,
}

impl Watcher {
    /// The account, if its credential was not revoked since the connection opened (asked again before
    /// each line, so a sign-out or a revoked token stops it at once).
    async fn still_valid(&self) -> Option<PlayerName> {
        self.store.still_valid(&self.credential).await.ok()?.then(|| self.name.clone())
    }
}

/// Why the server closes a connection.
#[derive(Clone, Copy, Debug)]
struct End {
    code: u16,
    reason: &'static str,
    /// The client's input can no longer be read.
    unreadable: bool,
}

impl End {
    fn new(code: u16, reason: &'static str) -> Option<End> {
        Some(End { code, reason, unreadable: false })
    }
}

/// Reads the client's frames until it leaves (`None`) or must be closed (`closed`: the account the socket
/// stands for was closed).
async fn read(
    stream: &mut SplitStream<Socket>,
    room: &RoomHandle,
    (conn, kind, watcher, closed): (crate::room::ConnId, ViewerKind, Option<&Watcher>, Option<CancellationToken>),
    tx: &mpsc::Sender<Outbound>,
    limits: WsLimits,
    done: &CancellationToken,
) -> Option<End> {
    let per_sec = match kind {
        ViewerKind::Spectator => limits.spectator_rate,
        _ => limits.player_rate,
    };
    let per_sec = NonZeroU32::new(per_sec.max(1)).expect("at least 1");
    let burst = NonZeroU32::new(per_sec.get() * 2).expect("at least 2");
    let limiter = super::message_limiter(Quota::per_second(per_sec).allow_burst(burst));
    // The writer stopped (the socket broke, or the server is shutting down). Made once, as the writer's.
    let stopped = done.cancelled();
    tokio::pin!(stopped);
    // Made once too: awaiting a token registers with it once, not at every message.
    let account_closed = async move {
        match closed {
            Some(token) => token.cancelled_owned().await,
            None => std::future::pending().await,
        }
    };
    tokio::pin!(account_closed);
    // The idle timeout is one timer re-armed only when it fires early, not a timer made and dropped with
    // every message (each a registration in tokio's timer wheel under its lock): when it fires, the
    // connection is closed if it has been quiet since, else the timer is moved to the new deadline.
    let mut heard = Instant::now();
    let idle = tokio::time::sleep_until(heard + limits.idle_timeout);
    tokio::pin!(idle);
    loop {
        let next = tokio::select! {
            _ = &mut stopped => return None,
            _ = &mut account_closed => return End::new(REVOKED_CLOSE, "the account was closed"),
            _ = &mut idle => {
                let deadline = heard + limits.idle_timeout;
                if Instant::now() >= deadline {
                    return End::new(1000, "no traffic: closing an idle connection");
                }
                idle.as_mut().reset(deadline);
                continue;
            }
            next = stream.next() => next,
        };
        heard = Instant::now();
        let text = match next {
            None => return None,
            // The only read error worth a close frame: a frame or message over the hard limit.
            Some(Err(WsError::Capacity(_))) => {
                return Some(End { code: 1009, reason: "message too big", unreadable: true });
            }
            Some(Err(_)) => return None,
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Binary(_))) => {
                let error = (ErrorCode::Malformed, "binary frames are not accepted: send JSON text".to_string());
                if !answer_error(tx, done, error).await {
                    return None;
                }
                continue;
            }
            Some(Ok(Message::Close(_))) => return None,
            Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
        };
        // The slot for the answer; waiting here holds up only this client, until it reads its backlog.
        let permit = tokio::select! {
            _ = &mut stopped => return None,
            permit = tx.clone().reserve_owned() => match permit {
                Ok(p) => p,
                Err(_) => return None,
            },
        };
        if limiter.check().is_err() {
            let message = format!("more than {per_sec} messages per second; message dropped");
            permit.send(Outbound::one(ServerMsg::Error { code: ErrorCode::RateLimited, message }));
            continue;
        }
        match ClientMsg::from_text(text.as_str(), limits.max_message_bytes) {
            Ok(msg) => {
                let by = match (&msg, watcher) {
                    (ClientMsg::Chat { .. }, Some(w)) => w.still_valid().await,
                    _ => None,
                };
                if room.client(conn, msg, by, permit).await.is_err() {
                    return End::new(1011, "the game is not available");
                }
            }
            Err(e) => {
                permit.send(Outbound::one(ServerMsg::Error { code: e.code, message: e.message }));
            }
        }
    }
}

/// Queues an error of the reader's own; false when the connection is going.
async fn answer_error(
    tx: &mpsc::Sender<Outbound>,
    done: &CancellationToken,
    (code, message): (ErrorCode, String),
) -> bool {
    tokio::select! {
        _ = done.cancelled() => false,
        permit = tx.reserve() => match permit {
            Ok(p) => {
                p.send(Outbound::one(ServerMsg::Error { code, message }));
                true
            }
            Err(_) => false,
        },
    }
}
