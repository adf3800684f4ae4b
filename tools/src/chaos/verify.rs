//! The end of a chaos run: every decision the clients saw acknowledged is compared with what the server
//! stored, twice.
//! - Over HTTP, as any client can (`GET /api/games/{id}`): the record has the decision at the ply
//!   `accepted.v` gave it, by the same side (a secret Ikibuguzo choice shows as `null`, and counts as
//!   there).
//! - In the database (its `moves` table, which keeps each decision's client id): each acknowledged id is
//!   stored once, at its ply, as sent (else *lost*); no id is stored twice (*duplicated*: a decision
//!   applied twice); and no decision is stored that the server refused or never acknowledged.

use super::ledger::{Key, Ledger, SIDES};
use crate::api::Api;
use anyhow::{Context, Result};
use serde::Serialize;
use serde_json::Value;
use sqlx::Row;
use std::collections::{HashMap, HashSet};

/// How many examples of each kind of finding the report keeps.
const EXAMPLES: usize = 10;

#[derive(Debug, Default, Serialize)]
pub struct Findings {
    /// Acknowledged decisions missing (or different) in the record over HTTP.
    pub lost_in_record: u64,
    /// Acknowledged decisions missing (or different) in the database.
    pub lost_in_database: u64,
    /// Extra rows of a client id stored more than once.
    pub duplicated: u64,
    /// Stored decisions the server refused to the client.
    pub applied_though_refused: u64,
    /// Stored decisions the client never got an answer for although it waited for one.
    pub applied_unacknowledged: u64,
    /// Stored decisions still unanswered when the run stopped (not an error: the answer was not waited
    /// for).
    pub applied_unresolved: u64,
    /// Decisions of the run's games in the database (client ids).
    pub stored_decisions: u64,
    /// Acknowledged decisions sent again after a reconnection that the database holds from before the
    /// resend: applied before the kill, their answer lost with the connection, and answered from the
    /// stored id without being applied again.
    pub resent_already_stored: u64,
    /// Acknowledged decisions sent again that were stored after the resend: the first send never arrived
    /// or was never committed.
    pub resent_stored_after: u64,
    pub examples: Vec<String>,
}

impl Findings {
    fn note(&mut self, example: String) {
        if self.examples.len() < EXAMPLES {
            self.examples.push(example);
        }
    }

    /// Acknowledged decisions lost by either check (each counted once).
    pub fn lost(&self) -> u64 {
        self.lost_in_record.max(self.lost_in_database)
    }
}

/// Compares the acknowledged decisions with each game's record over HTTP.
pub async fn by_record(api: &Api, ledger: &Ledger, findings: &mut Findings) -> Result<()> {
    let games = ledger.games.lock().unwrap().clone();
    let acks = ledger.acks.lock().unwrap().clone();
    let mut by_game: HashMap<&str, Vec<_>> = HashMap::new();
    for ack in &acks {
        by_game.entry(ack.game.as_str()).or_default().push(ack);
    }
    for (game, _) in &games {
        let Some(acks) = by_game.get(game.as_str()) else { continue };
        let detail: Value =
            api.get(&format!("/api/games/{game}")).await.with_context(|| format!("reading game {game}"))?;
        let record = detail["record"].as_array().cloned().unwrap_or_default();
        for ack in acks {
            let entry = record.get(ack.ply.saturating_sub(1) as usize);
            let ok = entry.is_some_and(|e| {
                e["ply"].as_u64() == Some(ack.ply)
                    && e["side"] == SIDES[ack.side]
                    && (e["decision"].is_null() || e["decision"] == ack.decision.as_str())
            });
            if !ok {
                findings.lost_in_record += 1;
                findings.note(format!(
                    "lost in the record: game {game} ply {} {} {} (id {}); the record has {}",
                    ack.ply,
                    SIDES[ack.side],
                    ack.decision,
                    ack.id,
                    entry.map_or("nothing".to_string(), Value::to_string)
                ));
            }
        }
    }
    Ok(())
}

