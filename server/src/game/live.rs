//! One game's authoritative state without any I/O ([`LiveGame`]): the engine position, the seats, the
//! clock, the record, and the server's ruling if it ended the game. Its versions number its events: `start`
//! when the second seat is filled, one per decision, `end` for a ruling. A game is built new, or rebuilt
//! from what the database keeps ([`GameHeader`] and the [`StoredPly`]s, read by `store/`) by replaying
//! its decisions; every change goes through [`LiveGame::apply`] after it is stored.

use super::change::{Change, running_sides};
use super::clock::Clock;
use super::ply::Ply;
use super::ruling::{GameResult, Ruling};
use super::steps::PlySteps;
use super::unix_ms::UnixMs;
use crate::ids::{GameId, Identity, InviteCode, PlayerName, TokenHash};
use mancala_engine::{BySide, Decision, Options, OptionsError, Outcome, Position, Side, Variant};
use mancala_protocol::http::{Berserked, GameStatus, GameSummary, PlayerInfo, Seats};
use mancala_protocol::{ClockSpec, OutcomeInfo, RatingChanges};
use std::ops::RangeInclusive;
use tokio::time::Instant;

/// A seated player: who occupies a side of a game (a person's seat; a bot plays through
/// `mancala_seat::Seat`), and the proof of the seat.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Occupant {
    /// An account, or a guest (a bot's seat is a guest named `bot-…`).
    pub who: Identity,
    /// SHA-256 of the seat's secret token.
    pub token_hash: TokenHash,
}

impl Occupant {
    pub fn name(&self) -> &PlayerName {
        self.who.name()
    }
}

/// The last takeback of a game: the version of its event, the ply the game returned to (the decisions
/// after it were undone), and who asked for it. Versions before it name events of a line that is no
/// longer the record, so a client behind it is sent a snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rewind {
    pub v: u64,
    pub ply: u32,
    pub by: Side,
}

/// A clock as stored: its time control and each side's remaining time after the last change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredClock {
    pub spec: ClockSpec,
    pub remaining: BySide<u64>,
}

/// Everything the database keeps of a game besides its decisions, as domain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameHeader {
    pub id: GameId,
    pub variant: Variant,
    pub options: Options,
    pub status: GameStatus,
    pub seats: BySide<Option<Occupant>>,
    pub invite_code: Option<InviteCode>,
    pub clock: Option<StoredClock>,
    pub auto_forced: bool,
    /// The game counts for the players' ratings.
    pub rated: bool,
    /// The players may preview a move before making it (never in a rated game).
    pub previews: bool,
    pub plies: u32,
    /// Set once the game is finished.
    pub result: Option<GameResult>,
    /// The rating changes, once a rated game finished (read from `rating_changes`, not a `games` column).
    pub ratings: Option<RatingChanges>,
    /// The last takeback, if the game had one.
    pub rewind: Option<Rewind>,
    /// A tournament game whose arena allows berserk.
    pub berserk_allowed: bool,
    /// The version of each side's `berserk` event, if it berserked.
    pub berserks: BySide<Option<u64>>,
    pub created_at: UnixMs,
    pub updated_at: UnixMs,
}

/// A stored decision, as domain values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPly {
    pub n: u32,
    pub side: Side,
    pub decision: Decision,
    pub client_id: Option<String>,
    pub auto: bool,
    pub at_ms: UnixMs,
    pub clock_ms: Option<u64>,
}

/// What a version of a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventAt<'a> {
    /// The second seat was filled.
    Start,
    Ply(&'a Ply),
    /// Decisions were taken back.
    Takeback(Rewind),
    /// A player berserked.
    Berserk(Side),
    /// The server's ruling ended the game.
    End(Ruling),
}

