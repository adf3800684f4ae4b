//! Nobody is in two games from the lobby at once (docs/lobby.md, "Pairing"): the race of a person taking a
//! seek while their own seek is being taken, tried many times; a person paired cannot be paired again
//! until that game is over; a guest is a person per connection (its seeks are its connection's, whatever
//! name another connection gives). On SQLite.

use crate::common;

use common::lobby::{abort_paired, all_games, created, lobby, next_answer, paired, quick_of, refused, seek, server};
use common::{TestServer, Ws};
use mancala_protocol::Variant;
use mancala_protocol::lobby::{LobbyClientMsg, LobbyServerMsg};
use serde_json::{Value, json};
use std::time::Duration;

/// Posts a seek of `ws` and returns its id.
async fn post(ws: &mut Ws, variant: Variant) -> String {
    ws.lobby_say(&seek(variant)).await;
    created(next_answer(ws).await).id
}

/// The games `name` is seated in.
fn games_of<'a>(games: &'a [Value], name: &str) -> Vec<&'a Value> {
    games.iter().filter(|g| ["south", "north"].iter().any(|side| g["players"][side]["name"] == name)).collect()
}

/// X's seek is taken by Y (over HTTP) at the same moment as X takes Z's seek (on its socket): whichever
/// the lobby decides first wins, the other is refused, and X is in exactly one game. 36 trials, each
/// asserting the outcome, not a timing.
#[tokio::test]
async fn taking_a_seek_while_ones_own_is_taken_makes_one_game() {
    let s = server().await;
    let (mut x_won, mut y_won) = (0, 0);
    for trial in 0..36 {
        let (x, y, z) = (format!("x{trial}"), format!("y{trial}"), format!("z{trial}"));
        let (mut xs, _) = lobby(&s, &format!("name={x}")).await;
        let (mut zs, _) = lobby(&s, &format!("name={z}")).await;
        let own = post(&mut xs, Variant::Kubuguza).await;
        let theirs = post(&mut zs, Variant::Azigo).await;
        let path = format!("/api/lobby/seeks/{own}/accept");
        let y_takes = s.post(&path, json!({ "name": y }));
        let accept = LobbyClientMsg::Accept { id: theirs };
        let x_takes = xs.lobby_say(&accept);
        let ((status, granted), ()) = tokio::join!(y_takes, x_takes);
        // X's answer: `paired` once, and, when Y was first, the refusal of its own accept.
        let mut x_msgs = Vec::new();
        while let Some(m) = xs.lobby_try_recv(Duration::from_millis(300)).await {
            if !matches!(m, LobbyServerMsg::SeekAdded { .. } | LobbyServerMsg::SeekRemoved { .. }) {
                x_msgs.push(m);
            }
        }
        let paired: Vec<_> = x_msgs
            .iter()
            .filter_map(|m| match m {
                LobbyServerMsg::Paired(p) => Some(&**p),
                _ => None,
            })
            .collect();
        assert_eq!(paired.len(), 1, "trial {trial}: X is paired once: {x_msgs:?}");
        let games = all_games(&s).await;
        let of_x = games_of(&games, &x);
        assert_eq!(of_x.len(), 1, "trial {trial}: X is in one game: {of_x:?}");
        if status == 201 {
            y_won += 1;
            assert_eq!(granted["game"]["id"], paired[0].game.id.as_str(), "trial {trial}");
            let code = x_msgs
                .iter()
                .find_map(|m| match m {
                    LobbyServerMsg::Error { code, .. } => Some(code),
                    _ => None,
                })
                .expect("X's accept refused");
            assert!(["playing", "not_found"].contains(&code.as_str()), "trial {trial}: {x_msgs:?}");
            assert!(games_of(&games, &z).is_empty(), "trial {trial}: Z was not paired");
        } else {
            x_won += 1;
            assert_eq!(status, 404, "trial {trial}: X's seek went with X's pairing: {granted}");
            assert_eq!(games_of(&games, &z).len(), 1, "trial {trial}");
            assert!(games_of(&games, &y).is_empty(), "trial {trial}: Y was not paired");
        }
        abort_paired(&s, paired[0]).await;
    }
    eprintln!("Y first {y_won} times, X first {x_won} times");
}

/// A person paired by the lobby is refused (`playing`, naming the game) until that game is over: an
/// accept, a quick pairing, a new seek; once it is over (aborted here) they pair again at once.
#[tokio::test]
async fn a_person_paired_is_not_paired_again_until_the_game_is_over() {
    let s = server().await;
    let token = common::lobby::account(&s, "amina").await;
    let (mut amina, _) = lobby(&s, &format!("token={token}")).await;
    let (mut other, _) = lobby(&s, "name=other").await;
    let (mut third, _) = lobby(&s, "name=third").await;
    let first = post(&mut other, Variant::Kubuguza).await;
    let waiting = post(&mut third, Variant::Azigo).await;
    amina.lobby_say(&LobbyClientMsg::Accept { id: first }).await;
    let paired_first = paired(next_answer(&mut amina).await);
    let game = paired_first.game.id.clone();
    for ask in [LobbyClientMsg::Accept { id: waiting.clone() }, quick_of(Variant::Azigo), seek(Variant::Njombwa)] {
        amina.lobby_say(&ask).await;
        let (code, message) = refused(next_answer(&mut amina).await);
        assert_eq!(code, "playing", "{ask:?}: {message}");
        assert!(message.contains(&game), "{message}");
    }
    // Another socket of the same account is the same person; HTTP too.
    let (mut again, _) = lobby(&s, &format!("token={token}")).await;
    again.lobby_say(&LobbyClientMsg::Accept { id: waiting.clone() }).await;
    assert_eq!(refused(next_answer(&mut again).await).0, "playing");
    let (status, body) =
        common::lobby::post_auth(&s, &format!("/api/lobby/seeks/{waiting}/accept"), &token, json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(games_of(&all_games(&s).await, "amina").len(), 1);

    abort_paired(&s, &paired_first).await;
    amina.lobby_say(&LobbyClientMsg::Accept { id: waiting }).await;
    let answer = next_answer(&mut amina).await;
    assert!(matches!(answer, LobbyServerMsg::Paired(_)), "free once the game is over: {answer:?}");
    assert_eq!(games_of(&all_games(&s).await, "amina").len(), 2);
}

/// A guest's seeks belong to its connection: another connection under the same name (in any case)
/// cannot cancel them, and is another person (it may take them).
#[tokio::test]
async fn a_guests_seek_is_its_connections_not_its_names() {
    let s = server().await;
    let (mut bob, _) = lobby(&s, "name=bobguest").await;
    let id = post(&mut bob, Variant::Kubuguza).await;
    let (mut impostor, _) = lobby(&s, "name=BOBGUEST").await;
    impostor.lobby_say(&LobbyClientMsg::Cancel { id: id.clone() }).await;
    let (code, message) = refused(next_answer(&mut impostor).await);
    assert_eq!(code, "not_found", "{message}");
    let (_, seeks) = s.get("/api/lobby/seeks").await;
    assert_eq!(seeks["seeks"][0]["id"], id.as_str(), "the seek is still open: {seeks}");
    impostor.lobby_say(&LobbyClientMsg::Accept { id }).await;
    paired(next_answer(&mut impostor).await);
    paired(next_answer(&mut bob).await);
    drop(bob);
    check_alone(&s).await;
}

/// Nothing is left open.
async fn check_alone(s: &TestServer) {
    let (_, seeks) = s.get("/api/lobby/seeks").await;
    assert_eq!(seeks, json!({ "seeks": [], "total": 0 }));
}
