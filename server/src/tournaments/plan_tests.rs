//! The director's decisions as tables: a tournament as read, the time, what [`plan`] says to do.

use super::*;
use crate::tournaments::queries::EntrantRow;
use crate::tournaments::record::{Settings, TGame};
use mancala_engine::Variant;
use mancala_protocol::ClockSpec;

const START: u64 = 1_000_000;

fn settings(kind: TournamentKind, status: TournamentStatus, round: u32) -> Settings {
    Settings {
        id: "t1".into(),
        name: "Test".into(),
        kind,
        variants: vec![Variant::Kubuguza, Variant::Njombwa],
        clock: ClockSpec::fischer(60, 0),
        rated: false,
        bots: true,
        berserk: false,
        private: false,
        created_by: None,
        starts_at: START,
        minutes: (kind == TournamentKind::Arena).then_some(10),
        rounds: (kind == TournamentKind::Swiss).then_some(2),
        status,
        round,
        version: 1,
    }
}

fn player(key: &str, withdrawn: bool) -> EntrantRow {
    EntrantRow {
        player_key: key.into(),
        name: key.into(),
        bot: false,
        rating: 1500,
        withdrawn,
        joined_round: 1,
        joined_at: 0,
    }
}

fn game(id: &str, round: u32, south: &str, north: &str, played: Played, ended_at: u64) -> TGame {
    let over = played.is_over();
    TGame {
        id: id.into(),
        round,
        variant: Some(Variant::Kubuguza),
        seats: [south.into(), north.into()],
        // Tokens are kept until the director has seen the game over.
        tokens: [Some("s".into()), Some("n".into())].map(|t| t.filter(|_| !over || id.ends_with('!'))),
        played,
        berserks: [false, false],
        plies: 30,
        reason: None,
        ended_at,
    }
}

fn tournament(settings: Settings, players: &[(&str, bool)], games: Vec<TGame>) -> Tournament {
    let players = players.iter().map(|(k, w)| player(k, *w)).collect();
    Tournament { settings, players, games, byes: Vec::new(), blocks: Vec::new() }
}

#[test]
fn nothing_before_the_start_then_a_swiss_starts_and_pairs_its_first_round() {
    let t = tournament(
        settings(TournamentKind::Swiss, TournamentStatus::Upcoming, 0),
        &[("a", false), ("b", false), ("c", false)],
        vec![],
    );
    assert!(plan(&t, START - 1, 0).is_empty());
    let p = plan(&t, START, 0);
    assert!(p.start && !p.finish);
    let round = p.pair.expect("round 1");
    assert_eq!((round.round, round.games.len(), round.bye.is_some()), (1, 1, true));
}

#[test]
fn a_swiss_waits_for_its_round_and_the_pause_then_pairs_or_finishes() {
    let players = [("a", false), ("b", false), ("c", false), ("d", false)];
    let going = vec![
        game("g1", 1, "a", "b", Played::Won(Side::South), START + 10),
        game("g2", 1, "c", "d", Played::Pending { made: true }, 0),
    ];
    let t = tournament(settings(TournamentKind::Swiss, TournamentStatus::Running, 1), &players, going);
    let p = plan(&t, START + 100, 0);
    assert!(p.pair.is_none() && !p.finish, "a game of the round goes on: {p:?}");
    let done = vec![
        game("g1", 1, "a", "b", Played::Won(Side::South), START + 10),
        game("g2", 1, "c", "d", Played::Draw, START + 50),
    ];
    let t = tournament(settings(TournamentKind::Swiss, TournamentStatus::Running, 1), &players, done);
    assert!(plan(&t, START + 60, 1_000).pair.is_none(), "within the pause after the round's last game");
    let round = plan(&t, START + 1_050, 1_000).pair.expect("round 2 after the pause");
    assert_eq!(round.round, 2);
    for g in &round.games {
        let pair = [g.south.as_str(), g.north.as_str()];
        assert!(
            pair != ["a", "b"] && pair != ["b", "a"] && pair != ["c", "d"] && pair != ["d", "c"],
            "a repeat: {pair:?}"
        );
    }
    // After its last round it finishes.
    let t = Tournament { settings: settings(TournamentKind::Swiss, TournamentStatus::Running, 2), ..t };
    assert!(plan(&t, START + 2_000, 0).finish);
}

#[test]
fn a_swiss_that_cannot_pair_its_next_round_without_a_repeat_finishes() {
    let t = tournament(
        settings(TournamentKind::Swiss, TournamentStatus::Running, 1),
        &[("a", false), ("b", false)],
        vec![game("g1", 1, "a", "b", Played::Draw, START)],
    );
    let p = plan(&t, START + 10, 0);
    assert!(p.finish && p.pair.is_none(), "{p:?}");
}

#[test]
fn an_arena_pairs_the_free_players_and_pauses_the_absent() {
    let players = [("a", false), ("b", false), ("c", false), ("d", false), ("e", true)];
    let games = vec![
        // Over, but not yet seen by the director: tokens kept (ids ending in `!`).
        game("g1!", 1, "a", "b", Played::Aborted { absent: Side::North }, START + 5),
        game("g2", 1, "c", "d", Played::Pending { made: true }, 0),
    ];
    let t = tournament(settings(TournamentKind::Arena, TournamentStatus::Running, 1), &players, games);
    let p = plan(&t, START + 100, 0);
    assert_eq!(p.over, vec!["g1!".to_string()]);
    assert_eq!(p.withdraw, vec!["b".to_string()], "North never played");
    // Only `a` is free (b paused, c and d playing, e withdrawn): nobody to pair.
    assert!(p.pair.is_none(), "{p:?}");
    let mut t = t;
    t.games[1].played = Played::Won(Side::North);
    t.games[1].tokens = [Some("s".into()), Some("n".into())];
    let wave = plan(&t, START + 100, 0).pair.expect("a, c and d are free");
    assert_eq!((wave.round, wave.games.len()), (2, 1));
    // The medley's second half plays its second variant.
    assert_eq!(plan(&t, START + 6 * 60_000, 0).pair.expect("a wave").variant, Variant::Njombwa);
}

#[test]
fn an_arena_after_its_end_pairs_nobody_and_finishes_when_its_last_game_is_over() {
    let end = START + 10 * 60_000;
    let players = [("a", false), ("b", false), ("c", false), ("d", false)];
    let games = vec![game("g1", 1, "a", "b", Played::Pending { made: true }, 0)];
    let t = tournament(settings(TournamentKind::Arena, TournamentStatus::Running, 1), &players, games);
    let p = plan(&t, end, 0);
    assert!(p.pair.is_none() && !p.finish, "{p:?}");
    let mut t = t;
    t.games[0].played = Played::Draw;
    assert!(plan(&t, end, 0).finish);
}