#[derive(Clone, Debug)]
pub struct LiveGame {
    pub id: GameId,
    pub variant: Variant,
    pub options: Options,
    pub status: GameStatus,
    pub seats: BySide<Option<Occupant>>,
    pub invite_code: Option<InviteCode>,
    pub clock: Option<Clock>,
    pub auto_forced: bool,
    /// The game counts for the players' ratings.
    pub rated: bool,
    /// The players may preview a move before making it (never in a rated game).
    pub previews: bool,
    /// The rating changes its end made (a rated game, once finished).
    pub ratings: Option<RatingChanges>,
    pub pos: Position,
    pub record: Vec<Ply>,
    /// Which sides have made a decision of their own (not one played by the server).
    pub decided: BySide<bool>,
    pub ruling: Option<Ruling>,
    /// The last takeback, if the game had one (its versions count from there).
    pub rewind: Option<Rewind>,
    /// The players may berserk (a tournament game whose arena allows it).
    pub berserk_allowed: bool,
    /// The version of each side's `berserk` event, if it berserked: the events between the plies.
    pub berserks: BySide<Option<u64>>,
    pub created_at: UnixMs,
    pub updated_at: UnixMs,
    /// The side whose first decision was late, when the server aborted the game for it: known to the room
    /// that ruled it (the database keeps who, as `aborted_by`, but not why), shown with the result.
    pub late: Option<Side>,
}

/// What a new game is made of, named field by field (every way of making a game fills one).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: GameId,
    pub variant: Variant,
    pub options: Options,
    /// The creator's side and seat.
    pub creator: (Side, Occupant),
    /// The code that lets someone else join (none for a game whose both players are known: a pairing).
    pub invite_code: Option<InviteCode>,
    pub clock: Option<ClockSpec>,
    /// A decision with only one legal choice is made by the server.
    pub auto_forced: bool,
    pub rated: bool,
    /// The players may preview a move before making it.
    pub previews: bool,
    /// The players may berserk (a game of an arena that allows it).
    pub berserk: bool,
    pub now_ms: UnixMs,
}

impl LiveGame {
    /// A new game waiting for its second player.
    pub fn new(new: NewGame) -> Result<LiveGame, OptionsError> {
        let NewGame {
            id,
            variant,
            options,
            creator,
            invite_code,
            clock,
            auto_forced,
            rated,
            previews,
            berserk,
            now_ms,
        } = new;
        let pos = Position::start(variant, options)?;
        let mut seats = BySide::default();
        seats[creator.0] = Some(creator.1);
        Ok(LiveGame {
            id,
            variant,
            options,
            status: GameStatus::Waiting,
            seats,
            invite_code,
            clock: clock.map(Clock::new),
            auto_forced,
            rated,
            previews,
            ratings: None,
            pos,
            record: Vec::new(),
            decided: BySide::default(),
            ruling: None,
            rewind: None,
            berserk_allowed: berserk,
            berserks: BySide::default(),
            created_at: now_ms,
            updated_at: now_ms,
            late: None,
        })
    }

