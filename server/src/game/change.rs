//! A change of a game, computed without touching it ([`Change`]), and the refusal a command gets instead
//! ([`Refusal`]). The room stores a change and only then applies it ([`super::LiveGame::apply`]), so a
//! failed write leaves the game exactly as it was. The helpers here are the parts every command shares:
//! a blank change, one ply, the forced decisions the server plays after a decision, and the status and
//! clock that follow.

use super::clock::{Clock, sowing_allowance};
use super::live::{LiveGame, Occupant, Rewind};
use super::ply::Ply;
use super::ruling::Ruling;
use super::steps::PlySteps;
use super::unix_ms::UnixMs;
use mancala_engine::{BySide, Decision, Position, Side, ToMove};
use mancala_protocol::http::GameStatus;
use mancala_protocol::{ErrorCode, RatingChanges};
use tokio::time::Instant;

/// A refusal: the code, a readable reason, and the legal decisions where they help.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// A computed, not yet stored change of a game. Its events, in order: `start` (when `started`), `takeback`
/// (when set), `berserk` (when set; always alone), one per ply, and `end` (when `ruling` is set).
#[derive(Clone, Debug)]
pub struct Change {
    /// The game itself is new: its row is inserted rather than updated.
    pub created: bool,
    /// The second seat was filled: the game starts.
    pub started: bool,
    /// New decisions: the proposed one first, then any the server played because they were forced.
    pub plies: Vec<Ply>,
    /// The position after the plies (`None` when they are none).
    pub pos: Option<Position>,
    /// The seats after the change, when it changes them (a join).
    pub seats: Option<BySide<Option<Occupant>>>,
    pub status: GameStatus,
    /// Set when the server ends the game.
    pub ruling: Option<Ruling>,
    /// The side whose player aborted the game, when the change is their abort (stored as `aborted_by`: the
    /// penalties for leaving games count it against that player only).
    pub aborted_by: Option<Side>,
    /// The abort is the server's: `aborted_by` did not make a first decision in time (its outcome is
    /// `no_start`, not `abort`: `game::conduct`).
    pub no_start: bool,
    pub clock: Option<Clock>,
    pub decided: BySide<bool>,
    pub at_ms: UnixMs,
    /// Decisions taken back: the game returns to the position after this ply (the change's `pos`), and
    /// this is its `takeback` event.
    pub takeback: Option<Rewind>,
    /// A player berserked, and the version of that event.
    pub berserk: Option<(Side, u64)>,
    /// The rating changes the commit of this change made (set by the room after the commit, when the
    /// change finished a rated game).
    pub ratings: Option<RatingChanges>,
}

impl Change {
    /// How many events (versions) the change adds.
    pub fn events(&self) -> u64 {
        self.started as u64
            + self.takeback.is_some() as u64
            + self.berserk.is_some() as u64
            + self.plies.len() as u64
            + self.ruling.is_some() as u64
    }
}

/// Whose clock runs: the side(s) to decide, once the game is on and both players have made a decision of
/// their own.
pub(super) fn running_sides(status: GameStatus, decided: BySide<bool>, pos: &Position) -> BySide<bool> {
    if status != GameStatus::Ongoing || !(decided.south && decided.north) {
        return BySide::default();
    }
    match pos.to_move() {
        ToMove::Side(s) => BySide::new(s == Side::South, s == Side::North),
        ToMove::Both { waiting } => waiting,
        ToMove::Nobody(_) => BySide::default(),
    }
}

impl LiveGame {
    /// A change that changes nothing yet, made at `at_ms`.
    pub fn blank_change(&self, at_ms: UnixMs) -> Change {
        Change {
            created: false,
            started: false,
            plies: Vec::new(),
            pos: None,
            seats: None,
            status: self.status,
            ruling: None,
            aborted_by: None,
            no_start: false,
            clock: self.clock.clone(),
            decided: self.decided,
            at_ms,
            takeback: None,
            berserk: None,
            ratings: None,
        }
    }

