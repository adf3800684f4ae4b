//! Accounts with passwords, browser sessions and API tokens, and the one answer to "who is asking?"
//! ([`Who`]) that every route uses (docs/lobby.md, "Accounts").
//!
//! - [`password`]: the rules of a new password, argon2id hashing off the runtime threads;
//! - [`session`]: the `mancala_session` cookie and the sessions behind it;
//! - [`csrf`]: the `Origin` check of cookie-authenticated writes;
//! - [`tokens`]: named API tokens (the terminal client's `mancala login`);
//! - [`player`]: the name a request plays under (account, or a guest's display name);
//! - [`who`]: the extractors [`Who`] (account or guest), [`SignedIn`] (account or 401), [`MaybeSignedIn`].

pub mod csrf;
pub mod password;
pub mod player;
pub mod session;
pub mod tokens;
pub mod who;

pub use crate::ids::Via;
pub use who::{Caller, MaybeSignedIn, SignedIn, Who};
