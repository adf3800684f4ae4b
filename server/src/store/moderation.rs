//! Moderation's rows (migration 0016): an account's standing (moderator, closed, chat timeout, shadow
//! mute), players' reports, and the moderators' log, notes and warnings. Writes are [`ModWrite`]s, applied
//! by the single writer; reads run on the read pool. docs/moderation.md says what each is for.

use super::{Store, StoreError};
use crate::game::UnixMs;
use crate::ids::ReportId;
use sqlx::{Any, Row, Transaction};

/// What moderation holds on an account.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    pub moderator: bool,
    pub closed_at: Option<UnixMs>,
    /// Its chat lines are refused until then.
    pub chat_until: Option<UnixMs>,
    /// Its chat lines reach only itself.
    pub shadow_muted: bool,
}

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

/// A write of moderation's tables. `player_key` is always `lower(name)`.
#[derive(Clone, Debug)]
pub enum ModWrite {
    Moderator {
        player_key: String,
        on: bool,
    },
    /// Closes the account and deletes its sessions and API tokens (its player token stands for nothing
    /// while it is closed: the reads below leave closed accounts out).
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
    /// A report: joins the open report on the same player and reason, else opens `new_id`.
    Report {
        new_id: ReportId,
        player_key: String,
        reason: String,
        entry: ReportEntry,
    },
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
    /// Gives back points a player lost to a marked account (`store/engine_mark.rs`).
    Refund(super::engine_mark::RefundRow),
}

/// Applies one moderation write inside the writer's transaction.
pub(super) async fn apply(tx: &mut Transaction<'static, Any>, write: &ModWrite) -> Result<(), sqlx::Error> {
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
        ModWrite::EngineMark { .. } | ModWrite::Refund(_) => return super::engine_mark::apply(tx, write).await,
        ModWrite::Report { new_id, player_key, reason, entry } => {
            return report(tx, new_id, player_key, reason, entry).await;
        }
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

/// The merge of a report: the open report on the same player and reason takes the entry in. Two nodes
/// opening the same report at once meet the unique index `reports_one_open` (a conflict the caller
/// retries, and then finds the other's report).
async fn report(
    tx: &mut Transaction<'static, Any>,
    new_id: &ReportId,
    player_key: &str,
    reason: &str,
    entry: &ReportEntry,
) -> Result<(), sqlx::Error> {
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

fn ms(row: &sqlx::any::AnyRow, column: &str) -> Result<Option<UnixMs>, StoreError> {
    Ok(row.try_get::<Option<i64>, _>(column)?.map(UnixMs::from_millis))
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

impl Store {
    /// The standing of the account `key`; `None`: no such account.
    pub async fn standing(&self, key: &str) -> Result<Option<Standing>, StoreError> {
        let row =
            sqlx::query("SELECT moderator, closed_at, chat_until, shadow_muted FROM players WHERE lower(name) = $1")
                .bind(key)
                .fetch_optional(self.pool())
                .await?;
        row.map(|r| {
            Ok(Standing {
                moderator: r.try_get::<i64, _>("moderator")? != 0,
                closed_at: ms(&r, "closed_at")?,
                chat_until: ms(&r, "chat_until")?,
                shadow_muted: r.try_get::<i64, _>("shadow_muted")? != 0,
            })
        })
        .transpose()
    }

    /// The open reports, oldest first (at most `limit`).
    pub async fn open_reports(&self, limit: i64) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.id, p.name, r.reason, r.status, r.created_at FROM reports r \
             JOIN players p ON lower(p.name) = r.player_key WHERE r.status = 'open' \
             ORDER BY r.created_at, r.id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        let mut reports = Vec::with_capacity(rows.len());
        for r in &rows {
            reports.push(self.report_of(r).await?);
        }
        Ok(reports)
    }

    /// The report `id`, open or closed.
    pub async fn report(&self, id: &ReportId) -> Result<Option<ReportRow>, StoreError> {
        let row = sqlx::query(
            "SELECT r.id, p.name, r.reason, r.status, r.created_at FROM reports r \
             JOIN players p ON lower(p.name) = r.player_key WHERE r.id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(self.pool())
        .await?;
        match row {
            Some(r) => Ok(Some(self.report_of(&r).await?)),
            None => Ok(None),
        }
    }

    async fn report_of(&self, r: &sqlx::any::AnyRow) -> Result<ReportRow, StoreError> {
        let id: String = r.try_get("id")?;
        let entries = sqlx::query(
            "SELECT reporter_key, text, game_id, line_n, at FROM report_entries WHERE report_id = $1 ORDER BY at",
        )
        .bind(&id)
        .fetch_all(self.pool())
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
    pub async fn reports_made(&self, key: &str) -> Result<Vec<ReportMade>, StoreError> {
        let rows = sqlx::query(
            "SELECT COALESCE(p.name, r.player_key) AS name, r.reason, e.text, e.game_id, e.line_n, e.at              FROM report_entries e JOIN reports r ON r.id = e.report_id              LEFT JOIN players p ON lower(p.name) = r.player_key WHERE e.reporter_key = $1 ORDER BY e.at, r.id",
        )
        .bind(key)
        .fetch_all(self.pool())
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
    pub async fn reports_by(&self, key: &str, since: UnixMs) -> Result<Vec<UnixMs>, StoreError> {
        let rows = sqlx::query("SELECT at FROM report_entries WHERE reporter_key = $1 AND at >= $2 ORDER BY at")
            .bind(key)
            .bind(since.millis())
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(|r| Ok(UnixMs::from_millis(r.try_get(0)?))).collect()
    }

    /// The log lines `filter` picks, newest first (at most `limit`).
    pub async fn mod_log(&self, filter: &LogFilter, limit: i64) -> Result<Vec<LogRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, at, moderator, action, target, details FROM mod_log \
             WHERE ($1 IS NULL OR lower(moderator) = lower($1)) AND ($2 IS NULL OR lower(target) = lower($2)) \
             AND ($3 IS NULL OR action = $3) ORDER BY at DESC, id DESC LIMIT $4",
        )
        .bind(filter.moderator.as_deref())
        .bind(filter.target.as_deref())
        .bind(filter.action.as_deref())
        .bind(limit)
        .fetch_all(self.pool())
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
    pub async fn mod_notes(&self, key: &str) -> Result<Vec<NoteRow>, StoreError> {
        let rows = sqlx::query("SELECT id, author, text, at FROM mod_notes WHERE player_key = $1 ORDER BY at, id")
            .bind(key)
            .fetch_all(self.pool())
            .await?;
        rows.iter().map(note).collect()
    }

    /// The warnings the player `key` has not acknowledged yet, oldest first.
    pub async fn warnings(&self, key: &str) -> Result<Vec<NoteRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, 'moderator' AS author, text, at FROM warnings \
             WHERE player_key = $1 AND acknowledged_at IS NULL ORDER BY at, id",
        )
        .bind(key)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(note).collect()
    }
}

fn note(r: &sqlx::any::AnyRow) -> Result<NoteRow, StoreError> {
    Ok(NoteRow {
        id: r.try_get("id")?,
        author: r.try_get("author")?,
        text: r.try_get("text")?,
        at: UnixMs::from_millis(r.try_get("at")?),
    })
}
