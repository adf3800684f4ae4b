//! Moderation (docs/moderation.md): players report players; moderators (an account's role, granted by
//! `mancala-server admin grant moderator NAME`) read the queue with its context and act: dismiss a
//! report, warn, time a player's chat out, shadow-mute it, close or reopen its account, mark it as
//! computer assisted or unmark it, note. The feature in one folder: its rules, its SQL and its routes.
//!
//! | file | what |
//! |---|---|
//! | `mod.rs` | [`ModError`], what an action reaches on a running server ([`Live`]), the rule of a text ([`text`]) |
//! | [`reports`] | a player's report: checked, limited per reporter, merged into the open report on the same player and reason |
//! | [`record`] | a player's record as the queue shows it, and a report with the chat around its lines |
//! | [`actions`] | the moderators' actions, each written to the log with its effect |
//! | [`close`] | closing and reopening an account: its credentials revoked on every node, its games resigned through their rooms |
//! | [`closings`] | the closings `admin close` stores, carried out by a node |
//! | [`mark`] | the computer-assisted mark, with its refunds and tournament withdrawals |
//! | [`queries`] | its SQL: the reports, the log, notes and warnings, the mark's refunds, the closings; its writes (`ModWrite`, `ClosingWrite`) run by the store's single writer |
//! | [`routes`] | `POST /api/reports` and `/api/mod/…` (an edge file: docs/server.md, "Features") |
//!
//! Every action is written to the moderation log in the same transaction as its effect. The standing an
//! action sets is stored on the account, so it holds on every node and after a restart; where it is read
//! (a chat line: `crate::room::chat_verdict`; a sign-in, a session, a token; the lobby's rated seeks for
//! the mark) it is read from the database, through the store (`Store::standing`, `Store::engine_mark`),
//! since those layers sit below moderation. Closing an account also ends what its credentials opened at
//! once, on every node, the way a sign-out does (`crate::cluster::revoke`), closes its game sockets, and
//! resigns its ongoing games through their rooms; the operator's `admin close` is carried out the same
//! way by a node ([`closings`]). The reports fair play files (`crate::fairplay`, below moderation) land in
//! the same queue; a player's record shows its fair-play figures, read through that feature.

pub mod actions;
pub mod close;
pub mod closings;
pub mod mark;
pub mod queries;
pub mod record;
pub mod reports;
pub mod routes;

use crate::cluster::Cluster;
use crate::lobby::Lobby;
use crate::room::Registry;
use crate::store::StoreError;

/// The longest text of a report, a reason, a warning or a note.
pub const TEXT_MAX_CHARS: usize = 500;

/// Why a moderation request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ModError {
    /// Bad input; the message says what was wrong.
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    NotFound(String),
    /// Over the reporter's limit: `retry_after` seconds until the next report is taken.
    #[error("{message}")]
    Limited { message: String, retry_after: u64 },
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What an action reaches beyond the database on a running server: the lobby's connections (here and, by
/// the broker, on the other nodes) and the games' rooms. `admin close` runs without them: it stores the
/// closing for a node to carry out ([`closings`]).
#[derive(Clone, Copy, Debug)]
pub struct Live<'a> {
    pub lobby: &'a Lobby,
    pub cluster: Option<&'a Cluster>,
    pub rooms: &'a Registry,
}

/// `text` trimmed, checked to hold 1 to [`TEXT_MAX_CHARS`] characters (`what` names it in the error).
pub fn text(what: &str, text: &str) -> Result<String, ModError> {
    let text: String = text.chars().map(|c| if c.is_control() && c != '\n' { ' ' } else { c }).collect();
    let text = text.trim();
    let n = text.chars().count();
    if n == 0 {
        return Err(ModError::BadRequest(format!("`{what}` needs some words")));
    }
    if n > TEXT_MAX_CHARS {
        return Err(ModError::BadRequest(format!("`{what}` holds at most {TEXT_MAX_CHARS} characters, not {n}")));
    }
    Ok(text.to_string())
}
