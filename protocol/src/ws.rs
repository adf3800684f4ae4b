//! WebSocket messages: what a client sends ([`ClientMsg`]) and what the server sends ([`ServerMsg`]).
//!
//! One endpoint serves players and spectators: `GET /api/games/{id}/ws`, with the seat token (query
//! `token=…` or header `Authorization: Bearer …`) for a player, and `v=N` (the last version the client
//! holds) to resume. Every change of a game is a versioned [`GameEvent`], numbered 1, 2, 3 … without gaps;
//! a viewer who may not see an event's content still receives the event with that content withheld.

use mancala_engine::Side;
use serde::{Deserialize, Serialize};

use crate::http::{GameSummary, SeatGranted};
use crate::step::StepEvent;
use crate::view::{BoardView, ClockState, OutcomeInfo};

/// A message from a client. Every message may carry an `id` (a string the client chooses); the answer to
/// it (`accepted` / `rejected`) repeats it, and sending the same `id` again for a decision is idempotent:
/// the first answer is repeated, nothing is applied twice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Propose a decision in notation (`c2`, `a1:cw`, `store`, `opening:1`, `pass`). `game` and `seat`
    /// are optional checks: when present they must match the connection's game and seat.
    Decide {
        id: String,
        decision: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        seat: Option<Side>,
    },
    /// Resign (any time before the end).
    Resign {
        #[serde(default)]
        id: Option<String>,
    },
    /// Abort: only before both players have made a decision of their own; no result.
    Abort {
        #[serde(default)]
        id: Option<String>,
    },
    /// Claim the win when the opponent has been disconnected for longer than the grace period.
    ClaimWin {
        #[serde(default)]
        id: Option<String>,
    },
    /// A draw by agreement: `offer` one (at most one pending, a few per player in a game), `accept` the
    /// opponent's (the game ends drawn, reason `agreement`), or `decline` it. An offer lapses when the
    /// opponent makes a decision instead.
    Draw {
        #[serde(default)]
        id: Option<String>,
        action: DrawAction,
    },
    /// In a casual game: take back a decision. `propose` asks the opponent to undo the proposer's last
    /// decision of its own and everything after it (the opponent's reply, if made); `accept` the
    /// opponent's proposal (the game returns to the position before that decision, a `takeback` event),
    /// or `decline` it. Proposing when the opponent's proposal is pending accepts it; against a server bot
    /// the bot accepts at once. A proposal lapses when either player makes a decision. Refused in rated
    /// games and while Ikibuguzo's secret choice is being made or would be undone; at most one pending, a
    /// few per player in a game.
    Takeback {
        #[serde(default)]
        id: Option<String>,
        action: TakebackAction,
    },
    /// In a tournament game that allows it (the summary's `berserk` is present): give up half of one's
    /// remaining time, and the increment for the rest of the game, for an extra point if the game is won
    /// (docs/tournaments.md). Only a seated player, before their first decision of their own, once: a
    /// `berserk` event with the halved clock.
    Berserk {
        #[serde(default)]
        id: Option<String>,
    },
    /// After the end: another game between the same players, with the same variant, options and clock,
    /// sides swapped, rated if this one was. `offer` one (offering when the opponent's offer is pending
    /// accepts it; against a server bot the bot accepts at once), `accept` the opponent's, `decline` it, or
    /// `cancel` one's own. Both players' connections then get `rematch` with their seat in the new game.
    Rematch {
        #[serde(default)]
        id: Option<String>,
        action: RematchAction,
    },
    /// Say `text` in a chat room of the game: the players' room (the two players, any time) or the
    /// spectators' room (spectators signed in to an account). 1 to [`CHAT_MAX_CHARS`] characters; control
    /// characters become spaces; it is stored with the game.
    Chat {
        #[serde(default)]
        id: Option<String>,
        room: ChatRoom,
        text: String,
    },
    /// The client holds version `v`: the server sends what this connection has not been sent yet (the
    /// events after it, or a snapshot when the connection fell behind). Since the server sends every
    /// event in order, this is only needed after a client lost messages of its own.
    Sync { v: u64 },
    /// Application-level ping; answered with `pong`.
    Ping {
        #[serde(default)]
        id: Option<String>,
    },
}

