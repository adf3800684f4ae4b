//! Ikibuguzo properties: random games of the three variants (conservation, no panic, every listed decision
//! applies, records replay, position text and notation round-trip) and the secrecy of the array choice
//! (docs/rules.md#ikibuguzo-secret-choice: neither choice is visible to anyone but its chooser until both are in).

use mancala_engine::{
    ChoiceView, Decision, Event, GameRecord, NoEvents, OpeningArray, Options, Phase, PlayError, Position, Side, ToMove,
    Variant, Viewer,
};
use proptest::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

const VARIANTS: [Variant; 3] = [Variant::Ikibuguzo, Variant::IkibuguzoOpening1, Variant::IkibuguzoOpening2];

/// Decisions per random game at most (games are short; this bounds the rare long one).
const MAX_DECISIONS: usize = 300;

fn start(variant: Variant) -> Position {
    Position::start(variant, Options::defaults(variant)).unwrap()
}

fn d(text: &str, pos: &Position) -> Decision {
    Decision::parse(text, pos.geometry()).unwrap()
}

/// Checks that hold at every point of a game.
fn check_invariants(pos: &Position) {
    assert_eq!(pos.total_counters(), 64, "{}", pos.to_text());
    let text = pos.to_text();
    let back = Position::from_text(pos.variant(), *pos.options(), &text)
        .unwrap_or_else(|e| panic!("position text `{text}` does not parse: {e}"));
    assert_eq!(back, *pos, "position text does not round-trip: `{text}` -> `{}`", back.to_text());
    let geo = pos.geometry();
    for side in Side::BOTH {
        for m in pos.legal_decisions(side) {
            let n = m.notation(geo);
            assert_eq!(Decision::parse(&n, geo), Ok(m), "notation `{n}` does not round-trip");
        }
    }
    match pos.to_move() {
        ToMove::Nobody(o) => assert_eq!(pos.outcome(), Some(o)),
        ToMove::Side(s) => {
            assert!(!pos.legal_decisions(s).is_empty(), "{s} to move without a decision: {text}");
            assert!(pos.legal_decisions(s.other()).is_empty());
        }
        ToMove::Both { waiting } => {
            for side in Side::BOTH {
                assert_eq!(pos.legal_decisions(side).len(), if waiting[side] { 2 } else { 0 });
            }
        }
    }
}

/// Every listed decision applies to a copy, conserving the counters; returns nothing, panics on failure.
fn check_every_listed_decision_applies(pos: &Position) {
    for side in Side::BOTH {
        for m in pos.legal_decisions(side) {
            let mut copy = pos.clone();
            let mut events = Vec::new();
            copy.apply(side, m, &mut events).unwrap_or_else(|e| {
                panic!("listed `{}` rejected: {e} ({})", m.notation(pos.geometry()), pos.to_text())
            });
            assert_eq!(copy.total_counters(), 64);
            assert!(!events.is_empty());
        }
    }
}

/// Plays one random game; returns the final position and its record (choices listed South first).
fn random_game(variant: Variant, seed: u64) -> (Position, GameRecord) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = start(variant);
    let mut record = GameRecord::new(variant, *pos.options());
    check_invariants(&pos);
    for _ in 0..MAX_DECISIONS {
        check_every_listed_decision_applies(&pos);
        match pos.to_move() {
            ToMove::Nobody(_) => break,
            ToMove::Both { .. } => {
                // The secret choice: both sides choose, in a random order; the record lists South first.
                let first = if rng.random_range(0..2) == 0 { Side::South } else { Side::North };
                let mut chosen = [Decision::Pass; 2];
                for side in [first, first.other()] {
                    let legal = pos.legal_decisions(side);
                    let m = legal[rng.random_range(0..legal.len())];
                    pos.apply(side, m, &mut Vec::new()).unwrap();
                    chosen[side.index()] = m;
                    check_invariants(&pos);
                }
                record.decisions.extend(chosen);
            }
            ToMove::Side(side) => {
                let legal = pos.legal_decisions(side);
                let m = legal[rng.random_range(0..legal.len())];
                pos.apply(side, m, &mut NoEvents).unwrap();
                record.decisions.push(m);
                check_invariants(&pos);
            }
        }
    }
    (pos, record)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), v in 0usize..3) {
        let variant = VARIANTS[v];
        let (pos, record) = random_game(variant, seed);
        let replayed = record.replay().unwrap();
        prop_assert_eq!(&replayed, &pos);
        prop_assert_eq!(replayed.to_text(), pos.to_text());
    }
}

/// Each variant at least a few times, whatever proptest draws.
#[test]
fn random_games_of_each_variant() {
    for variant in VARIANTS {
        for seed in 0..6 {
            let (pos, record) = random_game(variant, seed);
            assert_eq!(record.replay().unwrap(), pos, "{variant} seed {seed}");
        }
    }
}

