//! `GET /api/tournaments/{id}/ws`: a tournament's live page. It sends the tournament (`tournament`) when
//! it opens and again whenever it changes (a join, a pairing, a result), as this node's
//! [`crate::tournaments::feed`] reads it from the database, so every node shows the same. The socket only
//! listens: joining and withdrawing are HTTP requests, and a client's text is ignored (within the frame
//! limit, which closes with 1009 beyond it).
//!
//! Identity: `?token=` (a player or API token), `Authorization: Bearer`, or the session cookie of a
//! signed-in browser (from this site only: [`WsUpgrade`] refuses a handshake with the cookie and another
//! `Origin`). A signed-in caller's messages carry their place and the seat of their game going on, a
//! secret: a revocation (sign-out, password change, a revoked token; from any node, through the lobby's
//! revocations) closes the socket at once with 4001, and the credential is also checked again in the
//! database before every such message and every few seconds, in case a revocation's message was lost.

use super::closing;
use super::upgrade::{Socket, WsUpgrade};
use crate::accounts::Caller;
use crate::edge::caller::MaybeSignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Params, Path, Query};
use crate::edge::state::AppState;
use crate::ids::GameId;
use crate::tournaments::actions;
use axum::extract::State;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use mancala_protocol::http::ErrorBody;
use mancala_protocol::tournament::TournamentServerMsg;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// How often a signed-in socket's credential is checked when nothing changes.
const RECHECK: Duration = Duration::from_secs(2);

#[derive(Debug)]
pub struct TournamentQuery {
    token: Option<String>,
}

impl FromParams for TournamentQuery {
    const NAMES: &'static [&'static str] = &["token"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        Ok(TournamentQuery { token: params.get("token").map(str::to_string) })
    }
}

/// The tournament's live page: a WebSocket that sends `TournamentServerMsg` frames, `tournament` when it
/// opens and at every change (a join, a pairing, a result); it reads nothing. Signed in (`?token=`,
/// `Authorization: Bearer`, or a browser's session cookie from this site), each message carries the
/// caller's place and seat; a revoked credential closes it with 4001.
#[utoipa::path(get, path = "/api/tournaments/{id}/ws", operation_id = "socket", tag = "tournaments",
    params(
        ("id" = String, Path, description = "the tournament's id"),
        ("token" = Option<String>, Query, description = "a player or API token (or `Authorization: Bearer …`)")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 401, body = ErrorBody, description = "the token is not a player token"),
        (status = 404, body = ErrorBody, description = "no such tournament")))]
// `GET /api/tournaments/{id}/ws`: 404 before the upgrade for a tournament that does not exist.
pub async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<GameId>,
    Query(query): Query<TournamentQuery>,
    ws: WsUpgrade,
    MaybeSignedIn(caller): MaybeSignedIn,
) -> Result<Response, ApiError> {
    if state.shutdown.is_cancelled() {
        return Err(ApiError::ShuttingDown);
    }
    let caller = super::account(&state, query.token, caller).await?;
    actions::read(&state.store, id.as_str()).await?;
    let config = super::socket_config(state.ws_limits.max_frame_bytes);
    let tracker = state.tracker.clone();
    Ok(ws.on_upgrade(config, move |socket| tracker.track_future(serve(socket, state, id, caller))))
}

fn text(msg: &TournamentServerMsg) -> Message {
    Message::Text(serde_json::to_string(msg).expect("a tournament message serialises").into())
}

