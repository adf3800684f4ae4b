//! The tools' HTTP side of a server: JSON requests whose errors say what went wrong (the server not
//! answering, or its own `ErrorBody` message for a refused request).

use anyhow::{Result, anyhow};
use mancala_protocol::http::ErrorBody;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::time::Duration;

/// How many 429 answers in a row a request waits out before it fails.
const MAX_RETRIES: usize = 10;

/// The server answered with an error status (the tools can tell a refusal from an outage by it).
#[derive(Debug)]
pub struct Refused {
    pub status: u16,
    /// The `ErrorBody` code (empty when the body was not one).
    pub code: String,
    pub message: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HTTP {} {}: {}", self.status, self.code, self.message)
    }
}

impl std::error::Error for Refused {}

/// A server's HTTP API.
#[derive(Clone, Debug)]
pub struct Api {
    http: reqwest::Client,
    /// `http://host:port`, without a trailing slash.
    pub base: String,
}

impl Api {
    pub fn new(base: &str) -> Api {
        let base = base.trim_end_matches('/').to_string();
        let base = if base.contains("://") { base } else { format!("http://{base}") };
        Api { http: reqwest::Client::new(), base }
    }

    /// Sends a request; a 429 (a rate limit on game creation per address) is waited out as its
    /// `Retry-After` says and the request sent again, a few times, so a tool can run against a server that
    /// limits game creation (better: run it with the limit raised).
    async fn send(&self, req: reqwest::RequestBuilder) -> Result<reqwest::Response> {
        for _ in 0..MAX_RETRIES {
            let again = req.try_clone().expect("the tools' requests have no streaming body");
            let resp = self.send_once(again).await?;
            if resp.status().as_u16() != 429 {
                return self.check(resp).await;
            }
            let wait = resp
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(1)
                .clamp(1, 60);
            tokio::time::sleep(Duration::from_secs(wait)).await;
        }
        let resp = self.send_once(req).await?;
        self.check(resp).await
    }

    async fn send_once(&self, req: reqwest::RequestBuilder) -> Result<reqwest::Response> {
        req.send().await.map_err(|e| {
            if e.is_connect() || e.is_timeout() {
                anyhow!("cannot reach the server at {}: is mancala-server running there?", self.base)
            } else {
                anyhow!("HTTP request to {} failed: {e}", self.base)
            }
        })
    }

    /// An answer of 400 or more becomes an error with the server's message.
    async fn check(&self, resp: reqwest::Response) -> Result<reqwest::Response> {
        let status = resp.status().as_u16();
        if status >= 400 {
            let text = resp.text().await.unwrap_or_default();
            return Err(match serde_json::from_str::<ErrorBody>(&text) {
                Ok(e) => Refused { status, code: e.error, message: e.message },
                Err(_) => Refused { status, code: String::new(), message: text },
            }
            .into());
        }
        Ok(resp)
    }

    pub async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T> {
        let resp = self.send(self.http.get(format!("{}{path}", self.base))).await?;
        Ok(resp.json().await?)
    }

    pub async fn get_text(&self, path: &str) -> Result<String> {
        let resp = self.send(self.http.get(format!("{}{path}", self.base))).await?;
        Ok(resp.text().await?)
    }

    pub async fn post<B: Serialize, T: DeserializeOwned>(&self, path: &str, body: &B) -> Result<T> {
        let resp = self.send(self.http.post(format!("{}{path}", self.base)).json(body)).await?;
        Ok(resp.json().await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// A server limiting game creation answers 429 with `Retry-After`: the tools wait and send again.
    #[tokio::test]
    async fn a_rate_limited_request_is_sent_again_after_retry_after() {
        use axum::http::StatusCode;
        use axum::response::IntoResponse;
        let calls = Arc::new(AtomicU32::new(0));
        let seen = calls.clone();
        let app = axum::Router::new().route(
            "/api/games",
            axum::routing::post(move || {
                let seen = seen.clone();
                async move {
                    if seen.fetch_add(1, Ordering::Relaxed) == 0 {
                        let body = r#"{"error":"rate_limited","message":"retry in 1 s"}"#;
                        (StatusCode::TOO_MANY_REQUESTS, [("retry-after", "1")], body).into_response()
                    } else {
                        axum::Json(serde_json::json!({ "ok": true })).into_response()
                    }
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let api = Api::new(&format!("http://{addr}"));
        let started = tokio::time::Instant::now();
        let answer: serde_json::Value = api.post("/api/games", &serde_json::json!({})).await.unwrap();
        assert_eq!(answer["ok"], true);
        assert_eq!(calls.load(Ordering::Relaxed), 2);
        assert!(started.elapsed() >= Duration::from_secs(1), "waited as Retry-After said");
    }

    #[tokio::test]
    async fn a_refusal_is_typed() {
        let app = axum::Router::new().route(
            "/x",
            axum::routing::get(|| async {
                (axum::http::StatusCode::CONFLICT, r#"{"error":"conflict","message":"no open seat"}"#)
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let e = Api::new(&addr.to_string()).get_text("/x").await.unwrap_err();
        let refused = e.downcast_ref::<Refused>().expect("a Refused");
        assert_eq!(
            (refused.status, refused.code.as_str(), refused.message.as_str()),
            (409, "conflict", "no open seat")
        );
    }
}
