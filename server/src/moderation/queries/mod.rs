//! Moderation's SQL (migration 0016): players' reports as moderators and reporters read them, and the
//! moderators' log, notes and warnings; the mark's reads ([`mark`]) and the closings `admin close` leaves
//! for the servers ([`closings`]). The reads here run on the read pool; the writes ([`writes`]: `ModWrite`,
//! and `closings::ClosingWrite`) are the feature's own, run by the store's single writer in its
//! transaction.
//!
//! Two things of moderation's stay in the store, since layers below moderation on the map use them
//! (docs/server.md): an account's standing and its computer-assisted mark (`store/standing.rs`: a sign-in,
//! a socket, a room's chat line and the lobby's rated seeks ask for them), and the filing of a report with
//! its merge (`store/reports.rs`: fair play files the server's own reports, and sits below moderation).

pub mod closings;
pub mod mark;
mod writes;

pub use closings::{ClosingRow, ClosingWrite};
pub use mark::RefundRow;
pub use writes::ModWrite;

use crate::game::UnixMs;
use crate::ids::ReportId;
use crate::store::{ReportEntry, Store, StoreError};
use sqlx::Row;

/// A report as moderators read it: the reported account's name and every reporter's word, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    pub id: ReportId,
    pub player: String,
    pub reason: String,
    pub open: bool,
    pub created_at: UnixMs,
    pub entries: Vec<ReportEntry>,
}

/// A line of the moderation log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    pub id: String,
    pub at: UnixMs,
    pub moderator: String,
    pub action: String,
    /// The player (a name) or the report acted on.
    pub target: String,
    pub details: String,
}

/// Which log lines to read: each `Some` must match.
#[derive(Clone, Debug, Default)]
pub struct LogFilter {
    pub moderator: Option<String>,
    pub target: Option<String>,
    pub action: Option<String>,
}

/// A moderator's note on a player, or a warning to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteRow {
    pub id: String,
    pub author: String,
    pub text: String,
    pub at: UnixMs,
}

/// A report an account made (its data download).
#[derive(Clone, Debug)]
pub struct ReportMade {
    pub player: String,
    pub reason: String,
    pub text: String,
    pub game_id: Option<String>,
    pub line: Option<i64>,
    pub at: UnixMs,
}

/// The open reports, oldest first (at most `limit`).
pub async fn open_reports(store: &Store, limit: i64) -> Result<Vec<ReportRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT r.id, p.name, r.reason, r.status, r.created_at FROM reports r \
         JOIN players p ON lower(p.name) = r.player_key WHERE r.status = 'open' \
         ORDER BY r.created_at, r.id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    let mut reports = Vec::with_capacity(rows.len());
    for r in &rows {
        reports.push(report_of(store, r).await?);
    }
    Ok(reports)
}

/// The report `id`, open or closed.
pub async fn report(store: &Store, id: &ReportId) -> Result<Option<ReportRow>, StoreError> {
    let row = sqlx::query(
        "SELECT r.id, p.name, r.reason, r.status, r.created_at FROM reports r \
         JOIN players p ON lower(p.name) = r.player_key WHERE r.id = $1",
    )
    .bind(id.as_str())
    .fetch_optional(store.pool())
    .await?;
    match row {
        Some(r) => Ok(Some(report_of(store, &r).await?)),
        None => Ok(None),
    }
}

