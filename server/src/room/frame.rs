//! What a room hands to its connections: a [`Frame`] is a typed [`ServerMsg`] that is serialised to JSON
//! at most once, by the first socket writer that sends it, and then shared by every connection of the
//! same kind of viewer. Server bots and the NDJSON stream read the typed message; only sockets and
//! streams see text.
//!
//! A connection's queue holds [`Outbound`] items; one item is everything one occasion sends (a change's
//! events, a catch-up, an answer), so a queue bounds how many occasions a connection may fall behind, not
//! how many plies a change has.

use mancala_protocol::ServerMsg;
use std::sync::{Arc, OnceLock};
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// A message for one kind of viewer, with its JSON made on first use.
#[derive(Debug)]
pub struct Frame {
    msg: ServerMsg,
    text: OnceLock<Utf8Bytes>,
}

impl Frame {
    pub fn new(msg: ServerMsg) -> Arc<Frame> {
        Arc::new(Frame { msg, text: OnceLock::new() })
    }

    /// A frame received as JSON text from another node (docs/cluster.md): parsed once, its text kept as it
    /// came, so the socket writers send it without serialising it again.
    pub fn from_text(text: &str) -> Result<Arc<Frame>, serde_json::Error> {
        let msg = serde_json::from_str(text)?;
        Ok(Arc::new(Frame { msg, text: OnceLock::from(Utf8Bytes::from(text.to_string())) }))
    }

    pub fn msg(&self) -> &ServerMsg {
        &self.msg
    }

    /// The JSON text (made once, then shared: cloning it does not copy).
    pub fn text(&self) -> Utf8Bytes {
        self.text.get_or_init(|| Utf8Bytes::from(self.msg.to_json())).clone()
    }

    /// The version this message carries, if it is a snapshot or an event.
    pub fn version(&self) -> Option<u64> {
        match self.msg {
            ServerMsg::Snapshot { v, .. } | ServerMsg::Event { v, .. } => Some(v),
            _ => None,
        }
    }
}

/// Frames sent together, in order.
pub type Frames = Arc<[Arc<Frame>]>;

/// One item of a connection's queue.
#[derive(Clone, Debug)]
pub enum Outbound {
    /// Messages to send in this order.
    Frames(Frames),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

impl Outbound {
    /// One message on its own.
    pub fn one(msg: ServerMsg) -> Outbound {
        Outbound::Frames(Arc::new([Frame::new(msg)]))
    }
}
