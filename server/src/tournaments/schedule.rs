//! The tournaments the server makes itself (`--tournament-schedule FILE`, a JSON list of [`Recurring`]):
//! each entry is a tournament made again every `every_minutes`, at times aligned on multiples of that
//! interval since 1970 (UTC), and listed `announce_minutes` before it starts. Every node runs the same
//! schedule: an occurrence's id is a function of the entry and its start, and the insert does nothing when
//! the id exists, so several nodes make each occurrence once.

use super::actions;
use super::queries::{self, TournamentWrite};
use crate::store::Store;
use mancala_protocol::tournament::CreateTournament;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// One recurring tournament: a `CreateTournament` (without `starts_at` or `password`) with
/// `every_minutes` and `announce_minutes` beside its fields.
#[derive(Clone, Debug)]
pub struct Recurring {
    /// 5 minutes to 7 days.
    pub every_minutes: u32,
    /// How long before its start an occurrence is listed (default 60).
    pub announce_minutes: u32,
    pub tournament: CreateTournament,
}

/// The recurrence's own fields; the rest of the entry is the tournament.
#[derive(Deserialize)]
struct Every {
    every_minutes: u32,
    #[serde(default = "default_announce")]
    announce_minutes: u32,
}

fn default_announce() -> u32 {
    60
}

impl<'de> Deserialize<'de> for Recurring {
    /// Read in two parts so that an unknown field is refused, as the API refuses it (serde's `flatten`
    /// would let it through).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Recurring, D::Error> {
        use serde::de::Error;
        let mut entry = serde_json::Map::deserialize(d)?;
        let every = Every::deserialize(serde_json::Value::Object(entry.clone())).map_err(D::Error::custom)?;
        entry.remove("every_minutes");
        entry.remove("announce_minutes");
        let tournament = CreateTournament::deserialize(serde_json::Value::Object(entry)).map_err(D::Error::custom)?;
        Ok(Recurring { every_minutes: every.every_minutes, announce_minutes: every.announce_minutes, tournament })
    }
}

/// Reads and checks a schedule file.
pub async fn load(path: &std::path::Path) -> Result<Vec<Recurring>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let entries: Vec<Recurring> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for (i, e) in entries.iter().enumerate() {
        if !(5..=7 * 24 * 60).contains(&e.every_minutes) {
            return Err(format!("{} entry {i}: every_minutes is 5 to 10080", path.display()));
        }
        if e.tournament.password.is_some() || e.tournament.starts_at.is_some() {
            return Err(format!("{} entry {i}: a scheduled tournament has no password or starts_at", path.display()));
        }
        actions::row(&e.tournament, None, "check".into(), 0)
            .await
            .map_err(|err| format!("{} entry {i}: {err}", path.display()))?;
    }
    Ok(entries)
}

/// The id of the occurrence of entry `e` starting at `start` (unix ms): 16 letters and digits.
fn occurrence_id(e: &Recurring, start: u64) -> String {
    let digest = Sha256::digest(format!("{}|{}|{start}", e.tournament.name, e.every_minutes));
    format!("s{}", &hex::encode(digest)[..15])
}

/// The starts of the occurrences of `e` to be listed at `now`.
fn due(e: &Recurring, now: u64) -> Vec<u64> {
    let every = u64::from(e.every_minutes) * 60_000;
    let horizon = now + u64::from(e.announce_minutes) * 60_000;
    let mut start = (now / every + 1) * every;
    let mut starts = Vec::new();
    while start <= horizon && starts.len() < 4 {
        starts.push(start);
        start += every;
    }
    starts
}

/// Makes the occurrences of `entries` due at `now` that `made` does not hold yet (and remembers them).
pub async fn make_due(store: &Store, entries: &[Recurring], now: u64, made: &mut std::collections::HashSet<String>) {
    for e in entries {
        for start in due(e, now) {
            let id = occurrence_id(e, start);
            if made.contains(&id) {
                continue;
            }
            let mut req = e.tournament.clone();
            req.starts_at = Some(start);
            let write = match actions::row(&req, None, id.clone(), now).await {
                Ok(row) => TournamentWrite::Create(row),
                Err(err) => {
                    tracing::error!(error = %err, "a scheduled tournament cannot be made");
                    continue;
                }
            };
            match queries::tournament_write(store, vec![write], None).await {
                Ok(()) => {
                    made.insert(id);
                }
                Err(err) => tracing::warn!(error = %err, "a scheduled tournament was not stored"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_are_aligned_and_named_alike_on_every_node() {
        let e: Recurring = serde_json::from_str(
            r#"{"every_minutes": 60, "announce_minutes": 90, "name": "Hourly", "kind": "arena",
               "variants": ["kubuguza"], "clock": {"base_secs": 180, "increment_secs": 2}, "minutes": 45}"#,
        )
        .unwrap();
        let now = 10 * 3_600_000 + 1_000;
        assert_eq!(due(&e, now), vec![11 * 3_600_000]);
        assert_eq!(due(&e, 10 * 3_600_000 + 40 * 60_000), vec![11 * 3_600_000, 12 * 3_600_000]);
        assert_eq!(occurrence_id(&e, 11 * 3_600_000), occurrence_id(&e.clone(), 11 * 3_600_000));
        assert_ne!(occurrence_id(&e, 11 * 3_600_000), occurrence_id(&e, 12 * 3_600_000));
        assert!(occurrence_id(&e, 0).bytes().all(|b| b.is_ascii_alphanumeric()));
    }

    #[tokio::test]
    async fn the_schedule_shipped_for_docker_compose_loads() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/tournaments.json");
        let entries = load(&path).await.expect("deploy/tournaments.json");
        assert_eq!(entries.len(), 3);
    }

    #[tokio::test]
    async fn a_schedule_with_a_password_or_a_bad_tournament_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        let entry = r#"{"every_minutes": 60, "name": "Club", "kind": "arena", "variants": ["azigo"],
            "clock": {"base_secs": 60, "increment_secs": 0}, "minutes": 30"#;
        std::fs::write(&path, format!("[{entry}, \"password\": \"secret\"}}]")).unwrap();
        assert!(load(&path).await.unwrap_err().contains("password"));
        std::fs::write(&path, format!("[{}}}]", entry.replace("30", "3"))).unwrap();
        assert!(load(&path).await.unwrap_err().contains("minutes"));
        std::fs::write(&path, format!("[{entry}, \"colour\": 1}}]")).unwrap();
        assert!(load(&path).await.is_err(), "an unknown field");
    }
}
