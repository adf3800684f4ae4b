//! One game's authoritative state without any I/O: the engine position, the seats, the clock, the record,
//! and the rules of the server around the rules of the game (who may act, abort, resign, claim, time
//! out, forced decisions played by the server). The room task ([`super::actor`]) owns one `LiveGame`;
//! every change is first computed here as a [`Change`] (nothing mutated), stored, and only then
//! committed, so a failed write leaves the game exactly as it was.

use super::clock::Clock;
use super::steps::PlySteps;
use crate::store::{GameRow, MoveRow};
use mancala_engine::{BySide, Decision, EndReason, Options, Outcome, PlayError, Position, Side, ToMove, Variant};
use mancala_protocol::http::{GameStatus, GameSummary, PlayerInfo, Seats};
use mancala_protocol::{ClockSpec, ErrorCode, OutcomeInfo};
use tokio::time::Instant;

/// A seated player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub registered: bool,
    pub token_hash: String,
}

/// One decision of the record, with what it caused (events are not stored in the database; they are
/// recomputed by replay on restart).
#[derive(Clone, Debug)]
pub struct Ply {
    pub row: MoveRow,
    pub decision: Decision,
    pub steps: PlySteps,
    /// The position after this decision.
    pub after: Position,
}

/// A refusal: the code, a readable reason, and the legal decisions where they help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub reason: String,
    pub legal: Vec<String>,
}

impl Refusal {
    pub fn new(code: ErrorCode, reason: impl Into<String>) -> Refusal {
        Refusal { code, reason: reason.into(), legal: Vec::new() }
    }
}

/// A computed, not yet committed change of the game.
#[derive(Clone, Debug)]
pub struct Change {
    /// New decisions (the proposed one first, then any the server played because they were forced).
    pub plies: Vec<Ply>,
    /// Seats after the change (a join).
    pub seats: BySide<Option<Seat>>,
    pub status: GameStatus,
    /// Set when the server ends the game (resignation, timeout, abandonment, abort).
    pub server_end: Option<Outcome>,
    pub clock: Option<Clock>,
    pub decided: BySide<bool>,
    pub at_ms: i64,
}

#[derive(Clone, Debug)]
pub struct LiveGame {
    pub id: String,
    pub variant: Variant,
    pub options: Options,
    pub status: GameStatus,
    pub seats: BySide<Option<Seat>>,
    pub invite_code: Option<String>,
    pub clock: Option<Clock>,
    pub auto_forced: bool,
    pub pos: Position,
    pub record: Vec<Ply>,
    /// Which sides have made a decision of their own (not one played by the server).
    pub decided: BySide<bool>,
    pub server_end: Option<Outcome>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Whose clock runs: the side(s) to decide, once the game is on and both players have made a decision of
/// their own.
fn running_sides(status: GameStatus, decided: BySide<bool>, pos: &Position) -> Vec<Side> {
    if status != GameStatus::Ongoing || !(decided.south && decided.north) {
        return Vec::new();
    }
    match pos.to_move() {
        ToMove::Side(s) => vec![s],
        ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
        ToMove::Nobody(_) => Vec::new(),
    }
}

/// Unix milliseconds now.
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

impl LiveGame {
    /// A new game waiting for its second player.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: String,
        variant: Variant,
        options: Options,
        creator: (Side, Seat),
        invite_code: String,
        clock: Option<ClockSpec>,
        auto_forced: bool,
        now_ms: i64,
    ) -> Result<LiveGame, mancala_engine::OptionsError> {
        let pos = Position::start(variant, options)?;
        let mut seats = BySide::default();
        seats[creator.0] = Some(creator.1);
        Ok(LiveGame {
            id,
            variant,
            options,
            status: GameStatus::Waiting,
            seats,
            invite_code: Some(invite_code),
            clock: clock.map(Clock::new),
            auto_forced,
            pos,
            record: Vec::new(),
            decided: BySide::default(),
            server_end: None,
            created_at: now_ms,
            updated_at: now_ms,
        })
    }

