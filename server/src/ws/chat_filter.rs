//! A game socket leaves out the chat lines of the accounts its reader blocks (docs/moderation.md,
//! "Blocks"): the room sends every line to every reader of its room, and each blocker's own socket writer
//! drops those it must not deliver, so the others still see them. The reader is the account of the seat
//! (when the seat is an account's: the snapshot says) or the signed-in spectator; a guest blocks nobody.
//! A line is an account's when it is a spectator's (only accounts chat there) or a registered seat's.

use crate::blocks::Blocks;
use crate::room::frame::Frame;
use mancala_engine::Side;
use mancala_protocol::http::PlayerInfo;
use mancala_protocol::{ChatLine, ServerMsg};
use std::sync::Arc;

/// One connection's filter of chat lines.
#[derive(Debug)]
pub struct ChatFilter {
    blocks: Blocks,
    /// The signed-in spectator's account key (a seat's reader is learnt from the snapshot).
    watcher: Option<String>,
    /// The reader's account key, once known.
    reader: Option<String>,
    /// Which seats are accounts', by the last snapshot: `[south, north]`.
    registered: [bool; 2],
}

fn index(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

impl ChatFilter {
    pub fn new(blocks: Blocks, watcher: Option<String>) -> ChatFilter {
        ChatFilter { blocks, reader: watcher.clone(), watcher, registered: [false; 2] }
    }

    fn blocked(&self, line: &ChatLine) -> bool {
        let Some(reader) = &self.reader else { return false };
        let account = line.side.is_none_or(|side| self.registered[index(side)]);
        account && self.blocks.blocks(reader, &line.by.to_ascii_lowercase())
    }

    /// What to send for `frame`: itself, a copy without the blocked lines (a snapshot), or nothing (a line
    /// of a blocked account).
    pub fn pass(&mut self, frame: &Arc<Frame>) -> Option<Arc<Frame>> {
        match frame.msg() {
            ServerMsg::Chat { line } => (!self.blocked(line)).then(|| frame.clone()),
            ServerMsg::Snapshot { seat, game, chat, .. } => {
                let seat_of = |p: &Option<PlayerInfo>| p.as_ref().filter(|p| p.registered).map(|p| p.name.clone());
                let (south, north) = (seat_of(&game.players.south), seat_of(&game.players.north));
                self.registered = [south.is_some(), north.is_some()];
                self.reader = match seat {
                    Some(Side::South) => south.map(|n| n.to_ascii_lowercase()),
                    Some(Side::North) => north.map(|n| n.to_ascii_lowercase()),
                    None => self.watcher.clone(),
                };
                if !chat.iter().any(|l| self.blocked(l)) {
                    return Some(frame.clone());
                }
                let mut msg = frame.msg().clone();
                if let ServerMsg::Snapshot { chat, .. } = &mut msg {
                    chat.retain(|l| !self.blocked(l));
                }
                Some(Frame::new(msg))
            }
            _ => Some(frame.clone()),
        }
    }
}
