//! The messages a decision sends, written as JSON straight into a buffer: an `event` (its move, the board
//! and the clocks) and its `accepted`. The bytes are exactly what serde_json writes for the same value
//! (`tests` below compare them over random games of every variant and the odd cases); only the work is
//! less. serde_json escapes every string it writes, one byte at a time, and a field name costs it as much
//! as a value: a move's event is mostly short strings (its steps, the field names, the legal decisions),
//! so serde spent about 13 000 instructions on a 700-byte Kubuguza event, and this writer about 5 300
//! (callgrind; `benches/frames.rs` times both, BENCHMARKS.md "Where a decision's CPU goes on this
//! machine"). Here the field names are constants, the steps and notation are words of a known alphabet,
//! and anything a client or a person wrote (ids, reasons) still goes through serde_json's escaping.
//!
//! Every other message, and the rarer parts of these (a game's summary, an outcome), is written by serde.

use crate::step::StepEvent;
use crate::view::{BoardView, ChoiceState, ClockState};
use crate::ws::{GameEvent, MoveEvent, ServerMsg};
use mancala_engine::Side;

impl ServerMsg {
    /// Appends the message's JSON to `out`: the same bytes as `serde_json::to_writer(out, self)`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            ServerMsg::Event { v, event, view, clock } => {
                event_head(out, *v);
                event.write_json(out);
                event_tail(out, view.as_ref(), clock.as_ref());
            }
            ServerMsg::Accepted { id, v } => {
                out.extend_from_slice(br#"{"type":"accepted","id":"#);
                match id {
                    Some(id) => text(out, id),
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(br#","v":"#);
                number(out, *v);
                out.push(b'}');
            }
            other => serde_json::to_writer(out, other).expect("server messages always serialise"),
        }
    }

    /// An event message put together from the JSON of its `event` part, written before (shared by the
    /// frames of one event for several kinds of viewer), and its own board and clocks.
    pub fn write_event_json(
        out: &mut Vec<u8>,
        v: u64,
        event_json: &[u8],
        view: Option<&BoardView>,
        clock: Option<&ClockState>,
    ) {
        event_head(out, v);
        out.extend_from_slice(event_json);
        event_tail(out, view, clock);
    }
}

