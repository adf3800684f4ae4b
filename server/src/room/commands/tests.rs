//! Table tests of the commands: each row a game in some state, a command, and the change or refusal it
//! must give. The commands are pure (a game in, a change out), so a row needs no room, store or socket;
//! applying the change shows the versions and the state it leads to.

use super::{abort, berserk, claim, decide, draw, join, no_start, rematch, resign, sync, takeback, timeout};
use crate::game::{Change, LiveGame, NewGame, Occupant, Refusal, Ruling, UnixMs};
use crate::ids::{Identity, PlayerName};
use mancala_engine::{Options, Side, Variant};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ClockSpec, ErrorCode};
use tokio::time::{Duration, Instant};

const AT: UnixMs = UnixMs::from_millis(1_767_225_600_000);

fn seat(name: &str, registered: bool) -> Occupant {
    let name = PlayerName::parse(name).unwrap();
    let who = if registered { Identity::Account(name.clone()) } else { Identity::Guest(name.clone()) };
    Occupant { who, token_hash: crate::ids::TokenHash::stored(format!("hash-{name}")) }
}

/// A Kubuguza game waiting for North, South created by `amina`.
fn waiting(rated: bool) -> LiveGame {
    let variant = Variant::Kubuguza;
    LiveGame::new(NewGame {
        id: "g7Kq2ZtR4m".parse().unwrap(),
        variant,
        options: Options::defaults(variant),
        creator: (Side::South, seat("amina", rated)),
        invite_code: None,
        clock: None,
        auto_forced: false,
        rated,
        previews: false,
        berserk: false,
        now_ms: AT,
    })
    .unwrap()
}

/// Applies `change` to `game`, checking that the versions it reports are the ones the change announced.
fn applied(mut game: LiveGame, change: Change) -> LiveGame {
    let (before, events) = (game.version(), change.events());
    let versions = game.apply(change);
    assert_eq!(versions, before + 1..=before + events, "the change's events are the versions it adds");
    assert_eq!(game.version(), before + events);
    game
}

fn ongoing() -> LiveGame {
    let (side, change) = join::run(&waiting(false), seat("kwame", false), Instant::now(), AT).unwrap();
    assert_eq!(side, Side::North);
    applied(waiting(false), change)
}

/// `ongoing()` with a correspondence clock of 3 days per move.
fn correspondence() -> LiveGame {
    let mut game = ongoing();
    game.clock = Some(crate::game::Clock::new(ClockSpec { base_secs: 3 * 86_400, increment_secs: 0, days: Some(3) }));
    game
}

/// `ongoing()` after `decisions`, each accepted.
fn after(decisions: &[(Side, &str)]) -> LiveGame {
    let mut game = ongoing();
    for &(side, text) in decisions {
        let change = decide::run(&game, side, text, "c".into(), decide::Checks::default(), Instant::now(), AT)
            .unwrap_or_else(|r| panic!("{text} by {side}: {r:?}"));
        game = applied(game, change);
    }
    game
}

/// `game` after `n` more decisions, each the first legal one of the side to move.
fn play_on(mut game: LiveGame, n: usize) -> LiveGame {
    for _ in 0..n {
        let mancala_engine::ToMove::Side(side) = game.pos.to_move() else { panic!("one side to move") };
        let text = game.pos.legal_decisions(side)[0].notation(game.pos.geometry());
        let change =
            decide::run(&game, side, &text, format!("p{}", game.record.len()), Default::default(), Instant::now(), AT)
                .unwrap_or_else(|r| panic!("{text} by {side}: {r:?}"));
        game = applied(game, change);
    }
    game
}

fn resigned() -> LiveGame {
    let g = ongoing();
    let change = resign::run(&g, Side::South, Instant::now(), AT).unwrap();
    applied(g, change)
}

/// `game`'s record as the store keeps it, for [`LiveGame::restore`].
fn stored_plies(game: &LiveGame) -> Vec<crate::game::StoredPly> {
    game.record
        .iter()
        .map(|p| crate::game::StoredPly {
            n: p.n,
            side: p.side,
            decision: p.decision,
            client_id: p.client_id.clone(),
            auto: p.auto,
            at_ms: p.at_ms,
            clock_ms: p.clock_ms,
        })
        .collect()
}

fn code(r: Result<Change, Refusal>) -> Result<Change, ErrorCode> {
    r.map_err(|r| r.code)
}

