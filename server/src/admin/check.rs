//! `admin check`: the database's integrity (SQLite's `PRAGMA integrity_check`) and the project's own
//! invariants, each problem one line of text, exit 1 if there is any:
//!
//! - every finished game's record replays through the engine to its stored result and status
//!   (`LiveGame::restore`, the same replay a server runs when it takes a game back up), and its stored ply
//!   count is the number of its stored decisions;
//! - every rating equals its recomputation: the rated games replayed through Glicko-2 from the default
//!   rating, in the order they finished;
//! - nobody sits in two live lobby games at once (docs/lobby.md);
//! - every tournament reads and its standings recount from its games: each paired seat's game exists, in
//!   the variant paired, with the paired player in the paired seat, and each standing line counts the
//!   player's finished games.

use super::AdminError;
use crate::game::LiveGame;
use crate::ids::GameId;
use crate::ratings::{Rating, rate_game};
use crate::store::Store;
use crate::tournaments::queries;
use crate::tournaments::record::{Played, Tournament};
use crate::tournaments::standings;
use mancala_engine::{BySide, Side};
use mancala_protocol::http::GameStatus;
use std::collections::BTreeMap;
use tokio::time::Instant;

/// `admin check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {}

pub async fn run(store: &Store, _args: CheckArgs, out: &mut dyn std::io::Write) -> Result<(), AdminError> {
    let mut problems = Vec::new();
    problems.extend(store.integrity_problems().await?.into_iter().map(|p| format!("integrity: {p}")));
    let rated = games(store, &mut problems).await?;
    ratings(store, &rated, &mut problems).await?;
    lobby(store, &mut problems).await?;
    tournaments(store, &mut problems).await?;
    for p in &problems {
        writeln!(out, "{p}")?;
    }
    match problems.len() {
        0 => {
            writeln!(out, "check: no problem found")?;
            Ok(())
        }
        n => Err(AdminError::Problems(format!("check: {n} problem{} found", if n == 1 { "" } else { "s" }))),
    }
}

/// A rated game's result, as the ratings count it.
struct RatedGame {
    variant: String,
    players: BySide<String>,
    winner: Option<Side>,
}

/// Replays every finished game; returns the rated ones whose result counts, in the order they finished.
async fn games(store: &Store, problems: &mut Vec<String>) -> Result<Vec<RatedGame>, AdminError> {
    let mut rated = Vec::new();
    for id in store.finished_game_ids().await? {
        let Ok(game_id) = id.parse::<GameId>() else {
            problems.push(format!("game {id}: not a game id"));
            continue;
        };
        let (header, plies) = match store.load(&game_id).await {
            Ok(Some(loaded)) => loaded,
            Ok(None) => continue,
            Err(e) => {
                problems.push(format!("game {id}: unreadable: {e}"));
                continue;
            }
        };
        let stored = store.move_count(&id).await?;
        if stored != i64::from(header.plies) {
            problems.push(format!("game {id}: {} plies in the game's row but {stored} decisions stored", header.plies));
            continue;
        }
        let variant = header.variant.id().to_string();
        let result = header.result;
        let seats = header.seats.clone();
        let is_rated = header.rated;
        match LiveGame::restore(header, &plies, Instant::now()) {
            Err(e) => problems.push(format!("game {id}: the record does not replay to the stored result: {e}")),
            Ok(game) if game.status != GameStatus::Finished => {
                problems.push(format!("game {id}: finished in its row but not over after the replay"))
            }
            Ok(_) => {}
        }
        let Some(result) = result.filter(|r| is_rated && r.counts()) else { continue };
        let key = |s: Side| seats[s].as_ref().map(|seat| seat.name().key());
        if let (Some(south), Some(north)) = (key(Side::South), key(Side::North))
            && south != north
        {
            rated.push(RatedGame { variant, players: BySide::new(south, north), winner: result.winner() });
        }
    }
    Ok(rated)
}