/// An event message up to its `event` part.
fn event_head(out: &mut Vec<u8>, v: u64) {
    out.extend_from_slice(br#"{"type":"event","v":"#);
    number(out, v);
    out.extend_from_slice(br#","event":"#);
}

/// An event's optional board and clocks, and its closing brace.
fn event_tail(out: &mut Vec<u8>, view: Option<&BoardView>, clock: Option<&ClockState>) {
    if let Some(view) = view {
        out.extend_from_slice(br#","view":"#);
        view.write_json(out);
    }
    if let Some(clock) = clock {
        out.extend_from_slice(br#","clock":"#);
        clock.write_json(out);
    }
    out.push(b'}');
}

impl GameEvent {
    /// Appends the event's JSON to `out`, as serde writes it.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            GameEvent::Move { mv } => mv.write_json(out),
            other => serde_json::to_writer(out, other).expect("events always serialise"),
        }
    }
}

impl MoveEvent {
    /// The move as its `GameEvent::Move` (the event's `kind` first, then the move's fields, flattened).
    fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(br#"{"kind":"move","ply":"#);
        number(out, self.ply);
        out.extend_from_slice(br#","side":"#);
        word(out, self.side.name());
        out.extend_from_slice(br#","decision":"#);
        match &self.decision {
            Some(d) => text(out, d),
            None => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(if self.auto { br#","auto":true,"steps":"# } else { br#","auto":false,"steps":"# });
        list(out, &self.steps, |out, step| step.write_json(out));
        out.push(b'}');
    }
}

impl StepEvent {
    /// The step's one string. Its words are hole names, numbers, sides and fixed words, none of which JSON
    /// escapes; a game end's reason is checked like any text.
    fn write_json(&self, out: &mut Vec<u8>) {
        match self {
            StepEvent::GameEnd { .. } => self.with_words(|words| text(out, words)),
            _ => self.with_words(|words| word(out, words)),
        }
    }
}

impl BoardView {
    /// Appends the board's JSON to `out`, as serde writes it.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(br#"{"variant":"#);
        word(out, self.variant.id());
        out.extend_from_slice(br#","rows":"#);
        number(out, self.rows);
        out.extend_from_slice(br#","columns":"#);
        number(out, self.columns);
        out.extend_from_slice(br#","holes":"#);
        list(out, &self.holes, |out, &n| number(out, n));
        out.extend_from_slice(br#","stores":{"south":"#);
        optional_number(out, self.stores.south);
        out.extend_from_slice(br#","north":"#);
        optional_number(out, self.stores.north);
        out.extend_from_slice(br#"},"to_move":"#);
        match &self.to_move {
            Some(side) => text(out, side),
            None => out.extend_from_slice(b"null"),
        }
        if !self.waiting.is_empty() {
            out.extend_from_slice(br#","waiting":"#);
            sides(out, &self.waiting);
        }
        out.extend_from_slice(br#","turn":"#);
        number(out, self.turn);
        out.extend_from_slice(br#","choices":{"south":"#);
        word(out, choice(self.choices.south));
        out.extend_from_slice(br#","north":"#);
        word(out, choice(self.choices.north));
        out.extend_from_slice(br#"},"legal":"#);
        list(out, &self.legal, |out, decision| text(out, decision));
        out.extend_from_slice(br#","outcome":"#);
        match &self.outcome {
            Some(outcome) => serde_json::to_writer(&mut *out, outcome).expect("outcomes always serialise"),
            None => out.extend_from_slice(b"null"),
        }
        out.push(b'}');
    }
}

impl ClockState {
    /// Appends the clocks' JSON to `out`, as serde writes it.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(br#"{"base_secs":"#);
        number(out, self.base_secs);
        out.extend_from_slice(br#","increment_secs":"#);
        number(out, self.increment_secs);
        if let Some(days) = self.days {
            out.extend_from_slice(br#","days":"#);
            number(out, days);
        }
        out.extend_from_slice(br#","south_ms":"#);
        number(out, self.south_ms);
        out.extend_from_slice(br#","north_ms":"#);
        number(out, self.north_ms);
        out.extend_from_slice(br#","running":"#);
        sides(out, &self.running);
        if self.held_ms != 0 {
            out.extend_from_slice(br#","held_ms":"#);
            number(out, self.held_ms);
        }
        out.push(b'}');
    }
}

/// A choice state's wire name (as its serde attributes name it).
fn choice(c: ChoiceState) -> &'static str {
    match c {
        ChoiceState::Pending => "pending",
        ChoiceState::Hidden => "hidden",
        ChoiceState::One => "opening:1",
        ChoiceState::Two => "opening:2",
    }
}

fn sides(out: &mut Vec<u8>, sides: &[Side]) {
    list(out, sides, |out, side| word(out, side.name()));
}

/// A JSON array of `items`, each written by `item`.
fn list<T>(out: &mut Vec<u8>, items: &[T], mut item: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

fn number(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

fn optional_number(out: &mut Vec<u8>, n: Option<u8>) {
    match n {
        Some(n) => number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// A string of our own making (a side, a variant id, a choice): nothing in it needs escaping.
fn word(out: &mut Vec<u8>, s: &str) {
    debug_assert!(!needs_escape(s), "{s:?}");
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// Any string: written as it is when JSON needs no escape in it (notation, steps, most ids), else by serde
/// (quotes, backslashes, control characters; serde_json writes every other character, non-ASCII included,
/// as it is).
fn text(out: &mut Vec<u8>, s: &str) {
    if needs_escape(s) {
        serde_json::to_writer(out, s).expect("strings always serialise");
    } else {
        word(out, s);
    }
}

fn needs_escape(s: &str) -> bool {
    s.bytes().any(|b| ESCAPED[b as usize])
}

/// The bytes serde_json escapes: control characters, `"` and `\\`.
const ESCAPED: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'"' as usize] = true;
    table[b'\\' as usize] = true;
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{BySideChoice, BySideOpt, OutcomeInfo, RatingChange, RatingChanges};
    use crate::{CaptureRule, CaptureTarget, ErrorCode};
    use mancala_engine::{Direction, HoleName, Options, Position, ToMove, Variant, Viewer};

    /// The writer's bytes must be serde's, to the byte.
    fn same(msg: &ServerMsg) {
        let mut ours = Vec::new();
        msg.write_json(&mut ours);
        let serde = serde_json::to_vec(msg).unwrap();
        assert_eq!(String::from_utf8(ours).unwrap(), String::from_utf8(serde).unwrap());
    }

    fn clock(running: Vec<Side>) -> ClockState {
        ClockState {
            base_secs: 300,
            increment_secs: 5,
            days: None,
            south_ms: 287_345,
            north_ms: u64::MAX,
            // Held while a sowing is shown: written only when not 0, as serde skips it.
            held_ms: if running.len() == 1 { 1_500 } else { 0 },
            running,
        }
    }

    /// Random games of every variant: each decision's event as each viewer sees it, with and without its
    /// board and clocks, and the boards at every moment (secrets, Azigo's stores, Ikibuguzo's choices,
    /// the end).
    #[test]
    fn events_of_random_games_are_written_as_serde_writes_them() {
        let mut seed: u64 = 11;
        let mut checked = 0;
        for variant in Variant::ALL {
            for _ in 0..25 {
                let mut pos = Position::start(variant, Options::default()).unwrap();
                let mut ply = 0;
                while !pos.is_over() && ply < 400 {
                    let side = match pos.to_move() {
                        ToMove::Side(s) => s,
                        ToMove::Both { waiting } => Side::BOTH.into_iter().find(|&s| waiting[s]).unwrap(),
                        ToMove::Nobody(_) => break,
                    };
                    let legal = pos.legal_decisions(side);
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let decision = legal[(seed >> 33) as usize % legal.len()];
                    let geo = pos.geometry();
                    let mut events = Vec::new();
                    pos.apply(side, decision, &mut events).unwrap();
                    ply += 1;
                    let over = pos.is_over();
                    for viewer in [Viewer::Player(Side::South), Viewer::Player(Side::North), Viewer::Spectator] {
                        let steps =
                            events.iter().map(|e| StepEvent::from_event(e.project(viewer, over), geo)).collect();
                        let hidden = seed.is_multiple_of(7);
                        let mv = MoveEvent {
                            ply,
                            side,
                            decision: (!hidden).then(|| decision.notation(geo)),
                            auto: seed.is_multiple_of(5),
                            steps,
                        };
                        let view = BoardView::from_view(&pos.view(viewer), !seed.is_multiple_of(11));
                        let event = GameEvent::Move { mv };
                        for (view, clock) in [
                            (Some(view.clone()), Some(clock(vec![side.other()]))),
                            (Some(view), None),
                            (None, Some(clock(vec![]))),
                            (None, None),
                        ] {
                            same(&ServerMsg::Event { v: u64::from(ply) + 1, event: event.clone(), view, clock });
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn the_odd_cases_are_written_as_serde_writes_them() {
        let h = |n: &str| n.parse::<HoleName>().unwrap();
        let steps = vec![
            StepEvent::Chose { side: Side::North, array: None },
            StepEvent::Revealed { south: 2, north: 1 },
            StepEvent::Lift { hole: h("c2"), count: 255, direction: Direction::Clockwise },
            StepEvent::Capture {
                from: h("k2"),
                count: 255,
                to: CaptureTarget::Store(Side::North),
                reason: Some(CaptureRule::EmptyInner { last: h("t1"), inner: h("t2"), outer: h("t4") }),
            },
            StepEvent::Capture { from: h("e3"), count: 0, to: CaptureTarget::Off, reason: None },
            StepEvent::StoreLift { side: Side::South, count: Some(9) },
            StepEvent::Skipped { steps: u64::MAX },
            StepEvent::GameEnd {
                outcome: OutcomeInfo {
                    winner: None,
                    reason: "a \"quoted\\\" reason\n".into(),
                    ratings: None,
                    late: None,
                },
            },
        ];
        let outcome = OutcomeInfo {
            winner: Some(Side::South),
            reason: "resignation".into(),
            ratings: Some(RatingChanges {
                south: RatingChange { before: 1500, after: 1662, provisional: true },
                north: RatingChange { before: -3, after: 0, provisional: false },
            }),
            late: None,
        };
        let view = BoardView {
            variant: Variant::Azigo,
            rows: 2,
            columns: 10,
            holes: vec![0, 9, 10, 99, 100, 255],
            stores: BySideOpt { south: Some(0), north: None },
            to_move: Some("both".into()),
            waiting: vec![Side::South, Side::North],
            turn: u32::MAX,
            choices: BySideChoice { south: ChoiceState::Hidden, north: ChoiceState::Two },
            legal: vec!["opening:1".into(), "a1:cw".into(), "store:loop".into(), "évite\u{1}".into()],
            outcome: Some(outcome.clone()),
        };
        let mv = MoveEvent { ply: 0, side: Side::South, decision: Some("x\"y".into()), auto: true, steps };
        for id in [None, Some(String::new()), Some("abc-1".into()), Some("é\"\\\u{7f}\u{0}😀".into())] {
            same(&ServerMsg::Accepted { id, v: 0 });
        }
        same(&ServerMsg::Event { v: u64::MAX, event: GameEvent::Move { mv }, view: Some(view), clock: None });
        same(&ServerMsg::Event { v: 3, event: GameEvent::End { outcome }, view: None, clock: Some(clock(vec![])) });
        same(&ServerMsg::Error { code: ErrorCode::Illegal, message: "not \"legal\"".into() });
        same(&ServerMsg::Pong { id: Some("p".into()) });
    }

    #[test]
    fn an_event_put_together_from_its_shared_part_is_the_whole_event() {
        let mv = MoveEvent { ply: 4, side: Side::North, decision: Some("b3".into()), auto: false, steps: vec![] };
        let event = GameEvent::Move { mv };
        let mut part = Vec::new();
        event.write_json(&mut part);
        for (view, clock) in [(None, None), (None, Some(clock(vec![Side::South])))] {
            let mut ours = Vec::new();
            ServerMsg::write_event_json(&mut ours, 5, &part, view.as_ref(), clock.as_ref());
            let whole = ServerMsg::Event { v: 5, event: event.clone(), view, clock };
            assert_eq!(ours, serde_json::to_vec(&whole).unwrap());
        }
    }
}
