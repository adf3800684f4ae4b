//! Ratings: Glicko-2 per player and variant (docs/lobby.md, "Ratings"). This module owns the rating value
//! ([`Rating`]), how a finished rated game changes the two players' ratings ([`glicko`]), and the displayed
//! change ([`RatingChanges`]), and its routes (`routes.rs`, an edge file: a player's rating history and a
//! variant's leaderboard). Storage is `store::ratings`; the update is written in the transaction that
//! finishes the game (`store::writer`).

mod glicko;
mod rating;
pub(crate) mod routes;

pub use glicko::rate_game;
pub use rating::{PROVISIONAL_DEVIATION, Rating};
