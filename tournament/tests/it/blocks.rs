//! Blocks in both pairings: a pair of whom one blocks the other is kept apart whenever another pairing
//! exists (Swiss: whenever the round can be paired otherwise, seat constraints and byes given up first;
//! arena: always, they wait for the next wave), and the pairing with the blocked pair apart is found when
//! the natural one would have paired them.

use mancala_tournament::arena::{Waiting, pair_waiting};
use mancala_tournament::swiss::{Game, Outcome, Relaxation, RoundResult, SwissPlayer, pair_round};
use mancala_tournament::{Blocks, PlayerId};
use proptest::prelude::*;

fn id(s: &str) -> PlayerId {
    PlayerId::from(s)
}

fn blocks(pairs: &[(&str, &str)]) -> Blocks {
    Blocks::new(pairs.iter().map(|&(a, b)| (id(a), id(b))))
}

fn swiss_field(n: usize) -> Vec<SwissPlayer> {
    (1..=n).map(|i| SwissPlayer { id: id(&format!("p{i}")), rating: 2100 - 100 * i as i32, available: true }).collect()
}

fn meets(games: &[Game], a: &str, b: &str) -> bool {
    games.iter().any(|g| (g.first == id(a) && g.second == id(b)) || (g.first == id(b) && g.second == id(a)))
}

#[test]
fn swiss_keeps_a_blocked_pair_apart_when_the_round_allows() {
    // Round 1 of four pairs p1-p3 and p2-p4; p3 blocks p1: p1-p4 and p2-p3 (or p1-p2, p3-p4) instead.
    let free = pair_round(&swiss_field(4), &[], 1, &Blocks::none()).unwrap();
    assert!(meets(&free.games, "p1", "p3"), "the natural pairing: {:?}", free.games);
    let kept = pair_round(&swiss_field(4), &[], 1, &blocks(&[("p3", "p1")])).unwrap();
    assert!(!meets(&kept.games, "p1", "p3"), "{:?}", kept.games);
    assert_eq!(kept.games.len(), 2);
    assert_ne!(kept.relaxation, Relaxation::Blocks);
    // Either way round, the block is one.
    let kept = pair_round(&swiss_field(4), &[], 1, &blocks(&[("p1", "p3")])).unwrap();
    assert!(!meets(&kept.games, "p1", "p3"), "{:?}", kept.games);
}

#[test]
fn swiss_pairs_a_blocked_pair_only_when_nothing_else_pairs_the_round() {
    // Two players: the round is them or nothing.
    let two = pair_round(&swiss_field(2), &[], 1, &blocks(&[("p1", "p2")])).unwrap();
    assert!(meets(&two.games, "p1", "p2"));
    assert_eq!(two.relaxation, Relaxation::Blocks);
    // Four players after p1-p2 and p3-p4 in round 1: round 2 is p1-p3 and p2-p4, or p1-p4 and p2-p3 (no
    // repeat). p1 blocking p3 and p4: both hold a blocked pair, so one meets. p1 blocking p3 only: the other.
    let round1 = RoundResult {
        games: vec![
            mancala_tournament::swiss::GameResult { first: id("p1"), second: id("p2"), outcome: Outcome::FirstWins },
            mancala_tournament::swiss::GameResult { first: id("p3"), second: id("p4"), outcome: Outcome::FirstWins },
        ],
        byes: vec![],
    };
    let both = blocks(&[("p1", "p3"), ("p1", "p4")]);
    let round2 = pair_round(&swiss_field(4), std::slice::from_ref(&round1), 2, &both).unwrap();
    assert_eq!(round2.relaxation, Relaxation::Blocks, "{:?}", round2.games);
    assert_eq!(round2.games.len(), 2);
    let one = blocks(&[("p1", "p3")]);
    let round2 = pair_round(&swiss_field(4), &[round1], 2, &one).unwrap();
    assert!(meets(&round2.games, "p1", "p4") && meets(&round2.games, "p2", "p3"), "{:?}", round2.games);
    assert_ne!(round2.relaxation, Relaxation::Blocks);
}

fn waiting(name: &str, score: u32) -> Waiting {
    Waiting { id: id(name), score, rating: 1500, last_opponent: None, firsts: 0, seconds: 0 }
}

#[test]
fn the_arena_never_pairs_a_blocked_pair() {
    // Neighbours a-b and c-d; a blocks b: a-c and b-d.
    let list = [waiting("a", 9), waiting("b", 8), waiting("c", 7), waiting("d", 6)];
    let natural = pair_waiting(&list, &Blocks::none());
    assert_eq!(natural[0].first, id("a"));
    assert_eq!(natural[0].second, id("b"));
    let kept = pair_waiting(&list, &blocks(&[("a", "b")]));
    let pairs: Vec<(&str, &str)> = kept.iter().map(|p| (p.first.0.as_str(), p.second.0.as_str())).collect();
    assert_eq!(pairs, [("a", "c"), ("b", "d")]);
    // Only the two of them waiting: they wait, as they would for anyone else.
    assert!(pair_waiting(&list[..2], &blocks(&[("b", "a")])).is_empty());
    // Three waiting, two of whom block each other: the third meets one of them.
    let three = pair_waiting(&list[..3], &blocks(&[("a", "b")]));
    assert_eq!(three.len(), 1);
    assert_eq!((three[0].first.0.as_str(), three[0].second.0.as_str()), ("a", "c"));
}

proptest! {
    #[test]
    fn no_pairing_ever_holds_a_blocked_pair_the_arena_could_avoid(
        n in 0usize..10,
        bits in prop::collection::vec(any::<bool>(), 45),
    ) {
        let list: Vec<Waiting> = (0..n).map(|i| waiting(&format!("p{i}"), (i * 7 % 5) as u32)).collect();
        let mut pairs = Vec::new();
        let mut k = 0;
        for a in 0..n {
            for b in a + 1..n {
                if bits[k % bits.len()] && bits[(k * 3 + 1) % bits.len()] {
                    pairs.push((list[a].id.clone(), list[b].id.clone()));
                }
                k += 1;
            }
        }
        let blocks = Blocks::new(pairs.clone());
        for p in pair_waiting(&list, &blocks) {
            let blocked = pairs.iter().any(|(a, b)| (a, b) == (&p.first, &p.second) || (b, a) == (&p.first, &p.second));
            prop_assert!(!blocked, "{} and {} paired", p.first, p.second);
        }
    }
}
