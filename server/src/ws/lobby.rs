//! `GET /api/lobby/ws`: the lobby WebSocket. Identity by `?token=` (a player or API token), `Authorization:
//! Bearer`, the session cookie of a signed-in browser (from this site only: a handshake with the cookie
//! and another `Origin` is refused by [`WsUpgrade`]), or a guest's `?name=`. The first message is the
//! newest open seeks and their count (`seeks`), then the live game lists (`games`, at once or with the
//! lobby's first reading of them), then `seek_added` / `seek_removed` and `game_added` / `game_changed` /
//! `game_removed` as they change,
//! `paired` when a game is made for this person, and `challenge` when someone challenges them. The client
//! sends `seek`, `cancel`, `accept`, `quick` and `ping` (docs/protocol.md). A seek lives while the socket
//! that made it is open.
//!
//! Limits as the game socket's: a message over `--max-message-bytes` gets `too_large` and the socket
//! stays; a frame over `--max-frame-bytes` closes it with 1009 (its input drained first, `ws::closing`).
//! The session or token the socket was opened with is checked again before every seek and accept, and a
//! revocation closes the socket at once with 4001 ([`super::revoke`]).

use super::closing;
use super::upgrade::{Socket, WsUpgrade};
use crate::accounts::{self, Credential};
use crate::edge::caller::MaybeSignedIn;
use crate::edge::error::ApiError;
use crate::edge::extract::{FromParams, Params, Query};
use crate::edge::limits::{ClientAddr, Limit};
use crate::edge::state::AppState;
use crate::ids::ConnId;
use crate::lobby::command::{Command, Joined, Joining, Kick, Taker};
use crate::lobby::error::LobbyError;
use crate::lobby::limits::Admitted;
use crate::lobby::person::Person;
use crate::lobby::seek::{self, GameSpec, check_range};
use crate::lobby::{engine_mark, ratings};
use crate::playban;
use axum::extract::State;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use governor::Quota;
use mancala_protocol::http::ErrorBody;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use std::num::NonZeroU32;
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// Messages queued for one lobby socket; a socket that falls this far behind is dropped.
const SOCKET_QUEUE: usize = 256;
/// Messages per second a lobby socket may send (bursts of twice that).
const MESSAGES_PER_SECOND: u32 = 10;

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

/// Who a lobby socket is, and what it holds while it is open.
#[derive(Debug)]
struct Member {
    person: Person,
    addr: ClientAddr,
    /// The session or token it was opened with (accounts).
    credential: Option<Credential>,
    _admitted: Admitted,
}

impl Member {
    /// Refuses with [`LobbyError::Revoked`] once the socket's credential is no longer good.
    async fn still_signed_in(&self, state: &AppState) -> Result<(), LobbyError> {
        match &self.credential {
            Some(via) if !state.store.still_valid(via).await? => Err(LobbyError::Revoked),
            _ => Ok(()),
        }
    }

    /// Counts one new game of this person (a seek posted or taken) against its limits.
    fn counts_a_game(&self, state: &AppState) -> Result<(), LobbyError> {
        let account = self.person.who.account();
        Ok(state.limits.check_for(Limit::Games, self.addr, account)?)
    }
}

/// The lobby WebSocket: live seeks, posting and accepting seeks, quick pairing, challenges, and the live
/// lists of games waiting for an opponent and being played.
///
/// The client sends `LobbyClientMsg` frames and receives `LobbyServerMsg` frames (JSON text): `seeks` first,
/// then `games` (the newest 20 waiting and live games), `seek_added` / `seek_removed`, `game_added` /
/// `game_changed` / `game_removed`, `paired` (a `SeatGranted`) when a game is made, `challenge`. A seek
/// lives while the socket that made it is open.
#[utoipa::path(get, path = "/api/lobby/ws", operation_id = "lobby_ws", tag = "lobby",
    params(
        ("token" = Option<String>, Query, description = "a player token (or `Authorization: Bearer …`)"),
        ("name" = Option<String>, Query, description = "a guest's display name")),
    responses(
        (status = 101, description = "switching to the WebSocket protocol"),
        (status = 401, body = ErrorBody, description = "the token is not a player token"),
        (status = 409, body = ErrorBody, description = "the guest name belongs to a registered player"),
        (status = 429, body = ErrorBody, description = "too many lobby connections open from this address")))]
