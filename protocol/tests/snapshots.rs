//! The wire contract: one JSON snapshot per message type (WebSocket and HTTP), built from real engine
//! positions and events where the message carries a board or steps, plus round trips (serialise →
//! deserialise → equal) for every message, and the errors a client gets for unknown fields and types.
//!
//! The `.snap` files under `tests/snapshots/` are the contract that `docs/protocol.md` quotes: a change
//! to any of them is a protocol change (bump `PROTOCOL_VERSION` when it is incompatible). Every value is
//! fixed (ids, tokens, times), so the snapshots are deterministic.

use mancala_engine::{Decision, Event, Options, Position, Side, Variant, Viewer};
use mancala_protocol::http::{GameStatus, GameSummary, PlayerInfo, Seats};
use mancala_protocol::{BoardView, ClockSpec, ClockState, HoleName, MoveEvent, Presence, StepEvent};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

/// Serialise, deserialise, compare: the message survives the wire unchanged.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let json = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json} does not read back: {e}"));
    assert_eq!(&back, value, "{json}");
}

/// Pins a message's JSON shape and checks its round trip.
/// The snapshots of every family live in `tests/snapshots/` as `snapshots__NAME.snap`, whichever file of
/// `tests/wire/` pins them (docs/protocol.md names them so).
macro_rules! pin {
    ($name:literal, $value:expr) => {{
        let value = $value;
        round_trip(&value);
        insta::with_settings!({ prepend_module_to_snapshot => false, snapshot_path => "../snapshots" }, {
            insta::assert_json_snapshot!(concat!("snapshots__", $name), value);
        });
    }};
}

const GAME_ID: &str = "g7Kq2ZtR4m";
const CREATED_AT: u64 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const UPDATED_AT: u64 = 1_767_225_725_000;

fn hole(name: &str) -> HoleName {
    name.parse().expect("a hole name")
}

fn start(variant: Variant) -> Position {
    Position::start(variant, Options::defaults(variant)).expect("default options are valid")
}

/// Applies `text` for `side`, returning the engine events it caused.
fn apply(pos: &mut Position, side: Side, text: &str) -> Vec<Event> {
    let decision = Decision::parse(text, pos.geometry()).expect("notation");
    let mut events = Vec::new();
    pos.apply(side, decision, &mut events).expect("legal");
    events
}

/// The move event of a decision as `viewer` sees it (what the server's projection does).
fn move_event(
    ply: u32,
    side: Side,
    decision: Option<&str>,
    events: &[Event],
    after: &Position,
    viewer: Viewer,
) -> MoveEvent {
    let over = after.is_over();
    MoveEvent {
        ply,
        side,
        decision: decision.map(str::to_string),
        auto: false,
        steps: events.iter().map(|&e| StepEvent::from_event(e.project(viewer, over), after.geometry())).collect(),
    }
}

/// Kubuguza's start as South sees it (South to move, eight legal decisions).
fn kubuguza_start_view() -> BoardView {
    BoardView::from_view(&start(Variant::Kubuguza).view(Viewer::Player(Side::South)), true)
}

fn players() -> Seats {
    Seats {
        south: Some(PlayerInfo { name: "amina".into(), registered: true }),
        north: Some(PlayerInfo { name: "kwame".into(), registered: false }),
    }
}

fn summary(variant: Variant, status: GameStatus) -> GameSummary {
    GameSummary {
        id: GAME_ID.into(),
        variant,
        options: Options::defaults(variant),
        status,
        players: players(),
        clock: Some(ClockSpec::fischer(300, 5)),
        auto_forced: true,
        rated: false,
        previews: false,
        plies: 0,
        berserk: None,
        result: None,
        created_at: CREATED_AT,
        updated_at: UPDATED_AT,
        invite_code: None,
    }
}

fn waiting_summary() -> GameSummary {
    GameSummary {
        status: GameStatus::Waiting,
        players: Seats { south: Some(PlayerInfo { name: "amina".into(), registered: true }), north: None },
        updated_at: CREATED_AT,
        invite_code: Some("K7QX2MPA".into()),
        ..summary(Variant::Kubuguza, GameStatus::Waiting)
    }
}

fn clock(running: Vec<Side>) -> Option<ClockState> {
    Some(ClockState {
        base_secs: 300,
        increment_secs: 5,
        days: None,
        south_ms: 296_400,
        north_ms: 300_000,
        running,
        held_ms: 0,
    })
}

fn both_here() -> Presence {
    Presence { south: true, north: true, claim_win_at: None, watching: 0, abort_at: None }
}

#[path = "wire/board.rs"]
mod board;
#[path = "wire/client.rs"]
mod client;
#[path = "wire/http.rs"]
mod http;
#[path = "wire/lobby.rs"]
mod lobby;
#[path = "wire/server.rs"]
mod server;
#[path = "wire/tournament.rs"]
mod tournament;
