//! Tournaments' SQL (migration 0014): the tournament, its players, its pairings. Standings are never
//! stored: they are recounted from the games the pairings name (read here with them), so a game's result
//! counts once, from the transaction that finished the game (which raises the tournament's version there:
//! `store/tournaments.rs`, in the game's commit path). Every [`TournamentWrite`] that changes what a viewer
//! sees raises the version in its own transaction; the director's writes carry its lease as a fence (the
//! `t:`-keyed row of `game_leases`). The writes are the feature's, run by the store's single writer.

use crate::store::{Backend, FeatureWrite, Fence, Report, Store, StoreError, Tx, Write};
use futures_util::future::BoxFuture;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub variants: String,
    pub clock_base_secs: i64,
    pub clock_increment_secs: i64,
    pub rated: bool,
    pub bots: bool,
    pub password_hash: Option<String>,
    pub created_by: Option<String>,
    pub starts_at: i64,
    pub minutes: Option<i64>,
    pub rounds: Option<i64>,
    pub status: String,
    pub round: i64,
    pub version: i64,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    /// Arena: its games allow berserk (migration 0015).
    pub berserk: bool,
}

/// A player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    pub player_key: String,
    pub name: String,
    pub bot: bool,
    pub rating: i64,
    pub withdrawn: bool,
    pub joined_round: i64,
    pub joined_at: i64,
}

/// A player's place in a round: a seat of a game, or a bye (`game_id` `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    pub round: i64,
    pub player_key: String,
    pub game_id: Option<String>,
    pub side: Option<String>,
    pub variant: Option<String>,
    pub token: Option<String>,
}

/// A pairing with what the `games` table says of its game (`None` fields: the game is not made yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedRow {
    pub pairing: PairingRow,
    pub status: Option<String>,
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub plies: Option<i64>,
    pub aborted_by: Option<String>,
    pub updated_at: Option<i64>,
    /// Whether each player berserked (South, North): the version of their `berserk` event is stored.
    pub berserks: [bool; 2],
}

/// Everything a tournament is: the row, the players (by join time), every pairing with its game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRecord {
    pub tournament: TournamentRow,
    pub players: Vec<EntrantRow>,
    pub pairings: Vec<PairedRow>,
}

/// The writes of tournaments (each raises the tournament's version, but `Create`).
#[derive(Clone, Debug)]
pub enum TournamentWrite {
    /// A new tournament; nothing when its id exists (a schedule's occurrence another node made first).
    Create(TournamentRow),
    /// Joins, or joins again after a withdrawal (the first join's rating and round stay).
    Join {
        id: String,
        player: EntrantRow,
    },
    Withdraw {
        id: String,
        player_key: String,
    },
    Start {
        id: String,
    },
    /// A round (or wave) paired: its rows, and the tournament's round count becomes `round`.
    Pair {
        id: String,
        round: i64,
        rows: Vec<PairingRow>,
    },
    /// The games of a pairing are made: viewers read the tournament again (their seats are there now).
    Made {
        id: String,
    },
    /// Games seen over: their seat tokens are forgotten.
    Over {
        id: String,
        games: Vec<String>,
    },
    Finish {
        id: String,
        at: i64,
    },
}

impl FeatureWrite for TournamentWrite {
    fn apply<'a>(&'a self, tx: &'a mut Tx, _: Backend) -> BoxFuture<'a, Result<Option<Report>, sqlx::Error>> {
        Box::pin(async move {
            apply(tx, self).await?;
            Ok(None)
        })
    }
}

const COLUMNS: &str = "id, name, kind, variants, clock_base_secs, clock_increment_secs, rated, bots, password_hash, \
     created_by, starts_at, minutes, rounds, status, round, version, created_at, finished_at, berserk";

async fn bump(tx: &mut Tx, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE tournaments SET version = version + 1 WHERE id = $1").bind(id).execute(&mut **tx).await?;
    Ok(())
}

