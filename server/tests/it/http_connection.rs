//! A kept-alive connection after an answer given before the request's body was read (a 413 over the body
//! limit, a 403 of a moderators' route): the next request on that connection is answered, or the first
//! answer said `Connection: close` and the connection then closes cleanly. Never a reset, which behind a
//! proxy that reuses connections would lose another user's request. Read on a raw TCP socket, as the
//! outside test did.

use crate::common;

use common::TestServer;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What came back on a connection: every byte until the server's close, and how it closed.
struct Heard {
    text: String,
    /// The read error that ended it (`None`: a clean end of stream).
    error: Option<std::io::ErrorKind>,
}

/// Writes `first` (a request whose body the server will not read whole) and at once `second` on one
/// connection, then reads until the connection ends (or 10 s pass: a kept-alive connection that answered
/// both).
async fn two_requests(addr: SocketAddr, first: &[u8], second: &[u8]) -> Heard {
    let mut tcp = TcpStream::connect(addr).await.expect("connect");
    // Both are written before anything is read, as a proxy reusing its connection may do; a write that
    // fails because the server closed early is no different for the client from what it then reads.
    let _ = tcp.write_all(first).await;
    let _ = tcp.write_all(second).await;
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 8192];
    let error = loop {
        let read = tokio::time::timeout(Duration::from_secs(10), tcp.read(&mut chunk)).await;
        match read {
            Err(_) => break None,
            Ok(Ok(0)) => break None,
            Ok(Ok(n)) => {
                bytes.extend_from_slice(&chunk[..n]);
                // Both answers are in: nothing more is awaited.
                if String::from_utf8_lossy(&bytes).matches("HTTP/1.1 ").count() == 2 && bytes.ends_with(b"}") {
                    break None;
                }
            }
            Ok(Err(e)) => break Some(e.kind()),
        }
    };
    Heard { text: String::from_utf8_lossy(&bytes).into_owned(), error }
}

/// A POST of `path` with a body of `len` bytes (JSON: one long string).
fn post(path: &str, len: usize, extra: &str) -> Vec<u8> {
    let body = format!(r#"{{"action":"note","reason":"{}"}}"#, "x".repeat(len - 29));
    assert_eq!(body.len(), len);
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len}\r\n{extra}\r\n"
    );
    [head.into_bytes(), body.into_bytes()].concat()
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";

/// The second answer came, or the first announced the close and the close was clean.
#[track_caller]
fn answered_or_announced(heard: &Heard, first_status: &str) {
    let text = &heard.text;
    assert!(text.starts_with(&format!("HTTP/1.1 {first_status}")), "{text}");
    assert_eq!(heard.error, None, "the connection was reset after: {text}");
    let second = text.matches("HTTP/1.1 ").count() == 2;
    let head = text.split("\r\n\r\n").next().unwrap_or("").to_ascii_lowercase();
    assert!(second || head.contains("connection: close"), "the next request was lost unannounced: {text}");
}

#[tokio::test]
async fn after_a_413_the_next_request_on_the_connection_is_answered_or_the_close_announced() {
    let s = TestServer::start().await;
    for i in 0..30 {
        let heard = two_requests(s.addr, &post("/api/games", 70_000, ""), HEALTHZ).await;
        answered_or_announced(&heard, "413");
        assert!(heard.text.contains("too_large"), "{i}: {}", heard.text);
    }
    // Chunked, so the size shows only as it is read.
    let body = format!(r#"{{"variant":"kubuguza","name":"{}"}}"#, "x".repeat(70_000));
    let chunked = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n\
         {:x}\r\n{body}\r\n0\r\n\r\n",
        body.len()
    );
    answered_or_announced(&two_requests(s.addr, chunked.as_bytes(), HEALTHZ).await, "413");
}

#[tokio::test]
async fn after_a_403_before_the_body_the_next_request_is_answered_or_the_close_announced() {
    let s = TestServer::start().await;
    let player = common::account(&s, "amina").await;
    let auth = format!("Authorization: Bearer {player}\r\n");
    for _ in 0..10 {
        let heard = two_requests(s.addr, &post("/api/mod/players/amina/actions", 60_000, &auth), HEALTHZ).await;
        answered_or_announced(&heard, "403");
    }
}

#[tokio::test]
async fn a_body_read_whole_keeps_the_connection_for_the_next_request() {
    let s = TestServer::start().await;
    // A bad body, read to its end and refused: the connection serves the next request.
    let heard = two_requests(s.addr, &post("/api/games", 2_000, ""), HEALTHZ).await;
    assert!(heard.text.starts_with("HTTP/1.1 400"), "{}", heard.text);
    assert_eq!(heard.text.matches("HTTP/1.1 ").count(), 2, "{}", heard.text);
    assert!(heard.text.contains("HTTP/1.1 200"), "{}", heard.text);
}
