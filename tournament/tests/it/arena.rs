//! Arena pairing: tables worked by hand, and its promises over random waiting lists.

use mancala_tournament::Blocks;
use mancala_tournament::PlayerId;
use mancala_tournament::arena::{ArenaPairing, Waiting, pair_waiting};
use proptest::prelude::*;

fn waiting(id: &str, score: u32, last: Option<&str>) -> Waiting {
    Waiting { id: id.into(), score, rating: 1500, last_opponent: last.map(Into::into), firsts: 0, seconds: 0 }
}

fn pairs(p: &[ArenaPairing]) -> Vec<(&str, &str)> {
    p.iter().map(|p| (p.first.0.as_str(), p.second.0.as_str())).collect()
}

#[test]
fn neighbours_by_score_then_rating() {
    let mut list = vec![waiting("d", 0, None), waiting("c", 8, None), waiting("b", 8, None), waiting("a", 10, None)];
    list[1].rating = 1600;
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("a", "c"), ("b", "d")]);
    assert!(pair_waiting(&list[..1], &Blocks::none()).is_empty());
    assert!(pair_waiting(&[], &Blocks::none()).is_empty());
}

#[test]
fn no_immediate_rematch_unless_only_those_two_wait() {
    let list = [waiting("a", 9, Some("b")), waiting("b", 8, Some("a")), waiting("c", 7, None), waiting("d", 6, None)];
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("a", "c"), ("b", "d")]);
    // Only one of the two remembers the other: still a rematch.
    let list = [waiting("a", 9, Some("b")), waiting("b", 8, Some("x")), waiting("c", 7, None)];
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("a", "c")]);
    assert_eq!(pairs(&pair_waiting(&list[..2], &Blocks::none())), [("a", "b")]);
}

#[test]
fn the_neighbour_is_skipped_when_it_would_strand_others() {
    // a-b would leave c and d, who just played: a-c and b-d pair everyone.
    let list = [waiting("a", 9, None), waiting("b", 8, None), waiting("c", 7, Some("d")), waiting("d", 6, Some("c"))];
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("a", "c"), ("b", "d")]);
}

#[test]
fn odd_counts_leave_the_lowest_waiting() {
    let list = [waiting("a", 9, None), waiting("b", 8, None), waiting("c", 7, None)];
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("a", "b")]);
}

#[test]
fn the_first_seat_goes_to_who_had_the_second_more_often() {
    let mut list = [waiting("a", 9, None), waiting("b", 8, None)];
    list[0].firsts = 2;
    list[0].seconds = 1;
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("b", "a")]);
    list[1].firsts = 3;
    assert_eq!(pairs(&pair_waiting(&list, &Blocks::none())), [("a", "b")]);
}

/// The size of a maximum rematch-free pairing, by trying everything.
fn best(n: usize, rematch: &dyn Fn(usize, usize) -> bool, used: &mut Vec<bool>) -> usize {
    let Some(v) = (0..n).find(|&v| !used[v]) else { return 0 };
    used[v] = true;
    let mut most = best(n, rematch, used);
    for w in v + 1..n {
        if !used[w] && !rematch(v, w) {
            used[w] = true;
            most = most.max(1 + best(n, rematch, used));
            used[w] = false;
        }
    }
    used[v] = false;
    most
}

fn list() -> impl Strategy<Value = Vec<Waiting>> {
    (0usize..=12).prop_flat_map(|n| {
        prop::collection::vec((0u32..12, 1400i32..1600, prop::option::weighted(0.7, 0..n.max(1)), 0u32..4, 0u32..4), n)
            .prop_map(move |rows| {
                rows.into_iter()
                    .enumerate()
                    .map(|(i, (score, rating, last, firsts, seconds))| Waiting {
                        id: PlayerId(format!("p{i:02}")),
                        score,
                        rating,
                        last_opponent: last.filter(|&l| l != i).map(|l| PlayerId(format!("p{l:02}"))),
                        firsts,
                        seconds,
                    })
                    .collect()
            })
    })
}

proptest! {
    #[test]
    fn pairs_as_many_as_possible_without_rematches(list in list()) {
        let got = pair_waiting(&list, &Blocks::none());
        let index = |id: &PlayerId| list.iter().position(|w| w.id == *id).expect("a waiting player");
        let mut seen = vec![false; list.len()];
        let rematch = |a: usize, b: usize| {
            list[a].last_opponent.as_ref() == Some(&list[b].id) || list[b].last_opponent.as_ref() == Some(&list[a].id)
        };
        for p in &got {
            let (a, b) = (index(&p.first), index(&p.second));
            prop_assert!(a != b && !seen[a] && !seen[b], "someone paired twice");
            seen[a] = true;
            seen[b] = true;
            prop_assert!(list.len() == 2 || !rematch(a, b), "an avoidable rematch");
            let owed = |w: &Waiting| i64::from(w.seconds) - i64::from(w.firsts);
            prop_assert!(owed(&list[a]) >= owed(&list[b]), "the first seat to who was owed it");
        }
        let most = if list.len() == 2 { 1 } else { best(list.len(), &rematch, &mut vec![false; list.len()]) };
        prop_assert_eq!(got.len(), most);
        let mut reversed = list.clone();
        reversed.reverse();
        prop_assert_eq!(pair_waiting(&reversed, &Blocks::none()), got, "the order of the list does not matter");
    }
}
