//! Table tests of a pairing's decisions ([`Pairing::decide`]): what each side is told and what the lobby
//! task hears, for every outcome of the credential check and of making the game. The way to make a game
//! is injected, so no registry, room or database is needed.

use super::*;
use crate::game::Refusal;
use crate::ids::PlayerName;
use crate::lobby::seek::GameSpec;
use mancala_engine::{Options, Variant};
use mancala_protocol::ErrorCode;
use mancala_protocol::http::{GameStatus, GameSummary, Seats};
use std::cell::Cell;

fn person(name: &str) -> Person {
    Person::account(PlayerName::parse(name).unwrap())
}

fn spec() -> GameSpec {
    let variant = Variant::Kubuguza;
    GameSpec { variant, options: Options::defaults(variant), clock: None, rated: false }
}

fn grant(side: Side, token: &str) -> SeatGranted {
    let summary = GameSummary {
        id: "g7Kq2ZtR4m".into(),
        variant: Variant::Kubuguza,
        options: Options::defaults(Variant::Kubuguza),
        status: GameStatus::Ongoing,
        players: Seats { south: None, north: None },
        clock: None,
        auto_forced: true,
        rated: false,
        previews: false,
        plies: 0,
        berserk: None,
        result: None,
        created_at: 0,
        updated_at: 0,
        invite_code: None,
    };
    granted(summary, side, token.to_string())
}

fn via(hash: &str) -> Credential {
    Credential::Token { hash: crate::ids::TokenHash::stored(hash.into()) }
}

/// What each side got: `Ok(token)` for a seat, `Err(code)` for a refusal.
type Told = Result<String, String>;

fn told(msg: LobbyServerMsg) -> Told {
    match msg {
        LobbyServerMsg::Paired(g) => Ok(g.token),
        LobbyServerMsg::Error { code, .. } => Err(code),
        other => panic!("not a pairing's answer: {other:?}"),
    }
}

/// What the lobby task heard: `revoke HASH` and `checked GAME`.
fn heard(cmd: Command) -> String {
    match cmd {
        Command::Revoke { credentials } => match &credentials[..] {
            [Credential::Token { hash }] => format!("revoke {hash}"),
            other => panic!("{other:?}"),
        },
        Command::Checked { finished, then: None } => format!("checked {}", finished[0]),
        _ => panic!("an unexpected command"),
    }
}

/// How the game's making goes in a row: not asked, made, or refused.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Make {
    NotAsked,
    Made,
    Refused,
}

#[tokio::test]
async fn each_outcome_tells_both_sides_and_the_lobby_what_they_need() {
    let store_down = || Err(StoreError::Corrupt("the disk is gone".into()));
    type Row = (&'static str, Result<Option<(Credential, bool)>, StoreError>, Make, Told, Told, Vec<&'static str>);
    let rows: Vec<Row> = vec![
        ("both valid, made", Ok(None), Make::Made, Ok("tok-a".into()), Ok("tok-b".into()), vec![]),
        (
            "both valid, the room refuses",
            Ok(None),
            Make::Refused,
            Err("unavailable".into()),
            Err("forbidden".into()),
            vec!["checked g1"],
        ),
        (
            "the first signed out",
            Ok(Some((via("h-a"), true))),
            Make::NotAsked,
            Err("unauthorized".into()),
            Err("conflict".into()),
            vec!["revoke h-a", "checked g1"],
        ),
        (
            "the second signed out",
            Ok(Some((via("h-b"), false))),
            Make::NotAsked,
            Err("conflict".into()),
            Err("unauthorized".into()),
            vec!["revoke h-b", "checked g1"],
        ),
        (
            "the database cannot say",
            store_down(),
            Make::NotAsked,
            Err("unavailable".into()),
            Err("unavailable".into()),
            vec!["checked g1"],
        ),
    ];
    for (what, revoked, make, to_first, to_second, lobby_hears) in rows {
        let (first_tx, mut first_rx) = mpsc::channel(4);
        let (second_tx, mut second_rx) = mpsc::channel(4);
        let (lobby_tx, mut lobby_rx) = mpsc::channel(4);
        let pairing = Pairing {
            game: "g1".parse().unwrap(),
            spec: spec(),
            first: Player { person: person("amina"), to: Deliver::Conn(Some(first_tx)), credential: None },
            second: Player { person: person("kwame"), to: Deliver::Conn(Some(second_tx)), credential: None },
        };
        let asked = Cell::new(Make::NotAsked);
        let made = async |game: GameId, _spec: GameSpec, a: &Person, b: &Person| {
            assert_eq!((game.as_str(), a.name().as_str(), b.name().as_str()), ("g1", "amina", "kwame"), "{what}");
            if make == Make::Refused {
                asked.set(Make::Refused);
                return Err(LobbyError::from(Refusal::new(ErrorCode::WrongSeat, "a rated game needs an account")));
            }
            asked.set(Make::Made);
            Ok([grant(Side::South, "tok-a"), grant(Side::North, "tok-b")])
        };
        pairing.decide(revoked, made, &lobby_tx.downgrade()).await;
        assert_eq!(asked.get(), make, "{what}: the game's making");
        assert_eq!(told(first_rx.try_recv().unwrap()), to_first, "{what}: the first side");
        assert_eq!(told(second_rx.try_recv().unwrap()), to_second, "{what}: the second side");
        assert!(first_rx.try_recv().is_err() && second_rx.try_recv().is_err(), "{what}: one answer each");
        drop(lobby_tx);
        let mut commands = Vec::new();
        while let Some(cmd) = lobby_rx.recv().await {
            commands.push(heard(cmd));
        }
        assert_eq!(commands, lobby_hears, "{what}: the lobby task");
    }
}

#[tokio::test]
async fn a_side_whose_connection_is_gone_is_skipped_and_an_http_side_gets_its_answer() {
    let (reply, answer) = oneshot::channel();
    let pairing = Pairing {
        game: "g2".parse().unwrap(),
        spec: spec(),
        first: Player { person: person("amina"), to: Deliver::Conn(None), credential: None },
        second: Player { person: person("kwame"), to: Deliver::Http(reply), credential: None },
    };
    let (lobby_tx, _lobby_rx) = mpsc::channel(4);
    let made = async |_: GameId, _: GameSpec, _: &Person, _: &Person| {
        Ok([grant(Side::South, "tok-a"), grant(Side::North, "tok-b")])
    };
    pairing.decide(Ok(None), made, &lobby_tx.downgrade()).await;
    let granted = answer.await.expect("the HTTP side is answered").expect("a seat");
    assert_eq!((granted.token.as_str(), granted.seat), ("tok-b", Side::North));
}
