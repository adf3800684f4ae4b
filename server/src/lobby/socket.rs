//! `GET /api/lobby/ws`: the lobby WebSocket. Identity by `?token=` (a player or API token), `Authorization:
//! Bearer`, the session cookie of a signed-in browser, or a guest's `?name=`. The first message is every
//! open seek (`seeks`), then `seek_added` / `seek_removed` as they change, `paired` when a game is made for
//! this person, and `challenge` when someone challenges them. The client sends `seek`, `cancel`, `accept`,
//! `quick` and `ping` (docs/protocol.md). A seek lives while the socket that made it is open.

use super::Lobby;
use super::error::LobbyError;
use super::person::{Person, identify};
use super::pool::{Command, Taker};
use super::seek::{GameSpec, check_range};
use super::{aborts, ratings};
use crate::auth::Who;
use crate::error::ApiError;
use crate::http::extract::{FromParams, Params, Query};
use crate::state::AppState;
use crate::ws::upgrade::{Socket, WsUpgrade};
use axum::extract::State;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use governor::Quota;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use std::num::NonZeroU32;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The largest lobby message a client may send.
const MAX_MESSAGE: usize = 4096;
/// Messages queued for one lobby socket; a socket that falls this far behind is dropped.
const SOCKET_QUEUE: usize = 256;

#[derive(Debug)]
pub struct LobbyQuery {
    token: Option<String>,
    name: Option<String>,
}

impl FromParams for LobbyQuery {
    const NAMES: &'static [&'static str] = &["token", "name"];

    fn from_params(params: &Params) -> Result<Self, ApiError> {
        Ok(LobbyQuery { token: params.get("token").map(str::to_string), name: params.get("name").map(str::to_string) })
    }
}

/// `GET /api/lobby/ws`.
pub async fn upgrade(
    State(state): State<AppState>,
    Query(query): Query<LobbyQuery>,
    who: Who,
    ws: WsUpgrade,
) -> Result<Response, ApiError> {
    if state.shutdown.is_cancelled() {
        return Err(ApiError::ShuttingDown);
    }
    // `?token=` (a script's socket) names the account; else the request's own `Who` (bearer, or a signed-in
    // browser's session cookie); else a guest.
    let who = match query.token {
        Some(token) => Who::Account(crate::auth::who::by_token(&state, &token).await?.name),
        None => who,
    };
    let person = identify(&state, who, query.name).await?;
    let config = crate::ws::socket_config(MAX_MESSAGE);
    let tracker = state.tracker.clone();
    Ok(ws.on_upgrade(config, move |socket| tracker.track_future(serve(socket, state, person))))
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code: CloseCode::from(code), reason: reason.into() }))
}

async fn serve(mut socket: Socket, state: AppState, person: Person) {
    let lobby = state.lobby.clone();
    let (tx, mut rx) = mpsc::channel(SOCKET_QUEUE);
    let joined = lobby.ask(|reply| Command::Join { person: person.clone(), feed: true, tx: tx.clone(), reply }).await;
    let (conn, seeks) = match joined {
        Ok(j) => j,
        Err(e) => {
            let _ = socket.send(Message::Text(e.to_msg().to_text().into())).await;
            let _ = socket.send(close(1013, "the lobby is busy")).await;
            return;
        }
    };
    metrics::gauge!("mancala_lobby_sockets").increment(1.0);
    let _ = socket.send(Message::Text(LobbyServerMsg::Seeks { seeks }.to_text().into())).await;
    let limits = state.ws_limits;
    let limiter = crate::ws::message_limiter(
        Quota::per_second(NonZeroU32::new(10).expect("10")).allow_burst(NonZeroU32::new(20).expect("20")),
    );
    let mut ping = tokio::time::interval(limits.ping_every);
    ping.tick().await;
    let mut last_heard = tokio::time::Instant::now();
    // Made once, as a game connection's writer does (`ws/connection.rs`): `cancelled()` joins and leaves
    // the server-wide token's waiters under its lock, which is not worth doing in every turn.
    let shutdown = state.shutdown.clone();
    let stopping = shutdown.cancelled();
    tokio::pin!(stopping);
    loop {
        tokio::select! {
            _ = &mut stopping => {
                let _ = socket.send(close(1001, "the server is shutting down")).await;
                break;
            }
            msg = rx.recv() => {
                // `None`: the lobby dropped this socket (it did not keep up).
                let Some(msg) = msg else {
                    let _ = socket.send(close(1008, "too slow: the lobby's messages were not read")).await;
                    break;
                };
                if socket.send(Message::Text(msg.to_text().into())).await.is_err() {
                    break;
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > limits.idle_timeout {
                    let _ = socket.send(close(1000, "no traffic: closing an idle connection")).await;
                    break;
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            frame = socket.next() => {
                last_heard = tokio::time::Instant::now();
                let text = match frame {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = LobbyError::BadRequest("binary frames are not accepted: send JSON text".into());
                        let _ = tx.try_send(e.to_msg());
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                if limiter.check().is_err() {
                    let e = LobbyServerMsg::Error { code: "rate_limited".into(), message: "more than 10 messages per second; message dropped".into() };
                    let _ = tx.try_send(e);
                    continue;
                }
                let answer = match serde_json::from_str::<LobbyClientMsg>(text.as_str()) {
                    Ok(msg) => handle(&state, &lobby, conn, &person, msg).await,
                    Err(e) => Err(LobbyError::BadRequest(format!("not a lobby message: {e}"))),
                };
                let reply = match answer {
                    Ok(reply) => reply,
                    Err(e) => Some(e.to_msg()),
                };
                if let Some(msg) = reply {
                    let _ = tx.try_send(msg);
                }
            }
        }
    }
    lobby.leave(conn);
    metrics::gauge!("mancala_lobby_sockets").decrement(1.0);
}

/// One client message: checks that need the database (the abort pause, ratings) are done here, before
/// the command is queued, so the lobby task never waits for them. Returns a direct answer, if any.
async fn handle(
    state: &AppState,
    lobby: &Lobby,
    conn: u64,
    person: &Person,
    msg: LobbyClientMsg,
) -> Result<Option<LobbyServerMsg>, LobbyError> {
    match msg {
        LobbyClientMsg::Ping => return Ok(Some(LobbyServerMsg::Pong)),
        LobbyClientMsg::Seek { variant, options, clock, rated, range } => {
            let spec = GameSpec::check(variant, options, clock, rated, person)?;
            let range = check_range(range)?;
            aborts::check(&state.store, person).await?;
            let rating = ratings::of(state, person, variant).await?;
            lobby.send(Command::Seek { conn, spec, range, rating })?;
        }
        LobbyClientMsg::Quick { variant, clock, rated } => {
            let spec = GameSpec::check(variant, None, clock, rated, person)?;
            aborts::check(&state.store, person).await?;
            let rating = ratings::of(state, person, variant).await?;
            lobby.send(Command::Quick { conn, spec, rating })?;
        }
        LobbyClientMsg::Accept { id } => {
            aborts::check(&state.store, person).await?;
            let rating = super::routes::rating_for_seek(state, lobby, person, &id).await?;
            lobby.send(Command::Accept { taker: Taker::Conn(conn), id, rating })?;
        }
        LobbyClientMsg::Cancel { id } => lobby.send(Command::Cancel { conn, id })?,
    }
    Ok(None)
}
