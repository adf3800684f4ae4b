//! Snapshots of the screen on ratatui's `TestBackend` (80x24) for each board shape and viewer, built from
//! real engine positions; the replay of a move; and the keys of [`App`]. Marks show as text: `[4]` a
//! legal hole, `>4<` the selected one (`+4` / `>4` in Azigo's compact cells), `(0)` the hole a lap was
//! lifted from, `*5*` the last drop.

use super::anim::Anim;
use super::app::{Action, App};
use super::screen::draw;
use crate::online::model::{GameModel, Note};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use insta::assert_snapshot;
use mancala_engine::{Decision, Event, Options, Position, Side, ToMove, Variant, Viewer};
use mancala_protocol::http::{GameStatus, GameSummary, PlayerInfo, Seats};
use mancala_protocol::{BoardView, ClockSpec, ClockState, MoveEvent, OutcomeInfo, Presence, StepEvent};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A game played from the start: each decision is `c2`, or `north opening:1` when both may decide.
struct Played {
    pos: Position,
    record: Vec<(u32, Side, Decision)>,
    /// The last decision's side, decision and events.
    last: Option<(Side, Decision, Vec<Event>)>,
}

fn play(variant: Variant, options: Options, moves: &[&str]) -> Played {
    let mut pos = Position::start(variant, options).unwrap();
    let mut played = Vec::new();
    let mut last = None;
    for m in moves {
        let (side, text) = match m.split_once(' ') {
            Some((side, text)) => (side.parse().unwrap(), text),
            None => match pos.to_move() {
                ToMove::Side(s) => (s, *m),
                other => panic!("say who decides {m}: {other:?}"),
            },
        };
        let decision = Decision::parse(text, pos.geometry()).unwrap();
        let mut events = Vec::new();
        pos.apply(side, decision, &mut events).unwrap();
        played.push((played.len() as u32 + 1, side, decision));
        last = Some((side, decision, events));
    }
    Played { pos, record: played, last }
}

fn summary(pos: &Position) -> GameSummary {
    let player = |name: &str| Some(PlayerInfo { name: name.to_string(), registered: false });
    GameSummary {
        id: "g-7f3a".to_string(),
        variant: pos.variant(),
        options: *pos.options(),
        status: if pos.is_over() { GameStatus::Finished } else { GameStatus::Ongoing },
        players: Seats { south: player("alice"), north: player("bob") },
        clock: Some(ClockSpec::fischer(300, 5)),
        auto_forced: false,
        rated: false,
        previews: false,
        plies: 0,
        berserk: None,
        result: pos.outcome().map(OutcomeInfo::from),
        created_at: 1_700_000_000_000,
        updated_at: 1_700_000_100_000,
        invite_code: None,
    }
}

/// The model a viewer (`seat`, or a spectator) holds after `played`, both players connected.
fn model(played: &Played, seat: Option<Side>) -> GameModel {
    let viewer = seat.map(Viewer::Player).unwrap_or(Viewer::Spectator);
    let pos = &played.pos;
    let (geo, over) = (pos.geometry(), pos.is_over());
    let secret = |side: Side, d: &Decision| {
        let hidden = matches!(d, Decision::Opening(_)) && !viewer.sees_secrets_of(side, over);
        (!hidden).then(|| d.notation(geo))
    };
    let last_move = played.last.as_ref().map(|(side, d, events)| MoveEvent {
        ply: played.record.len() as u32,
        side: *side,
        decision: secret(*side, d),
        auto: false,
        steps: events.iter().map(|e| StepEvent::from_event(e.project(viewer, over), geo)).collect(),
    });
    let running = match pos.to_move() {
        ToMove::Side(s) => vec![s],
        ToMove::Both { .. } => vec![Side::South, Side::North],
        ToMove::Nobody(_) => vec![],
    };
    GameModel {
        game: Some(summary(pos)),
        seat,
        v: played.record.len() as u64 + 1,
        view: Some(BoardView::from_view(&pos.view(viewer), !over)),
        clock: Some(ClockState {
            base_secs: 300,
            increment_secs: 5,
            days: None,
            south_ms: 251_400,
            north_ms: 187_000,
            running,
            held_ms: 0,
        }),
        clock_at: None,
        presence: Some(Presence { south: true, north: true, claim_win_at: None, watching: 0, abort_at: None }),
        draw_offer: None,
        takeback_offer: None,
        rematch_offer: None,
        rematch: None,
        chat: Vec::new(),
        last_move,
        record: played.record.iter().map(|(n, s, d)| (*n, *s, secret(*s, d).unwrap_or("?".into()))).collect(),
    }
}

