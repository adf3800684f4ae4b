//! The wire protocol shared by `mancala-server` and its clients: every WebSocket message
//! ([`ClientMsg`], [`ServerMsg`]) and every HTTP body ([`http`]), as plain serde types with a
//! [`PROTOCOL_VERSION`].
//!
//! The server never sends an engine type as it is: [`BoardView`] and [`StepEvent`] are built from the
//! engine's per-viewer projections ([`mancala_engine::Position::view`], [`mancala_engine::Event::project`]),
//! so what a message can carry is exactly what its viewer may see. Decisions travel in the notation of
//! docs/rules.md#d10-decision-notation (`c2`, `a1:cw`, `store:loop`, `opening:2`, `pass`); holes by name (`c2`).
//!
//! `docs/protocol.md` describes each message with a JSON example; `tests/snapshots.rs` pins the shapes.

pub mod account;
pub mod account_data;
pub mod analysis;
pub mod blocks;
pub mod email;
pub mod http;
mod inbound;
mod json;
pub mod lobby;
pub mod moderation;
pub mod puzzles;
mod quick;
pub mod review;
mod step;
pub mod strict;
pub mod tournament;
pub mod twostep;
mod view;
mod ws;

pub use inbound::InboundError;
pub use step::{CaptureRule, CaptureTarget, StepEvent};
pub use view::{
    BoardView, BySideChoice, BySideOpt, ChoiceState, ClockSpec, ClockState, OutcomeInfo, RatingChange, RatingChanges,
};
pub use ws::{
    CHAT_MAX_CHARS, ChatLine, ChatRoom, ClientMsg, DrawAction, ErrorCode, GameEvent, MoveEvent, NextGame, Presence,
    RematchAction, ServerMsg, TakebackAction,
};

/// The protocol version. The server sends it in every snapshot and in `/api/variants`; a client built for
/// another version should say so instead of misreading messages. Bumped on any incompatible change;
/// docs/protocol.md ("Versions") says what each version changed.
pub const PROTOCOL_VERSION: u32 = 3;

pub use mancala_engine::{Direction, HoleName, Options, Side, Variant};