async fn report_of(store: &Store, r: &sqlx::any::AnyRow) -> Result<ReportRow, StoreError> {
    let id: String = r.try_get("id")?;
    let entries = sqlx::query(
        "SELECT reporter_key, text, game_id, line_n, at FROM report_entries WHERE report_id = $1 ORDER BY at",
    )
    .bind(&id)
    .fetch_all(store.pool())
    .await?;
    let entries = entries
        .iter()
        .map(|e| {
            Ok(ReportEntry {
                reporter_key: e.try_get("reporter_key")?,
                text: e.try_get("text")?,
                game_id: e.try_get("game_id")?,
                line_n: e.try_get::<Option<i64>, _>("line_n")?,
                at: UnixMs::from_millis(e.try_get("at")?),
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(ReportRow {
        id: id.parse().map_err(|e| StoreError::Corrupt(format!("report id: {e}")))?,
        player: r.try_get("name")?,
        reason: r.try_get("reason")?,
        open: r.try_get::<String, _>("status")? == "open",
        created_at: UnixMs::from_millis(r.try_get("created_at")?),
        entries,
    })
}

/// The reports the account `key` made, oldest first: (reported account, reason, text, game, chat
/// line, unix ms). Its data download holds them.
pub async fn reports_made(store: &Store, key: &str) -> Result<Vec<ReportMade>, StoreError> {
    let rows = sqlx::query(
        "SELECT COALESCE(p.name, r.player_key) AS name, r.reason, e.text, e.game_id, e.line_n, e.at              FROM report_entries e JOIN reports r ON r.id = e.report_id              LEFT JOIN players p ON lower(p.name) = r.player_key WHERE e.reporter_key = $1 ORDER BY e.at, r.id",
    )
    .bind(key)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(ReportMade {
                player: r.try_get("name")?,
                reason: r.try_get("reason")?,
                text: r.try_get("text")?,
                game_id: r.try_get("game_id")?,
                line: r.try_get::<Option<i64>, _>("line_n")?,
                at: UnixMs::from_millis(r.try_get("at")?),
            })
        })
        .collect()
}

/// When (oldest first) the account `key` reported since `since`: what its report limit counts.
pub async fn reports_by(store: &Store, key: &str, since: UnixMs) -> Result<Vec<UnixMs>, StoreError> {
    let rows = sqlx::query("SELECT at FROM report_entries WHERE reporter_key = $1 AND at >= $2 ORDER BY at")
        .bind(key)
        .bind(since.millis())
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(|r| Ok(UnixMs::from_millis(r.try_get(0)?))).collect()
}

/// The log lines `filter` picks, newest first (at most `limit`).
pub async fn mod_log(store: &Store, filter: &LogFilter, limit: i64) -> Result<Vec<LogRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, at, moderator, action, target, details FROM mod_log \
         WHERE ($1 IS NULL OR lower(moderator) = lower($1)) AND ($2 IS NULL OR lower(target) = lower($2)) \
         AND ($3 IS NULL OR action = $3) ORDER BY at DESC, id DESC LIMIT $4",
    )
    .bind(filter.moderator.as_deref())
    .bind(filter.target.as_deref())
    .bind(filter.action.as_deref())
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|r| {
            Ok(LogRow {
                id: r.try_get("id")?,
                at: UnixMs::from_millis(r.try_get("at")?),
                moderator: r.try_get("moderator")?,
                action: r.try_get("action")?,
                target: r.try_get("target")?,
                details: r.try_get("details")?,
            })
        })
        .collect()
}

/// The moderators' notes on the player `key`, oldest first.
pub async fn mod_notes(store: &Store, key: &str) -> Result<Vec<NoteRow>, StoreError> {
    let rows = sqlx::query("SELECT id, author, text, at FROM mod_notes WHERE player_key = $1 ORDER BY at, id")
        .bind(key)
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(note).collect()
}

/// The warnings the player `key` has not acknowledged yet, oldest first.
pub async fn warnings(store: &Store, key: &str) -> Result<Vec<NoteRow>, StoreError> {
    let rows = sqlx::query(
        "SELECT id, 'moderator' AS author, text, at FROM warnings \
         WHERE player_key = $1 AND acknowledged_at IS NULL ORDER BY at, id",
    )
    .bind(key)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(note).collect()
}

fn note(r: &sqlx::any::AnyRow) -> Result<NoteRow, StoreError> {
    Ok(NoteRow {
        id: r.try_get("id")?,
        author: r.try_get("author")?,
        text: r.try_get("text")?,
        at: UnixMs::from_millis(r.try_get("at")?),
    })
}