fn screen(model: &GameModel, app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| draw(f, model, app)).unwrap();
    terminal.backend().to_string()
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn kubuguza() -> Played {
    play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &["h2", "a3"])
}

#[test]
fn kubuguza_from_south_with_the_legal_moves() {
    let m = model(&kubuguza(), Some(Side::South));
    let mut app = App::new(&m);
    app.on_key(key(KeyCode::Right), &m);
    assert_snapshot!(screen(&m, &app));
}

#[test]
fn kubuguza_from_north_is_rotated() {
    let m = model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &["h2"]), Some(Side::North));
    assert_snapshot!(screen(&m, &App::new(&m)));
}

#[test]
fn njombwa_four_by_ten() {
    let options = Options { width: 10, ..Options::defaults(Variant::Njombwa) };
    let m = model(&play(Variant::Njombwa, options, &["b1", "i4"]), Some(Side::South));
    assert_snapshot!(screen(&m, &App::new(&m)));
}

#[test]
fn azigo_shows_the_own_store_and_hides_the_other() {
    let m = model(&play(Variant::Azigo, Options::defaults(Variant::Azigo), &["d1", "n2"]), Some(Side::South));
    assert_eq!(m.view.as_ref().unwrap().stores.north, None);
    assert_snapshot!(screen(&m, &App::new(&m)));
}

#[test]
fn azigo_gets_wide_cells_on_a_wide_terminal() {
    let m = model(&play(Variant::Azigo, Options::defaults(Variant::Azigo), &["d1", "n2"]), Some(Side::South));
    let mut terminal = Terminal::new(TestBackend::new(110, 24)).unwrap();
    terminal.draw(|f| draw(f, &m, &App::new(&m))).unwrap();
    let text = terminal.backend().to_string();
    assert!(text.contains("  1   >5<  [5]  [5]  [1]  [6]"), "{text}");
    let mut small = Terminal::new(TestBackend::new(40, 12)).unwrap();
    small.draw(|f| draw(f, &m, &App::new(&m))).unwrap();
    assert!(small.backend().to_string().contains("the terminal is too small"));
}

#[test]
fn ikibuguzo_secret_choice_as_north() {
    let m = model(
        &play(Variant::Ikibuguzo, Options::defaults(Variant::Ikibuguzo), &["south opening:1"]),
        Some(Side::North),
    );
    assert_eq!(m.record, [(1, Side::South, "?".to_string())]);
    assert_snapshot!(screen(&m, &App::new(&m)));
}

#[test]
fn finished_game_shows_the_result() {
    // A resignation is the server's ruling: the board says the game is over, the clocks stop.
    let mut m = model(&kubuguza(), Some(Side::South));
    let outcome = OutcomeInfo { winner: Some(Side::North), reason: "resignation".into(), ratings: None, late: None };
    m.view = m.view.map(|v| v.ended(outcome.clone()));
    if let Some(c) = m.clock.as_mut() {
        c.running.clear();
    }
    if let Some(g) = m.game.as_mut() {
        g.status = mancala_protocol::http::GameStatus::Finished;
        g.result = Some(outcome);
    }
    let mut app = App::new(&m);
    app.on_notes(&[Note::Ended(m.outcome().unwrap())], &m);
    assert_snapshot!(screen(&m, &app));
}

