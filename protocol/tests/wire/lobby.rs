//! The lobby: every message of the lobby WebSocket both ways, and the bodies of its HTTP routes.

use super::*;
use mancala_engine::{Options, Side, Variant};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::{GameStatus, OptionsPatch, SeatGranted};
use mancala_protocol::lobby::{
    Challenge, ChallengeList, CreateChallenge, GameListName, LobbyClientMsg, LobbyServerMsg, Seek, SeekList,
    SeekRequest,
};

const SEEK_ID: &str = "k3Xa9QpL2mZr";
const CHALLENGE_ID: &str = "c8Wn4TfQ1bYs";

fn seek() -> Seek {
    Seek {
        id: SEEK_ID.into(),
        name: "amina".into(),
        registered: true,
        rating: Some(1512),
        provisional: Some(true),
        variant: Variant::Kubuguza,
        options: Options::defaults(Variant::Kubuguza),
        clock: Some(ClockSpec::fischer(300, 3)),
        rated: false,
        range: Some([1400, 1700]),
        created_at: CREATED_AT,
    }
}

/// A guest's seek: no rating, no clock, no range (those fields are left out).
fn guest_seek() -> Seek {
    Seek {
        id: "m2Rt8VkC5nHq".into(),
        name: "kwame".into(),
        registered: false,
        rating: None,
        provisional: None,
        variant: Variant::Njombwa,
        options: Options { width: 9, ..Options::defaults(Variant::Njombwa) },
        clock: None,
        rated: false,
        range: None,
        created_at: UPDATED_AT,
    }
}

fn challenge() -> Challenge {
    Challenge {
        id: CHALLENGE_ID.into(),
        from: "Amina".into(),
        to: "Kwame".into(),
        variant: Variant::Azigo,
        options: Options::defaults(Variant::Azigo),
        clock: Some(ClockSpec::fischer(600, 5)),
        rated: true,
        created_at: CREATED_AT,
    }
}

/// The lobby's first message (capped: the newest seeks and the count of all) and a refusal that says when
/// to ask again.
#[test]
fn lobby_messages() {
    pin!("lobby_seeks", LobbyServerMsg::Seeks { seeks: vec![seek()], total: 240 });
    pin!("lobby_seek_list", SeekList { seeks: vec![seek()], total: 240 });
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

/// Every other message of the lobby to a client.
#[test]
fn lobby_server_messages() {
    pin!("lobby_seek_added", LobbyServerMsg::SeekAdded { seek: guest_seek() });
    pin!("lobby_seek_removed", LobbyServerMsg::SeekRemoved { id: SEEK_ID.into() });
    pin!("lobby_seek_created", LobbyServerMsg::SeekCreated { seek: seek() });
    pin!(
        "lobby_paired",
        LobbyServerMsg::Paired(Box::new(SeatGranted {
            game: summary(Variant::Kubuguza, GameStatus::Ongoing),
            seat: Side::North,
            token: "Xb3k9QmT0vLr7WcZ2pNa5sYh8dFj1uEg".into(),
            ws_path: format!("/api/games/{GAME_ID}/ws"),
            invite_code: None,
            invite_path: None,
        }))
    );
    pin!("lobby_challenge", LobbyServerMsg::Challenge { challenge: challenge() });
    pin!("lobby_challenge_gone", LobbyServerMsg::ChallengeGone { id: CHALLENGE_ID.into(), reason: "declined".into() });
    pin!("lobby_pong", LobbyServerMsg::Pong);
}

/// The live game lists: the whole lists once, then a game added, changed or removed.
#[test]
fn lobby_game_list_messages() {
    let live = GameSummary { id: "h4Nw8YpC3s".into(), plies: 14, ..summary(Variant::Kubuguza, GameStatus::Ongoing) };
    pin!("lobby_games", LobbyServerMsg::Games { waiting: vec![waiting_summary()], live: vec![live.clone()] });
    pin!(
        "lobby_game_added",
        LobbyServerMsg::GameAdded { list: GameListName::Waiting, game: Box::new(waiting_summary()) }
    );
    pin!("lobby_game_changed", LobbyServerMsg::GameChanged { list: GameListName::Live, game: Box::new(live) });
    pin!("lobby_game_removed", LobbyServerMsg::GameRemoved { list: GameListName::Waiting, id: GAME_ID.into() });
}

/// Every message of a client to the lobby.
#[test]
fn lobby_client_messages() {
    pin!(
        "lobby_client_seek",
        LobbyClientMsg::Seek {
            variant: Variant::Njombwa,
            options: Some(OptionsPatch { width: Some(9), ..OptionsPatch::default() }),
            clock: Some(ClockSpec::fischer(300, 3)),
            rated: true,
            range: Some([1400, 1700]),
        }
    );
    pin!("lobby_client_cancel", LobbyClientMsg::Cancel { id: SEEK_ID.into() });
    pin!("lobby_client_accept", LobbyClientMsg::Accept { id: SEEK_ID.into() });
    pin!(
        "lobby_client_quick",
        LobbyClientMsg::Quick { variant: Variant::Kubuguza, clock: Some(ClockSpec::fischer(180, 2)), rated: false }
    );
    pin!("lobby_client_ping", LobbyClientMsg::Ping);
}

/// A client's message with a field the lobby does not know is refused, naming the field.
#[test]
fn lobby_client_rejects_unknown_fields_naming_them() {
    let err = serde_json::from_str::<LobbyClientMsg>(r#"{"type":"cancel","id":"x","colour":"red"}"#).unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
}

/// The bodies of the lobby's HTTP routes.
#[test]
fn lobby_http_bodies() {
    pin!(
        "lobby_seek_request",
        SeekRequest {
            variant: Variant::Kubuguza,
            options: None,
            clock: Some(ClockSpec::fischer(300, 3)),
            rated: false,
            range: None,
            name: Some("kwame".into()),
        }
    );
    pin!(
        "lobby_create_challenge",
        CreateChallenge {
            to: "Kwame".into(),
            variant: Variant::Azigo,
            options: None,
            clock: Some(ClockSpec::fischer(600, 5)),
            rated: true,
        }
    );
    pin!("lobby_challenge_created", challenge());
    pin!("lobby_challenge_list", ChallengeList { incoming: vec![], outgoing: vec![challenge()] });
}