// `GET /api/lobby/ws`. The handshake is checked ([`WsUpgrade`], `Origin` included) before anything is
// looked up.
pub async fn upgrade(
    State(state): State<AppState>,
    Query(query): Query<LobbyQuery>,
    ws: WsUpgrade,
    client: ClientAddr,
    MaybeSignedIn(caller): MaybeSignedIn,
) -> Result<Response, ApiError> {
    if state.shutdown.is_cancelled() {
        return Err(ApiError::ShuttingDown);
    }
    let caller = super::account(&state, query.token, caller).await?;
    let person = Person::of(accounts::plays_as(&state.store, &state.forbidden, caller.as_ref(), query.name).await?);
    if let Some(caller) = &caller {
        // Read again, so a block change another node could not tell this one counts from this page on.
        state.lobby.blocks().refresh(&state.store, &caller.name.key()).await?;
    }
    let admitted = state.lobby.admit(client)?;
    let member = Member { person, addr: client, credential: caller.map(|c| c.credential), _admitted: admitted };
    let config = super::socket_config(state.ws_limits.max_frame_bytes);
    let tracker = state.tracker.clone();
    Ok(ws.on_upgrade(config, move |socket| tracker.track_future(serve(socket, state, member))))
}

/// How a socket's life ends, when the server ends it.
struct End {
    code: u16,
    reason: &'static str,
    /// A message said before the close frame.
    error: Option<LobbyError>,
    /// The WebSocket layer can no longer read (a frame over the limit): the raw input is drained.
    unreadable: bool,
}

impl End {
    fn of(kick: Kick) -> End {
        let (code, reason) = kick.close();
        End { code, reason, error: kick.error(), unreadable: false }
    }
}

async fn serve(mut socket: Socket, state: AppState, me: Member) {
    let lobby = state.lobby.clone();
    let (tx, mut rx) = mpsc::channel(SOCKET_QUEUE);
    let (kick, mut kicked) = oneshot::channel();
    let joining = Joining {
        person: me.person.clone(),
        feed: true,
        addr: me.addr,
        credential: me.credential.clone(),
        tx: tx.clone(),
        kick,
    };
    let Joined { conn, seeks: (seeks, total), games } = match lobby.ask(|reply| Command::Join { joining, reply }).await
    {
        Ok(j) => j,
        Err(e) => {
            let _ = socket.send(Message::Text(e.to_msg().to_text().into())).await;
            let _ = socket.send(closing::frame(1013, "the lobby is busy")).await;
            return;
        }
    };
    metrics::gauge!("mancala_lobby_sockets").increment(1.0);
    let _ = socket.send(Message::Text(LobbyServerMsg::Seeks { seeks, total }.to_text().into())).await;
    if let Some(games) = games {
        let _ = socket.send(Message::Text(games.message().to_text().into())).await;
    }
    let limits = state.ws_limits;
    let per_sec = NonZeroU32::new(MESSAGES_PER_SECOND).expect("not 0");
    let burst = NonZeroU32::new(MESSAGES_PER_SECOND * 2).expect("not 0");
    let limiter = super::message_limiter(Quota::per_second(per_sec).allow_burst(burst));
    let mut ping = tokio::time::interval(limits.ping_every);
    ping.tick().await;
    let mut last_heard = tokio::time::Instant::now();
    // Made once, as a game connection's writer does (`ws/connection.rs`): `cancelled()` joins and leaves
    // the server-wide token's waiters under its lock, which is not worth doing in every turn.
    let shutdown = state.shutdown.clone();
    let stopping = shutdown.cancelled();
    tokio::pin!(stopping);
    let end = loop {
        tokio::select! {
            _ = &mut stopping => {
                let _ = socket.send(closing::frame(1001, "the server is shutting down")).await;
                break None;
            }
            why = &mut kicked => {
                let Ok(why) = why else {
                    // No kick: the lobby task stopped, as the server is shutting down.
                    let _ = socket.send(closing::frame(1001, "the server is shutting down")).await;
                    break None;
                };
                break Some(End::of(why));
            }
            msg = rx.recv() => {
                // `None`: the lobby closed this connection; its reason is on its way.
                let Some(msg) = msg else {
                    break Some(End::of(kicked.try_recv().unwrap_or(Kick::TooSlow)));
                };
                if socket.send(Message::Text(msg.to_text().into())).await.is_err() {
                    break None;
                }
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > limits.idle_timeout {
                    break Some(End { code: 1000, reason: "no traffic: closing an idle connection", error: None, unreadable: false });
                }
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break None;
                }
            }
            frame = socket.next() => {
                last_heard = tokio::time::Instant::now();
                let text = match frame {
                    None | Some(Ok(Message::Close(_))) => break None,
                    // The only read error worth a close frame: a frame or message over the hard limit.
                    Some(Err(WsError::Capacity(_))) => {
                        break Some(End { code: 1009, reason: "message too big", error: None, unreadable: true });
                    }
                    Some(Err(_)) => break None,
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = LobbyError::BadRequest("binary frames are not accepted: send JSON text".into());
                        let _ = tx.try_send(e.to_msg());
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                if limiter.check().is_err() {
                    let e = LobbyServerMsg::Error {
                        code: "rate_limited".into(),
                        message: format!("more than {MESSAGES_PER_SECOND} messages per second; message dropped"),
                        retry_after: Some(1),
                    };
                    let _ = tx.try_send(e);
                    continue;
                }
                let answer = if text.len() > limits.max_message_bytes {
                    Err(too_large(text.len(), limits.max_message_bytes))
                } else {
                    match mancala_protocol::strict::from_str::<LobbyClientMsg>(text.as_str()) {
                        Ok(msg) => handle(&state, conn, &me, msg).await,
                        Err(e) => Err(LobbyError::BadRequest(format!("not a lobby message: {e}"))),
                    }
                };
                match answer {
                    Ok(Some(reply)) => { let _ = tx.try_send(reply); }
                    Ok(None) => {}
                    Err(LobbyError::Revoked) => break Some(End::of(Kick::Revoked)),
                    Err(e) => { let _ = tx.try_send(e.to_msg()); }
                }
            }
        }
    };
    lobby.leave(conn);
    metrics::gauge!("mancala_lobby_sockets").decrement(1.0);
    if let Some(end) = end {
        if let Some(e) = end.error {
            let _ = socket.send(Message::Text(e.to_msg().to_text().into())).await;
        }
        closing::close(&mut socket, end.code, end.reason, end.unreadable).await;
    }
}