#[test]
fn spectator_sees_south_side_without_input() {
    let m = model(&kubuguza(), None);
    let mut app = App::new(&m);
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), None);
    assert_eq!(app.on_key(key(KeyCode::Char('a')), &m), None);
    assert_snapshot!(screen(&m, &app));
    assert_eq!(app.on_key(key(KeyCode::Char('q')), &m), Some(Action::Quit));
}

#[test]
fn waiting_for_an_opponent_shows_the_invite_code() {
    let mut m = model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &[]), Some(Side::South));
    let game = m.game.as_mut().unwrap();
    (game.status, game.players.north, game.invite_code) = (GameStatus::Waiting, None, Some("KCAXJTGJ".into()));
    (m.clock, m.presence) =
        (None, Some(Presence { south: true, north: false, claim_win_at: None, watching: 0, abort_at: None }));
    m.view.as_mut().unwrap().legal.clear(); // nothing to play before the opponent is in
    assert_snapshot!(screen(&m, &App::new(&m)));
}

#[test]
fn opponent_away_and_a_rejection() {
    let mut m = model(&kubuguza(), Some(Side::South));
    m.presence = Some(Presence {
        south: true,
        north: false,
        claim_win_at: Some(1_700_000_042_000),
        watching: 0,
        abort_at: None,
    });
    let mut app = App::new(&m);
    app.tick(1_700_000_000_000, 100);
    let legal = m.legal().to_vec();
    app.on_notes(&[Note::Rejected { id: None, code: "illegal".into(), reason: "d2 is empty".into(), legal }], &m);
    assert_snapshot!(screen(&m, &app));
}

#[test]
fn the_last_move_is_replayed_lap_by_lap() {
    let before = model(&kubuguza(), Some(Side::South));
    let after =
        model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &["h2", "a3", "c2"]), Some(Side::South));
    let mv = after.last_move.clone().unwrap();
    let anim = Anim::start(before.view.as_ref().unwrap(), &mv, after.view.as_ref().unwrap()).expect("a replay");
    // The first frame is the lift; the last one is the board after the move.
    let first = anim.frame_at(1);
    assert_eq!(first.holes["c2"], 0);
    assert_eq!(first.caption, "south c2 · lifts 5 from c2", "the web board's words: one lap, no count");
    let second = anim.frame_at(2);
    assert_eq!(second.caption, "south c2 · lifts 5 from c2, sows to b2");
    assert_eq!(anim.frame_at(mv.steps.len()).holes, super::anim::names(after.view.as_ref().unwrap()));

    let mut app = App::new(&before);
    app.on_notes(&[Note::Moved { ply: 3, side: Side::South, decision: Some("c2".into()), auto: false }], &after);
    assert!(app.anim.is_some());
    app.tick(0, 300);
    assert_snapshot!(screen(&after, &app));
    app.tick(0, 5_000);
    assert!(app.anim.is_none(), "the replay ends");
}

/// A relay sowing counts its laps as the web board does ("lap 2 of 3: lifts …").
#[test]
fn a_relay_sowing_names_each_lap_of_all() {
    // The first decisions of a game, each the first legal one, until a move lifts twice or more.
    let mut moves: Vec<String> = Vec::new();
    let (mv, before, after) = loop {
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let pos = play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &refs).pos;
        let ToMove::Side(side) = pos.to_move() else { panic!("Kubuguza: one side decides") };
        moves.push(pos.legal_decisions(side)[0].notation(pos.geometry()));
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let after = model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &refs), Some(Side::South));
        let mv = after.last_move.clone().unwrap();
        if mv.steps.iter().filter(|s| matches!(s, StepEvent::Lift { .. })).count() >= 2 {
            let before = model(
                &play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &refs[..refs.len() - 1]),
                Some(Side::South),
            );
            break (mv, before, after);
        }
        assert!(moves.len() < 60, "no relay sowing in 60 decisions");
    };
    let laps = mv.steps.iter().filter(|s| matches!(s, StepEvent::Lift { .. })).count();
    let anim = Anim::start(before.view.as_ref().unwrap(), &mv, after.view.as_ref().unwrap()).expect("a replay");
    let second = mv.steps.iter().enumerate().filter(|(_, s)| matches!(s, StepEvent::Lift { .. })).nth(1).unwrap().0;
    let caption = anim.frame_at(second + 1).caption;
    assert!(caption.contains(&format!("· lap 2 of {laps}: lifts ")), "{caption}");
    assert!(anim.frame_at(second + 2).caption.contains(", sows to "), "{caption}");
}