fn board_before_choice(pos: &Position) -> Vec<u8> {
    assert!(matches!(pos.phase(), Phase::Choosing(_)));
    vec![2; pos.geometry().hole_count()]
}

#[test]
fn the_first_choice_is_hidden_from_everyone_but_the_chooser() {
    let fresh = start(Variant::Ikibuguzo);
    let two_everywhere = board_before_choice(&fresh);
    let viewers = [Viewer::Player(Side::South), Viewer::Player(Side::North), Viewer::Spectator];
    let mut north_views = Vec::new();
    let mut spectator_views = Vec::new();
    let mut projected = Vec::new();
    for array in [OpeningArray::One, OpeningArray::Two] {
        let mut pos = fresh.clone();
        let mut events = Vec::new();
        pos.apply(Side::South, Decision::Opening(array), &mut events).unwrap();
        assert_eq!(pos.to_move(), ToMove::Both { waiting: mancala_engine::BySide::new(false, true) });

        // Views: North and the spectator see that South chose, not what; South sees its own choice.
        let north = pos.view(Viewer::Player(Side::North));
        assert_eq!(north.choices.south, ChoiceView::Hidden);
        assert_eq!(north.choices.north, ChoiceView::Pending);
        let spectator = pos.view(Viewer::Spectator);
        assert_eq!(spectator.choices.south, ChoiceView::Hidden);
        assert_eq!(spectator.choices.north, ChoiceView::Pending);
        let south = pos.view(Viewer::Player(Side::South));
        assert_eq!(south.choices.south, ChoiceView::Made(array));
        assert!(south.legal.is_empty(), "South has chosen and may not choose again");
        assert_eq!(north.legal, vec![Decision::Opening(OpeningArray::One), Decision::Opening(OpeningArray::Two)]);

        // The board is the pre-choice board for every viewer.
        for v in viewers {
            assert_eq!(pos.view(v).holes, two_everywhere, "{v:?} after South chose {array:?}");
        }
        assert_eq!(pos.counts(), &two_everywhere[..]);

        // Events reach the others without the array.
        assert_eq!(events, vec![Event::Chose { side: Side::South, array: Some(array) }]);
        let for_north: Vec<Event> = events.iter().map(|e| e.project(Viewer::Player(Side::North), false)).collect();
        let for_spectator: Vec<Event> = events.iter().map(|e| e.project(Viewer::Spectator, false)).collect();
        assert_eq!(for_north, vec![Event::Chose { side: Side::South, array: None }]);
        assert_eq!(for_spectator, for_north);
        let for_south: Vec<Event> = events.iter().map(|e| e.project(Viewer::Player(Side::South), false)).collect();
        assert_eq!(for_south, events);

        // Choosing again is refused and changes nothing.
        let before = pos.clone();
        assert_eq!(
            pos.apply(Side::South, Decision::Opening(array), &mut Vec::new()),
            Err(PlayError::AlreadyChosen { side: Side::South })
        );
        assert_eq!(pos, before);

        north_views.push(north);
        spectator_views.push(spectator);
        projected.push((for_north, for_spectator));
    }
    // Nothing North or a spectator receives distinguishes South's choice 1 from choice 2.
    assert_eq!(north_views[0], north_views[1]);
    assert_eq!(spectator_views[0], spectator_views[1]);
    assert_eq!(projected[0], projected[1]);
}

#[test]
fn the_second_choice_reveals_both_to_everyone() {
    for (south, north) in [
        (OpeningArray::One, OpeningArray::Two),
        (OpeningArray::Two, OpeningArray::One),
        (OpeningArray::One, OpeningArray::One),
        (OpeningArray::Two, OpeningArray::Two),
    ] {
        for north_first in [false, true] {
            let mut pos = start(Variant::Ikibuguzo);
            let order = if north_first { [Side::North, Side::South] } else { [Side::South, Side::North] };
            let mut events = Vec::new();
            for side in order {
                events.clear();
                let array = if side == Side::South { south } else { north };
                pos.apply(side, Decision::Opening(array), &mut events).unwrap();
            }
            // The second choice's events: its own Chose, then Revealed (both arrays, to everyone), then South's turn.
            let second = order[1];
            let second_array = if second == Side::South { south } else { north };
            assert_eq!(
                events,
                vec![
                    Event::Chose { side: second, array: Some(second_array) },
                    Event::Revealed { south, north },
                    Event::TurnEnd { next: Side::South },
                ]
            );
            for v in [Viewer::Player(Side::South), Viewer::Player(Side::North), Viewer::Spectator] {
                assert_eq!(events[1].project(v, false), Event::Revealed { south, north });
                let view = pos.view(v);
                assert_eq!(view.choices.south, ChoiceView::Made(south));
                assert_eq!(view.choices.north, ChoiceView::Made(north));
                assert_eq!(view.holes, pos.counts());
            }
            assert_eq!(pos.to_move(), ToMove::Side(Side::South));
            // The board shows both arrays, as the fixed-array variants lay them out.
            let o1 = start(Variant::IkibuguzoOpening1);
            let o2 = start(Variant::IkibuguzoOpening2);
            let geo = pos.geometry();
            for h in geo.holes() {
                let from = match (geo.owner(h), south, north) {
                    (Side::South, OpeningArray::One, _) | (Side::North, _, OpeningArray::One) => &o1,
                    _ => &o2,
                };
                assert_eq!(pos.count(h), from.count(h), "{} after {south:?}/{north:?}", geo.name(h));
            }
            // The record lists South's choice first whatever the order, and replays to the same position.
            let record = GameRecord {
                variant: Variant::Ikibuguzo,
                options: *pos.options(),
                decisions: vec![Decision::Opening(south), Decision::Opening(north)],
            };
            assert_eq!(record.replay().unwrap(), pos);
            assert_eq!(pos.total_counters(), 64);
        }
    }
}

