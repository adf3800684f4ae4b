//! The game's chat in its room ([`chat`]): the lines are read from the store the first time the room
//! needs them (a new game has none), each new line is stored before anyone is sent it, and each viewer is
//! sent the rooms it reads. A shadow-muted author's lines are stored like the others (they count against
//! its limits, and a moderator reads them) but reach only their author: the player's own seat, again
//! after a reload; a spectator's own connection.

use super::Room;
use crate::game::UnixMs;
use crate::ids::PlayerName;
use crate::room::answers::Answer;
use crate::room::chat_verdict::{self, Verdict};
use crate::room::commands::chat::{self, Author};
use crate::room::projection::ViewerKind;
use crate::room::{ConnId, Outbound};
use crate::store::{ChatRow, Write};
use mancala_engine::Side;
use mancala_protocol::{ChatLine, ChatRoom, ErrorCode, ServerMsg};
use std::collections::BTreeSet;
use tokio::sync::mpsc::OwnedPermit;

/// A game's lines, both rooms, and which of them were said under a shadow mute.
#[derive(Debug, Default)]
pub(super) struct ChatLog {
    lines: Vec<ChatLine>,
    /// The numbers (`n`) of the lines that reach only their author.
    shadow: BTreeSet<u64>,
}

impl ChatLog {
    fn push(&mut self, line: ChatLine, shadow: bool) {
        if shadow && let Some(n) = line.n {
            self.shadow.insert(n);
        }
        self.lines.push(line);
    }

    /// Was `line` said under a shadow mute?
    fn is_shadow(&self, line: &ChatLine) -> bool {
        line.n.is_some_and(|n| self.shadow.contains(&n))
    }

    /// Does a viewer of `kind` read `line`? A shadow line only its author's seat.
    fn shown_to(&self, kind: ViewerKind, line: &ChatLine) -> bool {
        !self.is_shadow(line) || (line.side.is_some() && line.side == kind.seat())
    }
}

/// The lines a snapshot carries (the newest of those the viewer reads).
const IN_SNAPSHOT: usize = 100;

impl Room {
    /// Reads the game's lines once (a room started for a new game has none to read).
    pub(super) async fn load_chat(&mut self) {
        if self.chat.is_some() {
            return;
        }
        match self.store.chat(self.game.id.as_str()).await {
            Ok(rows) => {
                let mut log = ChatLog::default();
                for (line, shadow) in rows.into_iter().filter_map(line_of) {
                    log.push(line, shadow);
                }
                self.chat = Some(log);
            }
            // Without its history the room cannot number a new line: chat waits for the next command.
            Err(e) => tracing::warn!(game = %self.game.id, error = %e, "the chat could not be read"),
        }
    }

    /// The lines a viewer of `kind` reads, for its snapshot.
    pub(super) fn chat_for(&self, kind: ViewerKind) -> Vec<ChatLine> {
        let Some(log) = self.chat.as_ref() else { return Vec::new() };
        let mut shown: Vec<ChatLine> = (log.lines.iter().rev())
            .filter(|l| chat::reads(kind, l.room, &self.game) && log.shown_to(kind, l))
            .take(IN_SNAPSHOT)
            .cloned()
            .collect();
        shown.reverse();
        shown
    }

    /// The shadow lines a spectator signed in as `who` said in the spectators' room, oldest first.
    pub(super) fn own_shadow_lines(&self, who: &PlayerName) -> Vec<ChatLine> {
        let Some(log) = self.chat.as_ref() else { return Vec::new() };
        let mine =
            |l: &&ChatLine| l.room == ChatRoom::Spectators && log.is_shadow(l) && l.by.to_lowercase() == who.key();
        log.lines.iter().filter(mine).cloned().collect()
    }

