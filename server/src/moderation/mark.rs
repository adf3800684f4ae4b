//! Marking an account as computer assisted, and taking the mark off (docs/moderation.md, "Computer
//! assistance"; lichess's engine mark). A marked account shows the mark on its profile, is left out of
//! the leaderboards, is refused rated games and tournaments (`crate::lobby::engine_mark` says so where
//! they are asked for), and is withdrawn from the tournaments it is in. The players who lost rating points
//! to it in its rated games of the last [`REFUND_WINDOW`] get them back: for each such game it won or
//! drew, the opponent's `before - after` where that is positive, added to the opponent's rating now
//! (lila's `RatingRefund`). The mark, the refunds, the withdrawals and a log line for each are one
//! transaction; a game is refunded once however often the account is marked. Its open rated seeks and
//! challenges are withdrawn on every node (`crate::cluster::standing`).

use super::queries::{self, ModWrite, RefundRow};
use super::{Live, ModError};
use crate::cluster::standing;
use crate::game::UnixMs;
use crate::ids::PlayerName;
use crate::lobby::person::PersonKey;
use crate::store::{Rating, Store, Write};
use crate::tournaments::queries::TournamentWrite;
use std::time::Duration;

/// How far back the games whose points are given back go.
pub const REFUND_WINDOW: Duration = Duration::from_secs(30 * 24 * 3600);

/// Marks the account `name` (registered) by `moderator`, with `also` (the action's log line, the report it
/// closes) in the same transaction.
pub async fn mark(
    store: &Store,
    live: Option<Live<'_>>,
    moderator: &PlayerName,
    name: &PlayerName,
    also: Vec<Write>,
) -> Result<(), ModError> {
    let key = name.key();
    if store.engine_mark(&key).await?.is_some() {
        return Err(ModError::BadRequest(format!("{name} is marked as computer assisted already")));
    }
    let now = UnixMs::now();
    let since = UnixMs::from_millis(now.millis() - REFUND_WINDOW.as_millis() as i64);
    let refunds = queries::mark::refunds_owed(store, &key, since, now).await?;
    let tournaments = queries::mark::tournaments_playing(store, &key).await?;
    let mut writes = vec![Write::feature(ModWrite::EngineMark { player_key: key.clone(), at: Some(now) })];
    writes.extend(also);
    for r in refunds {
        let details = refund_details(&r, name);
        writes.push(super::actions::log(moderator.as_str(), "refund", &r.player, details));
        writes.push(Write::feature(ModWrite::Refund(r)));
    }
    for id in tournaments {
        writes.push(Write::feature(TournamentWrite::Withdraw { id, player_key: key.clone() }));
    }
    store.write(writes).await?;
    if let Some(live) = live {
        standing::withdraw(live.lobby, live.cluster, PersonKey::Account(key), true).await;
    }
    Ok(())
}

/// Takes the mark off `name`: it plays rated games and tournaments again; the points given back stay.
pub async fn unmark(store: &Store, name: &PlayerName, also: Vec<Write>) -> Result<(), ModError> {
    let key = name.key();
    if store.engine_mark(&key).await?.is_none() {
        return Err(ModError::BadRequest(format!("{name} is not marked as computer assisted")));
    }
    let mut writes = vec![Write::feature(ModWrite::EngineMark { player_key: key, at: None })];
    writes.extend(also);
    store.write(writes).await?;
    Ok(())
}

/// The log's words for a refund: `+12.3 kubuguza, game k3Xb9QmZ: lost to baraka (computer assisted)`.
fn refund_details(r: &RefundRow, marked: &PlayerName) -> String {
    let points = Rating::from_e9(r.points_e9);
    format!("+{points:.1} {}, game {}: lost to {marked} (computer assisted)", r.variant, r.game_id)
}
