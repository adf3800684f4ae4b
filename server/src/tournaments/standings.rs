//! A tournament's standings, recounted from its games every time by `mancala-tournament` (Swiss
//! tie-breaks, arena streaks): nothing is stored but the games, so a result counts exactly once. Also the
//! inputs the pairings need (a Swiss round's history, an arena's waiting players).

use super::record::{Played, TGame, Tournament};
use mancala_engine::Side;
use mancala_protocol::tournament::{StandingLine, TieBreaks, TournamentKind};
use mancala_tournament::arena::{self, ArenaGame, ArenaRules};
use mancala_tournament::swiss::{self, GameResult, Outcome, RoundResult, SwissPlayer};
use mancala_tournament::{PlayerId, Seat};

fn seat(side: Side) -> Seat {
    match side {
        Side::South => Seat::First,
        Side::North => Seat::Second,
    }
}

/// The Swiss rounds finished so far, as the pairing and the tie-breaks read them: rounds `1..=upto`.
pub fn swiss_rounds(t: &Tournament, upto: u32) -> Vec<RoundResult> {
    (1..=upto)
        .map(|round| RoundResult {
            games: t.games.iter().filter(|g| g.round == round).filter_map(swiss_result).collect(),
            byes: t.byes.iter().filter(|(r, _)| *r == round).map(|(_, k)| PlayerId(k.clone())).collect(),
        })
        .collect()
}

fn swiss_result(g: &TGame) -> Option<GameResult> {
    let outcome = match g.played {
        Played::Pending { .. } => return None,
        Played::Won(Side::South) => Outcome::FirstWins,
        Played::Won(Side::North) => Outcome::SecondWins,
        Played::Draw => Outcome::Draw,
        Played::Aborted { absent } => Outcome::Forfeit { winner: Some(seat(absent.other())) },
    };
    Some(GameResult { first: PlayerId(g.seats[0].clone()), second: PlayerId(g.seats[1].clone()), outcome })
}

/// Every player as the Swiss pairing lists them; `available` for round `round`.
pub fn swiss_players(t: &Tournament, round: u32) -> Vec<SwissPlayer> {
    t.players
        .iter()
        .map(|p| SwissPlayer {
            id: PlayerId(p.player_key.clone()),
            rating: p.rating as i32,
            available: !p.withdrawn && p.joined_round <= i64::from(round),
        })
        .collect()
}

/// The arena's finished games (aborted ones are not games), in the order they ended.
pub fn arena_games(t: &Tournament) -> Vec<ArenaGame> {
    let mut over: Vec<&TGame> = t.games.iter().filter(|g| matches!(g.played, Played::Won(_) | Played::Draw)).collect();
    over.sort_by(|a, b| (a.ended_at, &a.id).cmp(&(b.ended_at, &b.id)));
    over.into_iter()
        .map(|g| ArenaGame {
            first: PlayerId(g.seats[0].clone()),
            second: PlayerId(g.seats[1].clone()),
            winner: match g.played {
                Played::Won(side) => Some(seat(side)),
                _ => None,
            },
            plies: g.plies,
            first_berserk: g.berserks[Side::South.index()],
            second_berserk: g.berserks[Side::North.index()],
        })
        .collect()
}

/// Each arena player's score, by key.
pub fn arena_scores(t: &Tournament) -> std::collections::HashMap<String, u32> {
    let ids: Vec<PlayerId> = t.players.iter().map(|p| PlayerId(p.player_key.clone())).collect();
    arena::standings(&ids, &arena_games(t), &ArenaRules::default()).into_iter().map(|s| (s.id.0, s.score)).collect()
}

/// A line of the standings for the player of key `key`: who they are, and what the recount gave.
fn line(t: &Tournament, key: &str, rank: u32, score: u32, games: u32) -> Option<StandingLine> {
    let p = t.player(key)?;
    Some(StandingLine {
        rank,
        name: p.name.clone(),
        bot: p.bot,
        rating: p.rating as i32,
        score,
        sheet: None,
        fire: false,
        tie_breaks: None,
        games,
        withdrawn: p.withdrawn,
    })
}

/// The standings, best first.
pub fn lines(t: &Tournament) -> Vec<StandingLine> {
    match t.settings.kind {
        TournamentKind::Arena => {
            let ids: Vec<PlayerId> = t.players.iter().map(|p| PlayerId(p.player_key.clone())).collect();
            arena::standings(&ids, &arena_games(t), &ArenaRules::default())
                .into_iter()
                .filter_map(|s| {
                    Some(StandingLine {
                        sheet: Some(s.sheet.entries.iter().map(|e| e.points).collect()),
                        fire: s.sheet.on_fire,
                        ..line(t, &s.id.0, s.rank, s.score, s.games)?
                    })
                })
                .collect()
        }
        TournamentKind::Swiss => {
            let rounds = swiss_rounds(t, t.settings.round);
            let players = swiss_players(t, t.settings.round);
            let played =
                |key: &str| t.games_of(key).filter(|g| matches!(g.played, Played::Won(_) | Played::Draw)).count();
            match swiss::standings(&players, &rounds) {
                Ok(lines) => lines
                    .into_iter()
                    .filter_map(|s| {
                        Some(StandingLine {
                            tie_breaks: Some(TieBreaks {
                                buchholz: s.buchholz,
                                buchholz_cut1: s.buchholz_cut1,
                                sonneborn_berger: s.sonneborn_berger,
                                wins: s.wins,
                            }),
                            ..line(t, &s.id.0, s.rank, s.score, played(&s.id.0) as u32)?
                        })
                    })
                    .collect(),
                Err(e) => {
                    tracing::error!(tournament = %t.settings.id, error = %e, "the standings do not add up");
                    Vec::new()
                }
            }
        }
    }
}
