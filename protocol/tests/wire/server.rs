//! Server → client messages of a game's WebSocket: snapshots, events (start, moves, end), answers,
//! presence, pong; and real games' events read back.

use super::*;
use mancala_engine::{Decision, Options, Side, Variant, Viewer};
use mancala_protocol::http::{GameStatus, GameSummary, SeatGranted, Seats};
use mancala_protocol::{
    BoardView, ChatLine, ChatRoom, ClientMsg, ClockState, ErrorCode, GameEvent, MoveEvent, NextGame, OutcomeInfo,
    PROTOCOL_VERSION, Presence, RatingChange, RatingChanges, ServerMsg, StepEvent,
};

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
                days: None,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![],
                held_ms: 0
            }),
            presence: both_here(),
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            chat: Vec::new(),
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
            presence: Presence { south: true, north: false, claim_win_at: None, watching: 0, abort_at: None },
            draw_offer: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            chat: Vec::new(),
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
                days: None,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![],
                held_ms: 0
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
    let outcome =
        OutcomeInfo { winner: Some(Side::South), reason: "resignation".into(), ratings: Some(ratings), late: None };
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
                days: None,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![],
                held_ms: 0
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

/// South offers a draw; then no offer is pending any more (declined, or lapsed with North's decision).
#[test]
fn server_draw_offer() {
    pin!("server_draw_offer", ServerMsg::DrawOffer { by: Some(Side::South) });
    pin!("server_draw_offer_none", ServerMsg::DrawOffer { by: None });
}

/// South proposes a takeback; then none is pending any more (declined, lapsed with a decision, or done).
#[test]
fn server_takeback_offer() {
    pin!("server_takeback_offer", ServerMsg::TakebackOffer { by: Some(Side::South) });
    pin!("server_takeback_offer_none", ServerMsg::TakebackOffer { by: None });
}

/// North agreed to South's takeback of its first decision in Kubuguza (`a2`) and North's reply: the game
/// is back at the start (ply 0), South to decide again; the event carries the board, as South sees it.
#[test]
fn server_event_takeback() {
    let pos = start(Variant::Kubuguza);
    let viewer = Viewer::Player(Side::South);
    pin!(
        "server_event_takeback",
        ServerMsg::Event {
            v: 4,
            event: GameEvent::Takeback { by: Side::South, ply: 0 },
            view: Some(BoardView::from_view(&pos.view(viewer), true)),
            clock: None,
        }
    );
}

/// In an arena game that allows it, South berserked before its first decision (version 2, just after the
/// start): its 5 minutes are 2½, and the event carries the clocks and the board, as South sees it.
#[test]
fn server_event_berserk() {
    pin!(
        "server_event_berserk",
        ServerMsg::Event {
            v: 2,
            event: GameEvent::Berserk { side: Side::South },
            view: Some(kubuguza_start_view()),
            clock: Some(ClockState {
                base_secs: 300,
                increment_secs: 5,
                days: None,
                south_ms: 150_000,
                north_ms: 300_000,
                running: vec![],
                held_ms: 0
            }),
        }
    );
}

/// After the end: South offers a rematch; then none is pending (declined, cancelled, or not made).
#[test]
fn server_rematch_offer() {
    pin!("server_rematch_offer", ServerMsg::RematchOffer { by: Some(Side::South) });
    pin!("server_rematch_offer_none", ServerMsg::RematchOffer { by: None });
}

/// The rematch made: the message of the player who was South (it plays North now, with its new token),
/// and a spectator's.
#[test]
fn server_rematch() {
    let mut game = summary(Variant::Kubuguza, GameStatus::Ongoing);
    game.id = "R7kQ2mVx9P".into();
    game.players = Seats { south: players().north, north: players().south };
    let seat = SeatGranted {
        ws_path: format!("/api/games/{}/ws", game.id),
        game,
        seat: Side::North,
        token: "Xb3k9QmT0vLr7WcZ2pNa5sYh8dFj1uEg".into(),
        invite_code: None,
        invite_path: None,
    };
    let next = NextGame { game: "R7kQ2mVx9P".into(), seat: Some(Box::new(seat)) };
    pin!("server_rematch", ServerMsg::Rematch { next });
    pin!("server_rematch_spectator", ServerMsg::Rematch { next: NextGame { game: "R7kQ2mVx9P".into(), seat: None } });
}

/// A line of the players' room (North's), and one of the spectators' room.
#[test]
fn server_chat() {
    let line = |room, by: &str, side, text: &str| ChatLine {
        room,
        by: by.into(),
        side,
        text: text.into(),
        at: UPDATED_AT,
        n: None,
    };
    pin!("server_chat", ServerMsg::Chat { line: line(ChatRoom::Players, "kwame", Some(Side::North), "good luck") });
    pin!(
        "server_chat_spectator",
        ServerMsg::Chat { line: line(ChatRoom::Spectators, "zawadi", None, "what a capture <b>!</b>") }
    );
}

/// In a player's own presence message, when its opponent is away: from when `claim_win` is accepted.
#[test]
fn server_presence_opponent_away() {
    pin!(
        "server_presence_opponent_away",
        ServerMsg::Presence {
            presence: Presence {
                south: true,
                north: false,
                claim_win_at: Some(UPDATED_AT + 60_000),
                watching: 2,
                abort_at: None
            }
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
