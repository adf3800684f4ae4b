//! `mancala-echo`: a minimal WebSocket echo server built from the game server's stack (axum 0.8's
//! WebSocket on tokio, served the same way as `mancala-server`: `axum::serve`, the same small socket
//! buffers and frame limit). Every text frame is sent back as it came; every path upgrades. It is the
//! ceiling `mancala-loadtest --echo` measures the game server against: what the stack alone can move with
//! the same connection pattern, without rules, storage or fan-out.

use anyhow::Context;
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use std::net::SocketAddr;

#[derive(Debug, Parser)]
#[command(
    name = "mancala-echo",
    version,
    about = "A WebSocket echo server on the game server's stack (load-test ceiling)."
)]
struct Args {
    /// Address to listen on.
    #[arg(long, env = "MANCALA_ECHO_ADDR", default_value = "127.0.0.1:8090")]
    addr: SocketAddr,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let listener =
        tokio::net::TcpListener::bind(args.addr).await.with_context(|| format!("cannot listen on {}", args.addr))?;
    eprintln!("mancala-echo listening on {}", listener.local_addr()?);
    let app = Router::new().route("/healthz", get(|| async { "ok" })).fallback(get(upgrade));
    axum::serve(listener, app).with_graceful_shutdown(shutdown_signal()).await?;
    Ok(())
}

/// Completes on SIGINT or SIGTERM (as the game server stops).
async fn shutdown_signal() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate => {}
    }
}

async fn upgrade(ws: WebSocketUpgrade) -> Response {
    // The game server's settings (server/src/ws/mod.rs): 64 KiB frames, 4 KiB socket buffers.
    ws.max_message_size(65536)
        .max_frame_size(65536)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .on_upgrade(echo)
}

async fn echo(socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    while let Some(Ok(msg)) = stream.next().await {
        let reply = match msg {
            Message::Text(t) => Message::Text(t),
            Message::Binary(b) => Message::Binary(b),
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if sink.send(reply).await.is_err() {
            break;
        }
    }
}
