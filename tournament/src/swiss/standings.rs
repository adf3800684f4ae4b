//! Swiss standings: the ranking by score and the tie-breaks Buchholz, Buchholz cut-1, Sonneborn-Berger and
//! number of wins, recounted from the finished rounds.
//!
//! Unplayed rounds (a bye, a forfeit won or lost) count for the tie-breaks as a game against a virtual
//! opponent with the player's own final score, as FIDE's 2023 tie-break rules do for a "dummy opponent";
//! rounds a player was absent from count for nothing.

use super::history::{self, Kind, Record};
use super::{DRAW, RoundResult, SwissError, SwissPlayer, WIN};
use crate::PlayerId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A player's line of the standings. Points are half-points except Sonneborn-Berger, in quarter-points
/// (it halves the scores of drawn opponents).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// 1 for the leader; every line has its own rank (the last ties are broken by rating, then id).
    pub rank: u32,
    pub id: PlayerId,
    pub rating: i32,
    pub score: u32,
    /// The sum of the opponents' scores.
    pub buchholz: u32,
    /// Buchholz without the lowest opponent's score.
    pub buchholz_cut1: u32,
    /// The scores of the opponents beaten plus half the scores of those drawn, in quarter-points.
    pub sonneborn_berger: u32,
    /// Games won over the board (byes and forfeits are not).
    pub wins: u32,
}

/// The standings after `rounds`, every listed player included: by score, Buchholz, Buchholz cut-1,
/// Sonneborn-Berger, wins, then rating and id.
pub fn standings(players: &[SwissPlayer], rounds: &[RoundResult]) -> Result<Vec<Standing>, SwissError> {
    let records = history::records(players, rounds)?;
    let mut lines: Vec<Standing> = players.iter().map(|p| line(p, &records)).collect();
    lines.sort_by(|a, b| {
        let key = |s: &Standing| (s.score, s.buchholz, s.buchholz_cut1, s.sonneborn_berger, s.wins, s.rating);
        key(b).cmp(&key(a)).then_with(|| a.id.cmp(&b.id))
    });
    for (rank, line) in (1..).zip(&mut lines) {
        line.rank = rank;
    }
    Ok(lines)
}

// Sonneborn-Berger in quarter-points as opponent score times points scored needs a draw to be half a win.
const _: () = assert!(WIN == 2 * DRAW);

fn line(player: &SwissPlayer, records: &BTreeMap<PlayerId, Record>) -> Standing {
    let record = &records[&player.id];
    // Each round's opponent score (the player's own for an unplayed round) and the points scored against it.
    let rounds: Vec<(u32, u32)> = record
        .entries
        .iter()
        .map(|e| match &e.kind {
            Kind::Played { opponent, .. } => (records[opponent].score, e.points),
            Kind::Forfeit { .. } | Kind::Bye => (record.score, e.points),
        })
        .collect();
    let buchholz = rounds.iter().map(|&(opponent, _)| opponent).sum::<u32>();
    let lowest = rounds.iter().map(|&(opponent, _)| opponent).min().unwrap_or(0);
    // Half-points times half-points: a win counts the opponent's score twice, a draw once.
    let sonneborn_berger = rounds.iter().map(|&(opponent, points)| opponent * points).sum();
    let wins = record.entries.iter().filter(|e| matches!(e.kind, Kind::Played { .. }) && e.points == WIN).count();
    Standing {
        rank: 0,
        id: player.id.clone(),
        rating: player.rating,
        score: record.score,
        buchholz,
        buchholz_cut1: buchholz - lowest,
        sonneborn_berger,
        wins: u32::try_from(wins).unwrap_or(u32::MAX),
    }
}
