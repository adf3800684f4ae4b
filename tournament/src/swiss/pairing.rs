//! The pairing of a Swiss round: a simplified Dutch system (see `docs/tournaments.md`, "Swiss").
//!
//! Players are ranked by score, rating and id. The bye goes to the lowest-ranked player without one. Score
//! groups are paired from the top: the players floated down from above meet the highest residents they may,
//! then the residents pair top half against bottom half; whoever cannot be paired floats down. Every pair
//! is committed only if the players not yet paired can still all be paired (a perfect matching exists), so
//! the greedy walk never needs to backtrack. When no pairing keeps the absolute constraints, they are given up
//! in the order of [`Relaxation`], a pair who block each other last of all; a repeat game never.

use super::colour::{self, Colours};
use super::history::{self, Record};
use super::{Game, Relaxation, RoundPairing, RoundResult, SwissError, SwissPlayer};
use crate::matching::perfect_matching;
use crate::{Blocks, Seat};

/// A player to pair, with what their record says.
#[derive(Debug)]
struct Entrant<'a> {
    player: &'a SwissPlayer,
    record: &'a Record,
    colours: Colours,
}

/// Pairs round `round` (1 for the first) of the tournament whose finished rounds are `rounds`, among the
/// `players` that are available. Two players of whom one blocks the other (`blocks`) meet only when no
/// pairing of the round avoids it, the seat constraints and byes given up first
/// ([`Relaxation::Blocks`]).
pub fn pair_round(
    players: &[SwissPlayer],
    rounds: &[RoundResult],
    round: u32,
    blocks: &Blocks,
) -> Result<RoundPairing, SwissError> {
    let finished = u32::try_from(rounds.len()).unwrap_or(u32::MAX);
    if finished.checked_add(1) != Some(round) {
        return Err(SwissError::RoundOutOfOrder { round, finished });
    }
    let records = history::records(players, rounds)?;
    let mut ranked: Vec<Entrant> = players
        .iter()
        .filter(|p| p.available)
        .map(|p| {
            let record = &records[&p.id];
            Entrant { player: p, record, colours: Colours::of(record) }
        })
        .collect();
    ranked.sort_by(|a, b| {
        (b.record.score, b.player.rating).cmp(&(a.record.score, a.player.rating)).then(a.player.id.cmp(&b.player.id))
    });
    // Blocked pairs are kept apart first; only when no pairing does is the walk made again without that.
    for apart in [true, false] {
        if !apart && blocks.is_empty() {
            break;
        }
        for relaxation in [Relaxation::None, Relaxation::Colours, Relaxation::ColoursAndByes] {
            if relaxation == Relaxation::ColoursAndByes && ranked.len().is_multiple_of(2) {
                break;
            }
            let compatible = |a: usize, b: usize| {
                let (a, b) = (&ranked[a], &ranked[b]);
                !a.record.met(&b.player.id)
                    && (relaxation != Relaxation::None || colour::compatible(&a.colours, &b.colours))
                    && !(apart && blocks.between(&a.player.id, &b.player.id))
            };
            if let Some((bye, mate)) = choose_bye(&ranked, relaxation, &compatible) {
                let pairs = pair_brackets(&ranked, bye, mate, &compatible);
                let relaxation = if apart { relaxation } else { Relaxation::Blocks };
                return Ok(seat(&ranked, pairs, bye, round, relaxation));
            }
        }
    }
    Err(SwissError::NoPairing { round })
}

/// The bye (when the count is odd) and a perfect matching of the others, if there is one: the bye goes to the
/// lowest-ranked player without one (when byes are relaxed: with the fewest) whose absence leaves the others
/// pairable. `mate` is indexed like `ranked`; the bye's entry is itself.
fn choose_bye(
    ranked: &[Entrant],
    relaxation: Relaxation,
    compatible: &impl Fn(usize, usize) -> bool,
) -> Option<(Option<usize>, Vec<usize>)> {
    let matching_without = |bye: Option<usize>| {
        let rest: Vec<usize> = (0..ranked.len()).filter(|&i| Some(i) != bye).collect();
        let mate = perfect_matching(rest.len(), |a, b| compatible(rest[a], rest[b]))?;
        let mut global: Vec<usize> = (0..ranked.len()).collect();
        for (a, b) in mate.into_iter().enumerate() {
            global[rest[a]] = rest[b];
        }
        Some(global)
    };
    if ranked.len().is_multiple_of(2) {
        return matching_without(None).map(|mate| (None, mate));
    }
    let mut candidates: Vec<usize> = (0..ranked.len()).rev().collect();
    if relaxation == Relaxation::ColoursAndByes {
        candidates.sort_by_key(|&i| ranked[i].record.byes());
    } else {
        candidates.retain(|&i| ranked[i].record.byes() == 0);
    }
    candidates.into_iter().find_map(|bye| matching_without(Some(bye)).map(|mate| (Some(bye), mate)))
}