/// What a `draw` message does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// What a `takeback` message does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TakebackAction {
    Propose,
    Accept,
    Decline,
}

/// The most characters a chat line holds.
pub const CHAT_MAX_CHARS: usize = 140;

/// A game's chat rooms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChatRoom {
    /// The two players; nobody else reads it, during the game or after.
    Players,
    /// The spectators; the players read it once the game is over.
    Spectators,
}

/// A line of chat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChatLine {
    pub room: ChatRoom,
    /// Who said it (a player's seat name, or a spectator's account).
    pub by: String,
    /// The side of a player's line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub side: Option<Side>,
    /// The words, shown as text (never as markup).
    pub text: String,
    /// When (unix ms).
    pub at: u64,
    /// The line's number within its game (from 1): what a report names (`POST /api/reports`, `line`).
    /// Absent on a line only its author sees (docs/moderation.md, shadow mute).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<u64>,
}

/// What a `rematch` message does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RematchAction {
    Offer,
    Accept,
    Decline,
    Cancel,
}

/// The game that follows a finished one (its rematch): its id, and, in a player's own message only, that
/// player's seat in it with its token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NextGame {
    pub game: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Box<SeatGranted>>,
}

/// Why a message was refused. The string form (`not_your_turn`, …) is what clients match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not valid JSON, or a field of the wrong type.
    Malformed,
    /// A `type` the server does not know.
    UnknownType,
    /// A message over the message size limit (a frame over the much larger frame limit closes the
    /// connection instead).
    TooLarge,
    /// Too many messages in a short time; the message was dropped.
    RateLimited,
    /// The connection is a spectator's (it has no seat token) and the message needs a seat.
    NotSeated,
    /// A seat token that does not belong to the game. (On the WebSocket a wrong token is refused before
    /// the upgrade with HTTP 401; this code is for clients that map HTTP errors to protocol codes.)
    BadToken,
    /// The message names another game than this connection's.
    WrongGame,
    /// The message names another seat than this connection's.
    WrongSeat,
    /// The decision text is not notation (the reason names the token).
    BadNotation,
    /// It is the opponent's decision.
    NotYourTurn,
    /// Legal notation, not a legal decision now (`legal` lists the legal ones).
    Illegal,
    /// The game has not started (a seat is open), or the action does not fit the game's state (abort
    /// after both moved, claiming a win while the opponent is connected, …).
    WrongPhase,
    /// The game is over.
    GameOver,
    /// The server could not store the decision; nothing was applied. Retry with the same id.
    Unavailable,
    /// A moderator timed this account's chat out: the reason says for how long still.
    ChatTimeout,
    /// The chat line holds a word of the server's forbidden list (the reason names it); nothing was said.
    ChatForbiddenWords,
    /// One of the two players blocks the other: no rematch between them (the reason says which way).
    Blocked,
}

/// The presence of both players: connected now or not, and, when a player's opponent is gone, from
/// when the win may be claimed (unix ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Presence {
    pub south: bool,
    pub north: bool,
    /// Set in a player's own message when its opponent is away: the time (unix ms) from which `claim_win`
    /// is accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_win_at: Option<u64>,
    /// While a game between people waits for its first decisions: when (unix ms) it is aborted if they are
    /// not made (games against the computer wait for ever).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abort_at: Option<u64>,
    /// How many connections watch the game without a seat (everyone is told; left out when none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub watching: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One accepted decision and what it caused, as this viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MoveEvent {
    /// 1-based number of the decision in the game record.
    pub ply: u32,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub side: Side,
    /// The decision in notation; `null` when it is secret to this viewer (an Ikibuguzo array choice
    /// before both are in).
    pub decision: Option<String>,
    /// True when the server played it because it was the only legal decision (a game option).
    pub auto: bool,
    /// The steps, lap by lap, projected for this viewer: one short string each (`"drop c2"`).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub steps: Vec<StepEvent>,
}

