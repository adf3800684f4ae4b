//! What a tournament's director does next: a pure function of the tournament as read and the time
//! ([`plan`]), so that it can be tested with tables and every director (after a failover too) decides
//! the same from the same rows. The director then writes the plan in one fenced transaction and makes the
//! games it paired.
//!
//! - Upcoming, at its start: it starts (a Swiss pairs its first round at once, if two players can play).
//! - Games seen over: their seat tokens are forgotten; a player who did not play their game (aborted, by
//!   them or for a first decision not made in time) is withdrawn, as lichess does, and may join again.
//! - Arena, until its end: the players free (joined, not withdrawn, no game going on) are paired by
//!   [`mancala_tournament::arena::pair_waiting`] into a new wave, in the variant of the moment, never two
//!   of whom one blocks the other. After the
//!   end, it finishes once its last game is over (those games still count).
//! - Swiss: once every game of the round is over, after the pause between rounds, the next round is paired
//!   ([`mancala_tournament::swiss::pair_round`]), two of whom one blocks the other only if nothing else
//!   pairs the round; after the last round it finishes. A round that cannot be
//!   paired (fewer than two players left) finishes the tournament.

use super::record::{Played, Tournament};
use super::standings;
use mancala_engine::{Side, Variant};
use mancala_protocol::tournament::{TournamentKind, TournamentStatus};
use mancala_tournament::arena::{self, Waiting};
use mancala_tournament::{Blocks, PlayerId, swiss};

/// A game to make: South and North by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewPairing {
    pub south: String,
    pub north: String,
}

/// A round (or wave) to pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub round: u32,
    pub variant: Variant,
    pub games: Vec<NewPairing>,
    pub bye: Option<String>,
}

/// What the director writes now (nothing: `Plan::default()`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub start: bool,
    /// Games newly seen over (their tokens still kept).
    pub over: Vec<String>,
    /// Players who did not play their game.
    pub withdraw: Vec<String>,
    pub pair: Option<Round>,
    pub finish: bool,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        *self == Plan::default()
    }
}

/// The plan for `t` at `now` (unix ms); `round_pause_ms` is the pause between Swiss rounds.
pub fn plan(t: &Tournament, now: u64, round_pause_ms: u64) -> Plan {
    let s = &t.settings;
    let mut plan = Plan::default();
    if s.status == TournamentStatus::Finished || now < s.starts_at {
        return plan;
    }
    plan.start = s.status == TournamentStatus::Upcoming;
    for g in &t.games {
        if g.played.is_over() && g.tokens.iter().any(Option::is_some) {
            plan.over.push(g.id.clone());
            if let Played::Aborted { absent } = g.played {
                let key = &g.seats[absent.index()];
                if t.player(key).is_some_and(|p| !p.withdrawn) {
                    plan.withdraw.push(key.clone());
                }
            }
        }
    }
    let withdrawn = |key: &str| plan.withdraw.iter().any(|w| w == key) || t.player(key).is_none_or(|p| p.withdrawn);
    let going_on = t.games.iter().any(|g| !g.played.is_over());
    match s.kind {
        TournamentKind::Arena => {
            let ended = s.ends_at().is_some_and(|end| now >= end);
            if ended {
                plan.finish = !going_on;
            } else {
                plan.pair = arena_wave(t, now, &withdrawn);
            }
        }
        TournamentKind::Swiss => {
            if going_on {
                return plan;
            }
            let last_end = t.games.iter().map(|g| g.ended_at).max().unwrap_or(0);
            if s.round > 0 && now < last_end + round_pause_ms {
                return plan;
            }
            let rounds = s.rounds.unwrap_or(1);
            if s.round >= rounds {
                plan.finish = true;
            } else {
                match swiss_round(t, s.round + 1, &withdrawn) {
                    Some(round) => plan.pair = Some(round),
                    None => plan.finish = true,
                }
            }
        }
    }
    plan
}

fn arena_wave(t: &Tournament, now: u64, withdrawn: &dyn Fn(&str) -> bool) -> Option<Round> {
    let scores = standings::arena_scores(t);
    let waiting: Vec<Waiting> = t
        .players
        .iter()
        .filter(|p| !withdrawn(&p.player_key) && t.current_game(&p.player_key).is_none())
        .map(|p| {
            let key = &p.player_key;
            let mine: Vec<_> = t.games_of(key).filter(|g| matches!(g.played, Played::Won(_) | Played::Draw)).collect();
            let firsts = mine.iter().filter(|g| g.side_of(key) == Some(Side::South)).count() as u32;
            let last = t.games_of(key).max_by_key(|g| (g.round, g.ended_at));
            Waiting {
                id: PlayerId(key.clone()),
                score: scores.get(key).copied().unwrap_or(0),
                rating: p.rating as i32,
                last_opponent: last.and_then(|g| Some(PlayerId(g.seats[g.side_of(key)?.other().index()].clone()))),
                firsts,
                seconds: mine.len() as u32 - firsts,
            }
        })
        .collect();
    if waiting.len() < 2 {
        return None;
    }
    let games: Vec<NewPairing> = arena::pair_waiting(&waiting, &blocks(t))
        .into_iter()
        .map(|p| NewPairing { south: p.first.0, north: p.second.0 })
        .collect();
    (!games.is_empty()).then(|| Round {
        round: t.settings.round + 1,
        variant: t.settings.variant_at(now),
        games,
        bye: None,
    })
}

fn swiss_round(t: &Tournament, round: u32, withdrawn: &dyn Fn(&str) -> bool) -> Option<Round> {
    let mut players = standings::swiss_players(t, round);
    for p in &mut players {
        p.available &= !withdrawn(&p.id.0);
    }
    if players.iter().filter(|p| p.available).count() < 2 {
        return None;
    }
    let finished = standings::swiss_rounds(t, round - 1);
    match swiss::pair_round(&players, &finished, round, &blocks(t)) {
        Ok(pairing) => Some(Round {
            round,
            variant: t.settings.variants[0],
            games: pairing.games.into_iter().map(|g| NewPairing { south: g.first.0, north: g.second.0 }).collect(),
            bye: pairing.bye.map(|b| b.0),
        }),
        Err(e) => {
            tracing::warn!(tournament = %t.settings.id, error = %e, "the round cannot be paired: the tournament ends");
            None
        }
    }
}

/// The blocks between the players of `t`, for the pairing to keep them apart.
fn blocks(t: &Tournament) -> Blocks {
    Blocks::new(t.blocks.iter().map(|(a, b)| (PlayerId(a.clone()), PlayerId(b.clone()))))
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
