//! Tournaments: the bodies of `/api/tournaments…` and the messages of the tournament socket.

use super::*;
use mancala_engine::{Side, Variant};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::{GameStatus, SeatGranted};
use mancala_protocol::tournament::{
    Bye, CreateTournament, JoinTournament, MyPlace, StandingLine, TieBreaks, TournamentGame, TournamentKind,
    TournamentList, TournamentServerMsg, TournamentStatus, TournamentSummary, TournamentView,
};

const SWISS_ID: &str = "t5Hn2WqK8c";
const ARENA_ID: &str = "sf3a91c07b2e4d8";

fn swiss_summary() -> TournamentSummary {
    TournamentSummary {
        id: SWISS_ID.into(),
        name: "Kigali club Swiss".into(),
        kind: TournamentKind::Swiss,
        status: TournamentStatus::Running,
        variants: vec![Variant::Kubuguza],
        clock: ClockSpec::fischer(600, 5),
        rated: true,
        bots: false,
        berserk: false,
        private: true,
        created_by: Some("amina".into()),
        starts_at: CREATED_AT,
        ends_at: None,
        rounds: Some(5),
        round: Some(2),
        players: 3,
    }
}

fn arena_summary() -> TournamentSummary {
    TournamentSummary {
        id: ARENA_ID.into(),
        name: "Hourly medley arena".into(),
        kind: TournamentKind::Arena,
        status: TournamentStatus::Running,
        variants: vec![Variant::Kubuguza, Variant::Ikibuguzo, Variant::Njombwa, Variant::Azigo],
        clock: ClockSpec::fischer(180, 2),
        rated: true,
        bots: true,
        berserk: true,
        private: false,
        created_by: None,
        starts_at: CREATED_AT,
        ends_at: Some(CREATED_AT + 45 * 60_000),
        rounds: None,
        round: None,
        players: 2,
    }
}

fn swiss_line(rank: u32, name: &str, rating: i32, score: u32, tb: [u32; 4]) -> StandingLine {
    StandingLine {
        rank,
        name: name.into(),
        bot: false,
        rating,
        score,
        sheet: None,
        fire: false,
        tie_breaks: Some(TieBreaks { buchholz: tb[0], buchholz_cut1: tb[1], sonneborn_berger: tb[2], wins: tb[3] }),
        games: tb[3].max(1),
        withdrawn: false,
    }
}

fn swiss_view() -> TournamentView {
    TournamentView {
        summary: swiss_summary(),
        version: 14,
        variant_now: None,
        next_variant_at: None,
        standings: vec![
            swiss_line(1, "amina", 1612, 2, [2, 0, 4, 1]),
            swiss_line(2, "Kwame", 1540, 2, [2, 0, 4, 0]),
            StandingLine { games: 0, ..swiss_line(3, "imena", 1500, 0, [2, 0, 0, 0]) },
        ],
        games: vec![
            TournamentGame {
                id: GAME_ID.into(),
                round: 2,
                variant: Variant::Kubuguza,
                south: "Kwame".into(),
                north: "amina".into(),
                over: false,
                winner: None,
                reason: None,
            },
            TournamentGame {
                id: "h2Lm8NcW3p".into(),
                round: 1,
                variant: Variant::Kubuguza,
                south: "amina".into(),
                north: "imena".into(),
                over: true,
                winner: Some(Side::South),
                reason: Some("all-captured".into()),
            },
        ],
        byes: vec![Bye { round: 1, name: "Kwame".into() }, Bye { round: 2, name: "imena".into() }],
        me: Some(MyPlace {
            joined: true,
            withdrawn: false,
            game: Some(Box::new(SeatGranted {
                game: summary(Variant::Kubuguza, GameStatus::Ongoing),
                seat: Side::North,
                token: "Xb3k9QmT0vLr7WcZ2pNa5sYh8dFj1uEg".into(),
                ws_path: format!("/api/games/{GAME_ID}/ws"),
                invite_code: None,
                invite_path: None,
            })),
        }),
    }
}

fn arena_view() -> TournamentView {
    let line = |rank, name: &str, bot, score, sheet: Vec<u32>, fire| StandingLine {
        rank,
        name: String::from(name),
        bot,
        rating: 1500,
        score,
        games: sheet.len() as u32,
        sheet: Some(sheet),
        fire,
        tie_breaks: None,
        withdrawn: false,
    };
    TournamentView {
        summary: arena_summary(),
        version: 31,
        variant_now: Some(Variant::Ikibuguzo),
        next_variant_at: Some(CREATED_AT + 2 * 675_000),
        standings: vec![
            line(1, "amina", false, 8, vec![2, 2, 4], true),
            line(2, "bao-bot", true, 0, vec![0, 0, 0], false),
        ],
        games: vec![TournamentGame {
            id: GAME_ID.into(),
            round: 3,
            variant: Variant::Kubuguza,
            south: "bao-bot".into(),
            north: "amina".into(),
            over: true,
            winner: Some(Side::North),
            reason: Some("no-legal-move".into()),
        }],
        byes: Vec::new(),
        me: None,
    }
}

/// The HTTP bodies: a club's Swiss to make, joining it with its password, the lists.
#[test]
fn tournament_bodies() {
    pin!(
        "tournament_create",
        CreateTournament {
            name: "Kigali club Swiss".into(),
            kind: TournamentKind::Swiss,
            variants: vec![Variant::Kubuguza],
            clock: ClockSpec::fischer(600, 5),
            starts_at: Some(CREATED_AT),
            minutes: None,
            rounds: Some(5),
            rated: true,
            bots: false,
            berserk: false,
            password: Some("imigongo".into()),
        }
    );
    pin!("tournament_join", JoinTournament { password: Some("imigongo".into()) });
    pin!(
        "tournament_list",
        TournamentList { upcoming: Vec::new(), running: vec![arena_summary(), swiss_summary()], finished: Vec::new() }
    );
    pin!("tournament_view_swiss", swiss_view());
}

/// The socket: a medley arena as everyone sees it, and the end of a signed-out caller's socket.
#[test]
fn tournament_socket_messages() {
    pin!("tournament_msg", TournamentServerMsg::Tournament { tournament: Box::new(arena_view()) });
    pin!(
        "tournament_revoked",
        TournamentServerMsg::Error {
            code: "revoked".into(),
            message: "this session or token was revoked: sign in again".into()
        }
    );
}
