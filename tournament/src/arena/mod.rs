//! Arena tournaments, after lichess's: players pair again as soon as their game ends, for a fixed duration,
//! and the score rewards winning streaks. This module owns the arena's scoring ([`score_sheet`],
//! [`standings`]), the pairing of the players waiting for a game ([`pair_waiting`]) and the rotation of the
//! variant in a medley arena ([`variant_at`]). The rules are in `docs/tournaments.md`, section "Arena".
//!
//! Scoring, as on lichess: a win is 2 points, a draw 1, a loss 0. After two wins in a row a player is "on
//! fire": every game scores double (a win 4, a draw 2) until one is not won. A draw before
//! [`ArenaRules::early_draw_plies`] plies scores nothing (no farming points with agreed draws). A player who
//! berserked (played on half their clock) and won gets one point more, if the game lasted at least
//! [`ArenaRules::berserk_min_plies`] plies; the bonus is not doubled.

mod medley;
mod pairing;
mod scoring;

pub use medley::{next_rotation_ms, variant_at};
pub use pairing::{ArenaPairing, Waiting, pair_waiting};
pub use scoring::{
    ArenaGame, ArenaRules, ArenaStanding, BERSERK_MIN_PLIES, EARLY_DRAW_PLIES, PlayerGame, PlayerResult, ScoreSheet,
    SheetEntry, score_sheet, standings,
};
