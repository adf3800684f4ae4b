//! The HTTP side of the server: JSON requests with errors a person can act on ("the server at … is not
//! answering", "no game …", the server's own message for a refused request).

use mancala_protocol::http::ErrorBody;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// What went wrong talking to the server.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("cannot reach the server at {0}: is mancala-server running there? (use --server or MANCALA_SERVER)")]
    Down(String),
    /// The server refused the request; `message` is its explanation.
    #[error("{message}")]
    Refused { status: u16, code: String, message: String },
    #[error("unexpected answer from the server: {0}")]
    Protocol(String),
    #[error("the connection to the game was lost and could not be re-established: {0}")]
    Lost(String),
}

/// A server's HTTP API.
#[derive(Clone)]
pub struct Api {
    http: reqwest::Client,
    /// `http://host:port`, without a trailing slash.
    pub base: String,
    /// The account token kept by `mancala login` for this server: sent with every POST that is not given
    /// another one.
    account: Option<String>,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api").field("base", &self.base).field("signed_in", &self.account.is_some()).finish()
    }
}

impl Api {
    /// The API of `base`, signed in with the token `mancala login` kept for it, if any.
    pub fn new(base: &str) -> Api {
        let base = base.trim_end_matches('/').to_string();
        let base = if base.contains("://") { base } else { format!("http://{base}") };
        let account = super::credentials::find(&base).map(|c| c.token);
        Api { http: reqwest::Client::new(), base, account }
    }

    /// The account token `mancala login` kept for this server.
    pub fn kept_token(&self) -> Option<&str> {
        self.account.as_deref()
    }

    /// The same API without the kept account token (a computer player takes a guest seat).
    pub fn without_account(mut self) -> Api {
        self.account = None;
        self
    }

    /// The WebSocket URL of a path.
    pub fn ws_url(&self, path: &str) -> String {
        let base = self.base.replacen("https://", "wss://", 1).replacen("http://", "ws://", 1);
        format!("{base}{path}")
    }

    async fn send(&self, req: reqwest::RequestBuilder) -> Result<reqwest::Response, ClientError> {
        let resp = req.send().await.map_err(|e| {
            if e.is_connect() || e.is_timeout() {
                ClientError::Down(self.base.clone())
            } else {
                ClientError::Protocol(e.to_string())
            }
        })?;
        let status = resp.status().as_u16();
        if status >= 400 {
            let text = resp.text().await.unwrap_or_default();
            return Err(match serde_json::from_str::<ErrorBody>(&text) {
                Ok(e) => ClientError::Refused { status, code: e.error, message: e.message },
                Err(_) => {
                    ClientError::Refused { status, code: "http".into(), message: format!("HTTP {status}: {text}") }
                }
            });
        }
        Ok(resp)
    }

    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, ClientError> {
        let resp = self.send(self.http.get(format!("{}{path}", self.base))).await?;
        resp.json().await.map_err(|e| ClientError::Protocol(e.to_string()))
    }

    /// A GET signed with `bearer`, else the kept account token (a view that says what the caller is to it).
    pub async fn get_signed<T: DeserializeOwned>(&self, path: &str, bearer: Option<&str>) -> Result<T, ClientError> {
        let mut req = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = bearer.or(self.account.as_deref()) {
            req = req.bearer_auth(t);
        }
        let resp = self.send(req).await?;
        resp.json().await.map_err(|e| ClientError::Protocol(e.to_string()))
    }

    pub async fn get_text(&self, path: &str) -> Result<String, ClientError> {
        let resp = self.send(self.http.get(format!("{}{path}", self.base))).await?;
        resp.text().await.map_err(|e| ClientError::Protocol(e.to_string()))
    }

    pub async fn post<B: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        body: &B,
        bearer: Option<&str>,
    ) -> Result<T, ClientError> {
        let resp = self.send(self.post_request(path, bearer).json(body)).await?;
        resp.json().await.map_err(|e| ClientError::Protocol(e.to_string()))
    }

    /// A POST without a body whose answer has none (204).
    pub async fn post_empty(&self, path: &str, bearer: Option<&str>) -> Result<(), ClientError> {
        self.send(self.post_request(path, bearer)).await.map(drop)
    }

    /// A DELETE signed with `bearer`, else the kept account token, whose answer has no body (204).
    pub async fn delete(&self, path: &str, bearer: Option<&str>) -> Result<(), ClientError> {
        let mut req = self.http.delete(format!("{}{path}", self.base));
        if let Some(t) = bearer.or(self.account.as_deref()) {
            req = req.bearer_auth(t);
        }
        self.send(req).await.map(drop)
    }

    /// A POST with `bearer`, else the kept account token, else none.
    fn post_request(&self, path: &str, bearer: Option<&str>) -> reqwest::RequestBuilder {
        let mut req = self.http.post(format!("{}{path}", self.base));
        if let Some(t) = bearer.or(self.account.as_deref()) {
            req = req.bearer_auth(t);
        }
        req
    }
}
