//! How the server closes a WebSocket it accepted (game and lobby sockets alike): the close frame, then the
//! end of the closing handshake. The client's own close frame is awaited, its input read and dropped
//! meanwhile: a socket closed with unread input is reset, and a client still sending would see 1006
//! instead of our code. After a message over the hard limit the WebSocket layer no longer reads, so the
//! raw socket is drained instead, until the client goes quiet (it read our close frame and stopped).

use super::upgrade::Socket;
use futures_util::{Stream, StreamExt};
use std::time::Duration;
use tokio::io::AsyncReadExt;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

/// How long the closing handshake may take.
pub const CLOSING: Duration = Duration::from_secs(2);
/// Once the WebSocket layer no longer reads, the client's raw input is drained until it has been quiet
/// this long.
const QUIET: Duration = Duration::from_millis(200);

/// A close frame with `code` and `reason`.
pub fn frame(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame { code: CloseCode::from(code), reason: reason.into() }))
}

/// Reads and drops the client's messages until its close frame (or the end of its input).
pub async fn await_close<S>(stream: &mut S)
where
    S: Stream<Item = Result<Message, WsError>> + Unpin,
{
    while let Some(Ok(m)) = stream.next().await {
        if matches!(m, Message::Close(_)) {
            return;
        }
    }
}

/// Reads and drops the raw bytes of the connection until the client has been quiet for [`QUIET`] (or
/// closed it).
pub async fn drain_raw(socket: &mut Socket) {
    let mut scratch = vec![0u8; 16 * 1024];
    while let Ok(Ok(n)) = tokio::time::timeout(QUIET, socket.get_mut().read(&mut scratch)).await {
        if n == 0 {
            return;
        }
    }
}

/// The end of a closing handshake whose close frame was sent: at most [`CLOSING`], the client's close
/// awaited, or its raw input drained when the WebSocket layer can no longer read it (`unreadable`).
pub async fn finish(socket: &mut Socket, unreadable: bool) {
    let _ = tokio::time::timeout(CLOSING, async {
        if unreadable {
            drain_raw(socket).await;
        } else {
            await_close(socket).await;
        }
    })
    .await;
}

/// Sends our close frame and finishes the handshake (see [`finish`]).
pub async fn close(socket: &mut Socket, code: u16, reason: &'static str, unreadable: bool) {
    use futures_util::SinkExt;
    if socket.send(frame(code, reason)).await.is_ok() {
        finish(socket, unreadable).await;
    }
}