#[test]
fn decide_refuses_with_the_code_that_says_why() {
    let checks = |game: Option<&str>, seat: Option<Side>| decide::Checks { game: game.map(str::to_string), seat };
    let none = decide::Checks::default();
    let rows: Vec<(&str, LiveGame, Side, &str, decide::Checks, ErrorCode)> = vec![
        ("waiting for a player", waiting(false), Side::South, "h2", checks(None, None), ErrorCode::WrongPhase),
        ("after the end", resigned(), Side::South, "h2", checks(None, None), ErrorCode::GameOver),
        ("another game named", ongoing(), Side::South, "h2", checks(Some("other"), None), ErrorCode::WrongGame),
        ("another seat named", ongoing(), Side::South, "h2", checks(None, Some(Side::North)), ErrorCode::WrongSeat),
        ("not notation", ongoing(), Side::South, "z9", checks(None, None), ErrorCode::BadNotation),
        ("an illegal hole", ongoing(), Side::South, "a1", checks(None, None), ErrorCode::Illegal),
        ("the opponent's turn", ongoing(), Side::North, "h3", none, ErrorCode::NotYourTurn),
    ];
    for (what, game, side, text, checks, expected) in rows {
        let refused = decide::run(&game, side, text, "c".into(), checks, Instant::now(), AT);
        match refused {
            Err(r) => {
                assert_eq!(r.code, expected, "{what}: {}", r.reason);
                assert!(!r.reason.is_empty(), "{what}: a refusal says why");
                // Only an illegal decision lists the legal ones.
                assert_eq!(!r.legal.is_empty(), expected == ErrorCode::Illegal, "{what}: {:?}", r.legal);
            }
            Ok(_) => panic!("{what}: accepted"),
        }
    }
}

#[test]
fn an_accepted_decision_is_one_ply_of_the_mover_and_marks_it_decided() {
    let game = ongoing();
    let checks = decide::Checks { game: Some("g7Kq2ZtR4m".into()), seat: Some(Side::South) };
    let change = decide::run(&game, Side::South, "h2", "c1".into(), checks, Instant::now(), AT).unwrap();
    assert_eq!(change.plies.len(), 1, "no forced decision without `auto_forced`");
    let ply = &change.plies[0];
    assert_eq!((ply.n, ply.side, ply.auto, ply.client_id.as_deref()), (1, Side::South, false, Some("c1")));
    assert!(change.decided.south && !change.decided.north);
    assert_eq!(change.status, GameStatus::Ongoing);
    assert!(change.pos.is_some() && change.ruling.is_none() && !change.started);
    // Computing it left the game as it was.
    assert_eq!((game.version(), game.record.len()), (1, 0));
    let game = applied(game, change);
    assert_eq!(game.record.len(), 1);
    assert!(game.may_abort(), "North has not decided yet");
}