async fn apply(tx: &mut Tx, w: &TournamentWrite) -> Result<(), sqlx::Error> {
    match w {
        TournamentWrite::Create(t) => {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "INSERT INTO tournaments ({COLUMNS}) VALUES \
                 ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) \
                 ON CONFLICT (id) DO NOTHING"
            )))
            .bind(&t.id)
            .bind(&t.name)
            .bind(&t.kind)
            .bind(&t.variants)
            .bind(t.clock_base_secs)
            .bind(t.clock_increment_secs)
            .bind(t.rated as i16)
            .bind(t.bots as i16)
            .bind(&t.password_hash)
            .bind(&t.created_by)
            .bind(t.starts_at)
            .bind(t.minutes)
            .bind(t.rounds)
            .bind(&t.status)
            .bind(t.round)
            .bind(t.version)
            .bind(t.created_at)
            .bind(t.finished_at)
            .bind(t.berserk as i16)
            .execute(&mut **tx)
            .await?;
            return Ok(());
        }
        TournamentWrite::Join { id, player: p } => {
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, player_key, name, bot, rating, withdrawn, \
                 joined_round, joined_at) VALUES ($1, $2, $3, $4, $5, 0, $6, $7) \
                 ON CONFLICT (tournament_id, player_key) DO UPDATE SET withdrawn = 0",
            )
            .bind(id)
            .bind(&p.player_key)
            .bind(&p.name)
            .bind(p.bot as i16)
            .bind(p.rating)
            .bind(p.joined_round)
            .bind(p.joined_at)
            .execute(&mut **tx)
            .await?;
        }
        TournamentWrite::Withdraw { id, player_key } => {
            sqlx::query("UPDATE tournament_players SET withdrawn = 1 WHERE tournament_id = $1 AND player_key = $2")
                .bind(id)
                .bind(player_key)
                .execute(&mut **tx)
                .await?;
        }
        TournamentWrite::Start { id } => {
            sqlx::query("UPDATE tournaments SET status = 'running' WHERE id = $1 AND status = 'upcoming'")
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
        TournamentWrite::Pair { id, round, rows } => {
            sqlx::query("UPDATE tournaments SET round = $2 WHERE id = $1")
                .bind(id)
                .bind(round)
                .execute(&mut **tx)
                .await?;
            for r in rows {
                sqlx::query(
                    "INSERT INTO tournament_pairings (tournament_id, round, player_key, game_id, side, variant, \
                     token) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(r.round)
                .bind(&r.player_key)
                .bind(&r.game_id)
                .bind(&r.side)
                .bind(&r.variant)
                .bind(&r.token)
                .execute(&mut **tx)
                .await?;
            }
        }
        TournamentWrite::Made { .. } => {}
        TournamentWrite::Over { id, games } => {
            for game in games {
                sqlx::query("UPDATE tournament_pairings SET token = NULL WHERE tournament_id = $1 AND game_id = $2")
                    .bind(id)
                    .bind(game)
                    .execute(&mut **tx)
                    .await?;
            }
        }
        TournamentWrite::Finish { id, at } => {
            sqlx::query("UPDATE tournaments SET status = 'finished', finished_at = $2 WHERE id = $1")
                .bind(id)
                .bind(at)
                .execute(&mut **tx)
                .await?;
            sqlx::query("UPDATE tournament_pairings SET token = NULL WHERE tournament_id = $1")
                .bind(id)
                .execute(&mut **tx)
                .await?;
        }
    }
    let id = match w {
        TournamentWrite::Create(t) => &t.id,
        TournamentWrite::Join { id, .. }
        | TournamentWrite::Withdraw { id, .. }
        | TournamentWrite::Start { id }
        | TournamentWrite::Pair { id, .. }
        | TournamentWrite::Made { id }
        | TournamentWrite::Over { id, .. }
        | TournamentWrite::Finish { id, .. } => id,
    };
    bump(tx, id).await
}

fn flag(r: &AnyRow, col: &str) -> Result<bool, sqlx::Error> {
    Ok(r.try_get::<i64, _>(col)? != 0)
}

fn tournament_of(r: &AnyRow) -> Result<TournamentRow, sqlx::Error> {
    Ok(TournamentRow {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        kind: r.try_get("kind")?,
        variants: r.try_get("variants")?,
        clock_base_secs: r.try_get::<i64, _>("clock_base_secs")?,
        clock_increment_secs: r.try_get::<i64, _>("clock_increment_secs")?,
        rated: flag(r, "rated")?,
        bots: flag(r, "bots")?,
        password_hash: r.try_get("password_hash")?,
        created_by: r.try_get("created_by")?,
        starts_at: r.try_get("starts_at")?,
        minutes: r.try_get::<Option<i64>, _>("minutes")?,
        rounds: r.try_get::<Option<i64>, _>("rounds")?,
        status: r.try_get("status")?,
        round: r.try_get::<i64, _>("round")?,
        version: r.try_get("version")?,
        created_at: r.try_get("created_at")?,
        finished_at: r.try_get("finished_at")?,
        berserk: flag(r, "berserk")?,
    })
}

/// Applies tournament writes in one transaction, fenced by the director's lease when it has one.
pub async fn tournament_write(
    store: &Store,
    writes: Vec<TournamentWrite>,
    fence: Option<Fence>,
) -> Result<(), StoreError> {
    store.write_fenced(writes.into_iter().map(Write::feature).collect(), fence).await.map(drop)
}

/// Tournament `id`, if it exists.
pub async fn tournament(store: &Store, id: &str) -> Result<Option<TournamentRow>, StoreError> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM tournaments WHERE id = $1")))
        .bind(id)
        .fetch_optional(store.pool())
        .await?;
    Ok(row.as_ref().map(tournament_of).transpose()?)
}

