//! One WebSocket connection: a writer that owns the socket's sink and drains the connection's bounded
//! queue (the room and the reader both write into that queue, never into the socket), and a reader that
//! checks each frame and forwards valid messages to the room. Keepalive pings, an idle timeout, a
//! per-connection rate limit, and a close frame on shutdown are handled here, in one place.

use crate::room::{CONNECTION_QUEUE, Outbound, RoomHandle, ViewerKind};
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use governor::{Quota, RateLimiter};
use mancala_protocol::{ClientMsg, ErrorCode, ServerMsg};
use std::num::NonZeroU32;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// Limits of a connection (from the server configuration).
#[derive(Clone, Copy, Debug)]
pub struct WsLimits {
    /// Frames larger than this are refused by the WebSocket layer, which closes the connection (1009).
    pub max_frame_bytes: usize,
    /// Messages larger than this (but within the frame limit) get a `too_large` error; the connection
    /// stays.
    pub max_message_bytes: usize,
    /// Messages per second a seated player may send, with a burst of twice that.
    pub player_rate: u32,
    /// The same for spectators.
    pub spectator_rate: u32,
    pub ping_every: Duration,
    /// A connection that sends nothing (not even a pong) for this long is closed.
    pub idle_timeout: Duration,
}

pub async fn serve(
    socket: WebSocket,
    room: RoomHandle,
    kind: ViewerKind,
    since: Option<u64>,
    limits: WsLimits,
    shutdown: CancellationToken,
) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Outbound>(CONNECTION_QUEUE);
    let Ok(conn) = room.connect(kind, since, tx.clone()).await else {
        let _ = sink.send(close(1011, "the game is not available")).await;
        return;
    };

    let writer = async {
        let mut ping = tokio::time::interval(limits.ping_every);
        ping.tick().await;
        loop {
            tokio::select! {
                out = rx.recv() => match out {
                    Some(Outbound::Frame(f)) => {
                        if sink.send(Message::Text(f.as_ref().into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Outbound::Close(code, reason)) => {
                        let _ = sink.send(close(code, reason)).await;
                        break;
                    }
                    None => break,
                },
                _ = ping.tick() => {
                    if sink.send(Message::Ping(Default::default())).await.is_err() {
                        break;
                    }
                }
                _ = shutdown.cancelled() => {
                    let _ = sink.send(close(1001, "the server is shutting down")).await;
                    break;
                }
            }
        }
    };

    let reader = async {
        let per_sec = match kind {
            ViewerKind::Spectator => limits.spectator_rate,
            _ => limits.player_rate,
        };
        let per_sec = NonZeroU32::new(per_sec.max(1)).expect("at least 1");
        let burst = NonZeroU32::new(per_sec.get() * 2).expect("at least 2");
        let limiter = RateLimiter::direct(Quota::per_second(per_sec).allow_burst(burst));
        let error = |code, message: String| {
            // The reader's own errors go through the same queue as everything else; when it is full, the
            // client is far behind anyway and the error is dropped.
            let _ = tx.try_send(Outbound::Frame(ServerMsg::Error { code, message }.to_json().into()));
        };
        loop {
            let next = match tokio::time::timeout(limits.idle_timeout, stream.next()).await {
                Err(_) => return Some((1000, "no traffic: closing an idle connection")),
                Ok(None) => return None,
                // The only read error worth a close frame: a frame or message over the hard limit.
                Ok(Some(Err(e))) if is_capacity(&e) => return Some((1009, "message too big")),
                Ok(Some(Err(_))) => return None,
                Ok(Some(Ok(m))) => m,
            };
            match next {
                Message::Text(text) => {
                    if limiter.check().is_err() {
                        error(
                            ErrorCode::RateLimited,
                            format!("more than {per_sec} messages per second; message dropped"),
                        );
                        continue;
                    }
                    match ClientMsg::from_text(text.as_str(), limits.max_message_bytes) {
                        Ok(msg) => {
                            if room.client(conn, msg).await.is_err() {
                                return Some((1011, "the game is not available"));
                            }
                        }
                        Err(e) => error(e.code, e.message),
                    }
                }
                Message::Binary(_) => {
                    error(ErrorCode::Malformed, "binary frames are not accepted: send JSON text".into())
                }
                Message::Close(_) => return None,
                Message::Ping(_) | Message::Pong(_) => {}
            }
        }
    };

    tokio::pin!(writer, reader);
    let close_with = tokio::select! {
        _ = &mut writer => None,
        why = &mut reader => why,
    };
    if let Some((code, why)) = close_with {
        // Let the writer send the close frame after whatever is queued (briefly: the peer may be gone).
        let _ = tx.try_send(Outbound::Close(code, why));
        let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
    }
    room.disconnect(conn).await;
}

/// Is this read error a frame or message over the configured size?
fn is_capacity(e: &axum::Error) -> bool {
    let text = e.to_string();
    text.contains("Space limit exceeded") || text.contains("too long") || text.contains("too big")
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code, reason: reason.into() }))
}
