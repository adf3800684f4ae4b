//! The text of lists, tables and changes, and when `join` asks for its seat again.

use super::play::waiting_for_seat;
use super::text::*;
use mancala_engine::{Side, Variant};
use mancala_protocol::tournament::{
    StandingLine, TournamentGame, TournamentKind, TournamentStatus, TournamentSummary, TournamentView,
};
use std::collections::HashSet;

use mancala_protocol::ClockSpec;
use mancala_protocol::tournament::{MyPlace, TieBreaks};

#[test]
fn scores_times_and_quarters_read_as_points() {
    assert_eq!(score_text(TournamentKind::Swiss, 0), "0");
    assert_eq!(score_text(TournamentKind::Swiss, 1), "½");
    assert_eq!(score_text(TournamentKind::Swiss, 5), "2½");
    assert_eq!(score_text(TournamentKind::Swiss, 6), "3");
    assert_eq!(score_text(TournamentKind::Arena, 5), "5");
    assert_eq!(quarter_text(9), "2.25");
    assert_eq!(quarter_text(6), "1.5");
    assert_eq!(quarter_text(8), "2");
    assert_eq!(utc(0), "1970-01-01 00:00 UTC");
    assert_eq!(utc(1_795_238_203_060), "2026-11-21 05:16 UTC");
    assert_eq!(utc(951_782_400_000), "2000-02-29 00:00 UTC");
    assert_eq!(from_now(10 * 60_000, 0), "in 10 min");
    assert_eq!(from_now(0, 5), "now");
    assert_eq!(from_now(5_500, 0), "in 6 s");
    assert_eq!(from_now(125 * 60_000, 0), "in 2 h 5 min");
}

fn summary() -> TournamentSummary {
    TournamentSummary {
        id: "t1".into(),
        name: "Friday Swiss".into(),
        kind: TournamentKind::Swiss,
        status: TournamentStatus::Running,
        variants: vec![Variant::Kubuguza],
        clock: ClockSpec::fischer(180, 2),
        rated: false,
        bots: true,
        berserk: false,
        private: false,
        created_by: Some("amina".into()),
        starts_at: 0,
        ends_at: None,
        rounds: Some(3),
        round: Some(1),
        players: 2,
    }
}

fn line(rank: u32, name: &str, score: u32, games: u32) -> StandingLine {
    StandingLine {
        rank,
        name: name.into(),
        bot: false,
        rating: 1500,
        score,
        sheet: None,
        fire: false,
        tie_breaks: Some(TieBreaks { buchholz: 2, buchholz_cut1: 0, sonneborn_berger: 4, wins: games }),
        games,
        withdrawn: false,
    }
}

fn game(over: bool) -> TournamentGame {
    TournamentGame {
        id: "g1".into(),
        round: 1,
        variant: Variant::Kubuguza,
        south: "amina".into(),
        north: "baraka".into(),
        over,
        winner: over.then_some(Side::South),
        reason: over.then(|| "no-legal-move".into()),
    }
}

#[test]
fn the_lines_of_a_list_and_of_the_changes() {
    let s = summary();
    assert_eq!(
        summary_line(&s, 0),
        "t1  Friday Swiss  swiss 3 rounds  kubuguza  3+2  casual bots  2 players  running, round 1 of 3"
    );
    let before = TournamentView {
        summary: s.clone(),
        version: 3,
        variant_now: None,
        next_variant_at: None,
        standings: vec![line(1, "amina", 0, 0), line(2, "baraka", 0, 0)],
        games: vec![game(false)],
        byes: vec![],
        me: None,
    };
    let after = TournamentView {
        version: 4,
        standings: vec![line(1, "amina", 2, 1), line(2, "baraka", 0, 1)],
        games: vec![game(true)],
        ..before.clone()
    };
    assert_eq!(
        changes(Some(&before), &after),
        [
            "result g1 amina vs baraka: amina wins (no-legal-move)",
            "standing 1 amina 1 games 1",
            "standing 2 baraka 0 games 1"
        ]
    );
    let mut waiting = before.clone();
    waiting.me = Some(MyPlace { joined: true, withdrawn: false, game: None });
    assert!(waiting_for_seat(&waiting, Some("baraka"), &HashSet::new()));
    assert!(waiting_for_seat(&waiting, None, &HashSet::new()));
    assert!(!waiting_for_seat(&waiting, Some("kwame"), &HashSet::new()));
    assert!(!waiting_for_seat(&waiting, Some("baraka"), &HashSet::from(["g1".to_string()])));
    let table = standings_table(&after);
    assert_eq!(table[1], "   1  amina     1500      1      1         1       0       1     1");
}

#[test]
fn an_arena_table_shows_the_sheets_and_streaks() {
    let mut l = StandingLine {
        rank: 1,
        name: "amina".into(),
        bot: false,
        rating: 1620,
        score: 10,
        sheet: Some(vec![2, 2, 4, 2]),
        fire: true,
        tie_breaks: None,
        games: 4,
        withdrawn: false,
    };
    let view = |lines: Vec<StandingLine>| TournamentView {
        summary: TournamentSummary { kind: TournamentKind::Arena, ends_at: Some(3_600_000), ..summary() },
        version: 1,
        variant_now: None,
        next_variant_at: None,
        standings: lines,
        games: vec![],
        byes: vec![],
        me: None,
    };
    let v = view(vec![l.clone()]);
    assert_eq!(standings_table(&v)[1], "   1  amina    1620     10      4  2 2 4 2 (on fire)");
    assert_eq!(status_text(&v.summary, 0), "running, ends 1970-01-01 01:00 UTC (in 1 h 0 min)");
    l.fire = false;
    l.withdrawn = true;
    assert_eq!(standings_table(&view(vec![l]))[1], "   1  amina    1620     10      4  2 2 4 2  withdrawn");
}
