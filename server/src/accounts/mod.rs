//! Accounts with passwords, browser sessions and API tokens, and the one answer to "who is asking?"
//! ([`player::identify`]: an [`crate::ids::Identity`]) that every route uses (docs/lobby.md, "Accounts"). Below the
//! edge: it refuses with its own [`AuthError`], and the extractors that read a request live in
//! `crate::edge::caller`.
//!
//! - passwords (their rules, argon2id hashing) are the leaf module [`crate::password`], which tournaments
//!   use too;
//! - [`session`]: the `mancala_session` cookie and the sessions behind it;
//! - [`csrf`]: the `Origin` check of cookie-authenticated writes;
//! - [`tokens`]: named API tokens (the terminal client's `mancala login`);
//! - [`player`]: the identity a request plays under (its account, or a guest's display name);
//! - [`who`]: [`Caller`] (a signed-in request and its credential), recognised from a token or the
//!   session cookie;
//! - [`error`]: [`AuthError`], what the accounts refuse with.

pub mod csrf;
pub mod error;
pub mod player;
pub mod session;
pub mod tokens;
pub mod totp;
pub mod twostep;
pub mod who;

pub use crate::ids::Credential;
pub use error::AuthError;
pub use player::{check_name, plays_as};
pub use who::Caller;
