//! The board of snapshots and events (`view`), choice states, every kind of step, the error codes.

use super::*;
use mancala_engine::{Side, Variant, Viewer};
use mancala_protocol::{
    BoardView, CaptureRule, CaptureTarget, ChoiceState, Direction, ErrorCode, OutcomeInfo, StepEvent,
};

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
                outcome: OutcomeInfo {
                    winner: Some(Side::South),
                    reason: "all-captured".into(),
                    ratings: None,
                    late: None
                }
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
            ErrorCode::ChatTimeout,
            ErrorCode::ChatForbiddenWords,
            ErrorCode::Blocked,
        ]
    );
}
