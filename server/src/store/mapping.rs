//! Rows to domain values and back: the only place that knows how a game is laid out in portable columns
//! (variant ids, options as JSON, sides as text, flags as 0/1, times in ms). Reading a value the server
//! never writes is an error ([`StoreError::Corrupt`] naming the game and the column), never a default: an
//! unreadable row must not turn into a finished Kubuguza game, nor a bad side into South.

use super::StoreError;
use super::aborts::AbortedBy;
use super::outcomes::OutcomeRow;
use super::ratings::RateGame;
use super::rows::{GameProgress, GameRow, MoveRow};
use super::takebacks::TakebackRow;
use super::writer::Write;
use crate::game::{
    Change, GameHeader, GameResult, LiveGame, Occupant, Ply, Rewind, Ruling, StoredClock, StoredPly, UnixMs,
};
use crate::ids::{GameId, Identity, PlayerName, TokenHash};
use mancala_engine::{BySide, Decision, EndReason, Geometry, Options, Outcome, Side, Variant};
use mancala_protocol::ClockSpec;
use mancala_protocol::http::GameStatus;

fn corrupt(id: &str, what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("game {id}: {what}"))
}

/// The writes that store `change` of `game`: its new decisions and the game row after it, in one job. A
/// new game inserts its row; a change of seats or status (a join, an end) rewrites it; a decision while
/// the game goes on (nearly every change) writes only the columns it changes.
pub fn writes(game: &LiveGame, change: &Change) -> Vec<Write> {
    let mut writes = Vec::with_capacity(change.plies.len() + 1);
    let geo = game.pos.geometry();
    let moves = change.plies.iter().map(|p| Write::InsertMove(move_row(&game.id, geo, p)));
    if let Some(r) = change.takeback {
        // A takeback is a change of its own (no new decision): the undone ones leave `moves` with its row.
        let undone = game.record[r.ply as usize..].iter().map(|p| p.decision.notation(geo)).collect::<Vec<_>>();
        writes.push(Write::Takeback(TakebackRow {
            game_id: game.id.to_string(),
            v: r.v as i64,
            side: r.by.name().to_string(),
            to_ply: i64::from(r.ply),
            undone: undone.join(" "),
            at: change.at_ms.millis(),
        }));
        writes.push(Write::UpdateGame(game_row(&game.header(Some(change)))));
    } else if change.created {
        writes.push(Write::InsertGame(game_row(&game.header(Some(change)))));
        writes.extend(moves);
    } else if change.seats.is_some()
        || change.status != game.status
        || change.ruling.is_some()
        || change.berserk.is_some()
    {
        writes.extend(moves);
        writes.push(Write::UpdateGame(game_row(&game.header(Some(change)))));
        writes.extend(rating_update(game, change).map(Write::Rate));
        if change.status == GameStatus::Finished && game.status != GameStatus::Finished {
            // A tournament's standings are its games: the game's end is a change of the tournament.
            writes.push(Write::Ended(game.id.to_string()));
        }
        if let (Some(Ruling::Abort), Some(side)) = (change.ruling, change.aborted_by) {
            writes.push(Write::AbortedBy(AbortedBy { game_id: game.id.to_string(), side: side.name().to_string() }));
        }
        writes.extend(outcomes(game, change).into_iter().map(Write::Outcome));
    } else {
        writes.extend(moves);
        writes.push(Write::Progress(GameProgress {
            id: game.id.to_string(),
            south_clock_ms: change.clock.as_ref().map(|c| c.remaining.south as i64),
            north_clock_ms: change.clock.as_ref().map(|c| c.remaining.north as i64),
            plies: game.record.len() as u32 + change.plies.len() as u32,
            updated_at: change.at_ms.millis(),
        }));
    }
    writes
}

/// Each person's outcome when `change` ends `game` (`game::conduct`); anonymous guests are not counted
/// (they have no name to count by).
fn outcomes(game: &LiveGame, change: &Change) -> Vec<OutcomeRow> {
    let conduct = crate::game::conduct::of(game, change);
    let seats = change.seats.as_ref().unwrap_or(&game.seats);
    Side::BOTH
        .into_iter()
        .filter_map(|side| {
            let seat = seats[side].as_ref().filter(|s| !s.who.is_anonymous())?;
            Some(OutcomeRow {
                game_id: game.id.to_string(),
                player_key: seat.name().key(),
                registered: seat.who.is_account(),
                outcome: conduct[side]?,
                at: change.at_ms.millis(),
            })
        })
        .collect()
}

/// The rating update when `change` is the one that finishes rated `game` with a result that counts (all
/// but an abort). Only this change can: a finished game takes no other, and a room that is unsure whether
/// a write landed reads the game back before the next one; the writer also refuses a second update of a
/// game whose changes are stored.
fn rating_update(game: &LiveGame, change: &Change) -> Option<RateGame> {
    if !game.rated || game.status == GameStatus::Finished || change.status != GameStatus::Finished {
        return None;
    }
    let result = game.header(Some(change)).result.filter(|r| r.counts())?;
    let seats = change.seats.as_ref().unwrap_or(&game.seats);
    let key = |s: Side| seats[s].as_ref().map(|seat| seat.name().key());
    Some(RateGame {
        game_id: game.id.to_string(),
        variant: game.variant,
        players: BySide::new(key(Side::South)?, key(Side::North)?),
        winner: result.winner(),
        at: change.at_ms.millis(),
    })
}