#[test]
fn a_replay_that_does_not_lead_to_the_board_is_skipped() {
    let before = model(&kubuguza(), Some(Side::South));
    let after =
        model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &["h2", "a3", "c2"]), Some(Side::South));
    let mut stale = before.view.clone().unwrap();
    stale.holes[0] = 9; // a1
    assert!(Anim::start(&stale, after.last_move.as_ref().unwrap(), after.view.as_ref().unwrap()).is_none());
}

#[test]
fn arrows_cycle_through_the_legal_decisions() {
    let m = model(&kubuguza(), Some(Side::South));
    // Holes in screen order (row 2 above row 1, left to right), then the others.
    assert_eq!(App::choices(&m), ["a2", "b2", "c2", "e2", "f2", "g2", "b2:cw"]);
    let mut app = App::new(&m);
    assert_eq!(app.selection(&m).as_deref(), Some("a2"));
    app.on_key(key(KeyCode::Left), &m);
    assert_eq!(app.selection(&m).as_deref(), Some("b2:cw"));
    app.on_key(key(KeyCode::Right), &m);
    app.on_key(key(KeyCode::Right), &m);
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), Some(Action::Decide("b2".into())));
}

#[test]
fn north_cycles_in_its_own_screen_order() {
    let m = model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &["h2"]), Some(Side::North));
    assert_eq!(App::choices(&m), ["h3", "g3", "f3", "e3", "d3", "c3", "b3", "a3"]);
}

#[test]
fn typing_then_enter_sends_the_notation_and_esc_clears() {
    let m = model(&kubuguza(), Some(Side::South));
    let mut app = App::new(&m);
    for ch in "b2:cw".chars() {
        assert_eq!(app.on_key(key(KeyCode::Char(ch)), &m), None);
    }
    assert_eq!(app.input, "b2:cw");
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), Some(Action::Decide("b2:cw".into())));
    assert_eq!(app.input, "");
    app.on_key(key(KeyCode::Char('c')), &m);
    app.on_key(key(KeyCode::Char('9')), &m);
    app.on_key(key(KeyCode::Esc), &m);
    assert_eq!(app.input, "");
}

#[test]
fn command_keys() {
    let m = model(&kubuguza(), Some(Side::South));
    let mut app = App::new(&m);
    // `r` asks first; anything but `y` cancels.
    assert_eq!(app.on_key(key(KeyCode::Char('r')), &m), None);
    assert!(app.confirm_resign);
    assert_eq!(app.on_key(key(KeyCode::Char('n')), &m), None);
    assert_eq!(app.on_key(key(KeyCode::Char('r')), &m), None);
    assert_eq!(app.on_key(key(KeyCode::Char('y')), &m), Some(Action::Resign));
    // `a` and `c` start legal holes here (a2, c2): typed, and Enter on the single letter runs the command.
    assert_eq!(app.on_key(key(KeyCode::Char('a')), &m), None);
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), Some(Action::Abort));
    app.on_key(key(KeyCode::Char('c')), &m);
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), Some(Action::ClaimWin));
    assert_eq!(app.on_key(key(KeyCode::Char('q')), &m), Some(Action::Quit));
    // On the opponent's turn every command letter acts at once.
    let waiting = model(&play(Variant::Kubuguza, Options::defaults(Variant::Kubuguza), &["h2"]), Some(Side::South));
    assert_eq!(app.on_key(key(KeyCode::Char('c')), &waiting), Some(Action::ClaimWin));
    assert_eq!(app.on_key(KeyCode::Char('c').into(), &waiting), Some(Action::ClaimWin));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(app.on_key(ctrl_c, &m), Some(Action::Quit));
}

