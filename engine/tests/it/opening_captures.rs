//! Captures in a mixed Ikibuguzo opening (docs/rules.md#ikibuguzo-opening-captures): the two positions
//! the secret choice reaches where a forced opening turn ends in opposition, reached by real decisions from
//! the start, checked event by event; and the first reading (docs/rules.md#rules-versions), under which
//! games stored before replay as they were played.

use mancala_engine::{
    CaptureReason, CaptureTo, Decision, Direction, Event, GameRecord, Hole, Options, Position, RULES_VERSION, Side,
    ToMove, Variant,
};

const V: Variant = Variant::Ikibuguzo;

fn options(rules_version: u8) -> Options {
    Options { rules_version, ..Options::defaults(V) }
}

fn record(rules_version: u8, decisions: &str) -> GameRecord {
    let geo = Position::start(V, options(rules_version)).unwrap().geometry();
    let decisions = decisions.split_whitespace().map(|d| Decision::parse(d, geo).unwrap()).collect();
    GameRecord { variant: V, options: options(rules_version), decisions }
}

fn h(name: &str) -> Hole {
    Position::start(V, Options::defaults(V)).unwrap().geometry().parse_hole(name).unwrap()
}

/// The events of the last decision of `decisions`, and the position after it.
fn last_turn(rules_version: u8, decisions: &str) -> (Vec<Event>, Position) {
    let rec = record(rules_version, decisions);
    let mut pos = rec.position_at(rec.decisions.len() - 1).unwrap();
    let ToMove::Side(side) = pos.to_move() else { panic!("not a turn") };
    let mut events = Vec::new();
    pos.apply(side, *rec.decisions.last().unwrap(), &mut events).unwrap();
    (events, pos)
}

fn lift(hole: &str, count: u8) -> Event {
    Event::Lift { hole: h(hole), count, direction: Direction::Anticlockwise }
}

fn drops(holes: &str) -> Vec<Event> {
    holes.split_whitespace().map(|n| Event::Drop { hole: h(n) }).collect()
}

/// The two capture events of an opening turn that ends in `last`, taking `inner` and `outer` into `into`.
fn capture(last: &str, (inner, a): (&str, u8), (outer, b): (&str, u8), into: &str) -> Vec<Event> {
    let reason = CaptureReason::Opposition { last: h(last), inner: h(inner), outer: h(outer) };
    let to = CaptureTo::Hole(h(into));
    vec![
        Event::Capture { from: h(inner), count: a, to, reason },
        Event::Capture { from: h(outer), count: b, to, reason },
    ]
}

#[test]
fn new_games_play_the_current_reading() {
    assert_eq!(Options::defaults(V).rules_version, RULES_VERSION);
    assert_eq!(Options::default().rules_version, RULES_VERSION);
    assert!(Options::defaults(V).opening_captures());
    assert!(!options(1).opening_captures());
    let bad = options(RULES_VERSION + 1);
    assert_eq!(
        Position::start(V, bad).unwrap_err().to_string(),
        format!("option `rules_version` must be from 1 to {RULES_VERSION} (got {})", RULES_VERSION + 1)
    );
}

#[test]
fn south_1_north_2_north_b4_captures_b2_and_b1_and_sows_them_from_b4() {
    let (events, pos) = last_turn(RULES_VERSION, "opening:1 opening:2 c2 a4 e2 b4");
    let mut expected = vec![lift("b4", 4)];
    expected.extend(drops("a4 a4 a3 b3"));
    expected.extend(capture("b3", ("b2", 2), ("b1", 6), "b4"));
    expected.push(lift("b4", 8));
    expected.extend(drops("a4 a3 b3 c3 d3 e3 f3 g3"));
    expected.push(Event::TurnEnd { next: Side::South });
    assert_eq!(events, expected);
    assert_eq!(pos.counters_of(Side::North), 40);
    assert_eq!(pos.counters_of(Side::South), 24);
    // South's last forced turn, then North's next forced opening turn.
    let legal = |pos: &Position| pos.legal_moves().iter().map(|d| d.notation(pos.geometry())).collect::<Vec<_>>();
    assert_eq!(legal(&pos), ["g2"]);
    let pos = record(RULES_VERSION, "opening:1 opening:2 c2 a4 e2 b4 g2").replay().unwrap();
    assert_eq!(legal(&pos), ["c4"]);
}

