//! The wire contract: one JSON snapshot per message type (WebSocket and HTTP), built from real engine
//! positions and events where the message carries a board or steps, plus round trips (serialise →
//! deserialise → equal) for every message, and the errors a client gets for unknown fields and types.
//!
//! The `.snap` files under `tests/snapshots/` are the contract that `docs/protocol.md` quotes: a change
//! to any of them is a protocol change (bump `PROTOCOL_VERSION` when it is incompatible). Every value is
//! fixed (ids, tokens, times), so the snapshots are deterministic.

use insta::assert_json_snapshot;
use mancala_engine::{Decision, Event, Options, Position, Side, Variant, Viewer};
use mancala_protocol::http::{
    ApiError, CreateGame, CreatePlayer, GameDetail, GameList, GameStatus, GameSummary, HandicapPatch, JoinGame,
    OptionsPatch, PlayerCreated, PlayerInfo, PlayerProfile, PlayerRating, PositionAt, RecordEntry, SeatChoice,
    SeatGranted, Seats, VariantInfo, VariantList,
};
use mancala_protocol::{
    BoardView, CaptureRule, CaptureTarget, ChoiceState, ClientMsg, ClockSpec, ClockState, Direction, ErrorCode,
    GameEvent, HoleName, MoveEvent, OutcomeInfo, PROTOCOL_VERSION, Presence, RatingChange, RatingChanges, ServerMsg,
    StepEvent,
};
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
macro_rules! pin {
    ($name:literal, $value:expr) => {{
        let value = $value;
        round_trip(&value);
        assert_json_snapshot!($name, value);
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
        clock: Some(ClockSpec { base_secs: 300, increment_secs: 5 }),
        auto_forced: true,
        rated: false,
        previews: false,
        plies: 0,
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
    Some(ClockState { base_secs: 300, increment_secs: 5, south_ms: 296_400, north_ms: 300_000, running })
}

fn both_here() -> Presence {
    Presence { south: true, north: true, claim_win_at: None }
}

// ---------------------------------------------------------------------------------------------------
// Client messages
// ---------------------------------------------------------------------------------------------------

#[test]
fn client_decide() {
    pin!("client_decide", ClientMsg::Decide { id: "m1".into(), decision: "c2".into(), game: None, seat: None });
}

#[test]
fn client_decide_with_checks() {
    pin!(
        "client_decide_with_checks",
        ClientMsg::Decide {
            id: "m2".into(),
            decision: "a1:cw".into(),
            game: Some(GAME_ID.into()),
            seat: Some(Side::South)
        }
    );
}

#[test]
fn client_resign() {
    pin!("client_resign", ClientMsg::Resign { id: Some("r1".into()) });
}

#[test]
fn client_abort() {
    pin!("client_abort", ClientMsg::Abort { id: Some("a1".into()) });
}

#[test]
fn client_claim_win() {
    pin!("client_claim_win", ClientMsg::ClaimWin { id: Some("c1".into()) });
}

#[test]
fn client_sync() {
    pin!("client_sync", ClientMsg::Sync { v: 12 });
}

#[test]
fn client_ping() {
    pin!("client_ping", ClientMsg::Ping { id: Some("p1".into()) });
}

/// The optional `id` of `resign`, `abort`, `claim_win` and `ping` may be left out; it comes back as null.
#[test]
fn client_ids_are_optional() {
    for text in [r#"{"type":"resign"}"#, r#"{"type":"abort"}"#, r#"{"type":"claim_win"}"#, r#"{"type":"ping"}"#] {
        let msg: ClientMsg = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        round_trip(&msg);
    }
    let resign: ClientMsg = serde_json::from_str(r#"{"type":"resign"}"#).unwrap();
    assert_eq!(resign, ClientMsg::Resign { id: None });
    assert_eq!(serde_json::to_string(&resign).unwrap(), r#"{"type":"resign","id":null}"#);
}

#[test]
fn client_rejects_unknown_fields_naming_them() {
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"decide","id":"m1","decision":"c2","colour":"red"}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("colour"), "{err}");
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"sync","v":3,"since":2}"#).unwrap_err().to_string();
    assert!(err.contains("since"), "{err}");
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"ping","id":"p","extra":true}"#).unwrap_err().to_string();
    assert!(err.contains("extra"), "{err}");
}