#[test]
fn notes_become_messages() {
    let m = model(&kubuguza(), Some(Side::South));
    let mut app = App::new(&m);
    let reason = "`d1` is not legal here; legal: a2 b2".to_string();
    let legal = vec!["a2".to_string(), "b2".to_string()];
    app.on_notes(&[Note::Rejected { id: None, code: "illegal".into(), reason: reason.clone(), legal }], &m);
    assert_eq!(app.message.as_ref().unwrap().text, format!("refused: {reason}"), "the legal list only once");
    app.on_reconnected(1);
    assert!(app.message.as_ref().unwrap().text.starts_with("refused"), "an error stays");
    let draw = OutcomeInfo { winner: None, reason: "turn-limit".into(), ratings: None, late: None };
    app.on_notes(&[Note::Ended(draw)], &m);
    assert_eq!(app.message.as_ref().unwrap().text, "draw (turn-limit)");
    app.on_lost("the connection to the game was lost");
    assert!(!app.interactive(&m));
    assert_eq!(app.on_key(key(KeyCode::Char('a')), &m), None);
    assert_eq!(app.on_key(key(KeyCode::Char('q')), &m), Some(Action::Quit));
}

/// `"` starts a chat line that takes spaces and letters that are also commands; Enter says it, Esc drops
/// one, and a spectator has no chat line.
#[test]
fn a_player_types_a_chat_line() {
    let m = model(&kubuguza(), Some(Side::South));
    let mut app = App::new(&m);
    for ch in "\"good luck, r".chars() {
        assert_eq!(app.on_key(key(KeyCode::Char(ch)), &m), None, "{ch}");
    }
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), Some(Action::Say("good luck, r".into())));
    assert_eq!(app.input, "");
    app.on_key(key(KeyCode::Char('"')), &m);
    app.on_key(key(KeyCode::Char('x')), &m);
    assert_eq!(app.on_key(key(KeyCode::Esc), &m), None);
    assert_eq!(
        app.on_key(key(KeyCode::Enter), &m),
        Some(Action::Decide(App::choices(&m)[0].clone())),
        "Esc dropped it"
    );
    let watcher = model(&kubuguza(), None);
    let mut app = App::new(&watcher);
    app.on_key(key(KeyCode::Char('"')), &watcher);
    assert_eq!(app.input, "");
}

#[test]
fn clocks_read_in_minutes_hours_or_days() {
    use super::screen::mm_ss;
    assert_eq!(mm_ss(245_000), "04:05");
    assert_eq!(mm_ss(3_723_000), "1:02:03");
    // A correspondence clock: days and hours once past a day.
    assert_eq!(mm_ss(2 * 86_400_000 + 5 * 3_600_000), "2d 05h");
    assert_eq!(mm_ss(86_400_000), "1d 00h");
}

#[test]
fn a_berserk_marks_the_player_and_b_berserks() {
    let mut m = model(&kubuguza(), Some(Side::South));
    m.game.as_mut().unwrap().berserk = Some(mancala_protocol::http::Berserked::default());
    let notes = m.apply(mancala_protocol::ServerMsg::Event {
        v: m.v + 1,
        event: mancala_protocol::GameEvent::Berserk { side: Side::North },
        view: m.view.clone(),
        clock: m.clock.clone(),
    });
    assert!(notes.contains(&Note::Berserked { side: Side::North }), "{notes:?}");
    let shown = screen(&m, &App::new(&m));
    let north = shown.lines().find(|l| l.contains("north ")).expect("North's line");
    assert!(north.contains("⚔ berserk"), "{shown}");
    assert!(!shown.lines().any(|l| l.contains("south ") && l.contains("⚔")), "{shown}");
    let mut app = App::new(&m);
    app.on_key(key(KeyCode::Char('b')), &m);
    assert_eq!(app.on_key(key(KeyCode::Enter), &m), Some(Action::Berserk));
}