#[test]
fn rulings_end_the_game_only_in_the_states_that_allow_them() {
    let now = Instant::now();
    let both = after(&[(Side::South, "h2")]);
    let both = {
        let legal = both.pos.legal_decisions(Side::North);
        let text = legal[0].notation(both.pos.geometry());
        let change = decide::run(&both, Side::North, &text, "n".into(), decide::Checks::default(), now, AT).unwrap();
        applied(both, change)
    };
    assert!(!both.may_abort(), "both players have decided");
    type Row = (&'static str, Result<Change, ErrorCode>, Result<Ruling, ErrorCode>);
    let rows: Vec<Row> = vec![
        (
            "resign ongoing",
            code(resign::run(&ongoing(), Side::North, now, AT)),
            Ok(Ruling::Resignation { loser: Side::North }),
        ),
        ("resign waiting", code(resign::run(&waiting(false), Side::South, now, AT)), Err(ErrorCode::WrongPhase)),
        ("resign finished", code(resign::run(&resigned(), Side::North, now, AT)), Err(ErrorCode::GameOver)),
        ("abort waiting", code(abort::run(&waiting(false), Side::South, now, AT)), Ok(Ruling::Abort)),
        ("abort unplayed", code(abort::run(&ongoing(), Side::North, now, AT)), Ok(Ruling::Abort)),
        (
            "abort one decided",
            code(abort::run(&after(&[(Side::South, "h2")]), Side::South, now, AT)),
            Ok(Ruling::Abort),
        ),
        ("abort both decided", code(abort::run(&both, Side::South, now, AT)), Err(ErrorCode::WrongPhase)),
        ("abort finished", code(abort::run(&resigned(), Side::South, now, AT)), Err(ErrorCode::GameOver)),
    ];
    for (what, got, expected) in rows {
        match (got, expected) {
            (Ok(change), Ok(ruling)) => {
                assert_eq!(change.ruling, Some(ruling), "{what}");
                assert_eq!(change.status, GameStatus::Finished, "{what}");
                assert!(change.plies.is_empty(), "{what}");
                assert_eq!(change.events(), 1, "{what}: one `end` event");
            }
            (got, expected) => assert_eq!(got.map(|c| c.ruling.unwrap()), expected, "{what}"),
        }
    }
    // The aborting side is kept with the change.
    assert_eq!(abort::run(&ongoing(), Side::North, now, AT).unwrap().aborted_by, Some(Side::North));
}

#[test]
fn a_win_is_claimed_only_after_the_grace_period_of_an_absent_opponent() {
    let grace = Duration::from_secs(60);
    type Row = (&'static str, LiveGame, Option<Duration>, Result<Ruling, ErrorCode>);
    let rows: Vec<Row> = vec![
        ("opponent connected", ongoing(), None, Err(ErrorCode::WrongPhase)),
        ("within the grace", ongoing(), Some(Duration::from_secs(59)), Err(ErrorCode::WrongPhase)),
        ("at the grace", ongoing(), Some(grace), Ok(Ruling::Abandonment { loser: Side::North })),
        ("long gone", ongoing(), Some(Duration::from_secs(3600)), Ok(Ruling::Abandonment { loser: Side::North })),
        ("waiting game", waiting(false), Some(grace * 2), Err(ErrorCode::WrongPhase)),
        ("finished game", resigned(), Some(grace * 2), Err(ErrorCode::WrongPhase)),
        ("correspondence", correspondence(), Some(Duration::from_secs(3600)), Err(ErrorCode::WrongPhase)),
    ];
    for (what, game, gone, expected) in rows {
        let got = claim::run(&game, Side::South, gone, grace, Instant::now(), AT);
        assert_eq!(got.map(|c| c.ruling.unwrap()).map_err(|r| r.code), expected, "{what}");
    }
}

#[test]
fn join_fills_the_open_seat_and_starts_the_game() {
    let bot = || seat("bot-hard", false);
    let rows: Vec<(&str, LiveGame, Occupant, Result<Side, ErrorCode>)> = vec![
        ("a guest, casual game", waiting(false), seat("kwame", false), Ok(Side::North)),
        ("a guest, rated game", waiting(true), seat("kwame", false), Err(ErrorCode::WrongSeat)),
        ("an account, rated game", waiting(true), seat("kwame", true), Ok(Side::North)),
        ("a bot, rated game", waiting(true), bot(), Ok(Side::North)),
        ("no open seat", ongoing(), seat("zanele", false), Err(ErrorCode::WrongPhase)),
        ("a finished game", resigned(), seat("zanele", false), Err(ErrorCode::WrongPhase)),
    ];
    for (what, game, seat, expected) in rows {
        let got = join::run(&game, seat.clone(), Instant::now(), AT);
        match (got, expected) {
            (Ok((side, change)), Ok(expected)) => {
                assert_eq!(side, expected, "{what}");
                assert!(change.started && change.status == GameStatus::Ongoing, "{what}");
                let game = applied(game, change);
                assert_eq!(game.seats[side].as_ref(), Some(&seat), "{what}");
                assert_eq!(game.version(), 1, "{what}: the start is version 1");
            }
            (got, expected) => assert_eq!(got.map(|(s, _)| s).map_err(|r| r.code), expected, "{what}"),
        }
    }
}

#[test]
fn timers_end_only_games_still_being_played() {
    let now = Instant::now();
    let timed_out = timeout::run(&ongoing(), Side::South, now, AT).map(|c| c.ruling);
    assert_eq!(timed_out, Some(Some(Ruling::Timeout { loser: Side::South })));
    assert!(timeout::run(&resigned(), Side::South, now, AT).is_none());
    // The abort of a game never played, and who it counts against.
    let rows: Vec<(&str, LiveGame, Option<Option<Side>>)> = vec![
        ("waiting", waiting(false), Some(None)),
        ("started, South to decide", ongoing(), Some(Some(Side::South))),
        ("South decided, North to", after(&[(Side::South, "h2")]), Some(Some(Side::North))),
        ("finished", resigned(), None),
    ];
    for (what, game, expected) in rows {
        let got = no_start::run(&game, now, AT);
        assert!(got.as_ref().is_none_or(|c| c.ruling == Some(Ruling::Abort)), "{what}");
        assert_eq!(got.map(|c| c.aborted_by), expected, "{what}");
    }
}

#[test]
fn sync_sends_events_a_snapshot_or_nothing() {
    let game = after(&[(Side::South, "h2")]);
    assert_eq!(game.version(), 2);
    let far = {
        let mut g = game.clone();
        for _ in 0..sync::CATCH_UP_MAX {
            g.record.push(g.record[0].clone());
        }
        g
    };
    let v = far.version();
    let rows: Vec<(&str, &LiveGame, Option<u64>, sync::Need)> = vec![
        ("nothing held", &game, None, sync::Need::Snapshot),
        ("all held", &game, Some(2), sync::Need::Nothing),
        ("one behind", &game, Some(1), sync::Need::Events { from: 2, to: 2 }),
        ("from the start", &game, Some(0), sync::Need::Events { from: 1, to: 2 }),
        ("from the future", &game, Some(3), sync::Need::Snapshot),
        ("just within the cap", &far, Some(v - sync::CATCH_UP_MAX), sync::Need::Events { from: v - 255, to: v }),
        ("beyond the cap", &far, Some(v - sync::CATCH_UP_MAX - 1), sync::Need::Snapshot),
    ];
    for (what, game, since, expected) in rows {
        assert_eq!(sync::need(game, since), expected, "{what}");
    }
}

#[test]
fn a_games_versions_are_its_start_its_plies_and_its_end() {
    use crate::game::EventAt;
    let waiting = waiting(false);
    let played = after(&[(Side::South, "h2")]);
    let ended = {
        let change = resign::run(&played, Side::North, Instant::now(), AT).unwrap();
        applied(played.clone(), change)
    };
    // (game, its version, what each version from 0 to version + 1 is)
    type Row = (&'static str, LiveGame, u64, Vec<Option<&'static str>>);
    // Three plies, the last two taken back (version 5), then another ply 2 (version 6).
    let three = play_on(played.clone(), 2);
    let rewound = {
        let change = three.take_back(Side::North, 1, Instant::now(), AT);
        applied(three.clone(), change)
    };
    let replayed = play_on(rewound.clone(), 1);
    let rows: Vec<Row> = vec![
        ("waiting", waiting, 0, vec![None, None]),
        ("one ply", played, 2, vec![None, Some("start"), Some("ply 1"), None]),
        ("resigned", ended, 3, vec![None, Some("start"), Some("ply 1"), Some("end"), None]),
        ("taken back", rewound.clone(), 5, vec![None, None, None, None, None, Some("takeback"), None]),
        ("played on", replayed.clone(), 6, vec![None, None, None, None, None, Some("takeback"), Some("ply 2"), None]),
    ];
    assert_eq!(rewound.record.len(), 1);
    assert_eq!(rewound.pos, after(&[(Side::South, "h2")]).pos, "the position after ply 1");
    assert_eq!(replayed.version_of_ply(2), 6);
    // A catch-up from before the takeback is a snapshot; from the takeback on, events.
    assert_eq!(sync::need(&replayed, Some(4)), sync::Need::Snapshot);
    assert_eq!(sync::need(&replayed, Some(5)), sync::Need::Events { from: 6, to: 6 });
    for (what, game, version, events) in rows {
        assert_eq!(game.version(), version, "{what}");
        let seen: Vec<Option<String>> = (0..=version + 1)
            .map(|v| {
                game.event_at(v).map(|e| match e {
                    EventAt::Start => "start".to_string(),
                    EventAt::Ply(p) => format!("ply {}", p.n),
                    EventAt::End(_) => "end".to_string(),
                    EventAt::Takeback(_) => "takeback".to_string(),
                    EventAt::Berserk(side) => format!("berserk {side}"),
                })
            })
            .collect();
        let expected: Vec<Option<String>> = events.iter().map(|e| e.map(str::to_string)).collect();
        assert_eq!(seen, expected, "{what}");
        if game.rewind.is_none() {
            assert_eq!(game.version_of_ply(1), 2, "{what}: ply n is version n + 1");
        }
    }
    // A change announces exactly the events it adds, and leaves the game alone until applied.
    let game = ongoing();
    let rows: Vec<(&str, Change, u64)> = vec![
        ("blank", game.blank_change(AT), 0),
        (
            "a ply",
            decide::run(&game, Side::South, "h2", "c".into(), decide::Checks::default(), Instant::now(), AT).unwrap(),
            1,
        ),
        ("a ruling", game.rule(Ruling::Abort, Instant::now(), AT), 1),
    ];
    for (what, change, events) in rows {
        assert_eq!(change.events(), events, "{what}");
        assert_eq!(game.version(), 1, "{what}: computing it changed nothing");
        applied(game.clone(), change);
    }
}

/// `ongoing()` in an arena that allows berserk, with a clock of 60 s and 2 s a decision.
fn berserk_allowed() -> LiveGame {
    let mut game = ongoing();
    game.berserk_allowed = true;
    game.clock = Some(crate::game::Clock::new(ClockSpec::fischer(60, 2)));
    game
}

/// `game` after `side` berserked.
fn berserked(game: &LiveGame, side: Side) -> LiveGame {
    let change = berserk::run(game, side, Instant::now()).unwrap_or_else(|r| panic!("{side}: {r:?}"));
    applied(game.clone(), change)
}

#[test]
fn berserk_is_refused_where_the_rules_do_not_allow_it() {
    let allowed = berserk_allowed();
    let not_allowed = ongoing();
    let mut no_clock = allowed.clone();
    no_clock.clock = None;
    let south_moved = play_on(allowed.clone(), 1);
    let twice = berserked(&allowed, Side::South);
    let over = {
        let change = resign::run(&allowed, Side::North, Instant::now(), AT).unwrap();
        applied(allowed.clone(), change)
    };
    let mut not_started = waiting(false);
    not_started.berserk_allowed = true;
    let rows: Vec<(&str, &LiveGame, Side, ErrorCode)> = vec![
        ("a game that does not allow it", &not_allowed, Side::South, ErrorCode::WrongPhase),
        ("no clock", &no_clock, Side::South, ErrorCode::WrongPhase),
        ("after one's first decision", &south_moved, Side::South, ErrorCode::WrongPhase),
        ("twice", &twice, Side::South, ErrorCode::WrongPhase),
        ("after the end", &over, Side::South, ErrorCode::GameOver),
        ("before the start", &not_started, Side::South, ErrorCode::WrongPhase),
    ];
    for (what, game, side, expected) in rows {
        match berserk::run(game, side, Instant::now()) {
            Err(r) => {
                assert_eq!(r.code, expected, "{what}: {}", r.reason);
                assert!(!r.reason.is_empty(), "{what}: a refusal says why");
            }
            Ok(_) => panic!("{what}: accepted"),
        }
    }
}

#[test]
fn berserk_halves_the_clock_is_an_event_between_the_plies_and_drops_the_increment() {
    use crate::game::EventAt;
    // South moves first; North berserks before its own first decision.
    let game = play_on(berserk_allowed(), 1);
    let change = berserk::run(&game, Side::North, Instant::now()).unwrap();
    assert_eq!((change.events(), change.berserk), (1, Some((Side::North, 3))));
    assert!(change.plies.is_empty() && change.ruling.is_none() && change.status == GameStatus::Ongoing);
    assert_eq!(game.berserks.north, None, "computing it changed nothing");
    assert_eq!(change.at_ms, game.updated_at, "a berserk does not put the first-move deadline off");
    let game = applied(game, change);
    let clock = game.clock.as_ref().unwrap();
    assert_eq!((clock.remaining.south, clock.remaining.north), (60_000, 30_000), "North's half is gone");
    assert!(clock.berserk.north && !clock.berserk.south);
    assert_eq!(game.summary().berserk, Some(mancala_protocol::http::Berserked { south: false, north: true }));
    assert!(matches!(game.event_at(3), Some(EventAt::Berserk(Side::North))));
    // The plies after it take the versions after it.
    let game = play_on(game, 3);
    assert_eq!(game.version(), 6);
    let events: Vec<String> = (1..=6)
        .map(|v| match game.event_at(v).unwrap() {
            EventAt::Start => "start".into(),
            EventAt::Ply(p) => format!("ply {}", p.n),
            EventAt::Berserk(side) => format!("berserk {side}"),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(events, ["start", "ply 1", "berserk north", "ply 2", "ply 3", "ply 4"]);
    assert_eq!((1..=4).map(|n| game.version_of_ply(n)).collect::<Vec<_>>(), [2, 4, 5, 6]);
    assert_eq!(game.event_at(7).map(|_| ()), None);
    // Both have decided: South's decision earned the increment, North's did not.
    let clock = game.clock.as_ref().unwrap();
    assert!(clock.remaining.south > 60_000, "South's increment: {}", clock.remaining.south);
    assert!(clock.remaining.north <= 30_000, "no increment for North: {}", clock.remaining.north);
    // A rebuilt game counts the same versions and keeps the berserk (its clock: no increment).
    let header = game.header(None);
    assert_eq!(header.berserks, mancala_engine::BySide::new(None, Some(3)));
    let stored = stored_plies(&game);
    let restored = LiveGame::restore(header, &stored, Instant::now()).unwrap();
    assert_eq!((restored.version(), restored.berserks), (6, game.berserks));
    assert!(restored.clock.as_ref().unwrap().berserk.north);
    assert!(matches!(restored.event_at(3), Some(EventAt::Berserk(Side::North))));
    // South has decided: too late for South.
    assert_eq!(code(berserk::run(&game, Side::South, Instant::now())).err(), Some(ErrorCode::WrongPhase));
}

/// A correspondence game rebuilt after the server was down: its mover is charged the absence up to the
/// moment its clock resumes, not up to the end of the replay, so the game is lost on time exactly the days
/// after its last stored change, however long the replay took.
#[tokio::test(start_paused = true)]
async fn a_restored_correspondence_clock_runs_out_the_days_after_the_last_change() {
    let game = play_on(correspondence(), 4);
    let mancala_engine::ToMove::Side(mover) = game.pos.to_move() else { panic!("one side to move") };
    let mut header = game.header(None);
    header.updated_at = UnixMs::now();
    let left = header.clock.as_ref().unwrap().remaining[mover];
    let stored = stored_plies(&game);
    let away = Duration::from_secs(3 * 3600);
    tokio::time::advance(away).await;
    let resumed = Instant::now();
    // The caller resumes the clock at `resumed`; the store's read and the replay take time after it.
    tokio::time::advance(Duration::from_millis(250)).await;
    let restored = LiveGame::restore(header, &stored, resumed).unwrap();
    let (deadline, side) = restored.clock.as_ref().unwrap().deadline().expect("a running clock");
    assert_eq!(side, mover);
    // Stored times are whole milliseconds (each rounded down): the deadline may fall one later, never
    // earlier.
    let due = resumed + Duration::from_millis(left) - away;
    let (early, late) = (due.saturating_duration_since(deadline), deadline.saturating_duration_since(due));
    assert!(early.is_zero() && late <= Duration::from_millis(1), "the deadline is {early:?} early, {late:?} late");
}

/// What each `takeback` action does: refused in a rated game, with nothing to take back, to the one whose
/// proposal is pending; proposed, declined, accepted back to before the proposer's last decision.
#[test]
fn takebacks_are_proposed_declined_accepted_and_refused_in_rated_games() {
    use mancala_protocol::TakebackAction::{Accept, Decline, Propose};
    use takeback::{Outcome, Proposals};
    let now = Instant::now();
    let run = |game: &LiveGame, p: Proposals, side: Side, action| match takeback::run(game, p, side, action, now, AT) {
        Ok(Outcome::Kept(p)) => Ok(Ok(p)),
        Ok(Outcome::Agreed(change)) => Ok(Err(change.takeback.map(|r| (r.by, r.ply)))),
        Err(r) => Err(r.code),
    };
    let (south, north) = (Side::South, Side::North);
    let none = Proposals::default();
    // South h2, North's reply, South again: South's last decision is ply 3, North's ply 2.
    let game = play_on(after(&[(south, "h2")]), 2);
    assert_eq!(run(&ongoing(), none, south, Propose), Err(ErrorCode::WrongPhase), "nothing to take back");
    let Ok(Ok(proposed)) = run(&game, none, south, Propose) else { panic!() };
    assert_eq!(proposed.pending, Some(south));
    assert_eq!(run(&game, proposed, south, Propose), Err(ErrorCode::WrongPhase), "pending already");
    assert_eq!(run(&game, proposed, south, Accept), Err(ErrorCode::WrongPhase), "not one's own");
    assert_eq!(run(&game, proposed, north, Decline).map(|r| r.map(|p| p.pending)), Ok(Ok(None)));
    assert_eq!(run(&game, proposed, north, Accept), Ok(Err(Some((south, 2)))));
    assert_eq!(run(&game, proposed, north, Propose), Ok(Err(Some((south, 2)))), "proposing back agrees");
    let Ok(Ok(theirs)) = run(&game, none, north, Propose) else { panic!() };
    assert_eq!(run(&game, theirs, south, Accept), Ok(Err(Some((north, 1)))), "North's ply 2 and South's 3");
    assert_eq!(proposed.after_any_decision().map(|p| p.pending), Some(None), "a decision ends it");
    let mut rated = game.clone();
    rated.rated = true;
    assert_eq!(run(&rated, none, south, Propose), Err(ErrorCode::WrongPhase));
    assert_eq!(run(&rated, proposed, north, Accept), Err(ErrorCode::WrongPhase));
    assert_eq!(run(&resigned(), none, south, Propose), Err(ErrorCode::GameOver));
}

/// What each `draw` action does from each state of the offers: the offers kept, the game drawn, or the
/// refusal's code.
#[test]
fn draw_offers_are_offered_declined_accepted_and_limited() {
    use draw::{Offers, Outcome};
    use mancala_protocol::DrawAction::{Accept, Decline, Offer};
    let now = Instant::now();
    let run = |game: &LiveGame, offers: Offers, side: Side, action| match draw::run(game, offers, side, action, now, AT)
    {
        Ok(Outcome::Kept(o)) => Ok(Ok(o.pending)),
        Ok(Outcome::Agreed(change)) => Ok(Err(change.ruling)),
        Err(r) => Err(r.code),
    };
    let game = ongoing();
    let offered = |side: Side| match draw::run(&game, Offers::default(), side, Offer, now, AT) {
        Ok(Outcome::Kept(o)) => o,
        other => panic!("{other:?}"),
    };
    let (south, north) = (Side::South, Side::North);
    type Row = (&'static str, Result<Result<Option<Side>, Option<Ruling>>, ErrorCode>);
    let rows: Vec<Row> = vec![
        ("offer", run(&game, Offers::default(), south, Offer)),
        ("offer again", run(&game, offered(south), south, Offer)),
        ("decline", run(&game, offered(south), north, Decline)),
        ("decline one's own", run(&game, offered(south), south, Decline)),
        ("accept", run(&game, offered(south), north, Accept)),
        ("offer over the opponent's", run(&game, offered(north), south, Offer)),
        ("accept nothing", run(&game, Offers::default(), north, Accept)),
        ("offer waiting", run(&waiting(false), Offers::default(), south, Offer)),
        ("offer finished", run(&resigned(), Offers::default(), south, Offer)),
    ];
    let expected: Vec<Row> = vec![
        ("offer", Ok(Ok(Some(south)))),
        ("offer again", Err(ErrorCode::WrongPhase)),
        ("decline", Ok(Ok(None))),
        ("decline one's own", Err(ErrorCode::WrongPhase)),
        ("accept", Ok(Err(Some(Ruling::Agreement)))),
        ("offer over the opponent's", Ok(Err(Some(Ruling::Agreement)))),
        ("accept nothing", Err(ErrorCode::WrongPhase)),
        ("offer waiting", Err(ErrorCode::WrongPhase)),
        ("offer finished", Err(ErrorCode::GameOver)),
    ];
    assert_eq!(rows, expected);
    // Three offers each, then no more; the opponent's decision ends an offer, one's own does not.
    let mut offers = Offers::default();
    for _ in 0..draw::MAX_OFFERS {
        offers = match draw::run(&game, offers, south, Offer, now, AT) {
            Ok(Outcome::Kept(o)) => o.after_decision(north).expect("the offer lapses"),
            other => panic!("{other:?}"),
        };
    }
    assert_eq!(run(&game, offers, south, Offer), Err(ErrorCode::RateLimited));
    assert_eq!(offered(south).after_decision(south), None, "one's own decision keeps one's offer");
}

/// What each `rematch` action does from each state: the offer kept, agreed, or the refusal's code; and
/// the game planned from a finished one (same settings, sides swapped, a token per person).
#[test]
fn rematch_offers_are_offered_declined_cancelled_accepted_and_planned() {
    use mancala_protocol::RematchAction::{Accept, Cancel, Decline, Offer};
    use rematch::{Next, Outcome, Rematch};
    let run = |game: &LiveGame, state: &Rematch, side: Side, action, bot| match rematch::run(
        game, state, side, action, bot,
    ) {
        Ok(Outcome::Offer(r)) => Ok(Some(r.offer)),
        Ok(Outcome::Agreed) => Ok(None),
        Err(r) => Err(r.code),
    };
    let game = resigned();
    let offered = |side: Side| match rematch::run(&game, &Rematch::default(), side, Offer, false) {
        Ok(Outcome::Offer(r)) => r,
        other => panic!("{other:?}"),
    };
    let mut made = offered(Side::South);
    made.next = Next::Making;
    let (south, north) = (Side::South, Side::North);
    let none = Rematch::default();
    type Row = (&'static str, Result<Option<Option<Side>>, ErrorCode>);
    let rows: Vec<Row> = vec![
        ("offer", run(&game, &none, south, Offer, false)),
        ("offer again", run(&game, &offered(south), south, Offer, false)),
        ("decline", run(&game, &offered(south), north, Decline, false)),
        ("cancel", run(&game, &offered(south), south, Cancel, false)),
        ("cancel theirs", run(&game, &offered(south), north, Cancel, false)),
        ("accept", run(&game, &offered(south), north, Accept, false)),
        ("offer over the opponent's", run(&game, &offered(north), south, Offer, false)),
        ("offer to a bot", run(&game, &none, south, Offer, true)),
        ("accept nothing", run(&game, &none, north, Accept, false)),
        ("while made", run(&game, &made, north, Accept, false)),
        ("before the end", run(&ongoing(), &none, south, Offer, false)),
    ];
    let expected: Vec<Row> = vec![
        ("offer", Ok(Some(Some(south)))),
        ("offer again", Err(ErrorCode::WrongPhase)),
        ("decline", Ok(Some(None))),
        ("cancel", Ok(Some(None))),
        ("cancel theirs", Err(ErrorCode::WrongPhase)),
        ("accept", Ok(None)),
        ("offer over the opponent's", Ok(None)),
        ("offer to a bot", Ok(None)),
        ("accept nothing", Err(ErrorCode::WrongPhase)),
        ("while made", Err(ErrorCode::WrongPhase)),
        ("before the end", Err(ErrorCode::WrongPhase)),
    ];
    assert_eq!(rows, expected);
    let mut state = none.clone();
    for _ in 0..rematch::MAX_OFFERS {
        state = match rematch::run(&game, &state, south, Offer, false) {
            Ok(Outcome::Offer(mut r)) => {
                r.offer = None;
                r
            }
            other => panic!("{other:?}"),
        };
    }
    assert_eq!(run(&game, &state, south, Offer, false), Err(ErrorCode::RateLimited));

    // A game played under an earlier reading of the rules is followed by one under the current reading.
    let mut old = game.clone();
    old.options.rules_version = 1;
    let planned = rematch::plan(&old, AT).expect("two people").new;
    assert_eq!(planned.options, Options { rules_version: mancala_engine::RULES_VERSION, ..old.options });
    let rematch::Plan { new, opponent, tokens } = rematch::plan(&game, AT).expect("two people");
    assert_eq!(
        (new.variant, new.options, new.rated, new.invite_code.is_none()),
        (game.variant, game.options, game.rated, true)
    );
    let old_south = game.seats[south].as_ref().unwrap();
    assert_eq!((new.creator.0, new.creator.1.name()), (north, old_south.name()), "South's player plays North");
    assert_eq!(
        tokens.south.as_deref().map(crate::ids::token_hash),
        Some(new.creator.1.token_hash.clone()),
        "South's token"
    );
    assert!(tokens.north.is_some(), "North's token");
    assert_ne!(new.creator.1.token_hash, old_south.token_hash, "a new token");
    match opponent {
        crate::room::create::Opponent::Person(o) => assert_eq!(o.name(), game.seats[north].as_ref().unwrap().name()),
        other => panic!("{other:?}"),
    }
}
