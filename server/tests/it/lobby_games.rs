//! The live game lists of the lobby socket, through the real server: a socket gets both lists, then sees a
//! game made by `POST /api/games` enter "waiting", move to "live" when its second player joins, change
//! when a move is made, and leave "live" when it ends; a socket that joins later gets the lists as they
//! are. With several nodes (PostgreSQL and NATS, when `TEST_DATABASE_URL` and `TEST_BROKER_URL` are set),
//! a game created on node A shows on a lobby socket of node B.

use crate::common;

use common::driver::Table;
use common::lobby::{lobby, server};
use common::{Seat, TestServer, Ws};
use mancala_protocol::http::{GameStatus, GameSummary};
use mancala_protocol::lobby::{GameListName, LobbyServerMsg};
use mancala_protocol::{ClientMsg, ServerMsg};
use serde_json::json;

/// The lists of a socket's `games` message (the first message of the lists).
async fn first_lists(ws: &mut Ws) -> (Vec<GameSummary>, Vec<GameSummary>) {
    match ws.lists_recv().await {
        LobbyServerMsg::Games { waiting, live } => (waiting, live),
        other => panic!("the lists begin with `games`: {other:?}"),
    }
}

/// Creates a waiting game by `POST /api/games`; its id and the creator's seat token.
async fn create(s: &TestServer, name: &str) -> (String, String) {
    let (status, body) = s.post("/api/games", json!({ "variant": "kubuguza", "name": name })).await;
    assert_eq!(status, 201, "{body}");
    (body["game"]["id"].as_str().unwrap().to_string(), body["token"].as_str().unwrap().to_string())
}

/// The next `game_added` (the summary) of `list`, for game `id`.
async fn added(ws: &mut Ws, list: GameListName, id: &str) -> GameSummary {
    match ws.lists_recv().await {
        LobbyServerMsg::GameAdded { list: l, game } if l == list && game.id == id => *game,
        other => panic!("expected game {id} added to {list:?}: {other:?}"),
    }
}

#[tokio::test]
async fn a_game_enters_waiting_moves_to_live_changes_and_leaves() {
    let s = server().await;
    let (mut ws, _) = lobby(&s, "name=watcher").await;
    assert_eq!(first_lists(&mut ws).await, (vec![], vec![]), "no game yet");

    let (id, creator) = create(&s, "amina").await;
    let game = added(&mut ws, GameListName::Waiting, &id).await;
    assert_eq!(game.status, GameStatus::Waiting);
    assert_eq!(game.players.south.as_ref().or(game.players.north.as_ref()).unwrap().name, "amina");

    // A socket that joins now gets the lists as they are.
    let (mut late, _) = lobby(&s, "name=late").await;
    let (waiting, live) = first_lists(&mut late).await;
    assert_eq!((waiting.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(), live.len()), (vec![id.as_str()], 0));

    let (status, joined) = s.post(&format!("/api/games/{id}/join"), json!({ "name": "baraka" })).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(ws.lists_recv().await, LobbyServerMsg::GameRemoved { list: GameListName::Waiting, id: id.clone() });
    let game = added(&mut ws, GameListName::Live, &id).await;
    assert_eq!(game.status, GameStatus::Ongoing);
    assert_eq!(game.plies, 0);

    // A move changes the live game's summary.
    let joiner = joined["token"].as_str().unwrap().to_string();
    let (south, north) = if joined["seat"] == "north" { (creator, joiner) } else { (joiner, creator) };
    let mut table = Table::open(&s, &id, &south, &north).await;
    let mover = table.mover().expect("someone moves first");
    let decision = table.views[mover].legal[0].clone();
    assert!(matches!(table.decide(mover, &decision).await, ServerMsg::Accepted { .. }));
    let changed = ws
        .lobby_lists_until(|m| match m {
            LobbyServerMsg::GameChanged { list: GameListName::Live, game } if game.id == id => Some(game),
            _ => None,
        })
        .await;
    assert!(changed.plies >= 1, "{changed:?}");

    // Resigning ends it: it leaves "live".
    table.ws(Seat::South).say(&ClientMsg::Resign { id: Some("r".into()) }).await;
    ws.lobby_lists_until(|m| {
        (m == LobbyServerMsg::GameRemoved { list: GameListName::Live, id: id.clone() }).then_some(())
    })
    .await;
    // The socket that joined later saw the same: waiting, then live, then gone.
    assert_eq!(late.lists_recv().await, LobbyServerMsg::GameRemoved { list: GameListName::Waiting, id: id.clone() });
    added(&mut late, GameListName::Live, &id).await;
}

/// Several nodes: a game created on node A shows on a lobby socket of node B, and leaves "waiting" there
/// when joined on node A.
#[tokio::test]
async fn a_game_created_on_one_node_shows_in_the_lobby_of_another() {
    let Some(broker) = common::cluster::broker_url("lobby_games") else { return };
    let Some((base, url)) = common::fresh_db("lobby_games").await else { return };
    let a = common::cluster::start_node(&url, &broker, "a", 5).await;
    let b = common::cluster::start_node(&url, &broker, "b", 5).await;
    let (node_a, node_b) = (TestServer::attach(a.addr, &url), TestServer::attach(b.addr, &url));
    let (mut on_b, _) = lobby(&node_b, "name=watcher").await;
    first_lists(&mut on_b).await;
    let (id, _) = create(&node_a, "amina").await;
    added(&mut on_b, GameListName::Waiting, &id).await;
    let (status, joined) = node_a.post(&format!("/api/games/{id}/join"), json!({ "name": "baraka" })).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(on_b.lists_recv().await, LobbyServerMsg::GameRemoved { list: GameListName::Waiting, id: id.clone() });
    added(&mut on_b, GameListName::Live, &id).await;
    drop((a, b));
    common::drop_db(&base, &url).await;
}