/// Who is still to be paired, and a perfect matching of them that proves they can all be.
#[derive(Debug)]
struct Oracle<'f, F> {
    unpaired: Vec<bool>,
    mate: Vec<usize>,
    compatible: &'f F,
}

impl<F: Fn(usize, usize) -> bool> Oracle<'_, F> {
    /// Pairs `a` with `b` if they may meet and everyone else still unpaired can then be paired.
    fn try_pair(&mut self, a: usize, b: usize) -> bool {
        if !self.unpaired[a] || !self.unpaired[b] || a == b || !(self.compatible)(a, b) {
            return false;
        }
        if self.mate[a] != b {
            let rest: Vec<usize> = (0..self.unpaired.len()).filter(|&i| self.unpaired[i] && i != a && i != b).collect();
            let Some(mate) = perfect_matching(rest.len(), |x, y| (self.compatible)(rest[x], rest[y])) else {
                return false;
            };
            for (x, y) in mate.into_iter().enumerate() {
                self.mate[rest[x]] = rest[y];
            }
        }
        self.unpaired[a] = false;
        self.unpaired[b] = false;
        true
    }
}

/// The pairs (indices into `ranked`, the higher-ranked first) of the score groups paired from the top.
fn pair_brackets(
    ranked: &[Entrant],
    bye: Option<usize>,
    mate: Vec<usize>,
    compatible: &impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut oracle = Oracle { unpaired: (0..ranked.len()).map(|i| Some(i) != bye).collect(), mate, compatible };
    let order: Vec<usize> = (0..ranked.len()).filter(|&i| Some(i) != bye).collect();
    let groups = order.chunk_by(|&a, &b| ranked[a].record.score == ranked[b].record.score);
    let mut pairs = Vec::new();
    let mut floaters: Vec<usize> = Vec::new();
    for group in groups {
        let mut floating = Vec::new();
        // Those floated down from above meet the highest residents they may (or each other).
        for (k, &f) in floaters.iter().enumerate() {
            if !oracle.unpaired[f] {
                continue;
            }
            match group.iter().chain(&floaters[k + 1..]).copied().find(|&r| oracle.try_pair(f, r)) {
                Some(r) => pairs.push((f, r)),
                None => floating.push(f),
            }
        }
        let residents: Vec<usize> = group.iter().copied().filter(|&i| oracle.unpaired[i]).collect();
        pair_homogeneous(&residents, &mut oracle, &mut pairs, &mut floating);
        floaters = floating;
    }
    debug_assert!(floaters.is_empty(), "the matching proved everyone pairable");
    pairs
}

/// Top half against bottom half: each member of the top half meets the first member of the bottom half they
/// may, else a member of the top half below them; whoever is left floats down.
fn pair_homogeneous<F: Fn(usize, usize) -> bool>(
    members: &[usize],
    oracle: &mut Oracle<'_, F>,
    pairs: &mut Vec<(usize, usize)>,
    floating: &mut Vec<usize>,
) {
    let half = members.len() / 2;
    for (k, &x) in members.iter().enumerate() {
        if !oracle.unpaired[x] {
            continue;
        }
        let candidates = if k < half {
            members[half..].iter().chain(&members[k + 1..half])
        } else {
            members[k + 1..].iter().chain(&[])
        };
        match candidates.copied().find(|&y| oracle.try_pair(x, y)) {
            Some(y) => pairs.push((x, y)),
            None => floating.push(x),
        }
    }
}

/// The round's boards, ordered by their higher-ranked player, with their seats.
fn seat(
    ranked: &[Entrant],
    mut pairs: Vec<(usize, usize)>,
    bye: Option<usize>,
    round: u32,
    relaxation: Relaxation,
) -> RoundPairing {
    for pair in &mut pairs {
        *pair = (pair.0.min(pair.1), pair.0.max(pair.1));
    }
    pairs.sort_unstable();
    let games = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (h, l))| {
            let (high, low) = (ranked[h].player.id.clone(), ranked[l].player.id.clone());
            match colour::allocate(&ranked[h].colours, &ranked[l].colours, board) {
                Seat::First => Game { first: high, second: low },
                Seat::Second => Game { first: low, second: high },
            }
        })
        .collect();
    RoundPairing { round, games, bye: bye.map(|b| ranked[b].player.id.clone()), relaxation }
}
