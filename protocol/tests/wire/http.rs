//! HTTP bodies: variants, games, players, history, errors, accounts and API tokens.

use super::*;
use mancala_engine::{Options, Side, Variant, Viewer};
use mancala_protocol::http::{
    Berserked, ComputerLevel, CreateGame, CreatePlayer, ErrorBody, GameDetail, GameList, GameStatus, GameSummary,
    HandicapPatch, JoinGame, OptionsPatch, PlayerCreated, PlayerProfile, PlayerRating, PositionAt, RecordEntry,
    SeatChoice, SeatGranted, TakebackEntry, VariantInfo, VariantList,
};
use mancala_protocol::{BoardView, ClockSpec, ClockState, OutcomeInfo, PROTOCOL_VERSION};

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
                    computer: vec![
                        ComputerLevel { level: 1, opponent: "bot:random".into(), elo: Some(600), same_as: None },
                        ComputerLevel { level: 4, opponent: "bot:hard".into(), elo: Some(2472), same_as: None },
                        ComputerLevel { level: 8, opponent: "bot:8".into(), elo: Some(3296), same_as: None },
                    ],
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
                    computer: vec![ComputerLevel { level: 5, opponent: "bot:5".into(), elo: None, same_as: Some(4) }],
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
            options: Some(OptionsPatch { width: Some(9), turn_limit: Some(0), handicap: None, rules_version: None }),
            seat: SeatChoice::South,
            name: Some("amina".into()),
            clock: Some(ClockSpec::fischer(300, 5)),
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
    assert_eq!(azigo.clock, Some(ClockSpec::fischer(600, 0)));
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
            result: Some(OutcomeInfo {
                winner: Some(Side::North),
                reason: "no-legal-move".into(),
                ratings: None,
                late: None
            }),
            ..summary(Variant::Kubuguza, GameStatus::Finished)
        }
    );
}

/// A game of an arena that allows berserk, in which South berserked.
#[test]
fn http_game_summary_berserk() {
    pin!(
        "http_game_summary_berserk",
        GameSummary {
            plies: 3,
            berserk: Some(Berserked { south: true, north: false }),
            ..summary(Variant::Kubuguza, GameStatus::Ongoing)
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
                        ratings: None,
                        late: None
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
                days: None,
                south_ms: 300_000,
                north_ms: 300_000,
                running: vec![Side::South],
                held_ms: 0
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
            takebacks: Vec::new(),
        }
    );
}

/// The takebacks of a casual game, as `GET /api/games/{id}` lists them: North asked to take back its
/// decision of ply 6 and South's reply (ply 7), then South its decision of ply 9.
#[test]
fn http_takebacks() {
    pin!(
        "http_takebacks",
        vec![
            TakebackEntry {
                by: Side::North,
                ply: 5,
                undone: vec!["b3".into(), "e2:cw".into()],
                at: CREATED_AT + 60_000
            },
            TakebackEntry { by: Side::South, ply: 8, undone: vec!["c2".into()], at: CREATED_AT + 95_000 },
        ]
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
            .into(),
            computer_assisted: false,
        }
    );
}

#[test]
fn http_api_error() {
    pin!("http_api_error", ErrorBody { error: "not_found".into(), message: "no registered player `zanele`".into() });
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
    pin!(
        "http_account",
        AccountInfo { name: "Amina".into(), created_at: CREATED_AT, moderator: false, warnings: vec![] }
    );
    pin!(
        "http_signin_token",
        Signin { name: "amina".into(), password: "mango tree 42".into(), token_label: Some("mancala-cli".into()) }
    );
    pin!("http_signed_in", SignedIn { name: "Amina".into(), token: None, second_step: false, ticket: None });
    pin!(
        "http_signed_in_token",
        SignedIn {
            name: "Amina".into(),
            token: Some("Xq7LmR2pVb9TzK4wNc6YhJ1sDf8GuE3a".into()),
            second_step: false,
            ticket: None,
        }
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

/// `GET /api/account/playing`: one game waiting for the account's decision, one for the opponent's.
#[test]
fn http_playing() {
    use mancala_protocol::account::{Playing, PlayingGame};
    let mut theirs = summary(Variant::Njombwa, GameStatus::Ongoing);
    theirs.id = "Q8wErTy2Ui".into();
    let games = vec![
        PlayingGame {
            game: summary(Variant::Kubuguza, GameStatus::Ongoing),
            seat: Side::South,
            my_turn: true,
            time_left_ms: Some(187_000),
        },
        PlayingGame { game: theirs, seat: Side::South, my_turn: false, time_left_ms: None },
    ];
    pin!("http_playing", Playing { games, my_turn: 1 });
}

/// A game's options carry the reading of the rules it is played under (docs/rules.md#rules-versions):
/// options written before versions existed read as version 1 and are written back byte for byte (a stored
/// game's row, a puzzle's id), and a new game's options say the current version.
#[test]
fn options_without_a_rules_version_are_the_first_reading_and_stay_as_written() {
    let old = r#"{"width":8,"turn_limit":1000,"handicap":{"south":false,"north":false}}"#;
    let read: Options = serde_json::from_str(old).unwrap();
    assert_eq!(read.rules_version, 1);
    assert_eq!(serde_json::to_string(&read).unwrap(), old);
    let new = Options::defaults(Variant::Njombwa);
    assert_eq!(
        serde_json::to_string(&new).unwrap(),
        format!(
            r#"{{"width":8,"turn_limit":1000,"handicap":{{"south":false,"north":false}},"rules_version":{}}}"#,
            mancala_engine::RULES_VERSION
        )
    );
    round_trip(&new);
    round_trip(&read);
}
