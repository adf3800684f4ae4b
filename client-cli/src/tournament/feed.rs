//! The tournament's socket (`/api/tournaments/{id}/ws`), opened again when it is lost.

use crate::online::api::{Api, ClientError};
use anyhow::{Result, bail};
use futures_util::StreamExt;
use mancala_protocol::tournament::{TournamentServerMsg, TournamentView};
use std::time::Duration;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

const RECONNECT_FOR: Duration = Duration::from_secs(60);
/// The close code of a connection whose credential was revoked.
const REVOKED: u16 = 4001;

/// The tournament's socket (`/api/tournaments/{id}/ws`), opened again when it is lost.
pub(super) struct Feed {
    api: Api,
    id: String,
    token: Option<String>,
    socket: Option<Socket>,
}

impl Feed {
    pub(super) async fn open(api: Api, id: &str, token: Option<String>) -> Result<Feed> {
        let mut feed = Feed { api, id: id.trim().to_string(), token, socket: None };
        feed.socket = Some(feed.connect().await?);
        Ok(feed)
    }

    async fn connect(&self) -> Result<Socket> {
        let mut url = self.api.ws_url(&format!("/api/tournaments/{}/ws", self.id));
        if let Some(t) = &self.token {
            url.push_str(&format!("?token={t}"));
        }
        match connect_async(url).await {
            Ok((socket, _)) => Ok(socket),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                let status = r.status().as_u16();
                let body = r.body().as_ref().map(|b| String::from_utf8_lossy(b).into_owned()).unwrap_or_default();
                let message = serde_json::from_str::<mancala_protocol::http::ErrorBody>(&body)
                    .map(|e| e.message)
                    .unwrap_or_else(|_| format!("HTTP {status}"));
                Err(ClientError::Refused { status, code: "tournament".into(), message }.into())
            }
            Err(_) => Err(ClientError::Down(self.api.base.clone()).into()),
        }
    }

    /// Opens the socket again, with backoff, for up to [`RECONNECT_FOR`]; a refusal other than 503 is final.
    async fn reconnect(&self) -> Result<Socket> {
        let start = tokio::time::Instant::now();
        let mut wait = Duration::from_millis(250);
        loop {
            match self.connect().await {
                Ok(socket) => return Ok(socket),
                Err(e) => {
                    let final_refusal = matches!(
                        e.downcast_ref::<ClientError>(),
                        Some(ClientError::Refused { status, .. }) if *status != 503
                    );
                    if final_refusal || start.elapsed() > RECONNECT_FOR {
                        return Err(e.context("the tournament connection was lost"));
                    }
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(5));
                }
            }
        }
    }

    /// The tournament's next view (the first after a (re)connection is the tournament as it is).
    pub(super) async fn next(&mut self) -> Result<TournamentView> {
        loop {
            let socket = match &mut self.socket {
                Some(s) => s,
                None => self.socket.insert(self.reconnect().await?),
            };
            match socket.next().await {
                Some(Ok(Message::Text(t))) => match serde_json::from_str::<TournamentServerMsg>(t.as_str()) {
                    Ok(TournamentServerMsg::Tournament { tournament }) => return Ok(*tournament),
                    Ok(TournamentServerMsg::Error { code, message }) if code == "revoked" => {
                        bail!("{message} (run `mancala login` again)")
                    }
                    Ok(TournamentServerMsg::Error { code, message }) => eprintln!("error {code}: {message}"),
                    Err(e) => bail!("unexpected tournament message `{}`: {e}", t.as_str()),
                },
                Some(Ok(Message::Close(frame))) => {
                    if frame.as_ref().is_some_and(|f| u16::from(f.code) == REVOKED) {
                        bail!(
                            "the server closed the tournament connection: the token was revoked (run `mancala login` again)"
                        );
                    }
                    self.socket = None;
                }
                Some(Err(_)) | None => self.socket = None,
                Some(Ok(_)) => {}
            }
        }
    }

    pub(super) async fn close(&mut self) {
        if let Some(mut s) = self.socket.take() {
            let _ = s.close(None).await;
        }
    }
}