async fn serve(mut socket: Socket, state: AppState, id: GameId, caller: Option<Caller>) {
    let mut latest = state.tournaments.watch(id.as_str());
    let mut revocations = state.lobby.revocations();
    metrics::gauge!("mancala_tournament_sockets").increment(1.0);
    let mut ping = tokio::time::interval(state.ws_limits.ping_every);
    ping.tick().await;
    let mut recheck = tokio::time::interval(RECHECK);
    let mut last_heard = tokio::time::Instant::now();
    let shutdown = state.shutdown.clone();
    let stopping = shutdown.cancelled();
    tokio::pin!(stopping);
    // The first message is read now, not taken from the feed: the feed's latest read may be older than
    // what this client just saw over HTTP (a game that ended since, before the director took it into
    // account), and a view must never go back. What the feed holds now is older than this read.
    latest.borrow_and_update();
    let mut first = match actions::read(&state.store, id.as_str()).await {
        Ok(t) => Some(std::sync::Arc::new(t)),
        Err(e) => {
            tracing::warn!(tournament = %id.as_str(), error = %e, "a tournament cannot be read");
            None
        }
    };
    let mut pending = true;
    let mut sent_version = 0;
    let end = loop {
        if pending {
            pending = false;
            let t = first.take().or_else(|| latest.borrow_and_update().clone());
            // A read older than the one sent (the feed's, begun before this socket's own first read).
            let t = t.filter(|t| t.settings.version >= sent_version);
            if let Some(t) = t {
                sent_version = t.settings.version;
                if !still_valid(&state, caller.as_ref()).await {
                    break Some(revoked());
                }
                match actions::view_for(&state.store, &t, caller.as_ref().map(|c| c.name.key()).as_deref()).await {
                    Ok(view) => {
                        let msg = TournamentServerMsg::Tournament { tournament: Box::new(view) };
                        if socket.send(text(&msg)).await.is_err() {
                            break None;
                        }
                    }
                    Err(e) => tracing::warn!(tournament = %id.as_str(), error = %e, "a tournament view failed"),
                }
            }
        }
        tokio::select! {
            _ = &mut stopping => break Some((1001, "the server is shutting down", None, false)),
            changed = latest.changed() => {
                if changed.is_err() {
                    break Some((1011, "the tournament feed stopped", None, false));
                }
                pending = true;
            }
            gone = revocations.recv(), if caller.is_some() => {
                let mine = match gone {
                    Ok(credentials) => caller.as_ref().is_some_and(|c| credentials.contains(&c.credential)),
                    // Some were missed: the database says.
                    Err(RecvError::Lagged(_)) => !still_valid(&state, caller.as_ref()).await,
                    Err(RecvError::Closed) => false,
                };
                if mine {
                    break Some(revoked());
                }
            }
            _ = recheck.tick(), if caller.is_some() => {
                if !still_valid(&state, caller.as_ref()).await {
                    break Some(revoked());
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > state.ws_limits.idle_timeout {
                    break Some((1000, "no traffic: closing an idle connection", None, false));
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break None;
                }
            }
            frame = socket.next() => {
                last_heard = tokio::time::Instant::now();
                match frame {
                    None | Some(Ok(Message::Close(_))) => break None,
                    Some(Err(WsError::Capacity(_))) => break Some((1009, "message too big", None, true)),
                    Some(Err(_)) => break None,
                    Some(Ok(_)) => {}
                }
            }
        }
    };
    metrics::gauge!("mancala_tournament_sockets").decrement(1.0);
    if let Some((code, reason, error, unreadable)) = end {
        if let Some(e) = error {
            let _ = socket.send(text(&e)).await;
        }
        closing::close(&mut socket, code, reason, unreadable).await;
    }
}

type End = (u16, &'static str, Option<TournamentServerMsg>, bool);

fn revoked() -> End {
    let msg = TournamentServerMsg::Error {
        code: "revoked".into(),
        message: "this session or token was revoked: sign in again".into(),
    };
    (crate::lobby::command::REVOKED_CLOSE, "credential revoked", Some(msg), false)
}

/// Whether the socket's credential still holds (a guest's socket has none to lose). A database that
/// cannot answer counts as not holding: nothing secret is sent on a doubt.
async fn still_valid(state: &AppState, caller: Option<&Caller>) -> bool {
    match caller {
        None => true,
        Some(c) => state.store.still_valid(&c.credential).await.unwrap_or(false),
    }
}