/// Recomputes every rating from `rated` and compares it with the stored one.
async fn ratings(store: &Store, rated: &[RatedGame], problems: &mut Vec<String>) -> Result<(), AdminError> {
    let mut computed: BTreeMap<(String, String), Rating> = BTreeMap::new();
    for g in rated {
        let of = |key: &String| computed.get(&(key.clone(), g.variant.clone())).copied().unwrap_or_default();
        let after = rate_game(BySide::new(of(&g.players.south), of(&g.players.north)), g.winner);
        for side in Side::BOTH {
            computed.insert((g.players[side].clone(), g.variant.clone()), after[side]);
        }
    }
    for (key, variant, stored) in store.rating_rows().await? {
        match computed.remove(&(key.clone(), variant.clone())) {
            None if stored.games == 0 => {}
            None => problems.push(format!(
                "rating {key} in {variant}: {:.2} after {} games stored, but no rated game of theirs counts",
                stored.rating, stored.games
            )),
            Some(expected) if expected != stored => problems.push(format!(
                "rating {key} in {variant}: {:.2} (deviation {:.2}, {} games) stored, {:.2} (deviation {:.2}, {} \
                 games) recomputed from the rated games",
                stored.rating, stored.deviation, stored.games, expected.rating, expected.deviation, expected.games
            )),
            Some(_) => {}
        }
    }
    for ((key, variant), expected) in computed {
        problems.push(format!(
            "rating {key} in {variant}: missing, {:.2} after {} games recomputed from the rated games",
            expected.rating, expected.games
        ));
    }
    Ok(())
}

/// Nobody in two live lobby games.
async fn lobby(store: &Store, problems: &mut Vec<String>) -> Result<(), AdminError> {
    let mut by_player: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (key, game) in store.live_lobby_seats().await? {
        by_player.entry(key).or_default().push(game);
    }
    for (key, games) in by_player.into_iter().filter(|(_, g)| g.len() > 1) {
        problems.push(format!("player {key}: in {} live lobby games at once: {}", games.len(), games.join(", ")));
    }
    Ok(())
}

/// Every tournament's pairings against the games they name, and its standings against a recount.
async fn tournaments(store: &Store, problems: &mut Vec<String>) -> Result<(), AdminError> {
    for id in store.tournament_ids().await? {
        for seat in store.paired_seats(&id).await? {
            if let Some(p) = seat_problem(&seat) {
                problems.push(format!("tournament {id}: round {}, game {}: {p}", seat.round, seat.game_id));
            }
        }
        let Some(record) = queries::tournament_record(store, &id).await? else { continue };
        let t = match Tournament::read(record) {
            Ok(t) => t,
            Err(e) => {
                problems.push(format!("tournament {id}: unreadable: {e}"));
                continue;
            }
        };
        for g in &t.games {
            for key in g.seats.iter().filter(|k| t.player(k).is_none()) {
                problems.push(format!("tournament {id}: game {}: {key} is paired but never joined", g.id));
            }
        }
        for line in standings::lines(&t) {
            let Some(player) = t.players.iter().find(|p| p.name == line.name) else { continue };
            let finished =
                t.games_of(&player.player_key).filter(|g| matches!(g.played, Played::Won(_) | Played::Draw)).count();
            if line.games as usize != finished {
                problems.push(format!(
                    "tournament {id}: {} stands with {} games but {finished} of theirs are finished",
                    line.name, line.games
                ));
            }
        }
    }
    Ok(())
}

/// What is wrong with a paired seat, if anything.
fn seat_problem(s: &crate::store::PairedSeat) -> Option<String> {
    let Some(game_variant) = &s.game_variant else { return Some("the game does not exist".into()) };
    if s.paired_variant.as_ref().is_some_and(|v| v != game_variant) {
        return Some(format!("paired in {} but the game is {game_variant}", s.paired_variant.as_deref().unwrap_or("")));
    }
    let seated = match s.side.as_deref() {
        Some("south") => &s.south_name,
        Some("north") => &s.north_name,
        other => return Some(format!("pairing side {other:?}")),
    };
    match seated {
        Some(name) if name.to_ascii_lowercase() == s.player_key => None,
        Some(name) => {
            Some(format!("{} paired {} but {name} sits there", s.player_key, s.side.as_deref().unwrap_or("")))
        }
        None => Some(format!("{} paired {} but the seat is empty", s.player_key, s.side.as_deref().unwrap_or(""))),
    }
}
