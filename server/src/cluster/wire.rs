//! What nodes say to each other through the broker. Two subjects per node:
//!
//! - `mancala.node.<key>.own`: to the node as the owner of games ([`ToOwner`], JSON): a viewer of another
//!   node connects, sends a client message, leaves; joins and lookups (request/reply, [`Reply`]).
//! - `mancala.node.<key>.relay`: to the node as the relay of its viewers: what a remote connection's queue
//!   held on the owner, one queue item per message ([`Item`]), in order, numbered per connection.
//!
//! An item is text: a first line `<relay> <seq> <close code or 0>`, then each frame's JSON on a line of
//! its own (the JSON the owner's own sockets send, made once; JSON text never holds a raw newline).

use crate::game::{Occupant, Refusal};
use crate::ids::{ConnId, GameId, PlayerName, TokenHash};
use crate::room::{Frame, Frames, Outbound, ViewerKind};
use bytes::Bytes;
use mancala_engine::Side;
use mancala_protocol::ClientMsg;
use mancala_protocol::http::GameSummary;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The subject where node `node` takes what concerns the games it owns.
pub fn owner_subject(node: &str) -> String {
    format!("node.{node}.own")
}

/// The subject where node `node` takes what its relayed connections receive.
pub fn relay_subject(node: &str) -> String {
    format!("node.{node}.relay")
}

/// To a game's owner.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ToOwner {
    /// Do you own `game`? (request; answered [`Reply::Owned`] or [`Reply::NotOwner`])
    Hello {
        game: GameId,
    },
    /// A viewer of node `node` connects to `game` as `kind` (request): its items go to `node`'s relay
    /// subject numbered for `relay`.
    Connect {
        game: GameId,
        node: String,
        relay: ConnId,
        kind: ViewerKind,
        /// A signed-in spectator's account (checked by the node it is connected to).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        who: Option<PlayerName>,
        since: Option<u64>,
    },
    /// A message of that viewer, in the order it sent them.
    Client {
        node: String,
        relay: ConnId,
        msg: ClientMsg,
        /// The account of a signed-in spectator that sent it (checked by the node it is connected to).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<PlayerName>,
    },
    Disconnect {
        node: String,
        relay: ConnId,
    },
    /// Requests a room answers.
    Join {
        game: GameId,
        seat: Occupant,
    },
    SeatOf {
        game: GameId,
        token_hash: TokenHash,
    },
    Summary {
        game: GameId,
    },
}

/// An owner's answer to a request.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Reply {
    Owned,
    Connected,
    Joined {
        side: Side,
        game: GameSummary,
    },
    Refused {
        refusal: Refusal,
    },
    SeatOf {
        side: Option<Side>,
    },
    Summary {
        game: GameSummary,
    },
    /// This node does not own the game (any more): ask the database again.
    NotOwner,
    /// The room stopped, or the node is shutting down.
    Gone,
}

impl ToOwner {
    pub fn encode(&self) -> Bytes {
        Bytes::from(serde_json::to_vec(self).expect("wire messages serialise"))
    }
}

impl Reply {
    pub fn encode(&self) -> Bytes {
        Bytes::from(serde_json::to_vec(self).expect("wire messages serialise"))
    }
}

/// One queue item of a relayed connection, as it travels.
#[derive(Debug)]
pub struct Item {
    pub relay: ConnId,
    pub seq: u64,
    pub body: Outbound,
}

/// Why an item could not be read.
#[derive(Debug, thiserror::Error)]
#[error("unreadable item from another node: {0}")]
pub struct BadItem(String);

impl Item {
    pub fn encode(relay: ConnId, seq: u64, body: &Outbound) -> Bytes {
        let mut out = String::with_capacity(256);
        match body {
            Outbound::Frames(frames) => {
                out.push_str(&format!("{relay} {seq} 0"));
                for frame in frames.iter() {
                    out.push('\n');
                    out.push_str(frame.text().as_str());
                }
            }
            Outbound::Close(code, _) => out.push_str(&format!("{relay} {seq} {code}")),
        }
        Bytes::from(out)
    }

    pub fn decode(payload: &[u8]) -> Result<Item, BadItem> {
        let text = std::str::from_utf8(payload).map_err(|e| BadItem(e.to_string()))?;
        let mut lines = text.split('\n');
        let head = lines.next().unwrap_or_default();
        let mut fields = head.split(' ').map(|f| f.parse::<u64>());
        let (Some(Ok(relay)), Some(Ok(seq)), Some(Ok(close)), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(BadItem(format!("head `{head}`")));
        };
        let body = if close != 0 {
            let code = u16::try_from(close).map_err(|_| BadItem(format!("close code {close}")))?;
            Outbound::Close(code, "the game moved to another server: reconnect")
        } else {
            let frames: Frames = lines
                .map(|line| Frame::from_text(line).map_err(|e| BadItem(e.to_string())))
                .collect::<Result<Vec<Arc<Frame>>, _>>()?
                .into();
            Outbound::Frames(frames)
        };
        Ok(Item { relay: ConnId::from_raw(relay), seq, body })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_protocol::ServerMsg;

    #[test]
    fn items_travel_whole() {
        let frames: Frames = vec![
            Frame::new(ServerMsg::Pong { id: Some("p\n1".into()) }),
            Frame::new(ServerMsg::Accepted { id: Some("d1".into()), v: 7 }),
        ]
        .into();
        let bytes = Item::encode(ConnId::from_raw(3), 9, &Outbound::Frames(frames));
        let item = Item::decode(&bytes).unwrap();
        assert_eq!((item.relay, item.seq), (ConnId::from_raw(3), 9));
        let Outbound::Frames(frames) = item.body else { panic!("frames") };
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].msg(), &ServerMsg::Pong { id: Some("p\n1".into()) });
        assert_eq!(frames[1].version(), None);
        let item = Item::decode(&Item::encode(ConnId::from_raw(3), 10, &Outbound::Close(1012, "x"))).unwrap();
        assert!(matches!(item.body, Outbound::Close(1012, _)));
        assert!(Item::decode(b"3 x 0").is_err());
    }
}
