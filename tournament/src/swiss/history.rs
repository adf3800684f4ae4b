//! Each player's record as the finished rounds leave it: score, opponents, seats, byes. Pairing and standings
//! both start from it; building it also checks that the rounds make sense (known players, nobody twice in a
//! round).

use super::{DRAW, Outcome, RoundResult, SwissError, SwissPlayer, WIN};
use crate::{PlayerId, Seat};
use std::collections::{BTreeMap, BTreeSet};

/// One round of a player's record (rounds they were absent from have none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub kind: Kind,
    /// Half-points scored.
    pub points: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    Played { opponent: PlayerId, seat: Seat },
    Forfeit { opponent: PlayerId },
    Bye,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Record {
    /// Half-points.
    pub score: u32,
    pub entries: Vec<Entry>,
}

impl Record {
    pub fn met(&self, id: &PlayerId) -> bool {
        self.entries.iter().any(|e| match &e.kind {
            Kind::Played { opponent, .. } | Kind::Forfeit { opponent } => opponent == id,
            Kind::Bye => false,
        })
    }

    pub fn byes(&self) -> usize {
        self.entries.iter().filter(|e| e.kind == Kind::Bye).count()
    }

    /// The seats of the games played, oldest first (byes and forfeits have none).
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.entries.iter().filter_map(|e| match e.kind {
            Kind::Played { seat, .. } => Some(seat),
            _ => None,
        })
    }

    fn push(&mut self, kind: Kind, points: u32) {
        self.score += points;
        self.entries.push(Entry { kind, points });
    }
}

/// Every listed player's record after `rounds`.
pub(crate) fn records(
    players: &[SwissPlayer],
    rounds: &[RoundResult],
) -> Result<BTreeMap<PlayerId, Record>, SwissError> {
    let mut records = BTreeMap::new();
    for p in players {
        if records.insert(p.id.clone(), Record::default()).is_some() {
            return Err(SwissError::DuplicatePlayer(p.id.clone()));
        }
    }
    for (number, round) in (1..).zip(rounds) {
        let mut seen = BTreeSet::new();
        let mut check = |id: &PlayerId| {
            if !records.contains_key(id) {
                return Err(SwissError::UnknownPlayer { round: number, id: id.clone() });
            }
            if !seen.insert(id.clone()) {
                return Err(SwissError::PairedTwice { round: number, id: id.clone() });
            }
            Ok(())
        };
        for g in &round.games {
            check(&g.first)?;
            check(&g.second)?;
        }
        for id in &round.byes {
            check(id)?;
        }
        for g in &round.games {
            let (first, second) = entries(g.outcome, &g.first, &g.second);
            records.get_mut(&g.first).expect("checked").push(first.0, first.1);
            records.get_mut(&g.second).expect("checked").push(second.0, second.1);
        }
        for id in &round.byes {
            records.get_mut(id).expect("checked").push(Kind::Bye, WIN);
        }
    }
    Ok(records)
}

/// The entries a game leaves in its two players' records.
fn entries(outcome: Outcome, first: &PlayerId, second: &PlayerId) -> ((Kind, u32), (Kind, u32)) {
    let played = |opponent: &PlayerId, seat| Kind::Played { opponent: opponent.clone(), seat };
    let forfeit = |opponent: &PlayerId| Kind::Forfeit { opponent: opponent.clone() };
    let (first_points, second_points) = match outcome {
        Outcome::FirstWins | Outcome::Forfeit { winner: Some(Seat::First) } => (WIN, 0),
        Outcome::SecondWins | Outcome::Forfeit { winner: Some(Seat::Second) } => (0, WIN),
        Outcome::Draw => (DRAW, DRAW),
        Outcome::Forfeit { winner: None } => (0, 0),
    };
    if let Outcome::Forfeit { .. } = outcome {
        ((forfeit(second), first_points), (forfeit(first), second_points))
    } else {
        ((played(second, Seat::First), first_points), (played(first, Seat::Second), second_points))
    }
}