/// The refusal of a message over the limit (the socket stays).
fn too_large(len: usize, max: usize) -> LobbyError {
    LobbyError::TooLarge(format!("a lobby message is at most {max} bytes; this one has {len}: message dropped"))
}

/// One client message: checks that need the database (the credential, a ban for leaving games, ratings) and the
/// rate limits are done here, before the command is queued, so the lobby task never waits for them.
/// Returns a direct answer, if any.
async fn handle(
    state: &AppState,
    conn: ConnId,
    me: &Member,
    msg: LobbyClientMsg,
) -> Result<Option<LobbyServerMsg>, LobbyError> {
    let lobby = &state.lobby;
    let person = &me.person;
    match msg {
        LobbyClientMsg::Ping => return Ok(Some(LobbyServerMsg::Pong)),
        LobbyClientMsg::Seek { variant, options, clock, rated, range } => {
            let spec = GameSpec::check(variant, options, clock, rated, person)?;
            let range = check_range(range)?;
            me.still_signed_in(state).await?;
            engine_mark::check(&state.store, person, spec.rated).await?;
            playban::check(&state.store, &person.who).await?;
            me.counts_a_game(state)?;
            let rating = ratings::of(&state.store, person, variant).await?;
            lobby.send(Command::Seek { conn, spec, range, rating })?;
        }
        LobbyClientMsg::Quick { variant, clock, rated } => {
            let spec = GameSpec::check(variant, None, clock, rated, person)?;
            me.still_signed_in(state).await?;
            engine_mark::check(&state.store, person, spec.rated).await?;
            playban::check(&state.store, &person.who).await?;
            me.counts_a_game(state)?;
            let rating = ratings::of(&state.store, person, variant).await?;
            lobby.send(Command::Quick { conn, spec, rating })?;
        }
        LobbyClientMsg::Accept { id } => {
            me.still_signed_in(state).await?;
            playban::check(&state.store, &person.who).await?;
            let id = seek::parse_id(&id)?;
            let rating = ratings::for_seek(lobby, &state.store, person, &id).await?;
            me.counts_a_game(state)?;
            lobby.send(Command::Accept { taker: Taker::Conn(conn), id, rating })?;
        }
        LobbyClientMsg::Cancel { id } => lobby.send(Command::Cancel { conn, id: seek::parse_id(&id)? })?,
    }
    Ok(None)
}
