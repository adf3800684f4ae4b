//! Accounts, a feature in one folder (docs/server.md, "Features"; docs/lobby.md, "Accounts"): sign-up and
//! sign-in, browser sessions and API tokens, two-step sign-in, an account's email address and its
//! confirmation, "Forgot your password?" and the reset link, download my data and close my account; and
//! the one answer to "who is asking?" ([`player::identify`]: an [`crate::ids::Identity`]) that every route
//! and socket uses.
//!
//! | file | what |
//! |---|---|
//! | [`who`] | [`Caller`] (a signed-in request and its credential), recognised from a token or the session cookie |
//! | [`player`] | the identity a request plays under (its account, or a guest's name, a forbidden one refused) |
//! | [`session`] | the `mancala_session` cookie and the sessions behind it |
//! | [`csrf`] | the `Origin` check of cookie-authenticated writes and of what signs in |
//! | [`tokens`] | named API tokens (the terminal client's `mancala login`) |
//! | [`twostep`] | two-step sign-in: setup, codes used once, wrong codes counted, the sign-ins waiting for a code |
//! | [`totp`] | two-step sign-in's arithmetic, without I/O: the codes' window, secrets, backup codes |
//! | [`mail_limits`] | the limits on mail requests per client address and on mails per account and address |
//! | [`error`] | [`AuthError`], what the feature refuses with (the edge maps it to an `ApiError`) |
//! | [`queries`] | its SQL: the reads only it makes, and its writes, run by the store's single writer |
//! | [`routes`] | `/api/account/…` (edge files: docs/server.md, "Features") |
//!
//! Every file but `routes/` sits below the edge, low on the map, so that the edge's extractors
//! (`crate::edge::caller`), the sockets and the lobby can ask who plays: it uses the store, the ids, the
//! games' time and passwords, never the state or the edge. Passwords (their rules, argon2id hashing) are
//! the leaf module [`crate::password`], which a private tournament's password uses too. What mails say is
//! `crate::mail`'s; when they are sent is the routes'.

pub mod csrf;
pub mod error;
pub mod mail_limits;
pub mod player;
pub mod queries;
pub mod routes;
pub mod session;
pub mod tokens;
pub mod totp;
pub mod twostep;
pub mod who;

pub use crate::ids::Credential;
pub use error::AuthError;
pub use player::{check_name, plays_as};
pub use who::Caller;
