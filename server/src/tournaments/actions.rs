//! What players do with tournaments, on whichever node they ask: create one, join, withdraw, and read one
//! (its view, with the caller's own place and seat). Each is a check of the request and one write; the
//! pairing is the director's alone.

use super::error::TournamentError;
use super::queries::{self, EntrantRow, TournamentRow, TournamentWrite};
use super::record::{Settings, Tournament, now_ms};
use super::standings;
use crate::ids::{GameId, PlayerName};
use crate::password;
use crate::store::{Store, StoreError};
use mancala_engine::{Side, Variant};
use mancala_protocol::http::{GameSummary, SeatGranted};
use mancala_protocol::tournament::{
    Bye, CreateTournament, GAMES_LISTED, MyPlace, TournamentGame, TournamentKind, TournamentStatus, TournamentSummary,
    TournamentView,
};

/// The most tournaments an account may make in a day, and have not finished at once.
pub const MAX_MADE_PER_DAY: i64 = 5;
pub const MAX_OPEN_PER_ACCOUNT: i64 = 3;
/// The most tournaments not finished on the whole server (the schedule's included).
pub const MAX_OPEN: i64 = 200;
/// The most players of one tournament.
pub const MAX_PLAYERS: usize = 200;
/// How far ahead a tournament may start.
pub const MAX_AHEAD_MS: u64 = 7 * 24 * 3600 * 1000;

fn bad(field: &str, what: &str) -> TournamentError {
    TournamentError::BadRequest(format!("field `{field}`: {what}"))
}

/// Checks `req` and makes the row of a new tournament by `by` (an account's name as registered; `None`: the
/// schedule).
pub async fn row(
    req: &CreateTournament,
    by: Option<String>,
    id: String,
    now: u64,
) -> Result<TournamentRow, TournamentError> {
    let name = check_name(&req.name)?;
    check_variants(req)?;
    if req.clock.days.is_some() || !(1..=3600).contains(&req.clock.base_secs) || req.clock.increment_secs > 60 {
        return Err(bad("clock", "a real-time clock: base_secs 1 to 3600, increment_secs 0 to 60"));
    }
    let starts_at = req.starts_at.unwrap_or(now);
    if starts_at > now + MAX_AHEAD_MS {
        return Err(bad("starts_at", "at most 7 days ahead"));
    }
    let (minutes, rounds) = length(req)?;
    if req.berserk && req.kind != TournamentKind::Arena {
        return Err(bad("berserk", "berserk is an arena's: a Swiss scores no bonus"));
    }
    let password_hash = match &req.password {
        None => None,
        Some(p) if (4..=64).contains(&p.chars().count()) => {
            Some(password::hash(p.clone()).await.map_err(|e| TournamentError::Internal(e.to_string()))?)
        }
        Some(_) => return Err(bad("password", "4 to 64 characters")),
    };
    Ok(TournamentRow {
        id,
        name,
        kind: kind_id(req.kind).to_string(),
        variants: req.variants.iter().map(|v| v.id()).collect::<Vec<_>>().join(","),
        clock_base_secs: i64::from(req.clock.base_secs),
        clock_increment_secs: i64::from(req.clock.increment_secs),
        rated: req.rated,
        bots: req.bots,
        password_hash,
        created_by: by,
        starts_at: starts_at.max(now) as i64,
        minutes,
        rounds,
        status: "upcoming".into(),
        round: 0,
        version: 1,
        created_at: now as i64,
        finished_at: None,
        berserk: req.berserk,
    })
}

/// The name, trimmed.
fn check_name(name: &str) -> Result<String, TournamentError> {
    let name = name.trim();
    if !(2..=48).contains(&name.chars().count()) || name.chars().any(char::is_control) {
        return Err(bad("name", "2 to 48 characters, no control characters"));
    }
    Ok(name.to_string())
}

/// One variant, or several different ones for a medley arena.
fn check_variants(req: &CreateTournament) -> Result<(), TournamentError> {
    if req.variants.is_empty() || req.variants.len() > Variant::ALL.len() {
        return Err(bad("variants", "one variant, or several for a medley arena"));
    }
    let mut seen = req.variants.clone();
    seen.sort_by_key(|v| v.id());
    seen.dedup();
    if seen.len() != req.variants.len() {
        return Err(bad("variants", "a variant is named twice"));
    }
    if req.kind == TournamentKind::Swiss && req.variants.len() > 1 {
        return Err(bad("variants", "a medley is an arena: a Swiss has one variant"));
    }
    Ok(())
}

