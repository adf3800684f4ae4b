//! A report filed on an account (migration 0016: `reports`, `report_entries`), merged into the open report
//! on the same player and reason. Two features file reports: moderation (a player's report) and fair play
//! (the server's own, on a signal), and fair play sits below moderation on the map (docs/server.md), so
//! the filing is the store's; each feature's write calls [`file_report`] in the writer's transaction.
//! Everything else about reports (the queue, a report, the limit's count) is moderation's own
//! (`crate::moderation::queries`).

use super::Tx;
use crate::game::UnixMs;
use crate::ids::ReportId;
use sqlx::Row;

/// One reporter's word on a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportEntry {
    pub reporter_key: String,
    pub text: String,
    pub game_id: Option<String>,
    /// The chat line (`chat_lines.n`) of `game_id` it points at.
    pub line_n: Option<i64>,
    pub at: UnixMs,
}

/// A report to file: `entry` on the account `player_key` (`lower(name)`) for `reason`, opened as `new_id`
/// unless an open report on the same player and reason takes it in.
#[derive(Clone, Debug)]
pub struct ReportFiling {
    pub new_id: ReportId,
    pub player_key: String,
    pub reason: String,
    pub entry: ReportEntry,
}

/// Files `filing` in the writer's transaction: the open report on the same player and reason takes the
/// entry in. Two nodes opening the same report at once meet the unique index `reports_one_open` (a
/// conflict the caller retries, and then finds the other's report).
pub async fn file_report(tx: &mut Tx, filing: &ReportFiling) -> Result<(), sqlx::Error> {
    let ReportFiling { new_id, player_key, reason, entry } = filing;
    let open = sqlx::query("SELECT id FROM reports WHERE player_key = $1 AND reason = $2 AND status = 'open'")
        .bind(player_key)
        .bind(reason)
        .fetch_optional(&mut **tx)
        .await?;
    let id: String = match open {
        Some(row) => row.try_get(0)?,
        None => {
            sqlx::query(
                "INSERT INTO reports (id, player_key, reason, status, created_at) VALUES ($1, $2, $3, 'open', $4)",
            )
            .bind(new_id.as_str())
            .bind(player_key)
            .bind(reason)
            .bind(entry.at.millis())
            .execute(&mut **tx)
            .await?;
            new_id.as_str().to_string()
        }
    };
    sqlx::query(
        "INSERT INTO report_entries (report_id, reporter_key, text, game_id, line_n, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(&entry.reporter_key)
    .bind(&entry.text)
    .bind(&entry.game_id)
    .bind(entry.line_n)
    .bind(entry.at.millis())
    .execute(&mut **tx)
    .await?;
    Ok(())
}