#[test]
fn decisions_out_of_turn_are_refused() {
    let mut pos = start(Variant::IkibuguzoOpening1);
    let before = pos.clone();
    let c2 = d("c2", &pos);
    assert!(matches!(pos.apply(Side::North, c2, &mut Vec::new()), Err(PlayError::NotYourTurn { .. })));
    let f3 = d("f3", &pos);
    assert!(matches!(pos.apply(Side::North, f3, &mut Vec::new()), Err(PlayError::NotYourTurn { .. })));
    assert!(matches!(pos.apply(Side::South, f3, &mut Vec::new()), Err(PlayError::Illegal { .. })));
    assert_eq!(pos, before);
    pos.apply(Side::South, c2, &mut Vec::new()).unwrap();
    assert!(matches!(pos.apply(Side::South, d("e2", &pos), &mut Vec::new()), Err(PlayError::NotYourTurn { .. })));
}

#[test]
fn a_decision_inside_a_turn_keeps_the_mover() {
    // own-S7 of the fixtures: a relay at b2 where CW captures (docs/rules.md#ikibuguzo-clockwise-relays).
    let mut pos = Position::from_text(
        Variant::IkibuguzoOpening1,
        Options::default(),
        "south d2=2 b2=2 e2=1 a1=2 e3=1 e4=1 c3=1 c4=1 a4=2",
    )
    .unwrap();
    let mut events = Vec::new();
    pos.apply(Side::South, d("d2", &pos), &mut events).unwrap();
    assert_eq!(pos.to_move(), ToMove::Side(Side::South));
    assert!(!events.iter().any(|e| matches!(e, Event::TurnEnd { .. })), "{events:?}");
    assert_eq!(pos.legal_decisions(Side::South).to_vec(), vec![d("b2", &pos), d("b2:cw", &pos)]);
    assert!(pos.legal_decisions(Side::North).is_empty());
    let text = pos.to_text();
    assert!(text.contains("at=b2 after=relay cw=unused"), "{text}");
    // Taking the clockwise relay spends the budget; the turn then ends by itself.
    pos.apply(Side::South, d("b2:cw", &pos), &mut events).unwrap();
    assert_eq!(pos.to_move(), ToMove::Side(Side::North));
    assert_eq!(events.last(), Some(&Event::TurnEnd { next: Side::North }));
}

/// Random play reaches every kind of decision inside a turn, and mixed openings, so the properties above
/// cover them too.
#[test]
fn random_play_reaches_every_kind_of_mid_turn_decision() {
    use mancala_engine::CwBudget;
    let mut seen = std::collections::BTreeSet::new();
    for variant in VARIANTS {
        for seed in 0..100u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut pos = start(variant);
            for _ in 0..MAX_DECISIONS {
                let side = match pos.to_move() {
                    ToMove::Nobody(_) => break,
                    ToMove::Side(s) => s,
                    ToMove::Both { waiting } => {
                        if waiting.south {
                            Side::South
                        } else {
                            Side::North
                        }
                    }
                };
                if let Phase::Opening(p) = pos.phase()
                    && p[side].is_over()
                    && !p[side.other()].is_over()
                {
                    seen.insert("a main-phase turn during the other side's opening");
                }
                let legal = pos.legal_decisions(side);
                let m = legal[rng.random_range(0..legal.len())];
                pos.apply(side, m, &mut NoEvents).unwrap();
                if let Some(mid) = pos.mid_turn() {
                    seen.insert(match (mid.cw, mid.captured) {
                        (CwBudget::Unused, false) => "relay at a reverse hole",
                        (CwBudget::Unused, true) => "capture in a reverse hole, ACW turn",
                        (CwBudget::Chain { switched: false }, _) => "CW chain",
                        (CwBudget::Chain { switched: true }, _) => "after a switch",
                        (CwBudget::Spent, _) => panic!("a spent budget leaves one continuation: {}", pos.to_text()),
                    });
                }
            }
        }
    }
    assert_eq!(seen.len(), 5, "{seen:?}");
}