/// An arena's minutes or a Swiss's rounds (the other is refused).
fn length(req: &CreateTournament) -> Result<(Option<i64>, Option<i64>), TournamentError> {
    match req.kind {
        TournamentKind::Arena => {
            if req.rounds.is_some() {
                return Err(bad("rounds", "an arena has minutes, not rounds"));
            }
            match req.minutes {
                Some(m @ 5..=360) => Ok((Some(i64::from(m)), None)),
                _ => Err(bad("minutes", "an arena lasts 5 to 360 minutes")),
            }
        }
        TournamentKind::Swiss => {
            if req.minutes.is_some() {
                return Err(bad("minutes", "a Swiss has rounds, not minutes"));
            }
            match req.rounds {
                Some(r @ 2..=15) => Ok((None, Some(i64::from(r)))),
                _ => Err(bad("rounds", "a Swiss has 2 to 15 rounds")),
            }
        }
    }
}

pub fn kind_id(kind: TournamentKind) -> &'static str {
    match kind {
        TournamentKind::Arena => "arena",
        TournamentKind::Swiss => "swiss",
    }
}

/// `POST /api/tournaments`: a tournament made by account `by`.
pub async fn create(store: &Store, by: &PlayerName, req: &CreateTournament) -> Result<String, TournamentError> {
    let now = now_ms();
    let key = by.key();
    let (today, open) = queries::tournaments_made_by(store, &key, now as i64 - 24 * 3600 * 1000).await?;
    if today >= MAX_MADE_PER_DAY {
        return Err(TournamentError::TooMany(format!("an account makes at most {MAX_MADE_PER_DAY} tournaments a day")));
    }
    if open >= MAX_OPEN_PER_ACCOUNT {
        return Err(TournamentError::TooMany(format!(
            "an account has at most {MAX_OPEN_PER_ACCOUNT} tournaments not finished"
        )));
    }
    if queries::tournaments_open(store).await? >= MAX_OPEN {
        return Err(TournamentError::TooMany(format!("the server runs at most {MAX_OPEN} tournaments at once")));
    }
    let id = GameId::random().as_str().to_string();
    let row = row(req, Some(by.as_str().to_string()), id.clone(), now).await?;
    queries::tournament_write(store, vec![TournamentWrite::Create(row)], None).await?;
    metrics::counter!("mancala_tournaments_created").increment(1);
    Ok(id)
}

/// Reads tournament `id` (404 when there is none).
pub async fn read(store: &Store, id: &str) -> Result<Tournament, TournamentError> {
    Ok(read_with_password(store, id).await?.0)
}

/// [`read`], with the stored hash of its password (which the typed tournament does not carry).
async fn read_with_password(store: &Store, id: &str) -> Result<(Tournament, Option<String>), TournamentError> {
    let record =
        queries::tournament_record(store, id).await?.ok_or_else(|| TournamentError::NotFound(id.to_string()))?;
    let password_hash = record.tournament.password_hash.clone();
    Ok((Tournament::read(record).map_err(TournamentError::Internal)?, password_hash))
}

/// `POST /api/tournaments/{id}/join` by `who`.
pub async fn join(store: &Store, id: &str, who: &PlayerName, password: Option<String>) -> Result<(), TournamentError> {
    let (t, stored) = read_with_password(store, id).await?;
    let s = &t.settings;
    if s.status == TournamentStatus::Finished {
        return Err(TournamentError::Conflict("the tournament is over".into()));
    }
    let key = who.key();
    if stored.is_some() {
        let Some(given) = password else {
            return Err(TournamentError::Forbidden("this tournament needs its password (field `password`)".into()));
        };
        if !password::verify(given, stored).await.map_err(|e| TournamentError::Internal(e.to_string()))? {
            return Err(TournamentError::Forbidden("wrong tournament password".into()));
        }
    }
    let (account, own_password) = store
        .password_of(&key)
        .await?
        .ok_or_else(|| TournamentError::Forbidden("only accounts play tournaments".into()))?;
    let bot = own_password.is_none();
    if bot && !s.bots {
        return Err(TournamentError::Forbidden(
            "this tournament does not allow bots (accounts without a password)".into(),
        ));
    }
    if t.player(&key).is_none() && t.players.len() >= MAX_PLAYERS {
        return Err(TournamentError::TooMany(format!("a tournament has at most {MAX_PLAYERS} players")));
    }
    let rating = store.rating(who, s.variants[0]).await?.map(|r| r.shown()).unwrap_or(1500);
    let joined_round = match (s.kind, s.status) {
        (TournamentKind::Swiss, TournamentStatus::Running) => i64::from(s.round) + 1,
        _ => 1,
    };
    let player = EntrantRow {
        player_key: key,
        name: account.name,
        bot,
        rating: i64::from(rating),
        withdrawn: false,
        joined_round,
        joined_at: now_ms() as i64,
    };
    queries::tournament_write(store, vec![TournamentWrite::Join { id: id.to_string(), player }], None).await?;
    Ok(())
}