    /// The change that stores a new game (its creation is committed like any other change).
    pub fn creation(&self) -> Change {
        Change { created: true, ..self.blank_change(self.created_at) }
    }

    /// The position the change's next ply starts from.
    pub fn position_after(&self, change: &Change) -> Position {
        change.pos.clone().unwrap_or_else(|| self.pos.clone())
    }

    /// Appends `decision` of `side`, already applied to `after` with these `steps`, to the change.
    pub fn push_ply(
        &self,
        change: &mut Change,
        side: Side,
        decision: Decision,
        steps: PlySteps,
        client_id: Option<String>,
        after: Position,
    ) {
        let auto = client_id.is_none();
        let (secret, over) = Ply::facts(decision, &after);
        change.plies.push(Ply {
            n: self.record.len() as u32 + change.plies.len() as u32 + 1,
            side,
            decision,
            client_id,
            auto,
            at_ms: change.at_ms,
            clock_ms: change.clock.as_ref().map(|c| c.remaining[side]),
            steps,
            secret,
            over,
        });
        change.pos = Some(after);
    }

    /// Appends the forced decisions the server plays from the change's position (when the game has that
    /// option and is being played).
    pub fn play_forced(&self, change: &mut Change) {
        if !self.auto_forced || change.status != GameStatus::Ongoing {
            return;
        }
        let mut pos = self.position_after(change);
        while let ToMove::Side(side) = pos.to_move() {
            let legal = pos.legal_decisions(side);
            // Inside a turn the engine only stops where two or more continuations exist, so a single legal
            // decision is always a turn's start (docs/rules.md#d9-decisions).
            if legal.len() != 1 || pos.mid_turn().is_some() {
                break;
            }
            let decision = legal[0];
            let steps = PlySteps::play(&mut pos, side, decision).expect("a listed decision applies");
            self.push_ply(change, side, decision, steps, None, pos.clone());
        }
    }

    /// Status and clock after the change's plies.
    pub fn settle(&self, change: &mut Change, now: Instant) {
        let pos = change.pos.as_ref().unwrap_or(&self.pos);
        if pos.is_over() {
            change.status = GameStatus::Finished;
        }
        let running = running_sides(change.status, change.decided, pos);
        // The plies' sowings are shown before the side to move is charged (`Clock::start_after`).
        let steps: usize = change.plies.iter().map(|p| p.steps.shown()).sum();
        if let Some(clock) = change.clock.as_mut() {
            clock.stop(now);
            clock.start_after(running, now, sowing_allowance(steps));
        }
    }

    /// The change that takes back every decision after ply `to` (at `by`'s request): the position is the
    /// record replayed up to it, the clocks run for whoever decides there, and the decisions of their own
    /// each side has made are counted again from what is kept.
    pub fn take_back(&self, by: Side, to: u32, now: Instant, at_ms: UnixMs) -> Change {
        let mut change = self.blank_change(at_ms);
        let mut pos = Position::start(self.variant, self.options).expect("a game's options are valid");
        let mut decided = BySide::<bool>::default();
        for p in &self.record[..to as usize] {
            PlySteps::play(&mut pos, p.side, p.decision).expect("a recorded decision applies");
            decided[p.side] |= !p.auto;
        }
        change.takeback = Some(Rewind { v: self.version() + 1, ply: to, by });
        change.decided = decided;
        change.pos = Some(pos);
        self.settle(&mut change, now);
        change
    }

    /// The change that ends the game by the server's `ruling`.
    pub fn rule(&self, ruling: Ruling, now: Instant, at_ms: UnixMs) -> Change {
        let mut change = self.blank_change(at_ms);
        if let Some(c) = change.clock.as_mut() {
            c.stop(now);
        }
        change.status = GameStatus::Finished;
        change.ruling = Some(ruling);
        change
    }
}