/// A versioned change of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameEvent {
    /// The second seat was filled and the game started (always version 1 of a game that started): the
    /// summary as it is now (status, both players).
    Start { game: GameSummary },
    /// A decision was applied.
    Move {
        #[serde(flatten)]
        mv: MoveEvent,
    },
    /// Decisions were taken back by agreement (a casual game): the game returned to the position after
    /// decision `ply` (0: the start), at `by`'s request. The record ends at `ply`; the next decision is
    /// `ply + 1`. The event carries the board (it is always a change's last):
    /// take it as it is, there are no steps to play.
    Takeback {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        by: Side,
        ply: u32,
    },
    /// `side` berserked: its remaining time was halved and it plays on without increment. The event carries
    /// the clocks (it is always a change's last).
    Berserk {
        #[cfg_attr(feature = "openapi", schema(value_type = String))]
        side: Side,
    },
    /// The game ended by the server's ruling, not by a decision: resignation, timeout, abandonment
    /// (claimed win) or abort.
    End { outcome: OutcomeInfo },
}

/// A message from the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The whole game as this viewer may see it: sent on connect (unless the client resumes with `v`
    /// and the events it lacks are few), and to a connection that fell behind (its queue was full): the
    /// snapshot supersedes the events it did not get.
    Snapshot {
        protocol: u32,
        /// The number of the last event included in this state.
        v: u64,
        /// This connection's seat, `null` for a spectator.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        seat: Option<Side>,
        game: GameSummary,
        view: BoardView,
        clock: Option<ClockState>,
        presence: Presence,
        /// The player whose draw offer is pending, if one is.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        draw_offer: Option<Side>,
        /// The player whose takeback proposal is pending, if one is.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        takeback_offer: Option<Side>,
        /// The player whose rematch offer is pending, if one is (after the end).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        rematch_offer: Option<Side>,
        /// The rematch, once it was made.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rematch: Option<NextGame>,
        /// The chat this viewer may read (its rooms' last lines, oldest first); left out when empty.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chat: Vec<ChatLine>,
    },
    /// A versioned change. The last event of a change (a decision and the forced decisions the server
    /// played after it are one change) and of a catch-up carries the board after it and the clocks; the
    /// events before it leave them out (`view` and `clock` absent): apply their steps, the board follows.
    Event {
        v: u64,
        event: GameEvent,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<BoardView>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockState>,
    },
    /// The message with this `id` was accepted; `v` is the version of the event that applied it (for a
    /// repeated id, the version in which the first send was applied). Forced decisions the server played
    /// after it have the next versions; their events arrive before this answer.
    Accepted {
        id: Option<String>,
        v: u64,
    },
    /// The message with this `id` was refused; nothing changed.
    Rejected {
        id: Option<String>,
        code: ErrorCode,
        reason: String,
        /// For `illegal` (and the other refusals of a decision): the decisions this seat may make now, when
        /// there are any.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        legal: Vec<String>,
    },
    /// A message that could not be read at all (no id to answer to).
    Error {
        code: ErrorCode,
        message: String,
    },
    /// A player connected or left.
    Presence {
        presence: Presence,
    },
    /// The pending draw offer changed: `by` offers a draw now, or (`null`) no offer is pending any more
    /// (declined, lapsed with the opponent's decision, or the game ended). Not an event: offers are not
    /// part of the game's record.
    DrawOffer {
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        by: Option<Side>,
    },
    /// The pending takeback proposal changed: `by` proposes one now, or (`null`) none is pending any more
    /// (declined, lapsed with a decision, or done: the `takeback` event says so). Not an event.
    TakebackOffer {
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        by: Option<Side>,
    },
    /// The pending rematch offer changed: `by` offers a rematch now, or (`null`) none is pending any more
    /// (declined, cancelled, or the rematch could not be made). Not an event, as draw offers.
    RematchOffer {
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        by: Option<Side>,
    },
    /// The rematch was made: a player's own message carries its seat (go there and play); a spectator's
    /// names the game to watch next.
    Rematch {
        next: NextGame,
    },
    /// A line said in a chat room this viewer reads.
    Chat {
        line: ChatLine,
    },
    Pong {
        id: Option<String>,
    },
}

impl ServerMsg {
    pub fn to_json(&self) -> String {
        // Most messages are a few hundred bytes: one allocation instead of a string growing by doubling.
        let mut out = Vec::with_capacity(1024);
        self.write_json(&mut out);
        String::from_utf8(out).expect("JSON is UTF-8")
    }
}