/// `POST /api/tournaments/{id}/withdraw` by `who` (a game going on is played to its end).
pub async fn withdraw(store: &Store, id: &str, who: &PlayerName) -> Result<(), TournamentError> {
    let t = read(store, id).await?;
    let key = who.key();
    if t.player(&key).is_none() {
        return Err(TournamentError::Conflict("you have not joined this tournament".into()));
    }
    queries::tournament_write(store, vec![TournamentWrite::Withdraw { id: id.to_string(), player_key: key }], None)
        .await?;
    Ok(())
}

/// The summary of `t`.
pub fn summary(t: &Tournament) -> TournamentSummary {
    summary_of(&t.settings, t.players.len() as u32)
}

/// The summary of a tournament of these settings and `players` players.
pub fn summary_of(s: &Settings, players: u32) -> TournamentSummary {
    TournamentSummary {
        id: s.id.clone(),
        name: s.name.clone(),
        kind: s.kind,
        status: s.status,
        variants: s.variants.clone(),
        clock: s.clock,
        rated: s.rated,
        bots: s.bots,
        berserk: s.berserk,
        private: s.private,
        created_by: s.created_by.clone(),
        starts_at: s.starts_at,
        ends_at: s.ends_at(),
        rounds: s.rounds,
        round: (s.kind == TournamentKind::Swiss).then_some(s.round),
        players,
    }
}

/// The view of `t` for `me` (an account's key, if signed in): with their place, and the seat of their game
/// going on (read from the game's row, which the tournament's pairing made). Both edges show this one.
pub async fn view_for(store: &Store, t: &Tournament, me: Option<&str>) -> Result<TournamentView, StoreError> {
    let mut summary = None;
    if let Some(game) = me.and_then(|k| t.current_game(k))
        && let Ok(id) = game.id.parse::<GameId>()
        && let Some(header) = store.game(&id).await?
    {
        summary = Some(header.summary());
    }
    Ok(view(t, me, |id| summary.clone().filter(|s| s.id == id)))
}

/// The view of `t` for `me` (an account's key, if signed in); `game_summary` makes a game's summary for the
/// caller's seat.
pub fn view(t: &Tournament, me: Option<&str>, game_summary: impl Fn(&str) -> Option<GameSummary>) -> TournamentView {
    let name = |key: &str| t.player(key).map(|p| p.name.clone()).unwrap_or_else(|| key.to_string());
    let games = t
        .games
        .iter()
        .rev()
        .take(GAMES_LISTED)
        .map(|g| {
            let (winner, over) = match g.played {
                super::record::Played::Won(side) => (Some(side), true),
                super::record::Played::Pending { .. } => (None, false),
                _ => (None, true),
            };
            TournamentGame {
                id: g.id.clone(),
                round: g.round,
                variant: g.variant.unwrap_or(t.settings.variants[0]),
                south: name(&g.seats[0]),
                north: name(&g.seats[1]),
                over,
                winner,
                reason: g.reason.clone().filter(|_| over),
            }
        })
        .collect();
    let me = me.map(|key| {
        let entrant = t.player(key);
        let game = t.current_game(key).and_then(|g| {
            let side = g.side_of(key)?;
            let token = g.tokens[side.index()].clone()?;
            let summary = game_summary(&g.id)?;
            Some(Box::new(seat(summary, side, token)))
        });
        MyPlace { joined: entrant.is_some(), withdrawn: entrant.is_some_and(|p| p.withdrawn), game }
    });
    let s = &t.settings;
    let medley = s.medley_interval_ms().is_some() && s.status != TournamentStatus::Finished;
    let now = now_ms();
    TournamentView {
        summary: summary(t),
        version: s.version,
        variant_now: medley.then(|| s.variant_at(now)),
        next_variant_at: if medley {
            mancala_tournament::arena::next_rotation_ms(s.starts_at, now, s.medley_interval_ms().unwrap_or(0))
                .filter(|at| s.ends_at().is_none_or(|end| *at < end))
        } else {
            None
        },
        standings: standings::lines(t),
        games,
        byes: t.byes.iter().map(|(round, key)| Bye { round: *round, name: name(key) }).collect(),
        me,
    }
}

fn seat(game: GameSummary, side: Side, token: String) -> SeatGranted {
    SeatGranted {
        ws_path: format!("/api/games/{}/ws", game.id),
        invite_path: None,
        invite_code: None,
        game,
        seat: side,
        token,
    }
}
