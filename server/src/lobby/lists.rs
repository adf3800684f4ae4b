//! The live game lists of the lobby socket: the newest games waiting for an opponent and the newest being
//! played. One task per node ([`watch`]) reads both lists from the database every [`READ_EVERY`] while
//! at least one lobby socket of the node is open, and hands each reading to the lobby task, which keeps
//! the last one ([`GameLists`]), sends the changes (`game_added`, `game_changed`, `game_removed`) to its
//! sockets and the whole lists (`games`) to a socket that joins.
//!
//! Why reading the database: games are created, joined and played on any node of a cluster, and every
//! node shares the database, so a reading there is right on every node whichever node a game lives on,
//! and needs no message between nodes (the broker delivers at most once, and one node runs without it).
//! It is two small reads of indexed rows per node a second, however many sockets are open, and none while
//! nobody watches.

use super::command::Command;
use crate::game::GameHeader;
use crate::store::{GameFilter, Store, StoreError};
use mancala_protocol::http::{GameStatus, GameSummary};
use mancala_protocol::lobby::{GAMES_SHOWN, GameListName, LobbyServerMsg};
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio_util::sync::CancellationToken;

/// How often the lists are read while someone watches: a game created, joined or ended on any node shows
/// on every lobby socket within about this long (the home page polled every 10 s before), for two reads a
/// second per node.
pub const READ_EVERY: Duration = Duration::from_secs(1);

/// The two lists as read, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLists {
    pub waiting: Vec<GameSummary>,
    pub live: Vec<GameSummary>,
}

impl GameLists {
    /// The whole lists: a joining socket's `games`.
    pub fn message(&self) -> LobbyServerMsg {
        LobbyServerMsg::Games { waiting: self.waiting.clone(), live: self.live.clone() }
    }

    /// The messages that turn `self` into `new`: `waiting` first, then `live` (so a game that starts
    /// leaves `waiting` before it enters `live`); in each, what left, then what came or changed.
    pub fn changes(&self, new: &GameLists) -> Vec<LobbyServerMsg> {
        let mut out = Vec::new();
        diff(GameListName::Waiting, &self.waiting, &new.waiting, &mut out);
        diff(GameListName::Live, &self.live, &new.live, &mut out);
        out
    }
}

fn diff(list: GameListName, old: &[GameSummary], new: &[GameSummary], out: &mut Vec<LobbyServerMsg>) {
    let before: HashMap<&str, &GameSummary> = old.iter().map(|g| (g.id.as_str(), g)).collect();
    let now: HashMap<&str, &GameSummary> = new.iter().map(|g| (g.id.as_str(), g)).collect();
    for g in old.iter().filter(|g| !now.contains_key(g.id.as_str())) {
        out.push(LobbyServerMsg::GameRemoved { list, id: g.id.clone() });
    }
    for g in new {
        match before.get(g.id.as_str()) {
            Some(was) if *was != g => out.push(LobbyServerMsg::GameChanged { list, game: Box::new(g.clone()) }),
            Some(_) => {}
            None => out.push(LobbyServerMsg::GameAdded { list, game: Box::new(g.clone()) }),
        }
    }
}

/// Reads the lists every [`READ_EVERY`] while `watching` is true (a lobby socket is open), and sends each
/// reading to the lobby task. A reading the task's full queue cannot take is dropped: the next one, a
/// second later, is compared with the last the task took, so nothing is lost but time.
pub async fn watch(
    store: Store,
    mut watching: watch::Receiver<bool>,
    lobby: mpsc::WeakSender<Command>,
    shutdown: CancellationToken,
) {
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            open = watching.wait_for(|w| *w) => if open.is_err() { return },
        }
        match read(&store).await {
            Ok(lists) => {
                let Some(tx) = lobby.upgrade() else { return };
                let _ = tx.try_send(Command::Games { lists });
            }
            Err(e) => tracing::warn!(error = %e, "cannot read the live game lists"),
        }
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(READ_EVERY) => {}
        }
    }
}

/// Both lists from the database: the query of `GET /api/games?status=…`.
async fn read(store: &Store) -> Result<GameLists, StoreError> {
    let of = |status| GameFilter { status: Some(status), ..GameFilter::default() };
    let waiting = store.list_games(&of(GameStatus::Waiting), None, GAMES_SHOWN as u32).await?;
    let live = store.list_games(&of(GameStatus::Ongoing), None, GAMES_SHOWN as u32).await?;
    let summaries = |rows: Vec<GameHeader>| rows.iter().map(GameHeader::summary).collect();
    Ok(GameLists { waiting: summaries(waiting), live: summaries(live) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Options, Variant};
    use mancala_protocol::http::Seats;

    fn game(id: &str, plies: u32) -> GameSummary {
        GameSummary {
            id: id.into(),
            variant: Variant::Kubuguza,
            options: Options::defaults(Variant::Kubuguza),
            status: GameStatus::Ongoing,
            players: Seats { south: None, north: None },
            clock: None,
            auto_forced: true,
            rated: false,
            previews: false,
            plies,
            berserk: None,
            result: None,
            created_at: 1,
            updated_at: 1,
            invite_code: None,
        }
    }

    #[test]
    fn the_changes_are_what_left_what_changed_and_what_came() {
        let old = GameLists { waiting: vec![game("w1", 0), game("w2", 0)], live: vec![game("l1", 3)] };
        let new = GameLists { waiting: vec![game("w2", 0)], live: vec![game("w1", 0), game("l1", 4)] };
        assert_eq!(
            old.changes(&new),
            vec![
                LobbyServerMsg::GameRemoved { list: GameListName::Waiting, id: "w1".into() },
                LobbyServerMsg::GameAdded { list: GameListName::Live, game: Box::new(game("w1", 0)) },
                LobbyServerMsg::GameChanged { list: GameListName::Live, game: Box::new(game("l1", 4)) },
            ]
        );
        assert!(new.changes(&new).is_empty(), "nothing changed, nothing said");
    }
}