    /// Rebuilds a stored game by replaying its decisions. The clock resumes at `now` with the stored
    /// remaining times (time while the server was down is charged to a correspondence clock only).
    /// Anything that does not fit (a decision that does not apply, a stored result the replay does not
    /// reach) is an error, never a guess.
    pub fn restore(header: GameHeader, plies: &[StoredPly], now: Instant) -> Result<LiveGame, String> {
        let mut pos = Position::start(header.variant, header.options).map_err(|e| e.to_string())?;
        let mut record = Vec::with_capacity(plies.len());
        let mut decided = BySide::<bool>::default();
        for (i, p) in plies.iter().enumerate() {
            if p.n as usize != i + 1 {
                return Err(format!("ply {} stored where ply {} belongs", p.n, i + 1));
            }
            let steps = PlySteps::play(&mut pos, p.side, p.decision).map_err(|e| format!("ply {}: {e}", p.n))?;
            decided[p.side] |= !p.auto;
            let (secret, over) = Ply::facts(p.decision, &pos);
            record.push(Ply {
                n: p.n,
                side: p.side,
                decision: p.decision,
                client_id: p.client_id.clone(),
                auto: p.auto,
                at_ms: p.at_ms,
                clock_ms: p.clock_ms,
                steps,
                secret,
                over,
            });
        }
        let ruling = match header.result {
            Some(GameResult::Ruled(r)) if pos.outcome().is_none() => Some(r),
            Some(GameResult::Ruled(r)) => return Err(format!("ruled `{}` after the rules ended the game", r.reason())),
            Some(GameResult::Rules(o)) if pos.outcome() != Some(o) => {
                return Err(format!("stored result {o} but the record ends with {:?}", pos.outcome()));
            }
            _ => None,
        };
        let over = pos.is_over() || ruling.is_some();
        if over != (header.status == GameStatus::Finished) {
            return Err(format!(
                "status `{}` but the game is {}over",
                header.status.as_str(),
                if over { "" } else { "not " }
            ));
        }
        let clock = header.clock.map(|c| {
            let mut clock = Clock::new(c.spec);
            clock.remaining = c.remaining;
            clock.berserk = BySide::new(header.berserks.south.is_some(), header.berserks.north.is_some());
            clock
        });
        let mut game = LiveGame {
            id: header.id,
            variant: header.variant,
            options: header.options,
            status: header.status,
            seats: header.seats,
            invite_code: header.invite_code,
            clock,
            auto_forced: header.auto_forced,
            rated: header.rated,
            previews: header.previews,
            ratings: header.ratings,
            pos,
            record,
            decided,
            ruling,
            rewind: header.rewind,
            berserk_allowed: header.berserk_allowed,
            berserks: header.berserks,
            created_at: header.created_at,
            updated_at: header.updated_at,
            late: None,
        };
        let running = running_sides(game.status, game.decided, &game.pos);
        if let Some(c) = game.clock.as_mut() {
            c.start(running, now);
            // The absence up to `now`, where the clock resumes, not up to this line: the replay above
            // takes its time (milliseconds on a loaded machine), and charging it too would move the
            // deadline before the day's end counted from the last stored change. The elapsed time is
            // read first, so that any rounding errs toward the later deadline.
            let replay = now.elapsed();
            c.charge_absence(UnixMs::now().since(game.updated_at).saturating_sub(replay));
        }
        Ok(game)
    }

    /// Both seats are filled (the `start` event happened).
    pub fn started(&self) -> bool {
        self.seats.south.is_some() && self.seats.north.is_some()
    }

    /// Where the game's versions count from: the last takeback's event and the ply it returned to, or the
    /// start (version 1, before any ply; 0 while a seat is open). Every event after it is one of the
    /// record's plies after that ply, then the ruling.
    fn base(&self) -> (u64, u32) {
        match self.rewind {
            Some(r) => (r.v, r.ply),
            None => (self.started() as u64, 0),
        }
    }