/// Compares the acknowledged decisions with the database's `moves` rows, by client id.
pub async fn by_database(url: &str, ledger: &Ledger, findings: &mut Findings) -> Result<()> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .with_context(|| format!("cannot open the database {url} to check it"))?;
    let rows = sqlx::query(
        "SELECT game_id, CAST(ply AS BIGINT) AS ply, side, decision, client_id, CAST(at AS BIGINT) AS at FROM moves \
         WHERE client_id IS NOT NULL",
    )
    .fetch_all(&pool)
    .await
    .context("reading the stored decisions")?;
    pool.close().await;

    let games: HashSet<String> = ledger.games.lock().unwrap().iter().map(|(id, _)| id.clone()).collect();
    let mut stored: HashMap<Key, Vec<(u64, String)>> = HashMap::new();
    let mut stored_at: HashMap<Key, u64> = HashMap::new();
    for row in rows {
        let game: String = row.try_get("game_id")?;
        if !games.contains(&game) {
            continue;
        }
        let side: String = row.try_get("side")?;
        let side = SIDES.iter().position(|s| *s == side).with_context(|| format!("a stored side `{side}`"))?;
        let ply: i64 = row.try_get("ply")?;
        let decision: String = row.try_get("decision")?;
        let id: String = row.try_get("client_id")?;
        let at: i64 = row.try_get("at")?;
        stored_at.insert((game.clone(), side, id.clone()), at as u64);
        stored.entry((game, side, id)).or_default().push((ply as u64, decision));
    }
    findings.stored_decisions = stored.values().map(|v| v.len() as u64).sum();

    for (key, rows) in &stored {
        if rows.len() > 1 {
            findings.duplicated += rows.len() as u64 - 1;
            findings.note(format!("duplicated: game {} {} id {} stored {rows:?}", key.0, SIDES[key.1], key.2));
        }
    }
    let acks = ledger.acks.lock().unwrap().clone();
    let mut acked = HashSet::new();
    for ack in &acks {
        let key = (ack.game.clone(), ack.side, ack.id.clone());
        let found = stored.get(&key).and_then(|rows| rows.first());
        if found != Some(&(ack.ply, ack.decision.clone())) {
            findings.lost_in_database += 1;
            findings.note(format!(
                "lost in the database: game {} ply {} {} {} (id {}); stored: {found:?}",
                ack.game, ack.ply, SIDES[ack.side], ack.decision, ack.id
            ));
        }
        if let (Some(resent), Some(&at)) = (ack.resent_at_ms, stored_at.get(&key)) {
            if at < resent {
                findings.resent_already_stored += 1;
            } else {
                findings.resent_stored_after += 1;
            }
        }
        acked.insert(key);
    }
    let refused = ledger.refused.lock().unwrap().clone();
    let unresolved = ledger.unresolved.lock().unwrap().clone();
    for (key, rows) in &stored {
        if acked.contains(key) {
            continue;
        }
        let what = format!("game {} {} id {} stored {rows:?}", key.0, SIDES[key.1], key.2);
        if refused.contains(key) {
            findings.applied_though_refused += 1;
            findings.note(format!("applied though refused: {what}"));
        } else if unresolved.contains(key) {
            findings.applied_unresolved += 1;
        } else {
            findings.applied_unacknowledged += 1;
            findings.note(format!("applied, never acknowledged: {what}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaos::ledger::Ack;

    fn ack(game: &str, side: usize, id: &str, decision: &str, ply: u64) -> Ack {
        Ack { game: game.into(), side, id: id.into(), decision: decision.into(), ply, resent_at_ms: None }
    }

    /// A database with the server's `moves` columns holding `rows` (game, ply, side, decision, client id).
    async fn database(dir: &std::path::Path, rows: &[(&str, i64, &str, &str, Option<&str>)]) -> String {
        let url = format!("sqlite://{}?mode=rwc", dir.join("t.db").display());
        sqlx::any::install_default_drivers();
        let pool = sqlx::any::AnyPoolOptions::new().max_connections(1).connect(&url).await.unwrap();
        sqlx::query(
            "CREATE TABLE moves (game_id TEXT NOT NULL, ply INTEGER NOT NULL, side TEXT NOT NULL, \
             decision TEXT NOT NULL, client_id TEXT, auto SMALLINT NOT NULL, at BIGINT NOT NULL)",
        )
        .execute(&pool)
        .await
        .unwrap();
        for (game, ply, side, decision, id) in rows {
            sqlx::query("INSERT INTO moves VALUES (?, ?, ?, ?, ?, 0, 0)")
                .bind(*game)
                .bind(*ply)
                .bind(*side)
                .bind(*decision)
                .bind(*id)
                .execute(&pool)
                .await
                .unwrap();
        }
        pool.close().await;
        url
    }

    #[tokio::test]
    async fn the_database_check_finds_lost_duplicated_and_unacknowledged_decisions() {
        let dir = tempfile::tempdir().unwrap();
        let url = database(
            dir.path(),
            &[
                ("g1", 1, "south", "a2", Some("1")),
                // Stored at another ply than acknowledged.
                ("g1", 2, "north", "h3", Some("1")),
                // Applied twice.
                ("g1", 3, "south", "b2", Some("2")),
                ("g1", 4, "south", "b2", Some("2")),
                // Never acknowledged, though the client waited; and one the server refused.
                ("g1", 5, "north", "c3", Some("2")),
                ("g1", 6, "south", "c2", Some("3")),
                // Played by the server; and another run's game.
                ("g1", 7, "north", "pass", None),
                ("g9", 1, "south", "a2", Some("1")),
            ],
        )
        .await;
        let ledger = Ledger::default();
        ledger.game("g1", "kubuguza");
        ledger.ack(ack("g1", 0, "1", "a2", 1));
        ledger.ack(ack("g1", 1, "1", "h3", 3));
        ledger.ack(ack("g1", 0, "2", "b2", 3));
        // Acknowledged, never stored.
        ledger.ack(ack("g1", 1, "9", "d3", 8));
        ledger.refused.lock().unwrap().insert(("g1".into(), 0, "3".into()));
        let mut findings = Findings::default();
        by_database(&url, &ledger, &mut findings).await.unwrap();
        assert_eq!(findings.lost_in_database, 2, "{findings:#?}");
        assert_eq!(findings.duplicated, 1, "{findings:#?}");
        assert_eq!(findings.applied_unacknowledged, 1, "{findings:#?}");
        assert_eq!(findings.applied_though_refused, 1, "{findings:#?}");
        assert_eq!(findings.stored_decisions, 6, "{findings:#?}");
    }

    #[tokio::test]
    async fn a_faithful_database_passes() {
        let dir = tempfile::tempdir().unwrap();
        let url =
            database(dir.path(), &[("g1", 1, "south", "a2", Some("1")), ("g1", 2, "north", "h3", Some("1"))]).await;
        let ledger = Ledger::default();
        ledger.game("g1", "kubuguza");
        // Both sent again after a reconnection: the first stored (at 0) before its resend, the second not.
        ledger.ack(Ack { resent_at_ms: Some(1000), ..ack("g1", 0, "1", "a2", 1) });
        ledger.ack(Ack { resent_at_ms: Some(0), ..ack("g1", 1, "1", "h3", 2) });
        let mut findings = Findings::default();
        by_database(&url, &ledger, &mut findings).await.unwrap();
        assert_eq!((findings.resent_already_stored, findings.resent_stored_after), (1, 1), "{findings:#?}");
        assert_eq!(findings.lost(), 0, "{findings:#?}");
        assert_eq!(findings.duplicated + findings.applied_unacknowledged + findings.applied_though_refused, 0);
    }

    #[tokio::test]
    async fn the_record_check_finds_a_missing_or_different_decision() {
        use axum::routing::get;
        let record = serde_json::json!({ "record": [
            { "ply": 1, "side": "south", "decision": "a2" },
            { "ply": 2, "side": "north", "decision": null },
            { "ply": 3, "side": "south", "decision": "c2" },
        ]});
        let app = axum::Router::new().route("/api/games/g1", get(move || async move { axum::Json(record) }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await });
        let ledger = Ledger::default();
        ledger.game("g1", "ikibuguzo");
        ledger.ack(ack("g1", 0, "1", "a2", 1));
        // A secret choice shows as null: there.
        ledger.ack(ack("g1", 1, "1", "opening:2", 2));
        // Stored differently, and not stored at all.
        ledger.ack(ack("g1", 0, "2", "b2", 3));
        ledger.ack(ack("g1", 1, "2", "h3", 4));
        let mut findings = Findings::default();
        by_record(&Api::new(&format!("http://{addr}")), &ledger, &mut findings).await.unwrap();
        assert_eq!(findings.lost_in_record, 2, "{findings:#?}");
    }
}
