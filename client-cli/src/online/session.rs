//! A live connection to one game: the WebSocket, the [`GameModel`] it feeds, and reconnection. When the
//! connection drops, [`Session::recv`] reconnects by itself with the last version it holds (so it gets
//! exactly the events it missed) and re-sends a decision that was not answered yet (the server answers a
//! repeated id without applying it twice).

use super::api::{Api, ClientError};
use super::model::{GameModel, Note};
use futures_util::{SinkExt, StreamExt};
use mancala_protocol::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long reconnection keeps trying before giving up.
const RECONNECT_FOR: Duration = Duration::from_secs(60);

pub struct Session {
    pub api: Api,
    pub game_id: String,
    token: Option<String>,
    socket: Option<Socket>,
    pub model: GameModel,
    /// A decision sent and not answered yet (re-sent after a reconnect).
    unanswered: Option<ClientMsg>,
    next_id: u64,
    /// Called with a line of status ("reconnecting…") for the user.
    pub reconnects: u32,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").field("game_id", &self.game_id).field("v", &self.model.v).finish()
    }
}

impl Session {
    /// Connects to `game_id`, as a player with `token` or as a spectator without.
    pub async fn open(api: Api, game_id: &str, token: Option<String>) -> Result<Session, ClientError> {
        let mut s = Session {
            api,
            game_id: game_id.to_string(),
            token,
            socket: None,
            model: GameModel::default(),
            unanswered: None,
            next_id: 1,
            reconnects: 0,
        };
        s.connect().await?;
        Ok(s)
    }

    fn url(&self) -> String {
        let mut url = self.api.ws_url(&format!("/api/games/{}/ws", self.game_id));
        let mut sep = '?';
        if let Some(t) = &self.token {
            url.push_str(&format!("?token={t}"));
            sep = '&';
        }
        if self.model.v > 0 || self.model.view.is_some() {
            url.push_str(&format!("{sep}v={}", self.model.v));
        }
        url
    }

    async fn connect(&mut self) -> Result<(), ClientError> {
        match connect_async(self.url()).await {
            Ok((socket, _)) => {
                self.socket = Some(socket);
                Ok(())
            }
            Err(tokio_tungstenite::tungstenite::Error::Http(resp)) => {
                let status = resp.status().as_u16();
                let body = resp.body().as_ref().map(|b| String::from_utf8_lossy(b).to_string()).unwrap_or_default();
                let message = serde_json::from_str::<mancala_protocol::http::ErrorBody>(&body)
                    .map(|e| e.message)
                    .unwrap_or_else(|_| format!("HTTP {status}"));
                Err(ClientError::Refused { status, code: "http".into(), message })
            }
            Err(_) => Err(ClientError::Down(self.api.base.clone())),
        }
    }

    /// Reconnects with backoff, for up to a minute.
    async fn reconnect(&mut self) -> Result<(), ClientError> {
        self.socket = None;
        self.reconnects += 1;
        let start = tokio::time::Instant::now();
        let mut wait = Duration::from_millis(200);
        loop {
            match self.connect().await {
                Ok(()) => break,
                // A 503 is the server's moment (a node shutting down, a game changing hands between nodes):
                // keep trying; any other refusal is final.
                Err(e @ ClientError::Refused { status, .. }) if status != 503 => return Err(e),
                Err(e) if start.elapsed() > RECONNECT_FOR => return Err(ClientError::Lost(e.to_string())),
                Err(_) => {
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(5));
                }
            }
        }
        if let Some(msg) = self.unanswered.clone() {
            self.write(&msg).await?;
        }
        Ok(())
    }

    async fn write(&mut self, msg: &ClientMsg) -> Result<(), ClientError> {
        let text = serde_json::to_string(msg).expect("client messages serialise");
        let socket = self.socket.as_mut().ok_or_else(|| ClientError::Lost("not connected".into()))?;
        socket.send(Message::Text(text.into())).await.map_err(|e| ClientError::Lost(e.to_string()))
    }

    /// Sends a message; a decision is remembered until answered.
    pub async fn send(&mut self, msg: ClientMsg) -> Result<(), ClientError> {
        if matches!(msg, ClientMsg::Decide { .. }) {
            self.unanswered = Some(msg.clone());
        }
        if self.write(&msg).await.is_err() {
            self.reconnect().await?; // re-sends the unanswered decision
            if !matches!(msg, ClientMsg::Decide { .. }) {
                self.write(&msg).await?;
            }
        }
        Ok(())
    }

    /// Is a decision sent and not answered yet? (Boards that arrive meanwhile may predate it: in
    /// Ikibuguzo's simultaneous choice the opponent's event can still offer this seat its choice.)
    pub fn awaiting_answer(&self) -> bool {
        self.unanswered.is_some()
    }

    /// Proposes a decision with a fresh id.
    pub async fn decide(&mut self, decision: &str) -> Result<String, ClientError> {
        let id = format!("d{}", self.next_id);
        self.next_id += 1;
        let msg = ClientMsg::Decide { id: id.clone(), decision: decision.to_string(), game: None, seat: None };
        self.send(msg).await?;
        Ok(id)
    }

    /// Waits for the next server message, applies it to the model and returns what to tell the user.
    /// Reconnects transparently when the connection drops.
    pub async fn recv(&mut self) -> Result<Vec<Note>, ClientError> {
        let msg = self.recv_msg().await?;
        Ok(self.model.apply(msg))
    }

    /// Waits for the next server message and returns it, the model updated with it (the model's version is
    /// what a reconnection resumes from).
    pub async fn next_msg(&mut self) -> Result<ServerMsg, ClientError> {
        let msg = self.recv_msg().await?;
        self.model.apply(msg.clone());
        Ok(msg)
    }

    async fn recv_msg(&mut self) -> Result<ServerMsg, ClientError> {
        loop {
            if self.socket.is_none() {
                self.reconnect().await?;
            }
            let socket = self.socket.as_mut().expect("connected");
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    let msg: ServerMsg = serde_json::from_str(text.as_str())
                        .map_err(|e| ClientError::Protocol(format!("{e}: {}", text.as_str())))?;
                    if let ServerMsg::Snapshot { protocol, .. } = &msg
                        && *protocol != PROTOCOL_VERSION
                    {
                        return Err(ClientError::Protocol(format!(
                            "the server speaks protocol {protocol} and this client protocol {PROTOCOL_VERSION}: \
                             use a client of the server's version"
                        )));
                    }
                    if let ServerMsg::Accepted { id: Some(id), .. } | ServerMsg::Rejected { id: Some(id), .. } = &msg
                        && matches!(&self.unanswered, Some(ClientMsg::Decide { id: d, .. }) if d == id)
                    {
                        self.unanswered = None;
                    }
                    return Ok(msg);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    self.socket = None;
                }
                Some(Ok(_)) => {}
            }
        }
    }

    /// Closes the connection politely.
    pub async fn close(&mut self) {
        if let Some(mut s) = self.socket.take() {
            let _ = s.close(None).await;
        }
    }
}