/// The version of tournament `id` (`None`: no such tournament).
pub async fn tournament_version(store: &Store, id: &str) -> Result<Option<i64>, StoreError> {
    let row =
        sqlx::query("SELECT version FROM tournaments WHERE id = $1").bind(id).fetch_optional(store.pool()).await?;
    Ok(row.map(|r| r.try_get::<i64, _>(0)).transpose()?)
}

/// Tournament `id` whole: the row, its players and its pairings with their games.
pub async fn tournament_record(store: &Store, id: &str) -> Result<Option<TournamentRecord>, StoreError> {
    let Some(tournament) = tournament(store, id).await? else { return Ok(None) };
    let players = sqlx::query(
        "SELECT player_key, name, bot, rating, withdrawn, joined_round, joined_at FROM tournament_players \
         WHERE tournament_id = $1 ORDER BY joined_at, player_key",
    )
    .bind(id)
    .fetch_all(store.pool())
    .await?
    .iter()
    .map(|r| {
        Ok(EntrantRow {
            player_key: r.try_get("player_key")?,
            name: r.try_get("name")?,
            bot: flag(r, "bot")?,
            rating: r.try_get::<i64, _>("rating")?,
            withdrawn: flag(r, "withdrawn")?,
            joined_round: r.try_get::<i64, _>("joined_round")?,
            joined_at: r.try_get("joined_at")?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let pairings = sqlx::query(
        "SELECT p.round, p.player_key, p.game_id, p.side, p.token, p.variant AS paired_variant, g.status, g.winner, g.reason, \
         g.plies, g.aborted_by, g.updated_at, g.south_berserk, g.north_berserk FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id \
         WHERE p.tournament_id = $1 ORDER BY p.round, p.game_id, p.side",
    )
    .bind(id)
    .fetch_all(store.pool())
    .await?
    .iter()
    .map(|r| {
        Ok(PairedRow {
            pairing: PairingRow {
                round: r.try_get::<i64, _>("round")?,
                player_key: r.try_get("player_key")?,
                game_id: r.try_get("game_id")?,
                side: r.try_get("side")?,
                variant: r.try_get("paired_variant")?,
                token: r.try_get("token")?,
            },
            status: r.try_get("status")?,
            winner: r.try_get("winner")?,
            reason: r.try_get("reason")?,
            plies: r.try_get::<Option<i64>, _>("plies")?,
            aborted_by: r.try_get("aborted_by")?,
            updated_at: r.try_get("updated_at")?,
            berserks: [
                r.try_get::<Option<i64>, _>("south_berserk")?.is_some(),
                r.try_get::<Option<i64>, _>("north_berserk")?.is_some(),
            ],
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Some(TournamentRecord { tournament, players, pairings }))
}

/// Tournaments of status `status`, at most `limit`: upcoming soonest first, the others newest first.
pub async fn tournaments(store: &Store, status: &str, limit: i64) -> Result<Vec<(TournamentRow, i64)>, StoreError> {
    let order = if status == "upcoming" { "t.starts_at, t.id" } else { "t.starts_at DESC, t.id" };
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {}, (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id) AS players \
         FROM tournaments t WHERE t.status = $1 ORDER BY {order} LIMIT $2",
        COLUMNS.split(", ").map(|c| format!("t.{c}")).collect::<Vec<_>>().join(", ")
    )))
    .bind(status)
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    Ok(rows
        .iter()
        .map(|r| Ok((tournament_of(r)?, r.try_get::<i64, _>("players")?)))
        .collect::<Result<_, sqlx::Error>>()?)
}

/// The ids of the tournaments not finished whose start is before `before` (unix ms): what directors run.
pub async fn tournaments_to_direct(store: &Store, before: i64) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query("SELECT id FROM tournaments WHERE status <> 'finished' AND starts_at <= $1 ORDER BY id")
        .bind(before)
        .fetch_all(store.pool())
        .await?;
    Ok(rows.iter().map(|r| r.try_get(0)).collect::<Result<_, sqlx::Error>>()?)
}

/// How many tournaments the account of key `key` made since `since`, and how many of theirs are not
/// finished.
pub async fn tournaments_made_by(store: &Store, key: &str, since: i64) -> Result<(i64, i64), StoreError> {
    let row = sqlx::query(
        "SELECT COUNT(*) FILTER (WHERE created_at >= $2), COUNT(*) FILTER (WHERE status <> 'finished') \
         FROM tournaments WHERE lower(created_by) = $1",
    )
    .bind(key)
    .bind(since)
    .fetch_one(store.pool())
    .await?;
    Ok((row.try_get::<i64, _>(0)?, row.try_get::<i64, _>(1)?))
}

/// How many tournaments are not finished, on the whole server.
pub async fn tournaments_open(store: &Store) -> Result<i64, StoreError> {
    let row =
        sqlx::query("SELECT COUNT(*) FROM tournaments WHERE status <> 'finished'").fetch_one(store.pool()).await?;
    Ok(row.try_get::<i64, _>(0)?)
}
