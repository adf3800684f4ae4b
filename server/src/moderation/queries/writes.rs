//! Moderation's writes, handed to the store's single writer ([`crate::store::FeatureWrite`]) and run in its
//! transaction, so an action and its log line land together: an account's standing (moderator, closed,
//! chat timeout, shadow mute), a report filed and a report closed, the log, notes, warnings and their
//! acknowledgement, the computer-assisted mark and the refunds it gives (docs/moderation.md says what
//! each is for).

use super::LogRow;
use super::mark::RefundRow;
use crate::game::UnixMs;
use crate::ids::ReportId;
use crate::store::{Backend, FeatureWrite, Report, ReportFiling, Tx, file_report};
use futures_util::future::BoxFuture;

/// A write of moderation's tables. `player_key` is always `lower(name)`.
#[derive(Clone, Debug)]
pub enum ModWrite {
    Moderator {
        player_key: String,
        on: bool,
    },
    /// Closes the account and deletes its sessions and API tokens (its player token stands for nothing
    /// while it is closed: the store's account reads leave closed accounts out).
    Close {
        player_key: String,
        at: UnixMs,
    },
    Reopen {
        player_key: String,
    },
    ChatUntil {
        player_key: String,
        until: Option<UnixMs>,
    },
    ShadowMute {
        player_key: String,
        on: bool,
    },
    /// A report: joins the open report on the same player and reason, else opens its `new_id`.
    Report(ReportFiling),
    CloseReport {
        id: ReportId,
        by: String,
        at: UnixMs,
    },
    Log(LogRow),
    Note {
        id: String,
        player_key: String,
        author: String,
        text: String,
        at: UnixMs,
    },
    Warn {
        id: String,
        player_key: String,
        text: String,
        at: UnixMs,
    },
    Acknowledge {
        player_key: String,
        id: String,
        at: UnixMs,
    },
    /// Marks the account as computer assisted (`Some`: since then) or takes the mark off (`None`).
    EngineMark {
        player_key: String,
        at: Option<UnixMs>,
    },
    /// Gives back points a player lost to a marked account.
    Refund(RefundRow),
}

impl FeatureWrite for ModWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            apply(tx, self).await?;
            Ok(None)
        })
    }
}

/// Applies one moderation write inside the writer's transaction.
async fn apply(tx: &mut Tx, write: &ModWrite) -> Result<(), sqlx::Error> {
    let set = |sql: &'static str, key: &str| sqlx::query(sql).bind(key.to_string());
    let q = match write {
        ModWrite::Moderator { player_key, on } => {
            set("UPDATE players SET moderator = $2 WHERE lower(name) = $1", player_key).bind(i16::from(*on))
        }
        ModWrite::Close { player_key, at } => {
            set("DELETE FROM sessions WHERE player_key = $1", player_key).execute(&mut **tx).await?;
            set("DELETE FROM api_tokens WHERE player_key = $1", player_key).execute(&mut **tx).await?;
            set("UPDATE players SET closed_at = $2 WHERE lower(name) = $1", player_key).bind(at.millis())
        }
        ModWrite::Reopen { player_key } => {
            set("UPDATE players SET closed_at = NULL WHERE lower(name) = $1", player_key)
        }
        ModWrite::ChatUntil { player_key, until } => {
            set("UPDATE players SET chat_until = $2 WHERE lower(name) = $1", player_key).bind(until.map(UnixMs::millis))
        }
        ModWrite::ShadowMute { player_key, on } => {
            set("UPDATE players SET shadow_muted = $2 WHERE lower(name) = $1", player_key).bind(i16::from(*on))
        }
        ModWrite::EngineMark { player_key, at } => {
            set("UPDATE players SET engine_marked_at = $2 WHERE lower(name) = $1", player_key)
                .bind(at.map(UnixMs::millis))
        }
        ModWrite::Refund(r) => return refund(tx, r).await,
        ModWrite::Report(filing) => return file_report(tx, filing).await,
        ModWrite::CloseReport { id, by, at } => sqlx::query(
            "UPDATE reports SET status = 'closed', closed_at = $2, closed_by = $3 WHERE id = $1 AND status = 'open'",
        )
        .bind(id.as_str())
        .bind(at.millis())
        .bind(by),
        ModWrite::Log(l) => sqlx::query(
            "INSERT INTO mod_log (id, at, moderator, action, target, details) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&l.id)
        .bind(l.at.millis())
        .bind(&l.moderator)
        .bind(&l.action)
        .bind(&l.target)
        .bind(&l.details),
        ModWrite::Note { id, player_key, author, text, at } => {
            sqlx::query("INSERT INTO mod_notes (id, player_key, author, text, at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(player_key)
                .bind(author)
                .bind(text)
                .bind(at.millis())
        }
        ModWrite::Warn { id, player_key, text, at } => {
            sqlx::query("INSERT INTO warnings (id, player_key, text, at) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(player_key)
                .bind(text)
                .bind(at.millis())
        }
        ModWrite::Acknowledge { player_key, id, at } => sqlx::query(
            "UPDATE warnings SET acknowledged_at = $3 WHERE player_key = $1 AND id = $2 AND acknowledged_at IS NULL",
        )
        .bind(player_key)
        .bind(id)
        .bind(at.millis()),
    };
    q.execute(&mut **tx).await?;
    Ok(())
}

/// A refund: its row, and the points added to the player's rating now; a game refunded before (a second
/// mark after an unmark) gives nothing again.
async fn refund(tx: &mut Tx, r: &RefundRow) -> Result<(), sqlx::Error> {
    let inserted = sqlx::query(
        "INSERT INTO rating_refunds (game_id, player_key, variant, points_e9, marked_key, at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, player_key) DO NOTHING",
    )
    .bind(&r.game_id)
    .bind(&r.player_key)
    .bind(&r.variant)
    .bind(r.points_e9)
    .bind(&r.marked_key)
    .bind(r.at.millis())
    .execute(&mut **tx)
    .await?;
    if inserted.rows_affected() == 1 {
        sqlx::query(
            "UPDATE ratings SET rating_e9 = rating_e9 + $1, updated_at = $2 WHERE player_key = $3 AND variant = $4",
        )
        .bind(r.points_e9)
        .bind(r.at.millis())
        .bind(&r.player_key)
        .bind(&r.variant)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
