//! Closing an account, and reopening it. A closed account signs in no more; its sessions and API tokens
//! are deleted and its player token stands for nothing (the account reads leave closed accounts out).
//! Then [`end_what_is_open`], the one path of every closing: what its credentials opened is closed at once
//! on every node (`crate::cluster::revoke`: lobby sockets, seek streams, their seeks, tournament sockets),
//! its game sockets too (`crate::cluster::closed`), its challenges, sent and received, are withdrawn on
//! every node (`crate::cluster::standing`), and its ongoing games are resigned through their rooms,
//! wherever they run. Its row stays: finished games keep the name, and nobody else can take it.
//!
//! A moderator's close runs on a server, which ends what is open at once. `admin close` runs beside the
//! servers, without a [`Live`] server: it stores the closing with a row of `account_closings` in the same
//! transaction, and the first node to claim that row runs the same [`end_what_is_open`] within a second
//! (`super::closings`).

use super::queries::{ClosingRow, ClosingWrite, ModWrite};
use super::{Live, ModError};
use crate::accounts::Credential;
use crate::cluster::{closed, revoke, standing};
use crate::game::UnixMs;
use crate::ids::{PlayerName, ReportId, TokenHash};
use crate::lobby::person::PersonKey;
use crate::room::frame::Outbound;
use crate::room::projection::ViewerKind;
use crate::room::{AskError, RoomHandle};
use crate::store::{GameFilter, Store, Write};
use mancala_engine::Side;
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ClientMsg, ServerMsg};
use tokio::sync::mpsc;

/// The ongoing games resigned at most (an account plays more only by running a bot).
const MAX_GAMES: u32 = 200;

/// Closes the account `name` (registered), with `also` in the same transaction (the log's line), and ends
/// what it has open: at once with a `live` server, else through a node (the closing is queued).
pub async fn close(store: &Store, live: Option<Live<'_>>, name: &PlayerName, also: Vec<Write>) -> Result<(), ModError> {
    let key = name.key();
    let mut credentials: Vec<Credential> =
        store.session_hashes(&key).await?.into_iter().map(|id_hash| Credential::Session { id_hash }).collect();
    for token in store.api_tokens(&key).await? {
        if let Some(hash) = store.api_token_hash(&key, &token.id).await? {
            credentials.push(Credential::Token { hash });
        }
    }
    if let Some(row) = store.player_by_name(name).await? {
        credentials.push(Credential::Token { hash: TokenHash::stored(row.token_hash) });
    }
    let now = UnixMs::now();
    let mut writes = vec![Write::feature(ModWrite::Close { player_key: key.clone(), at: now })];
    writes.extend(also);
    let Some(live) = live else {
        let credentials = serde_json::to_string(&credentials).expect("credentials serialise");
        let row = ClosingRow { id: ReportId::random().to_string(), player_key: key, credentials };
        writes.push(Write::feature(ClosingWrite::Queue { row, at: now }));
        store.write(writes).await?;
        return Ok(());
    };
    store.write(writes).await?;
    end_what_is_open(store, live, name, credentials).await
}

/// Ends what the closed account `name` has open, on every node: the connections its `credentials` opened
/// (lobby sockets, seek streams, tournament sockets), its game sockets, its challenges, and its ongoing
/// games (resigned). The one path of a moderator's close and of the operator's.
pub async fn end_what_is_open(
    store: &Store,
    live: Live<'_>,
    name: &PlayerName,
    credentials: Vec<Credential>,
) -> Result<(), ModError> {
    revoke::revoked(live.lobby, live.cluster, credentials).await;
    standing::withdraw(live.lobby, live.cluster, PersonKey::Account(name.key()), false).await;
    resign_games(store, live, name).await?;
    // After the resignations, so that the game sockets have the end before they close.
    closed::closed(live.lobby, live.cluster, &name.key()).await;
    Ok(())
}

/// Reopens the account `name`: it signs in again (with its password; its tokens are gone). A closing of
/// `admin close` that no node carried out yet is dropped with it.
pub async fn reopen(store: &Store, name: &PlayerName, also: Vec<Write>) -> Result<(), ModError> {
    let key = name.key();
    let mut writes = vec![
        Write::feature(ModWrite::Reopen { player_key: key.clone() }),
        Write::feature(ClosingWrite::Forget { player_key: key }),
    ];
    writes.extend(also);
    store.write(writes).await?;
    Ok(())
}

/// Resigns every ongoing game of `name`. A game whose room cannot be had now is left to its clock or to
/// the opponent's claim (logged).
async fn resign_games(store: &Store, live: Live<'_>, name: &PlayerName) -> Result<(), ModError> {
    let filter = GameFilter { player: Some(name.clone()), status: Some(GameStatus::Ongoing), ..Default::default() };
    for game in store.list_games(&filter, None, MAX_GAMES).await? {
        let seat = Side::BOTH
            .into_iter()
            .find(|&s| game.seats[s].as_ref().is_some_and(|o| o.who.is_account() && o.name().same_player(name)));
        let Some(side) = seat else { continue };
        let resigned = match live.rooms.get(&game.id).await {
            Ok(room) => resign(&room, side).await,
            Err(e) => Err(AskError::Elsewhere(if matches!(e, crate::room::RoomError::ShuttingDown) {
                "shutting down"
            } else {
                "its room could not be had"
            })),
        };
        if let Err(e) = resigned {
            tracing::warn!(game = %game.id, error = %e, "a closed account's game could not be resigned");
        }
    }
    Ok(())
}

/// Resigns `side` in `room` as its player would: a connection of that seat sends `resign`, then leaves.
/// Works the same on a room of another node (the relay carries both).
async fn resign(room: &RoomHandle, side: Side) -> Result<(), AskError> {
    let (tx, mut rx) = mpsc::channel(64);
    let conn = room.connect((ViewerKind::of(Some(side)), None), None, tx.clone()).await?;
    let permit = tx.clone().reserve_owned().await.map_err(|_| AskError::Gone)?;
    let sent = room.client(conn, ClientMsg::Resign { id: Some(ANSWER_ID.into()) }, None, permit).await;
    if sent.is_ok() {
        // The seat leaves only once its resignation is answered: a relayed connection's leaving could
        // otherwise reach the owning node first, and the resignation would find no seat.
        let _ = tokio::time::timeout(ANSWER_WAIT, answered(&mut rx)).await;
    }
    room.disconnect(conn).await;
    rx.close();
    sent
}

/// The id the resignation is sent with, to find its answer among the room's messages.
const ANSWER_ID: &str = "moderation";

/// How long a resignation's answer is waited for before the seat leaves anyway.
const ANSWER_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Until the room answers the resignation (accepted or refused), or the connection ends.
async fn answered(rx: &mut mpsc::Receiver<Outbound>) {
    while let Some(out) = rx.recv().await {
        let Outbound::Frames(frames) = out else { return };
        let ours = |id: &Option<String>| id.as_deref() == Some(ANSWER_ID);
        if frames.iter().any(|f| match f.msg() {
            ServerMsg::Accepted { id, .. } | ServerMsg::Rejected { id, .. } => ours(id),
            _ => false,
        }) {
            return;
        }
    }
}