    /// Rebuilds a stored game by replaying its decisions. The clock resumes at `now` with the stored
    /// remaining times (time while the server was down is not charged).
    pub fn restore(row: &GameRow, moves: &[MoveRow], now: Instant) -> Result<LiveGame, String> {
        let variant: Variant = row.variant.parse().map_err(|e| format!("{e}"))?;
        let options: Options = serde_json::from_str(&row.options).map_err(|e| format!("options: {e}"))?;
        let status = GameStatus::parse(&row.status).ok_or_else(|| format!("status `{}`", row.status))?;
        let seat = |name: &Option<String>, registered, hash: &Option<String>| match (name, hash) {
            (Some(n), Some(h)) => Some(Seat { name: n.clone(), registered, token_hash: h.clone() }),
            _ => None,
        };
        let seats = BySide::new(
            seat(&row.south_name, row.south_registered, &row.south_token_hash),
            seat(&row.north_name, row.north_registered, &row.north_token_hash),
        );
        let mut pos = Position::start(variant, options).map_err(|e| e.to_string())?;
        let mut record = Vec::with_capacity(moves.len());
        let mut decided = BySide::<bool>::default();
        for m in moves {
            let side: Side = m.side.parse().map_err(|e| format!("ply {}: {e}", m.ply))?;
            let decision = Decision::parse(&m.decision, pos.geometry()).map_err(|e| format!("ply {}: {e}", m.ply))?;
            let steps = PlySteps::play(&mut pos, side, decision).map_err(|e| format!("ply {}: {e}", m.ply))?;
            decided[side] |= !m.auto;
            record.push(Ply { row: m.clone(), decision, steps, after: pos.clone() });
        }
        let server_end = match (&row.reason, pos.outcome()) {
            (Some(reason), None) => {
                let reason = EndReason::parse(reason).ok_or_else(|| format!("reason `{reason}`"))?;
                let winner = row.winner.as_deref().map(str::parse::<Side>).transpose().map_err(|e| e.to_string())?;
                let outcome = Outcome { winner, reason };
                pos.end_by(outcome);
                Some(outcome)
            }
            _ => None,
        };
        let clock = match (row.clock_base_ms, row.clock_increment_ms) {
            (Some(base), Some(inc)) => {
                let mut c =
                    Clock::new(ClockSpec { base_secs: (base / 1000) as u32, increment_secs: (inc / 1000) as u32 });
                c.remaining = BySide::new(
                    row.south_clock_ms.unwrap_or(base).max(0) as u64,
                    row.north_clock_ms.unwrap_or(base).max(0) as u64,
                );
                Some(c)
            }
            _ => None,
        };
        let mut game = LiveGame {
            id: row.id.clone(),
            variant,
            options,
            status,
            seats,
            invite_code: row.invite_code.clone(),
            clock,
            auto_forced: row.auto_forced,
            pos,
            record,
            decided,
            server_end,
            created_at: row.created_at,
            updated_at: row.updated_at,
        };
        let running = game.running_sides();
        if let Some(c) = game.clock.as_mut() {
            c.start(running, now);
        }
        Ok(game)
    }

    /// The version: one per decision, plus one for a game ended by the server.
    pub fn version(&self) -> u64 {
        self.record.len() as u64 + self.server_end.is_some() as u64
    }

    pub fn is_over(&self) -> bool {
        self.status == GameStatus::Finished
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    /// The side a seat token belongs to.
    pub fn seat_of(&self, token_hash: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.seats[s].as_ref().is_some_and(|seat| seat.token_hash == token_hash))
    }

