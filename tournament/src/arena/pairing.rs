//! Arena pairing: the players waiting for a game are paired with their neighbours by score and rating,
//! avoiding an immediate rematch, never pairing two players of whom one blocks the other, and as many of
//! them as possible.

use crate::matching::maximum_matching;
use crate::{Blocks, PlayerId};
use serde::{Deserialize, Serialize};

/// A player waiting for their next game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub id: PlayerId,
    pub score: u32,
    pub rating: i32,
    /// Whom they played last in this arena.
    pub last_opponent: Option<PlayerId>,
    /// Games of this arena played in the first seat, and in the second.
    pub firsts: u32,
    pub seconds: u32,
}

/// A game to start: `first` sits South and moves first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaPairing {
    pub first: PlayerId,
    pub second: PlayerId,
}

/// Pairs as many of `waiting` (distinct ids) as possible. Ranked by score, rating and id, each player in turn meets the
/// nearest one below them that they did not just play (either one's last opponent being the other), as long
/// as the pairing can still reach its maximum size; a rematch is made only when those two are the only ones
/// waiting. Whoever cannot be paired (one when the count is odd, the lowest possible) waits for the next
/// wave. The player who has had the second seat more often (net of first seats) gets the first seat; the
/// higher-ranked one on a tie. Two players of whom one blocks the other (`blocks`) are never paired, not
/// even when they are the only ones waiting: an arena always has a next wave, and a player who blocked
/// another asked never to meet them; they meet others as those finish their games.
pub fn pair_waiting(waiting: &[Waiting], blocks: &Blocks) -> Vec<ArenaPairing> {
    let mut ranked: Vec<&Waiting> = waiting.iter().collect();
    ranked.sort_by(|a, b| (b.score, b.rating).cmp(&(a.score, a.rating)).then_with(|| a.id.cmp(&b.id)));
    let n = ranked.len();
    let blocked = |a: usize, b: usize| blocks.between(&ranked[a].id, &ranked[b].id);
    let rematch = |a: usize, b: usize| {
        ranked[a].last_opponent.as_ref() == Some(&ranked[b].id)
            || ranked[b].last_opponent.as_ref() == Some(&ranked[a].id)
    };
    if n == 2 {
        return if blocked(0, 1) { Vec::new() } else { vec![seat(ranked[0], ranked[1])] };
    }
    // Who may not meet whom: each player's last opponent, both ways, and the blocked pairs, so few pairs.
    let mut forbidden = vec![Vec::new(); n];
    let pairs = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
    for (a, b) in pairs.filter(|&(a, b)| rematch(a, b) || blocked(a, b)) {
        forbidden[a].push(b);
        forbidden[b].push(a);
    }
    let mut unpaired = vec![true; n];
    let mut target = max_pairs(&unpaired, &forbidden);
    let mut pairs = Vec::new();
    for x in 0..n {
        if target == 0 {
            break;
        }
        if !unpaired[x] {
            continue;
        }
        for y in x + 1..n {
            if !unpaired[y] || forbidden[x].contains(&y) {
                continue;
            }
            unpaired[x] = false;
            unpaired[y] = false;
            if max_pairs(&unpaired, &forbidden) == target - 1 {
                pairs.push(seat(ranked[x], ranked[y]));
                target -= 1;
                break;
            }
            unpaired[x] = true;
            unpaired[y] = true;
        }
        // Unpaired here, `x` is in no maximum pairing of those left: they wait.
        unpaired[x] = false;
    }
    pairs
}

/// The size of a maximum pairing of the `unpaired` players.
fn max_pairs(unpaired: &[bool], forbidden: &[Vec<usize>]) -> usize {
    let left: Vec<usize> = (0..unpaired.len()).filter(|&i| unpaired[i]).collect();
    let r = left.len();
    // Dirac: if everyone may meet at least half of the others, there is a Hamiltonian cycle, so all but at
    // most one can be paired; this spares the matching in the usual case of a big field.
    let may_meet = |i: usize| r - 1 - forbidden[i].iter().filter(|&&j| unpaired[j]).count();
    if r >= 3 && left.iter().all(|&i| 2 * may_meet(i) >= r) {
        return r / 2;
    }
    let mate = maximum_matching(r, |a, b| !forbidden[left[a]].contains(&left[b]));
    mate.iter().flatten().count() / 2
}

fn seat<'a>(higher: &'a Waiting, lower: &'a Waiting) -> ArenaPairing {
    let owed = |w: &Waiting| i64::from(w.seconds) - i64::from(w.firsts);
    let (first, second) = if owed(lower) > owed(higher) { (lower, higher) } else { (higher, lower) };
    ArenaPairing { first: first.id.clone(), second: second.id.clone() }
}