/// The key of the `options` column that holds the game's own setting `previews` beside the engine's
/// options: a setting of the game, not a rule, kept there so that no column is added for one flag.
const PREVIEWS: &str = "previews";

/// The `options` column of a header: the engine's options, with `"previews": true` when the game allows
/// move previews (absent otherwise, so the rows of games made before the setting existed read as false).
fn options_json(h: &GameHeader) -> String {
    let mut value = serde_json::to_value(h.options).expect("options serialise");
    if h.previews {
        value.as_object_mut().expect("options are an object").insert(PREVIEWS.into(), true.into());
    }
    value.to_string()
}

/// The engine's options and the `previews` setting of an `options` column.
fn read_options(id: &str, text: &str) -> Result<(Options, bool), StoreError> {
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| corrupt(id, format!("options: {e}")))?;
    let previews = match value.as_object_mut().and_then(|o| o.remove(PREVIEWS)) {
        None => false,
        Some(serde_json::Value::Bool(b)) => b,
        Some(other) => return Err(corrupt(id, format!("options: `{PREVIEWS}` is {other}, not a boolean"))),
    };
    let options = serde_json::from_value(value).map_err(|e| corrupt(id, format!("options: {e}")))?;
    Ok((options, previews))
}

/// The `games` row of a header.
pub fn game_row(h: &GameHeader) -> GameRow {
    let seat = |s: Side| h.seats[s].as_ref();
    GameRow {
        id: h.id.to_string(),
        variant: h.variant.id().to_string(),
        options: options_json(h),
        status: h.status.as_str().to_string(),
        south_name: seat(Side::South).map(|s| s.name().to_string()),
        north_name: seat(Side::North).map(|s| s.name().to_string()),
        south_registered: seat(Side::South).is_some_and(|s| s.who.is_account()),
        north_registered: seat(Side::North).is_some_and(|s| s.who.is_account()),
        south_token_hash: seat(Side::South).map(|s| s.token_hash.to_string()),
        north_token_hash: seat(Side::North).map(|s| s.token_hash.to_string()),
        invite_code: h.invite_code.as_ref().map(ToString::to_string),
        clock_base_ms: h.clock.map(|c| c.spec.base_secs as i64 * 1000),
        clock_increment_ms: h.clock.map(|c| c.spec.increment_secs as i64 * 1000),
        south_clock_ms: h.clock.map(|c| c.remaining.south as i64),
        north_clock_ms: h.clock.map(|c| c.remaining.north as i64),
        auto_forced: h.auto_forced,
        rated: h.rated,
        plies: h.plies,
        winner: h.result.and_then(GameResult::winner).map(|s| s.name().to_string()),
        reason: h.result.map(|r| r.reason().to_string()),
        created_at: h.created_at.millis(),
        updated_at: h.updated_at.millis(),
        clock_days: h.clock.and_then(|c| c.spec.days).map(i64::from),
        takeback_v: h.rewind.map(|r| r.v as i64),
        takeback_ply: h.rewind.map(|r| i64::from(r.ply)),
        takeback_side: h.rewind.map(|r| r.by.name().to_string()),
        berserk_allowed: h.berserk_allowed,
        south_berserk: h.berserks.south.map(|v| v as i64),
        north_berserk: h.berserks.north.map(|v| v as i64),
    }
}

/// The `moves` row of a decision.
pub fn move_row(game_id: &GameId, geo: Geometry, p: &Ply) -> MoveRow {
    MoveRow {
        game_id: game_id.to_string(),
        ply: p.n,
        side: p.side.name().to_string(),
        decision: p.decision.notation(geo),
        client_id: p.client_id.clone(),
        auto: p.auto,
        at: p.at_ms.millis(),
        clock_ms: p.clock_ms.map(|c| c as i64),
    }
}

fn side(id: &str, column: &str, text: &str) -> Result<Side, StoreError> {
    text.parse().map_err(|_| corrupt(id, format!("{column} `{text}` is not a side")))
}

fn ms(id: &str, column: &str, value: i64) -> Result<u64, StoreError> {
    u64::try_from(value).map_err(|_| corrupt(id, format!("{column} {value} is negative")))
}