#[test]
fn south_2_north_1_south_g1_captures_g3_and_g4_and_sows_them_from_g1() {
    let (events, pos) = last_turn(RULES_VERSION, "opening:2 opening:1 h1 f3 g1");
    let mut expected = vec![lift("g1", 4)];
    expected.extend(drops("h1 h1 h2 g2"));
    expected.extend(capture("g2", ("g3", 2), ("g4", 6), "g1"));
    expected.push(lift("g1", 8));
    expected.extend(drops("h1 h2 g2 f2 e2 d2 c2 b2"));
    expected.push(Event::TurnEnd { next: Side::North });
    assert_eq!(events, expected);
    assert_eq!(pos.counters_of(Side::South), 40);
    let pos = record(RULES_VERSION, "opening:2 opening:1 h1 f3 g1 d3").replay().unwrap();
    assert_eq!(pos.legal_moves().as_slice(), [Decision::acw(h("f1"))]);
}

#[test]
fn under_the_first_reading_the_same_turns_capture_nothing() {
    for (decisions, last) in [("opening:1 opening:2 c2 a4 e2 b4", "b3"), ("opening:2 opening:1 h1 f3 g1", "g2")] {
        let (events, pos) = last_turn(1, decisions);
        assert!(!events.iter().any(|e| matches!(e, Event::Capture { .. })), "{decisions}: {events:?}");
        assert_eq!(events.iter().filter(|e| matches!(e, Event::Lift { .. })).count(), 1);
        assert_eq!(pos.count(h(last)), 2, "{decisions}");
        assert_eq!((pos.counters_of(Side::South), pos.counters_of(Side::North)), (32, 32));
    }
}

/// A game played before the opening captures: South 1 / North 2 to the end of both openings, with South's
/// main-phase turns between North's forced ones (scenario own-X8). It replays as played under version 1;
/// under the current reading its ninth decision is no longer legal (b1 and b2 were captured).
#[test]
fn a_game_stored_under_the_first_reading_replays_as_played() {
    let game = "opening:1 opening:2 c2 a4 e2 b4 g2 c4 b2 d4 d2 e4 f2 f4 a2 g4 c2 h4";
    let old = record(1, game).replay().unwrap();
    assert_eq!(
        old.to_text(),
        "south a1=2 c1=1 d1=1 e1=1 f1=1 g1=1 h1=18 a2=1 b2=2 d2=1 e2=2 h2=1 a3=4 b3=2 c3=1 a4=4 b4=4 c4=4 d4=4 \
         e4=4 f4=3 g4=2 turn=17"
    );
    let err = record(RULES_VERSION, game).replay().unwrap_err();
    assert_eq!(
        err.to_string(),
        "decision 9 (`b2`): `b2` is not legal here; legal: h1 d2 f2",
        "the current reading captures b2 and b1 at decision 6"
    );
}

/// Every game from the start, followed through every decision while either side is still in its opening:
/// the opening turns that capture are exactly the two above (docs/rules.md#ikibuguzo-opening-captures says
/// no other can).
#[test]
fn only_the_two_named_opening_turns_ever_capture() {
    fn walk(pos: &Position, path: &mut Vec<String>, found: &mut Vec<String>, nodes: &mut u64) {
        *nodes += 1;
        let mancala_engine::Phase::Opening(progress) = pos.phase() else { return };
        let sides = match pos.to_move() {
            ToMove::Side(s) => vec![s],
            _ => return,
        };
        for side in sides {
            let forced = pos.mid_turn().is_none() && !progress[side].is_over();
            for d in pos.legal_decisions(side) {
                let mut next = pos.clone();
                let mut events = Vec::new();
                next.apply(side, d, &mut events).unwrap();
                path.push(d.notation(pos.geometry()));
                if forced && events.iter().any(|e| matches!(e, Event::Capture { .. })) {
                    found.push(path.join(" "));
                }
                walk(&next, path, found, nodes);
                path.pop();
            }
        }
    }
    let (mut found, mut nodes) = (Vec::new(), 0);
    for choices in ["opening:1 opening:1", "opening:1 opening:2", "opening:2 opening:1", "opening:2 opening:2"] {
        let pos = record(RULES_VERSION, choices).replay().unwrap();
        walk(&pos, &mut choices.split(' ').map(String::from).collect(), &mut found, &mut nodes);
    }
    assert!(nodes > 500, "{nodes} positions");
    assert_eq!(found, ["opening:1 opening:2 c2 a4 e2 b4", "opening:2 opening:1 h1 f3 g1"], "{nodes} positions");
}