#[test]
fn client_rejects_unknown_types_naming_them() {
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"dance","id":"x"}"#).unwrap_err().to_string();
    assert!(err.contains("dance"), "{err}");
    // The known types are listed in the error, so a client author sees what to send instead.
    assert!(err.contains("decide") && err.contains("claim_win"), "{err}");
}

#[test]
fn client_rejects_missing_fields_naming_them() {
    let err = serde_json::from_str::<ClientMsg>(r#"{"type":"decide","id":"m1"}"#).unwrap_err().to_string();
    assert!(err.contains("decision"), "{err}");
    let err = serde_json::from_str::<ClientMsg>(r#"{"id":"m1","decision":"c2"}"#).unwrap_err().to_string();
    assert!(err.contains("type"), "{err}");
}

// ---------------------------------------------------------------------------------------------------
// Boards (the `view` of snapshots and events)
// ---------------------------------------------------------------------------------------------------

#[test]
fn board_kubuguza_start_as_south() {
    pin!("board_kubuguza_start_as_south", kubuguza_start_view());
}

/// Ikibuguzo's simultaneous choice: South has chosen, North looks. North sees only that South chose
/// (`hidden`), the board before the arrays are laid out, and its own two choices.
#[test]
fn board_ikibuguzo_choice_hidden_from_north() {
    let mut pos = start(Variant::Ikibuguzo);
    apply(&mut pos, Side::South, "opening:1");
    let north = BoardView::from_view(&pos.view(Viewer::Player(Side::North)), true);
    assert_eq!(north.choices.south, ChoiceState::Hidden);
    assert_eq!(north.choices.north, ChoiceState::Pending);
    assert_eq!(north.waiting, vec![Side::North]);
    pin!("board_ikibuguzo_choice_hidden_from_north", north);
    // South sees its own choice.
    let south = BoardView::from_view(&pos.view(Viewer::Player(Side::South)), true);
    assert_eq!(south.choices.south, ChoiceState::One);
    assert!(south.legal.is_empty());
    round_trip(&south);
}

/// Azigo as a spectator sees it: both concealed stores are `null`, and a spectator has no legal list.
#[test]
fn board_azigo_spectator() {
    let view = BoardView::from_view(&start(Variant::Azigo).view(Viewer::Spectator), true);
    assert_eq!((view.stores.south, view.stores.north), (None, None));
    assert!(view.legal.is_empty());
    pin!("board_azigo_spectator", view);
    // The owner sees its own store only.
    let south = BoardView::from_view(&start(Variant::Azigo).view(Viewer::Player(Side::South)), true);
    assert!(south.stores.south.is_some() && south.stores.north.is_none());
    round_trip(&south);
}

#[test]
fn choice_states() {
    pin!("choice_states", [ChoiceState::Pending, ChoiceState::Hidden, ChoiceState::One, ChoiceState::Two]);
}

/// Every step kind, with fixed values (the real ones come from the engine: see the `event_*` tests).
#[test]
fn step_events() {
    pin!(
        "step_events",
        vec![
            StepEvent::Chose { side: Side::South, array: None },
            StepEvent::Chose { side: Side::North, array: Some(2) },
            StepEvent::Revealed { south: 1, north: 2 },
            StepEvent::Lift { hole: hole("c2"), count: 4, direction: Direction::Anticlockwise },
            StepEvent::Lift { hole: hole("a1"), count: 3, direction: Direction::Clockwise },
            StepEvent::Drop { hole: hole("b2") },
            StepEvent::Capture {
                from: hole("d3"),
                count: 5,
                to: CaptureTarget::Hole(hole("c2")),
                reason: Some(CaptureRule::Opposition { last: hole("d2"), inner: hole("d3"), outer: hole("d4") }),
            },
            StepEvent::Capture {
                from: hole("k2"),
                count: 3,
                to: CaptureTarget::Store(Side::South),
                reason: Some(CaptureRule::OneOrThree { last: hole("l2") }),
            },
            StepEvent::Capture {
                from: hole("s2"),
                count: 1,
                to: CaptureTarget::Store(Side::South),
                reason: Some(CaptureRule::StoreCross { last: hole("t2") }),
            },
            StepEvent::Capture {
                from: hole("e3"),
                count: 2,
                to: CaptureTarget::Off,
                reason: Some(CaptureRule::EmptyInner { last: hole("e2"), inner: hole("e3"), outer: hole("e4") }),
            },
            StepEvent::Capture {
                from: hole("d3"),
                count: 1,
                to: CaptureTarget::Off,
                reason: Some(CaptureRule::PairWalk { last: hole("d2"), inner: hole("d3") }),
            },
            StepEvent::StoreLift { side: Side::North, count: None },
            StepEvent::StoreLift { side: Side::South, count: Some(8) },
            StepEvent::Pass { side: Side::North },
            StepEvent::TurnEnd { next: Side::North },
            StepEvent::GameEnd {
                outcome: OutcomeInfo { winner: Some(Side::South), reason: "all-captured".into(), ratings: None }
            },
            StepEvent::Skipped { steps: 917_304 },
        ]
    );
}

#[test]
fn error_codes() {
    pin!(
        "error_codes",
        [
            ErrorCode::Malformed,
            ErrorCode::UnknownType,
            ErrorCode::TooLarge,
            ErrorCode::RateLimited,
            ErrorCode::NotSeated,
            ErrorCode::BadToken,
            ErrorCode::WrongGame,
            ErrorCode::WrongSeat,
            ErrorCode::BadNotation,
            ErrorCode::NotYourTurn,
            ErrorCode::Illegal,
            ErrorCode::WrongPhase,
            ErrorCode::GameOver,
            ErrorCode::Unavailable,
        ]
    );
}

// ---------------------------------------------------------------------------------------------------
// Server messages
// ---------------------------------------------------------------------------------------------------

/// The snapshot South gets on connecting to a Kubuguza game that has just started (version 1: its `start`).
#[test]
fn server_snapshot() {
    pin!(
        "server_snapshot",
        ServerMsg::Snapshot {
            protocol: PROTOCOL_VERSION,
            v: 1,
            seat: Some(Side::South),
            game: summary(Variant::Kubuguza, GameStatus::Ongoing),
            view: kubuguza_start_view(),
            clock: Some(ClockState {
                base_secs: 300,
                increment_secs: 5,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![]
            }),
            presence: both_here(),
        }
    );
}

/// A spectator's snapshot of an Azigo game: no seat, no stores, no legal decisions, no clock; the
/// creator's game is still waiting for its opponent (with the invite code).
#[test]
fn server_snapshot_spectator_azigo() {
    let game = GameSummary {
        variant: Variant::Azigo,
        options: Options::defaults(Variant::Azigo),
        clock: None,
        ..waiting_summary()
    };
    pin!(
        "server_snapshot_spectator_azigo",
        ServerMsg::Snapshot {
            protocol: PROTOCOL_VERSION,
            v: 0,
            seat: None,
            game,
            view: BoardView::from_view(&start(Variant::Azigo).view(Viewer::Spectator), false),
            clock: None,
            presence: Presence { south: true, north: false, claim_win_at: None },
        }
    );
}

/// South's first decision in Kubuguza (`a2`), as South sees it: the steps lap by lap, the board after
/// it, and the clock (not running yet: each side's first decision is free).
#[test]
fn server_event_move() {
    let mut pos = start(Variant::Kubuguza);
    let events = apply(&mut pos, Side::South, "a2");
    let viewer = Viewer::Player(Side::South);
    pin!(
        "server_event_move",
        ServerMsg::Event {
            v: 2,
            event: GameEvent::Move { mv: move_event(1, Side::South, Some("a2"), &events, &pos, viewer) },
            view: Some(BoardView::from_view(&pos.view(viewer), true)),
            clock: Some(ClockState {
                base_secs: 300,
                increment_secs: 5,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![]
            }),
        }
    );
}

/// South's secret Ikibuguzo choice as North (or a spectator) gets it: the version, the side, and no
/// content (`decision` and `array` are null).
#[test]
fn server_event_move_hidden_choice() {
    let mut pos = start(Variant::Ikibuguzo);
    let events = apply(&mut pos, Side::South, "opening:2");
    let north = Viewer::Player(Side::North);
    let msg = ServerMsg::Event {
        v: 2,
        event: GameEvent::Move { mv: move_event(1, Side::South, None, &events, &pos, north) },
        view: Some(BoardView::from_view(&pos.view(north), true)),
        clock: None,
    };
    let json = serde_json::to_string(&msg).unwrap();
    // North's own legal list names both arrays; nothing else may.
    assert!(json.contains(r#""decision":null"#) && json.contains(r#""chose south ?""#), "{json}");
    assert_eq!(json.matches("opening:2").count(), 1, "{json}");
    pin!("server_event_move_hidden_choice", msg);
}

/// North's choice completes the pair: both arrays are revealed together to everyone.
#[test]
fn server_event_move_reveal() {
    let mut pos = start(Variant::Ikibuguzo);
    apply(&mut pos, Side::South, "opening:2");
    let events = apply(&mut pos, Side::North, "opening:1");
    let spectator = Viewer::Spectator;
    pin!(
        "server_event_move_reveal",
        ServerMsg::Event {
            v: 3,
            event: GameEvent::Move { mv: move_event(2, Side::North, Some("opening:1"), &events, &pos, spectator) },
            view: Some(BoardView::from_view(&pos.view(spectator), true)),
            clock: None,
        }
    );
}

/// The game starts: the second player took the open seat (version 1 of every game that started). The
/// summary has both players; the board offers South its first decisions.
#[test]
fn server_event_start() {
    let pos = start(Variant::Kubuguza);
    pin!(
        "server_event_start",
        ServerMsg::Event {
            v: 1,
            event: GameEvent::Start { game: summary(Variant::Kubuguza, GameStatus::Ongoing) },
            view: Some(BoardView::from_view(&pos.view(Viewer::Player(Side::South)), true)),
            clock: None,
        }
    );
}

/// A decision followed by a forced one in the same change: the first event leaves the board out (only the
/// change's last event carries it).
#[test]
fn server_event_move_inside_a_change() {
    let mut pos = start(Variant::IkibuguzoOpening1);
    let text = pos.legal_decisions(Side::South)[0].notation(pos.geometry());
    let events = apply(&mut pos, Side::South, &text);
    pin!(
        "server_event_move_inside_a_change",
        ServerMsg::Event {
            v: 2,
            event: GameEvent::Move {
                mv: MoveEvent {
                    auto: true,
                    ..move_event(1, Side::South, Some(&text), &events, &pos, Viewer::Spectator)
                }
            },
            view: None,
            clock: None,
        }
    );
}

/// An Azigo store move as the opponent sees it: the store's count is `null`.
#[test]
fn server_event_move_azigo_store_hidden() {
    let mut pos = start(Variant::Azigo);
    let events = apply(&mut pos, Side::South, "store");
    let north = Viewer::Player(Side::North);
    let mv = move_event(1, Side::South, Some("store"), &events, &pos, north);
    assert!(mv.steps.contains(&StepEvent::StoreLift { side: Side::South, count: None }), "{mv:?}");
    pin!(
        "server_event_move_azigo_store_hidden",
        ServerMsg::Event {
            v: 1,
            event: GameEvent::Move { mv },
            view: Some(BoardView::from_view(&pos.view(north), true)),
            clock: None
        }
    );
}

/// A game ended by the server (here a resignation): its own version, the outcome, the final board (every
/// secret revealed), the stopped clocks.
#[test]
fn server_event_end() {
    let mut pos = start(Variant::Kubuguza);
    apply(&mut pos, Side::South, "a2");
    // A ruling of the server: the engine's position goes on, the board says it is over.
    // A rated game: both players' ratings before and after it.
    let ratings = RatingChanges {
        south: RatingChange { before: 1500, after: 1662, provisional: true },
        north: RatingChange { before: 1500, after: 1338, provisional: true },
    };
    let outcome = OutcomeInfo { winner: Some(Side::South), reason: "resignation".into(), ratings: Some(ratings) };
    pin!(
        "server_event_end",
        ServerMsg::Event {
            v: 3,
            event: GameEvent::End { outcome: outcome.clone() },
            view: Some(BoardView::from_view(&pos.view(Viewer::Analysis), false).ended(outcome)),
            // No clock ran yet: each side's first decision of its own is free.
            clock: Some(ClockState {
                base_secs: 300,
                increment_secs: 5,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![]
            }),
        }
    );
}

#[test]
fn server_accepted() {
    pin!("server_accepted", ServerMsg::Accepted { id: Some("m1".into()), v: 7 });
}

/// The answer to an illegal decision, with the engine's own reason and the legal decisions (Kubuguza's
/// start: the outer row is empty, so `c1` cannot be sown).
#[test]
fn server_rejected() {
    let pos = start(Variant::Kubuguza);
    let c1 = Decision::parse("c1", pos.geometry()).unwrap();
    let reason = pos.clone().apply(Side::South, c1, &mut Vec::new()).unwrap_err().to_string();
    let legal: Vec<String> = pos.legal_decisions(Side::South).iter().map(|d| d.notation(pos.geometry())).collect();
    pin!("server_rejected", ServerMsg::Rejected { id: Some("m1".into()), code: ErrorCode::Illegal, reason, legal });
}

#[test]
fn server_rejected_without_legal() {
    pin!(
        "server_rejected_without_legal",
        ServerMsg::Rejected {
            id: Some("a1".into()),
            code: ErrorCode::WrongPhase,
            reason: "both players have moved: resign instead".into(),
            legal: vec![],
        }
    );
}

#[test]
fn server_error() {
    pin!(
        "server_error",
        ServerMsg::Error {
            code: ErrorCode::UnknownType,
            message: ClientMsg::from_text(r#"{"type":"dance"}"#, 4096).unwrap_err().message,
        }
    );
}

#[test]
fn server_presence() {
    pin!("server_presence", ServerMsg::Presence { presence: both_here() });
}

/// In a player's own presence message, when its opponent is away: from when `claim_win` is accepted.
#[test]
fn server_presence_opponent_away() {
    pin!(
        "server_presence_opponent_away",
        ServerMsg::Presence {
            presence: Presence { south: true, north: false, claim_win_at: Some(UPDATED_AT + 60_000) }
        }
    );
}

#[test]
fn server_pong() {
    pin!("server_pong", ServerMsg::Pong { id: Some("p1".into()) });
}

/// Every event of real games of every variant, for every viewer, survives the round trip (the `Move`
/// event is a flattened struct inside a tagged enum, the one shape serde could get wrong).
#[test]
fn real_events_round_trip() {
    for variant in Variant::ALL {
        let mut pos = start(variant);
        for ply in 1..=80u32 {
            let side = match pos.to_move() {
                mancala_engine::ToMove::Side(s) => s,
                mancala_engine::ToMove::Both { waiting } => {
                    if waiting.south {
                        Side::South
                    } else {
                        Side::North
                    }
                }
                mancala_engine::ToMove::Nobody(_) => break,
            };
            let legal = pos.legal_decisions(side);
            let decision = legal[ply as usize % legal.len()];
            let text = decision.notation(pos.geometry());
            let events = apply(&mut pos, side, &text);
            for viewer in [Viewer::Player(Side::South), Viewer::Player(Side::North), Viewer::Spectator] {
                round_trip(&ServerMsg::Event {
                    v: ply as u64 + 1,
                    event: GameEvent::Move { mv: move_event(ply, side, Some(&text), &events, &pos, viewer) },
                    view: Some(BoardView::from_view(&pos.view(viewer), true)),
                    clock: clock(vec![side]),
                });
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------
// HTTP bodies
// ---------------------------------------------------------------------------------------------------

#[test]
fn http_variant_list() {
    pin!(
        "http_variant_list",
        VariantList {
            protocol: PROTOCOL_VERSION,
            variants: vec![
                VariantInfo {
                    id: Variant::Njombwa,
                    name: "Njombwa".into(),
                    summary: "Four rows (Malawi), 8 columns by default (9 or 10 allowed). …".into(),
                    default_options: Options::defaults(Variant::Njombwa),
                    option_notes: vec![
                        "width: 8, 9 or 10 columns".into(),
                        "turn_limit: turns per player (default 1000; 0: none)".into(),
                    ],
                    simultaneous_choice: false,
                    concealed_store: false,
                },
                VariantInfo {
                    id: Variant::Azigo,
                    name: "Azigo".into(),
                    summary: "Two rows of twenty (Nigeria). …".into(),
                    default_options: Options::defaults(Variant::Azigo),
                    option_notes: vec![
                        "turn_limit: turns per player (default 500; 0: none)".into(),
                        "handicap: {south, north}: that player starts with 8 in store and 1 left in its l hole".into(),
                    ],
                    simultaneous_choice: false,
                    concealed_store: true,
                },
            ],
        }
    );
}

#[test]
fn http_create_game() {
    pin!(
        "http_create_game",
        CreateGame {
            variant: Some(Variant::Njombwa),
            options: Some(OptionsPatch { width: Some(9), turn_limit: Some(0), handicap: None }),
            seat: SeatChoice::South,
            name: Some("amina".into()),
            clock: Some(ClockSpec { base_secs: 300, increment_secs: 5 }),
            auto_forced: Some(true),
            opponent: None,
            rated: true,
            previews: None,
        }
    );
}

/// The smallest request: everything but the variant has a default.
#[test]
fn http_create_game_minimal() {
    let req: CreateGame = serde_json::from_str(r#"{"variant":"kubuguza"}"#).unwrap();
    assert_eq!(req, CreateGame { variant: Some(Variant::Kubuguza), ..CreateGame::default() });
    assert_eq!(req.seat, SeatChoice::Random);
    let azigo: CreateGame =
        serde_json::from_str(r#"{"variant":"azigo","options":{"handicap":{"north":true}},"clock":{"base_secs":600}}"#)
            .unwrap();
    assert_eq!(azigo.options.unwrap().handicap, Some(HandicapPatch { south: false, north: true }));
    assert_eq!(azigo.clock, Some(ClockSpec { base_secs: 600, increment_secs: 0 }));
    let err = serde_json::from_str::<CreateGame>(r#"{"variant":"kubuguza","colour":"red"}"#).unwrap_err().to_string();
    assert!(err.contains("colour"), "{err}");
    let err = serde_json::from_str::<CreateGame>(r#"{"variant":"mancala"}"#).unwrap_err().to_string();
    assert!(err.contains("mancala"), "{err}");
}

#[test]
fn http_seat_granted() {
    pin!(
        "http_seat_granted",
        SeatGranted {
            game: waiting_summary(),
            seat: Side::South,
            token: "Xb3k9QmT0vLr7WcZ2pNa5sYh8dFj1uEg".into(),
            ws_path: format!("/api/games/{GAME_ID}/ws"),
            invite_code: Some("K7QX2MPA".into()),
            invite_path: Some("/api/invites/K7QX2MPA".into()),
        }
    );
}

#[test]
fn http_join_game() {
    pin!("http_join_game", JoinGame { name: Some("kwame".into()) });
}

#[test]
fn http_game_summary_finished() {
    pin!(
        "http_game_summary_finished",
        GameSummary {
            plies: 57,
            result: Some(OutcomeInfo { winner: Some(Side::North), reason: "no-legal-move".into(), ratings: None }),
            ..summary(Variant::Kubuguza, GameStatus::Finished)
        }
    );
}

#[test]
fn http_game_list() {
    pin!(
        "http_game_list",
        GameList {
            games: vec![
                summary(Variant::Kubuguza, GameStatus::Ongoing),
                GameSummary {
                    id: "Pq81LmZx0a".into(),
                    variant: Variant::Ikibuguzo,
                    options: Options::defaults(Variant::Ikibuguzo),
                    clock: None,
                    auto_forced: false,
                    plies: 31,
                    result: Some(OutcomeInfo {
                        winner: Some(Side::South),
                        reason: "special-win".into(),
                        ratings: None
                    }),
                    ..summary(Variant::Ikibuguzo, GameStatus::Finished)
                },
            ],
            next_cursor: Some("1767225600000.Pq81LmZx0a".into()),
        }
    );
}

/// One game with its record, clocks and the board as a spectator sees it.
#[test]
fn http_game_detail() {
    let mut pos = start(Variant::Kubuguza);
    apply(&mut pos, Side::South, "a2");
    apply(&mut pos, Side::North, "h3");
    pin!(
        "http_game_detail",
        GameDetail {
            game: GameSummary { plies: 2, ..summary(Variant::Kubuguza, GameStatus::Ongoing) },
            clock: Some(ClockState {
                base_secs: 300,
                increment_secs: 5,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![Side::South]
            }),
            record: vec![
                RecordEntry {
                    ply: 1,
                    side: Side::South,
                    decision: Some("a2".into()),
                    auto: false,
                    at: CREATED_AT + 60_000,
                    clock_ms: Some(300_000)
                },
                RecordEntry {
                    ply: 2,
                    side: Side::North,
                    decision: Some("h3".into()),
                    auto: false,
                    at: UPDATED_AT,
                    clock_ms: Some(300_000)
                },
            ],
            view: BoardView::from_view(&pos.view(Viewer::Spectator), true),
        }
    );
}

/// Record entries without a clock: South's Ikibuguzo array choice while it is still secret (decision
/// `null`), and (from another game) a forced Njombwa pass that the server played (`auto`).
#[test]
fn http_record_entries() {
    pin!(
        "http_record_entries",
        vec![
            RecordEntry {
                ply: 1,
                side: Side::South,
                decision: None,
                auto: false,
                at: CREATED_AT + 5_000,
                clock_ms: None
            },
            RecordEntry {
                ply: 5,
                side: Side::North,
                decision: Some("pass".into()),
                auto: true,
                at: UPDATED_AT,
                clock_ms: None
            },
        ]
    );
}

#[test]
fn http_position_at() {
    let mut pos = start(Variant::Kubuguza);
    apply(&mut pos, Side::South, "a2");
    pin!(
        "http_position_at",
        PositionAt { game_id: GAME_ID.into(), ply: 1, view: BoardView::from_view(&pos.view(Viewer::Spectator), true) }
    );
}

#[test]
fn http_create_player() {
    pin!("http_create_player", CreatePlayer { name: "amina".into() });
}

#[test]
fn http_player_created() {
    pin!(
        "http_player_created",
        PlayerCreated {
            name: "amina".into(),
            token: "pT4n8WqZ1cVb6XyR3mKd9sLe0aGh2JuF".into(),
            created_at: CREATED_AT
        }
    );
}

#[test]
fn http_player_profile() {
    pin!(
        "http_player_profile",
        PlayerProfile {
            name: "amina".into(),
            created_at: CREATED_AT,
            games: 12,
            wins: 7,
            losses: 3,
            draws: 1,
            ongoing: 1,
            ratings: [(
                "kubuguza".to_string(),
                PlayerRating { rating: 1623, deviation: 74, provisional: false, games: 41 }
            )]
            .into()
        }
    );
}

#[test]
fn http_api_error() {
    pin!("http_api_error", ApiError { error: "not_found".into(), message: "no registered player `zanele`".into() });
}

/// Seat choices, statuses and per-side values read back as they are written.
#[test]
fn small_types_round_trip() {
    for s in [SeatChoice::South, SeatChoice::North, SeatChoice::Random] {
        round_trip(&s);
    }
    for s in [GameStatus::Waiting, GameStatus::Ongoing, GameStatus::Finished] {
        round_trip(&s);
        assert_eq!(serde_json::to_string(&s).unwrap(), format!("\"{}\"", s.as_str()));
        assert_eq!(GameStatus::parse(s.as_str()), Some(s));
    }
    round_trip(&JoinGame::default());
    round_trip(&CreateGame::default());
}

#[test]
fn http_accounts() {
    use mancala_protocol::account::{
        AccountInfo, ApiTokenCreated, ApiTokenInfo, ChangePassword, CreateApiToken, SignedIn, Signin, Signup,
    };
    pin!("http_signup", Signup { name: "Amina".into(), password: "mango tree 42".into() });
    pin!("http_account", AccountInfo { name: "Amina".into(), created_at: CREATED_AT });
    pin!(
        "http_signin_token",
        Signin { name: "amina".into(), password: "mango tree 42".into(), token_label: Some("mancala-cli".into()) }
    );
    pin!("http_signed_in", SignedIn { name: "Amina".into(), token: None });
    pin!(
        "http_signed_in_token",
        SignedIn { name: "Amina".into(), token: Some("Xq7LmR2pVb9TzK4wNc6YhJ1sDf8GuE3a".into()) }
    );
    pin!("http_change_password", ChangePassword { current: "mango tree 42".into(), new: "banana tree 7".into() });
    pin!("http_create_api_token", CreateApiToken { label: "laptop".into() });
    pin!(
        "http_api_token_created",
        ApiTokenCreated {
            id: "k3Jd9QmZ2xLp".into(),
            label: "laptop".into(),
            token: "Xq7LmR2pVb9TzK4wNc6YhJ1sDf8GuE3a".into(),
            created_at: CREATED_AT
        }
    );
    pin!(
        "http_api_tokens",
        vec![ApiTokenInfo { id: "k3Jd9QmZ2xLp".into(), label: "laptop".into(), created_at: CREATED_AT }]
    );
}

/// The lobby's first message (capped: the newest seeks and the count of all) and a refusal that says when
/// to ask again.
#[test]
fn lobby_messages() {
    use mancala_protocol::lobby::{LobbyServerMsg, Seek, SeekList};
    let seek = Seek {
        id: "k3Xa9QpL2mZr".into(),
        name: "amina".into(),
        registered: true,
        rating: Some(1512),
        provisional: Some(true),
        variant: Variant::Kubuguza,
        options: Options::defaults(Variant::Kubuguza),
        clock: Some(ClockSpec { base_secs: 300, increment_secs: 3 }),
        rated: false,
        range: Some([1400, 1700]),
        created_at: CREATED_AT,
    };
    pin!("lobby_seeks", LobbyServerMsg::Seeks { seeks: vec![seek.clone()], total: 240 });
    pin!("lobby_seek_list", SeekList { seeks: vec![seek], total: 240 });
    pin!(
        "lobby_error_rate_limited",
        LobbyServerMsg::Error {
            code: "rate_limited".into(),
            message: "too many new games from this address (at most 60 new games a minute; seeks and challenges \
                      count): retry in 7 s"
                .into(),
            retry_after: Some(7),
        }
    );
    pin!(
        "lobby_error",
        LobbyServerMsg::Error {
            code: "playing".into(),
            message: "you are playing game Hx3kT9wQa2 from the lobby: finish, resign or abort it first".into(),
            retry_after: None,
        }
    );
}