/// A header from its row.
pub fn header(row: GameRow) -> Result<GameHeader, StoreError> {
    let id = row.id.as_str();
    let variant: Variant = row.variant.parse().map_err(|e| corrupt(id, format!("variant: {e}")))?;
    let (options, previews) = read_options(id, &row.options)?;
    let status = GameStatus::parse(&row.status).ok_or_else(|| corrupt(id, format!("status `{}`", row.status)))?;
    let seat = |name: &Option<String>, registered: bool, hash: &Option<String>, col: &str| match (name, hash) {
        (Some(n), Some(h)) => {
            let name = PlayerName::parse(n).map_err(|e| corrupt(id, format!("{col}_name: {e}")))?;
            let who = if registered { Identity::Account(name) } else { Identity::Guest(name) };
            Ok(Some(Occupant { who, token_hash: TokenHash::stored(h.clone()) }))
        }
        (None, None) => Ok(None),
        _ => Err(corrupt(id, format!("{col} seat has a name without a token or a token without a name"))),
    };
    let seats = BySide::new(
        seat(&row.south_name, row.south_registered, &row.south_token_hash, "south")?,
        seat(&row.north_name, row.north_registered, &row.north_token_hash, "north")?,
    );
    let clock = match (row.clock_base_ms, row.clock_increment_ms) {
        (Some(base), Some(inc)) => {
            let secs =
                |ms: i64, col| u32::try_from(ms / 1000).map_err(|_| corrupt(id, format!("{col} {ms} is out of range")));
            let days = row
                .clock_days
                .map(|d| u32::try_from(d).map_err(|_| corrupt(id, format!("clock_days {d} is out of range"))))
                .transpose()?;
            let spec = ClockSpec {
                base_secs: secs(base, "clock_base_ms")?,
                increment_secs: secs(inc, "clock_increment_ms")?,
                days,
            };
            let remaining = BySide::new(
                ms(id, "south_clock_ms", row.south_clock_ms.unwrap_or(base))?,
                ms(id, "north_clock_ms", row.north_clock_ms.unwrap_or(base))?,
            );
            Some(StoredClock { spec, remaining })
        }
        (None, None) => None,
        _ => return Err(corrupt(id, "a clock needs both its base and its increment")),
    };
    let winner = row.winner.as_deref().map(|w| side(id, "winner", w)).transpose()?;
    let result = match row.reason.as_deref() {
        None if winner.is_some() => return Err(corrupt(id, "a winner without a reason")),
        None => None,
        Some(reason) => match Ruling::from_stored(reason, winner).map_err(|e| corrupt(id, e))? {
            Some(ruling) => Some(GameResult::Ruled(ruling)),
            None => {
                let reason = EndReason::parse(reason).ok_or_else(|| corrupt(id, format!("reason `{reason}`")))?;
                Some(GameResult::Rules(Outcome { winner, reason }))
            }
        },
    };
    if result.is_some() != (status == GameStatus::Finished) {
        return Err(corrupt(id, format!("status `{}` with result {:?}", status.as_str(), row.reason)));
    }
    let invite_code = match &row.invite_code {
        Some(code) => Some(code.parse().map_err(|e| corrupt(id, format!("invite_code: {e}")))?),
        None => None,
    };
    let rewind = match (row.takeback_v, row.takeback_ply, row.takeback_side.as_deref()) {
        (None, None, None) => None,
        (Some(v), Some(ply), Some(by)) => Some(Rewind {
            v: ms(id, "takeback_v", v)?,
            ply: u32::try_from(ply).map_err(|_| corrupt(id, format!("takeback_ply {ply} is out of range")))?,
            by: side(id, "takeback_side", by)?,
        }),
        _ => return Err(corrupt(id, "a takeback needs its version, its ply and its side")),
    };
    let berserk = |v: Option<i64>, col: &str| v.map(|v| ms(id, col, v)).transpose();
    let berserks =
        BySide::new(berserk(row.south_berserk, "south_berserk")?, berserk(row.north_berserk, "north_berserk")?);
    if !row.berserk_allowed && (berserks.south.is_some() || berserks.north.is_some()) {
        return Err(corrupt(id, "a berserk in a game that does not allow it"));
    }
    let game_id = id.parse().map_err(|e| corrupt(id, e))?;
    Ok(GameHeader {
        id: game_id,
        variant,
        options,
        status,
        seats,
        invite_code,
        clock,
        auto_forced: row.auto_forced,
        rated: row.rated,
        previews,
        plies: row.plies,
        result,
        // Filled by the reads that show it (`Store::game`, `Store::list_games`).
        ratings: None,
        rewind,
        berserk_allowed: row.berserk_allowed,
        berserks,
        created_at: UnixMs::from_millis(row.created_at),
        updated_at: UnixMs::from_millis(row.updated_at),
    })
}

/// A decision from its row, in the game `header` describes.
pub fn ply(header: &GameHeader, row: MoveRow) -> Result<StoredPly, StoreError> {
    let id = header.id.as_str();
    let geo = header.options.geometry(header.variant);
    Ok(StoredPly {
        n: row.ply,
        side: side(id, "side", &row.side)?,
        decision: Decision::parse(&row.decision, geo)
            .map_err(|e| corrupt(id, format!("ply {} decision `{}`: {e}", row.ply, row.decision)))?,
        client_id: row.client_id,
        auto: row.auto,
        at_ms: UnixMs::from_millis(row.at),
        clock_ms: row.clock_ms.map(|c| ms(id, "clock_ms", c)).transpose()?,
    })
}