    /// A `chat` message of `kind`'s connection (`by`: a signed-in spectator's account).
    pub(super) async fn chat(
        &mut self,
        (conn, kind, by): (ConnId, ViewerKind, Option<PlayerName>),
        permit: OwnedPermit<Outbound>,
        id: Option<String>,
        (room, text): (ChatRoom, String),
    ) {
        self.load_chat().await;
        let Some(lines) = self.chat.as_ref().map(|log| &log.lines) else {
            let refusal = crate::game::Refusal::new(ErrorCode::Unavailable, "the chat cannot be read now: try again");
            return self.refuse(conn, permit, id, refusal);
        };
        let author = match kind.seat() {
            Some(side) => Author::Player(side),
            None => Author::Spectator(by),
        };
        let line = match chat::run(&self.game, lines, &author, room, &text, UnixMs::now()) {
            Ok(line) => line,
            Err(r) => return self.refuse(conn, permit, id, r),
        };
        if let Some(word) = self.config.forbidden.in_text(&line.text) {
            let reason = format!("your line holds a forbidden word (`{word}`): nothing was said");
            let refusal = crate::game::Refusal::new(ErrorCode::ChatForbiddenWords, reason);
            return self.refuse(conn, permit, id, refusal);
        }
        let shadow = match self.moderated(&author).await {
            Ok(Verdict::Said) => false,
            Ok(Verdict::TimedOut { left_ms }) => {
                let reason = format!("a moderator timed your chat out: {} left", chat_verdict::left(left_ms));
                return self.refuse(conn, permit, id, crate::game::Refusal::new(ErrorCode::ChatTimeout, reason));
            }
            Ok(Verdict::Shadow) => true,
            Err(e) => {
                let refusal = crate::room::actor::unavailable(&self.game.id, &e);
                return self.refuse(conn, permit, id, refusal);
            }
        };
        let row = ChatRow {
            game_id: self.game.id.to_string(),
            n: lines.len() as i64 + 1,
            room: room_id(room).to_string(),
            author: line.by.clone(),
            side: line.side.map(|s| s.name().to_string()),
            text: line.text.clone(),
            at: line.at as i64,
            shadow,
        };
        if let Err(e) = self.store.write(vec![Write::Chat(row)]).await {
            let refusal = crate::room::actor::unavailable(&self.game.id, &e);
            return self.refuse(conn, permit, id, refusal);
        }
        self.reply(conn, permit, id, Answer::Accepted(self.game.version()));
        self.chat.get_or_insert_default().push(line.clone(), shadow);
        if shadow {
            // Said as far as its author can tell: the author's seat (every tab of it), or its connection.
            return match kind.seat() {
                Some(_) => self.conns.broadcast_where(|k| (k == kind).then(|| ServerMsg::Chat { line: line.clone() })),
                None => self.conns.send_presence(conn, ServerMsg::Chat { line }),
            };
        }
        let game = &self.game;
        self.conns
            .broadcast_where(|kind| chat::reads(kind, room, game).then(|| ServerMsg::Chat { line: line.clone() }));
    }
}

impl Room {
    /// Moderation's verdict on a line of `author` (a guest's lines are never moderated).
    async fn moderated(&self, author: &Author) -> Result<Verdict, crate::store::StoreError> {
        let account = match author {
            Author::Player(side) => {
                self.game.seats[*side].as_ref().filter(|o| o.who.is_account()).map(|o| o.name().clone())
            }
            Author::Spectator(by) => by.clone(),
        };
        match account {
            Some(name) => chat_verdict::verdict(&self.store, &name, UnixMs::now()).await,
            None => Ok(Verdict::Said),
        }
    }
}

fn room_id(room: ChatRoom) -> &'static str {
    match room {
        ChatRoom::Players => "players",
        ChatRoom::Spectators => "spectators",
    }
}

/// A stored line, as sent, and whether it is a shadow line (a row this server cannot read is left out
/// rather than stopping the room).
fn line_of(row: ChatRow) -> Option<(ChatLine, bool)> {
    let room = match row.room.as_str() {
        "players" => ChatRoom::Players,
        "spectators" => ChatRoom::Spectators,
        _ => return None,
    };
    let side = match row.side.as_deref() {
        Some("south") => Some(Side::South),
        Some("north") => Some(Side::North),
        _ => None,
    };
    let line =
        ChatLine { room, by: row.author, side, text: row.text, at: row.at.max(0) as u64, n: Some(row.n.max(0) as u64) };
    Some((line, row.shadow))
}
