//! A moderator's actions, each with a reason and each written to the moderation log in the same
//! transaction as its effect: dismiss a report; on a player, warn, time its chat out ([`TIMEOUT_MINUTES`]),
//! shadow-mute, unmute, close, reopen, note, mark as computer assisted and unmark. An action may name the
//! report it answers, which it closes.

use super::queries::{self, LogRow, ModWrite};
use super::{Live, ModError, close, mark, text};
use crate::game::UnixMs;
use crate::ids::{PlayerName, ReportId};
use crate::store::{Store, Write};
use mancala_protocol::moderation::{ModAction, ModActionRequest};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The lengths of a chat timeout, in minutes: 15 min, 1 h, 24 h.
pub const TIMEOUT_MINUTES: [u32; 3] = [15, 60, 1440];

/// A log line of `moderator`'s (an account's name, or `admin` for the operator's command) `action` on `target`.
///
/// The log reads newest first by time, then by id: the id's counter keeps two lines of this process written
/// in the same millisecond in the order they were made (the random part keeps ids of nodes apart).
pub fn log(moderator: &str, action: &str, target: &str, details: String) -> Write {
    static MADE: AtomicU64 = AtomicU64::new(0);
    let at = UnixMs::now();
    let n = MADE.fetch_add(1, Ordering::Relaxed) % 1_000_000;
    Write::feature(ModWrite::Log(LogRow {
        id: format!("{:013}-{n:06}-{}", at.millis(), ReportId::random()),
        at,
        moderator: moderator.to_string(),
        action: action.to_string(),
        target: target.to_string(),
        details,
    }))
}

/// The open report `id`, checked to exist.
async fn open_report(store: &Store, id: &str) -> Result<ReportId, ModError> {
    let id: ReportId = id.parse().map_err(|e| ModError::BadRequest(format!("`report`: {e}")))?;
    match queries::report(store, &id).await? {
        Some(r) if r.open => Ok(id),
        Some(_) => Err(ModError::BadRequest(format!("report `{id}` is already closed"))),
        None => Err(ModError::NotFound(format!("no report `{id}`"))),
    }
}

/// Dismisses the open report `id`: nothing is done to the player.
pub async fn dismiss(store: &Store, moderator: &PlayerName, id: &str, reason: &str) -> Result<(), ModError> {
    let reason = text("reason", reason)?;
    let id = open_report(store, id).await?;
    let close = ModWrite::CloseReport { id: id.clone(), by: moderator.to_string(), at: UnixMs::now() };
    store.write(vec![Write::feature(close), log(moderator.as_str(), "dismiss", id.as_str(), reason)]).await?;
    Ok(())
}

/// `dismiss` as an action on `target`: the report it names must be about `target` (a moderator acting
/// from a player's record dismisses that player's report, never another's by a slip of the id).
async fn dismiss_about(
    store: &Store,
    moderator: &PlayerName,
    target: &PlayerName,
    report: Option<&str>,
    reason: &str,
) -> Result<(), ModError> {
    let Some(report) = report else {
        return Err(ModError::BadRequest("`dismiss` needs `report`: the id of the report to close".into()));
    };
    let id = open_report(store, report).await?;
    let row = queries::report(store, &id).await?.ok_or_else(|| ModError::NotFound(format!("no report `{id}`")))?;
    if !PlayerName::parse(&row.player).is_ok_and(|p| p.same_player(target)) {
        return Err(ModError::BadRequest(format!("report `{id}` is about `{}`, not `{target}`", row.player)));
    }
    dismiss(store, moderator, id.as_str(), reason).await
}

/// `req` by `moderator` on the account `target` (its registered name).
pub async fn act(
    store: &Store,
    live: Option<Live<'_>>,
    moderator: &PlayerName,
    target: &PlayerName,
    req: &ModActionRequest,
) -> Result<(), ModError> {
    let reason = text("reason", &req.reason)?;
    if req.action == ModAction::Dismiss {
        return dismiss_about(store, moderator, target, req.report.as_deref(), &reason).await;
    }
    if req.minutes.is_some() && req.action != ModAction::ChatTimeout {
        return Err(ModError::BadRequest("`minutes` is for a `chat_timeout` only".into()));
    }
    let mut writes = Vec::new();
    if let Some(report) = &req.report {
        let id = open_report(store, report).await?;
        writes.push(Write::feature(ModWrite::CloseReport { id, by: moderator.to_string(), at: UnixMs::now() }));
    }
    let key = target.key();
    let now = UnixMs::now();
    let details = match req.action {
        ModAction::ChatTimeout => {
            let minutes = req.minutes.filter(|m| TIMEOUT_MINUTES.contains(m)).ok_or_else(|| {
                ModError::BadRequest(format!(
                    "a `chat_timeout` needs `minutes`: one of {}",
                    TIMEOUT_MINUTES.map(|m| m.to_string()).join(", ")
                ))
            })?;
            let until = now.plus(Duration::from_secs(u64::from(minutes) * 60));
            writes.push(Write::feature(ModWrite::ChatUntil { player_key: key.clone(), until: Some(until) }));
            format!("{minutes} min: {reason}")
        }
        _ => reason.clone(),
    };
    writes.push(log(moderator.as_str(), req.action.id(), target.as_str(), details));
    match req.action {
        ModAction::Warn => {
            let id = ReportId::random().to_string();
            writes.push(Write::feature(ModWrite::Warn { id, player_key: key, text: reason, at: now }));
        }
        ModAction::Dismiss | ModAction::ChatTimeout => {}
        ModAction::ShadowMute => writes.push(Write::feature(ModWrite::ShadowMute { player_key: key, on: true })),
        ModAction::Unmute => {
            writes.push(Write::feature(ModWrite::ShadowMute { player_key: key.clone(), on: false }));
            writes.push(Write::feature(ModWrite::ChatUntil { player_key: key, until: None }));
        }
        ModAction::Note => {
            let id = ReportId::random().to_string();
            let author = moderator.to_string();
            writes.push(Write::feature(ModWrite::Note { id, player_key: key, author, text: reason, at: now }));
        }
        ModAction::Close => return close::close(store, live, target, writes).await,
        ModAction::Reopen => return close::reopen(store, target, writes).await,
        ModAction::Mark => return mark::mark(store, live, moderator, target, writes).await,
        ModAction::Unmark => return mark::unmark(store, target, writes).await,
    }
    store.write(writes).await?;
    Ok(())
}
