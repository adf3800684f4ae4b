//! Who aborted a game (migration 0006: `games.aborted_by`), written with the abort: a tournament counts
//! the aborter absent (`tournaments/record.rs`). The penalties for leaving games count aborts from their
//! own outcomes (`store/outcomes.rs`).

use sqlx::{Any, Transaction};

/// The side whose player aborted game `game_id` (`south`, `north`): written in the job that stores the
/// abort, after its game row exists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbortedBy {
    pub game_id: String,
    pub side: String,
}

pub(super) async fn apply(tx: &mut Transaction<'static, Any>, a: &AbortedBy) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE games SET aborted_by = $2 WHERE id = $1")
        .bind(&a.game_id)
        .bind(&a.side)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