    /// The versions of the `berserk` events after the base (at most one a side), in order: they sit
    /// between the plies, so every count from the base skips them.
    fn berserks_after(&self, base: u64) -> impl Iterator<Item = u64> + '_ {
        let mut vs = [self.berserks.south, self.berserks.north];
        vs.sort();
        vs.into_iter().flatten().filter(move |&v| v > base)
    }

    /// The version: the number of the last event. It only grows: a takeback is an event of its own.
    pub fn version(&self) -> u64 {
        let (v, ply) = self.base();
        v + (self.record.len() as u64 - ply as u64)
            + self.berserks_after(v).count() as u64
            + self.ruling.is_some() as u64
    }

    /// The version of the last takeback (0: none). Events before it cannot be sent again.
    pub fn rewound_at(&self) -> u64 {
        self.rewind.map_or(0, |r| r.v)
    }

    /// The event numbered `v` (1-based); `None` for versions before the last takeback.
    pub fn event_at(&self, v: u64) -> Option<EventAt<'_>> {
        let (base, ply) = self.base();
        if let Some(side) = Side::BOTH.into_iter().find(|&s| self.berserks[s] == Some(v) && v > base) {
            return Some(EventAt::Berserk(side));
        }
        let plies = self.record.len() as u64 - ply as u64;
        // The berserks before `v` take versions the plies do not.
        let at = v.saturating_sub(self.berserks_after(base).filter(|&b| b < v).count() as u64);
        match at {
            0 => None,
            at if at < base => None,
            at if at == base => match self.rewind {
                Some(r) => Some(EventAt::Takeback(r)),
                None => Some(EventAt::Start),
            },
            at if at <= base + plies => Some(EventAt::Ply(&self.record[(ply as u64 + at - base - 1) as usize])),
            at if at == base + plies + 1 => self.ruling.map(EventAt::End),
            _ => None,
        }
    }

    /// The version of the event that applied decision `n` (1-based). For a ply kept by the last takeback
    /// it is at most the takeback's own version: the events before that one are not sent again.
    pub fn version_of_ply(&self, n: u32) -> u64 {
        let (base, mut v) = match self.rewind {
            Some(r) => (r.v, r.v + n.saturating_sub(r.ply) as u64),
            None => (1, n as u64 + 1),
        };
        if v == base {
            return v;
        }
        // Each berserk before the ply's event pushes it one version further.
        for b in self.berserks_after(base) {
            if b <= v {
                v += 1;
            }
        }
        v
    }

    pub fn is_over(&self) -> bool {
        self.status == GameStatus::Finished
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.ruling.map(GameResult::Ruled).or(self.pos.outcome().map(GameResult::Rules))
    }

    /// The engine's outcome, if the rules ended the game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    /// The side a seat token belongs to.
    pub fn seat_of(&self, token_hash: &TokenHash) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.seats[s].as_ref().is_some_and(|seat| &seat.token_hash == token_hash))
    }

    pub fn open_seat(&self) -> Option<Side> {
        Side::BOTH.into_iter().find(|&s| self.seats[s].is_none())
    }

    /// May the game be aborted now? Until both players have made a decision of their own.
    pub fn may_abort(&self) -> bool {
        !(self.is_over() || self.decided.south && self.decided.north)
    }

    /// The game has a correspondence clock (days per move).
    pub fn is_correspondence(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.spec.days.is_some())
    }

    /// May a player claim the win from an absent opponent? While the game is played, unless it is a
    /// correspondence game, whose players are away most of the time: there the clock decides.
    pub fn claims(&self) -> bool {
        self.status == GameStatus::Ongoing && !self.is_correspondence()
    }

    /// How long the game waits for something a player must do in `limit` (a first decision, an opponent
    /// to come): a correspondence game waits at least its days per move, since its players are not
    /// expected to be there in minutes.
    pub fn pause(&self, limit: std::time::Duration) -> std::time::Duration {
        match self.clock.as_ref().filter(|c| c.spec.days.is_some()) {
            Some(c) => limit.max(std::time::Duration::from_secs(c.spec.base_secs.into())),
            None => limit,
        }
    }

    /// When a game being played is aborted for want of its first decisions (unix ms): `limit` after the
    /// last decision of its own one side made, or after the start when there is none, as long as not both
    /// players have made one. Every change of such a game is its start or a decision (with the forced ones
    /// after it), so that moment is the game's `updated_at`, which is stored: the deadline is the same
    /// after a restart or on another node.
    pub fn first_move_deadline(&self, limit: std::time::Duration) -> Option<UnixMs> {
        (self.status == GameStatus::Ongoing && self.may_abort()).then(|| self.updated_at.plus(limit))
    }

    /// A server bot sits in one of the seats. Such a game is never aborted for want of first decisions:
    /// the bot's side never stalls, and nobody loses anything while a person takes their time.
    pub fn against_computer(&self) -> bool {
        Side::BOTH.into_iter().any(|s| self.seats[s].as_ref().is_some_and(|seat| seat.name().bot_level().is_some()))
    }

    /// Applies a stored change; returns the versions of its events.
    pub fn apply(&mut self, change: Change) -> RangeInclusive<u64> {
        let first = self.version() + 1;
        if let Some(rewind) = change.takeback {
            self.record.truncate(rewind.ply as usize);
            self.rewind = Some(rewind);
        }
        if let Some(pos) = change.pos {
            self.pos = pos;
        }
        self.record.extend(change.plies);
        self.ruling = self.ruling.or(change.ruling);
        if let Some((side, v)) = change.berserk {
            self.berserks[side] = Some(v);
        }
        if let Some(seats) = change.seats {
            self.seats = seats;
        }
        self.status = change.status;
        self.ratings = self.ratings.or(change.ratings);
        self.clock = change.clock;
        self.decided = change.decided;
        self.updated_at = change.at_ms;
        if change.no_start {
            self.late = change.aborted_by;
        }
        // The invite code stays with the game (it then leads to the game to watch); summaries show it only
        // while a seat is open.
        first..=self.version()
    }

    /// What the database keeps of the game besides its decisions, after `change` (or as it is).
    pub fn header(&self, change: Option<&Change>) -> GameHeader {
        let seats = change.and_then(|c| c.seats.as_ref()).unwrap_or(&self.seats);
        let clock = change.map(|c| &c.clock).unwrap_or(&self.clock);
        let takeback = change.and_then(|c| c.takeback);
        let kept = takeback.map_or(self.record.len() as u32, |r| r.ply);
        let plies = kept + change.map(|c| c.plies.len() as u32).unwrap_or(0);
        let result = match change {
            Some(c) => {
                let ruled = c.ruling.or(self.ruling).map(GameResult::Ruled);
                ruled.or_else(|| c.pos.as_ref().unwrap_or(&self.pos).outcome().map(GameResult::Rules))
            }
            None => self.result(),
        };
        GameHeader {
            id: self.id.clone(),
            variant: self.variant,
            options: self.options,
            status: change.map(|c| c.status).unwrap_or(self.status),
            seats: seats.clone(),
            invite_code: self.invite_code.clone(),
            clock: clock.as_ref().map(|c| StoredClock { spec: c.spec, remaining: c.remaining }),
            auto_forced: self.auto_forced,
            rated: self.rated,
            previews: self.previews,
            plies,
            result,
            ratings: change.and_then(|c| c.ratings).or(self.ratings),
            rewind: takeback.or(self.rewind),
            berserk_allowed: self.berserk_allowed,
            berserks: {
                let mut berserks = self.berserks;
                if let Some((side, v)) = change.and_then(|c| c.berserk) {
                    berserks[side] = Some(v);
                }
                berserks
            },
            created_at: self.created_at,
            updated_at: change.map(|c| c.at_ms).unwrap_or(self.updated_at),
        }
    }

    /// The public summary (no secret).
    pub fn summary(&self) -> GameSummary {
        self.header(None).summary()
    }

    /// The result as shown, with the rating changes of a rated game.
    pub fn outcome_info(&self) -> Option<OutcomeInfo> {
        self.result().map(|r| self.with_late(r.info_with(self.ratings)))
    }

    /// `info` with the side whose late first decision aborted the game, when that is why it ended.
    pub fn with_late(&self, mut info: OutcomeInfo) -> OutcomeInfo {
        if self.ruling == Some(Ruling::Abort) {
            info.late = self.late;
        }
        info
    }
}

impl GameHeader {
    /// The public summary of the game (no secret: no token, no hidden choice).
    pub fn summary(&self) -> GameSummary {
        let player = |s: Side| {
            self.seats[s].as_ref().map(|p| PlayerInfo { name: p.name().to_string(), registered: p.who.is_account() })
        };
        GameSummary {
            id: self.id.to_string(),
            variant: self.variant,
            options: self.options,
            status: self.status,
            players: Seats { south: player(Side::South), north: player(Side::North) },
            clock: self.clock.map(|c| c.spec),
            auto_forced: self.auto_forced,
            rated: self.rated,
            previews: self.previews,
            plies: self.plies,
            berserk: self
                .berserk_allowed
                .then(|| Berserked { south: self.berserks.south.is_some(), north: self.berserks.north.is_some() }),
            result: self.result.filter(|_| self.status == GameStatus::Finished).map(|r| r.info_with(self.ratings)),
            created_at: self.created_at.wire(),
            updated_at: self.updated_at.wire(),
            invite_code: self
                .invite_code
                .as_ref()
                .filter(|_| self.status == GameStatus::Waiting)
                .map(InviteCode::to_string),
        }
    }
}