    pub fn open_seat(&self) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.seats[s].is_none())
    }

    /// Whose clock should run now.
    fn running_sides(&self) -> Vec<Side> {
        running_sides(self.status, self.decided, &self.pos)
    }

    /// May `side` abort now? Until both players have made a decision of their own.
    pub fn may_abort(&self) -> bool {
        !(self.is_over() || self.decided.south && self.decided.north)
    }

    fn blank_change(&self, at_ms: i64) -> Change {
        Change {
            plies: Vec::new(),
            seats: self.seats.clone(),
            status: self.status,
            server_end: None,
            clock: self.clock.clone(),
            decided: self.decided,
            at_ms,
        }
    }

    /// Proposes `text` as `side`'s decision at `now`. On success the change holds the decision and every
    /// forced decision the server plays after it.
    pub fn propose(
        &self,
        side: Side,
        text: &str,
        client_id: Option<String>,
        now: Instant,
        at_ms: i64,
    ) -> Result<Change, Refusal> {
        match self.status {
            GameStatus::Finished => {
                let outcome = self.outcome().map(|o| o.to_string()).unwrap_or_default();
                return Err(Refusal::new(ErrorCode::GameOver, format!("the game is over: {outcome}")));
            }
            GameStatus::Waiting => {
                return Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started: a seat is still open"));
            }
            GameStatus::Ongoing => {}
        }
        let geo = self.pos.geometry();
        let decision = Decision::parse(text, geo).map_err(|e| Refusal::new(ErrorCode::BadNotation, e.to_string()))?;
        let mut change = self.blank_change(at_ms);
        let mut pos = self.pos.clone();
        let steps = PlySteps::play(&mut pos, side, decision).map_err(|e| {
            let code = match e {
                PlayError::GameOver(_) => ErrorCode::GameOver,
                PlayError::NotYourTurn { .. } => ErrorCode::NotYourTurn,
                PlayError::AlreadyChosen { .. } => ErrorCode::WrongPhase,
                PlayError::Illegal { .. } => ErrorCode::Illegal,
            };
            let legal = self.pos.legal_decisions(side).iter().map(|d| d.notation(geo)).collect();
            Refusal { code, reason: e.to_string(), legal }
        })?;
        // The clock: charge the mover (if its time runs), add the increment, and check the flag first: a
        // decision that arrives after the mover's time ran out is refused and the game ends on time (the
        // room's timer normally gets there first).
        if let Some(clock) = change.clock.as_mut() {
            let was_running = clock.running.contains(&side);
            if was_running && clock.remaining_at(side, now) == 0 {
                return Err(Refusal::new(ErrorCode::GameOver, "your time ran out"));
            }
            clock.stop(now);
            if was_running {
                clock.remaining[side] += clock.increment_ms();
            }
        }
        change.decided[side] = true;
        let ply = self.record.len() as u32 + 1;
        let clock_ms = change.clock.as_ref().map(|c| c.remaining[side] as i64);
        change.plies.push(Ply {
            row: self.move_row(ply, side, decision, client_id, false, at_ms, clock_ms),
            decision,
            steps,
            after: pos.clone(),
        });
        self.play_forced(&mut change, pos, at_ms);
        self.settle(&mut change, now);
        Ok(change)
    }

    /// Appends the forced decisions the server plays from `pos` (when the game has that option).
    fn play_forced(&self, change: &mut Change, mut pos: Position, at_ms: i64) {
        if !self.auto_forced || change.status != GameStatus::Ongoing {
            return;
        }
        while let ToMove::Side(side) = pos.to_move() {
            let legal = pos.legal_decisions(side);
            // D9: inside a turn the engine only stops where two or more continuations exist, so a single
            // legal decision is always a turn's start.
            if legal.len() != 1 || pos.mid_turn().is_some() {
                break;
            }
            let decision = legal[0];
            let steps = PlySteps::play(&mut pos, side, decision).expect("a listed decision applies");
            let ply = self.record.len() as u32 + change.plies.len() as u32 + 1;
            let clock_ms = change.clock.as_ref().map(|c| c.remaining[side] as i64);
            change.plies.push(Ply {
                row: self.move_row(ply, side, decision, None, true, at_ms, clock_ms),
                decision,
                steps,
                after: pos.clone(),
            });
        }
    }

    /// Status and clock after the change's plies.
    fn settle(&self, change: &mut Change, now: Instant) {
        let last = change.plies.last().map(|p| &p.after).unwrap_or(&self.pos);
        if last.is_over() {
            change.status = GameStatus::Finished;
        }
        // Computed from the changed values alone: copying the game (and its record) for this was the
        // biggest cost of a decision under load.
        let running = running_sides(change.status, change.decided, last);
        if let Some(clock) = change.clock.as_mut() {
            clock.stop(now);
            clock.start(running, now);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn move_row(
        &self,
        ply: u32,
        side: Side,
        decision: Decision,
        client_id: Option<String>,
        auto: bool,
        at: i64,
        clock_ms: Option<i64>,
    ) -> MoveRow {
        MoveRow {
            game_id: self.id.clone(),
            ply,
            side: side.name().to_string(),
            decision: decision.notation(self.pos.geometry()),
            client_id,
            auto,
            at,
            clock_ms,
        }
    }

    /// The second player takes the open seat; the game starts (and forced decisions are played).
    pub fn join(&self, seat: Seat, now: Instant, at_ms: i64) -> Result<(Side, Change), Refusal> {
        if self.status != GameStatus::Waiting {
            return Err(Refusal::new(ErrorCode::WrongPhase, "the game has no open seat"));
        }
        let side = self.open_seat().ok_or_else(|| Refusal::new(ErrorCode::WrongPhase, "the game has no open seat"))?;
        let mut change = self.blank_change(at_ms);
        change.seats[side] = Some(seat);
        change.status = GameStatus::Ongoing;
        self.play_forced(&mut change, self.pos.clone(), at_ms);
        self.settle(&mut change, now);
        Ok((side, change))
    }

    /// Ends the game by the server's ruling.
    pub fn end(&self, outcome: Outcome, now: Instant, at_ms: i64) -> Change {
        let mut change = self.blank_change(at_ms);
        if let Some(c) = change.clock.as_mut() {
            c.stop(now);
        }
        change.status = GameStatus::Finished;
        change.server_end = Some(outcome);
        change
    }

    /// `side` resigns.
    pub fn resign(&self, side: Side, now: Instant, at_ms: i64) -> Result<Change, Refusal> {
        match self.status {
            GameStatus::Ongoing => Ok(self.end(Outcome::win(side.other(), EndReason::Resignation), now, at_ms)),
            GameStatus::Waiting => {
                Err(Refusal::new(ErrorCode::WrongPhase, "the game has not started: abort it instead"))
            }
            GameStatus::Finished => Err(Refusal::new(ErrorCode::GameOver, "the game is over")),
        }
    }

    /// Abort: no result; only before both players have made a decision of their own.
    pub fn abort(&self, now: Instant, at_ms: i64) -> Result<Change, Refusal> {
        if self.is_over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        if !self.may_abort() {
            return Err(Refusal::new(ErrorCode::WrongPhase, "both players have moved: resign instead"));
        }
        Ok(self.end(Outcome::draw(EndReason::Aborted), now, at_ms))
    }

    /// Applies a stored change.
    pub fn commit(&mut self, change: Change) {
        if let Some(p) = change.plies.last() {
            self.pos = p.after.clone();
        }
        if let Some(outcome) = change.server_end {
            self.pos.end_by(outcome);
            self.server_end = Some(outcome);
        }
        self.record.extend(change.plies);
        self.seats = change.seats;
        self.status = change.status;
        self.clock = change.clock;
        self.decided = change.decided;
        // The invite code stays with the game (it then leads to the game to watch); summaries show it only
        // while a seat is open.
        self.updated_at = change.at_ms;
    }

    /// The `games` row after `change` (or as it is, for `None`).
    pub fn row_after(&self, change: Option<&Change>) -> GameRow {
        let seats = change.map(|c| &c.seats).unwrap_or(&self.seats);
        let status = change.map(|c| c.status).unwrap_or(self.status);
        let clock = change.map(|c| &c.clock).unwrap_or(&self.clock);
        let plies = self.record.len() as u32 + change.map(|c| c.plies.len() as u32).unwrap_or(0);
        let outcome = match change {
            Some(c) => c.server_end.or_else(|| c.plies.last().and_then(|p| p.after.outcome())).or(self.outcome()),
            None => self.outcome(),
        };
        let seat = |s: Side| seats[s].as_ref();
        GameRow {
            id: self.id.clone(),
            variant: self.variant.id().to_string(),
            options: serde_json::to_string(&self.options).expect("options serialise"),
            status: status.as_str().to_string(),
            south_name: seat(Side::South).map(|s| s.name.clone()),
            north_name: seat(Side::North).map(|s| s.name.clone()),
            south_registered: seat(Side::South).is_some_and(|s| s.registered),
            north_registered: seat(Side::North).is_some_and(|s| s.registered),
            south_token_hash: seat(Side::South).map(|s| s.token_hash.clone()),
            north_token_hash: seat(Side::North).map(|s| s.token_hash.clone()),
            invite_code: self.invite_code.clone(),
            clock_base_ms: clock.as_ref().map(|c| c.spec.base_secs as i64 * 1000),
            clock_increment_ms: clock.as_ref().map(|c| c.spec.increment_secs as i64 * 1000),
            south_clock_ms: clock.as_ref().map(|c| c.remaining.south as i64),
            north_clock_ms: clock.as_ref().map(|c| c.remaining.north as i64),
            auto_forced: self.auto_forced,
            plies,
            winner: outcome.and_then(|o| o.winner).map(|s| s.name().to_string()),
            reason: outcome.map(|o| o.reason.as_str().to_string()),
            created_at: self.created_at,
            updated_at: change.map(|c| c.at_ms).unwrap_or(self.updated_at),
        }
    }

    /// The public summary (no secret).
    pub fn summary(&self) -> GameSummary {
        summary_of(&self.row_after(None))
    }
}

/// The public summary of a stored game row.
pub fn summary_of(row: &GameRow) -> GameSummary {
    let variant: Variant = row.variant.parse().unwrap_or(Variant::Kubuguza);
    let player =
        |name: &Option<String>, registered: bool| name.as_ref().map(|n| PlayerInfo { name: n.clone(), registered });
    let status = GameStatus::parse(&row.status).unwrap_or(GameStatus::Finished);
    GameSummary {
        id: row.id.clone(),
        variant,
        options: serde_json::from_str(&row.options).unwrap_or_else(|_| Options::defaults(variant)),
        status,
        players: Seats {
            south: player(&row.south_name, row.south_registered),
            north: player(&row.north_name, row.north_registered),
        },
        clock: match (row.clock_base_ms, row.clock_increment_ms) {
            (Some(b), Some(i)) => Some(ClockSpec { base_secs: (b / 1000) as u32, increment_secs: (i / 1000) as u32 }),
            _ => None,
        },
        auto_forced: row.auto_forced,
        plies: row.plies,
        result: match (&row.reason, status) {
            (Some(reason), GameStatus::Finished) => {
                Some(OutcomeInfo { winner: row.winner.as_deref().and_then(|w| w.parse().ok()), reason: reason.clone() })
            }
            _ => None,
        },
        created_at: row.created_at.max(0) as u64,
        updated_at: row.updated_at.max(0) as u64,
        invite_code: if status == GameStatus::Waiting { row.invite_code.clone() } else { None },
    }
}
