//! A validated, playable game state: whose decision it is, the legal decisions of each side, and applying
//! a decision (which reports the events it caused). Rules that differ per game live in
//! [`crate::games`]; this module owns what every game shares: turn order, turn ends, the turn limit, the
//! game end, and the invariant that an illegal decision leaves the state unchanged.

use crate::decision::{Decision, NotationList, OpeningArray};
use crate::event::{Event, EventSink, NoEvents};
use crate::games;
use crate::geometry::{Geometry, Hole, MAX_HOLES};
use crate::outcome::{EndReason, Outcome};
use crate::side::{BySide, Side};
use crate::sowing::LapHistory;
use crate::variant::{Options, OptionsError, Variant};
use arrayvec::ArrayVec;

/// The legal decisions at one point: never more than 48 on any board.
pub type MoveList = ArrayVec<Decision, 48>;

/// Whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToMove {
    /// One side decides: at the start of its turn or inside it.
    Side(Side),
    /// Both sides decide at once, unseen by each other (Ikibuguzo's array choice). `waiting` says which
    /// sides have not decided yet.
    Both { waiting: BySide<bool> },
    /// Nobody: the game is over.
    Nobody(Outcome),
}

impl ToMove {
    /// The id used in JSON and text: `south`, `north`, `both`, or `None` when the game is over.
    pub fn id(self) -> Option<&'static str> {
        match self {
            ToMove::Side(s) => Some(s.name()),
            ToMove::Both { .. } => Some("both"),
            ToMove::Nobody(_) => None,
        }
    }
}

/// Ikibuguzo: one side's opening (its array and how many forced turns it has played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpeningProgress {
    pub array: OpeningArray,
    pub played: u8,
}

impl OpeningProgress {
    /// Forced opening turns per side (docs/rules.md#ikibuguzo-opening-turns): 3 for array 1, 8 for array 2.
    pub const fn total(self) -> u8 {
        match self.array {
            OpeningArray::One => 3,
            OpeningArray::Two => 8,
        }
    }

    pub const fn is_over(self) -> bool {
        self.played >= self.total()
    }
}

/// The phase of the game. Most of a game is [`Phase::Main`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Main,
    /// Ikibuguzo: the secret, simultaneous array choice; the choices made so far.
    Choosing(BySide<Option<OpeningArray>>),
    /// Ikibuguzo: at least one side still has forced opening turns to play.
    Opening(BySide<OpeningProgress>),
    /// Njombwa opening stage 1: each side walks its pair of counters.
    NjombwaPairs,
    /// Njombwa opening stage 2: each side sows its big hole once; which sides have done so.
    NjombwaBigSow(BySide<bool>),
}

/// Ikibuguzo's clockwise budget within a turn (docs/rules.md#ikibuguzo-clockwise-limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CwBudget {
    /// The turn's first lap was anticlockwise and no clockwise lap has been sown yet: one may follow.
    Unused,
    /// Every lap so far was a capturing clockwise lap (the first one included): more may follow.
    /// `switched`: the player used the switch to the other reverse hole (docs/rules.md#ikibuguzo-switch).
    Chain { switched: bool },
    /// No more clockwise laps this turn.
    Spent,
}

/// The state inside a turn while the engine waits for a decision (docs/rules.md#d9-decisions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MidTurn {
    /// The hole the next lap starts from: where the last lap ended (a relay) or its origin, holding the
    /// captured counters.
    pub at: Hole,
    /// True when the counters at `at` are a capture to be sown (not a relay).
    pub captured: bool,
    /// Ikibuguzo's clockwise budget.
    pub cw: CwBudget,
    /// Ikibuguzo's special win: bit 0 set once a capture was made at the first column, bit 1 at the last.
    pub end_columns: u8,
}

impl MidTurn {
    pub(crate) fn flags(&self) -> u32 {
        let cw = match self.cw {
            CwBudget::Unused => 0,
            CwBudget::Chain { switched: false } => 1,
            CwBudget::Chain { switched: true } => 2,
            CwBudget::Spent => 3,
        };
        cw | (self.captured as u32) << 2 | (self.end_columns as u32) << 3
    }
}

/// A decision that cannot be applied. The position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    #[error("it is not {side}'s decision (waiting for {waiting})")]
    NotYourTurn { side: Side, waiting: String },
    #[error("{side} has already chosen its opening array")]
    AlreadyChosen { side: Side },
    /// `decision` is not among the `legal` decisions of this point (listed in notation by `Display`, in
    /// the board's `geometry`).
    #[error("`{}` is not legal here; legal: {}", shown(*decision, *geometry), NotationList(legal, *geometry))]
    Illegal { decision: Decision, legal: Vec<Decision>, geometry: Geometry },
}

/// A decision in notation, or, for a hole this board does not have (a decision built by hand, not parsed:
/// found by the `engine_sequences` fuzz target), the hole's number.
fn shown(decision: Decision, geometry: Geometry) -> String {
    match decision {
        Decision::Sow { hole, .. } if hole.index() >= geometry.hole_count() => {
            format!("hole #{} (this board has {} holes)", hole.index(), geometry.hole_count())
        }
        _ => decision.notation(geometry),
    }
}

/// A playable game state. Create one with [`Position::start`], from a checked [`crate::Setup`]
/// ([`Position::from_setup`]), or from position text.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) geo: Geometry,
    pub(crate) board: [u8; MAX_HOLES],
    pub(crate) stores: BySide<u8>,
    /// The game turn, 1-based, counting both players' turns (South's first turn is 1).
    pub(crate) turn: u32,
    /// The side whose turn it is (meaningless while choosing).
    pub(crate) side: Side,
    pub(crate) phase: Phase,
    pub(crate) mid: Option<MidTurn>,
    pub(crate) outcome: Option<Outcome>,
    /// Njombwa: 1 when the previous turn was a pass (two in a row draw the game).
    pub(crate) passes: u8,
    pub(crate) laps: LapHistory,
}

impl PartialEq for Position {
    /// Two positions are equal when every rule-relevant field is; the within-turn lap history is a cache
    /// of the current turn and is not compared.
    fn eq(&self, other: &Self) -> bool {
        self.variant == other.variant
            && self.options == other.options
            && self.board == other.board
            && self.stores == other.stores
            && self.turn == other.turn
            && self.side == other.side
            && self.phase == other.phase
            && self.mid == other.mid
            && self.outcome == other.outcome
            && self.passes == other.passes
    }
}

impl Eq for Position {}

impl Position {
    /// The start of a new game, or why `options` do not fit `variant`.
    ///
    /// ```
    /// use mancala_engine::{Options, OptionsError, Position, Variant};
    ///
    /// let pos = Position::start(Variant::Njombwa, Options { width: 10, ..Options::defaults(Variant::Njombwa) }).unwrap();
    /// assert_eq!(pos.counts().len(), 40);
    /// assert_eq!(pos.total_counters(), 64);
    /// let wide = Options { width: 10, ..Options::defaults(Variant::Kubuguza) };
    /// assert_eq!(Position::start(Variant::Kubuguza, wide).unwrap_err(), OptionsError::WidthNotApplicable);
    /// ```
    pub fn start(variant: Variant, options: Options) -> Result<Position, OptionsError> {
        options.validate(variant)?;
        let mut pos = Position::blank(variant, options);
        games::set_up(&mut pos);
        Ok(pos)
    }

    /// An empty board at turn 1 in the main phase: the base of a start.
    pub(crate) fn blank(variant: Variant, options: Options) -> Position {
        let geo = options.geometry(variant);
        Position {
            variant,
            options,
            geo,
            board: [0; MAX_HOLES],
            stores: BySide::default(),
            turn: 1,
            side: Side::South,
            phase: Phase::Main,
            mid: None,
            outcome: None,
            passes: 0,
            laps: LapHistory::default(),
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn geometry(&self) -> Geometry {
        self.geo
    }

    /// Counters in `hole`.
    pub fn count(&self, hole: Hole) -> u8 {
        self.board[hole.index()]
    }

    /// Every hole's count, in reading order (a1, b1, … then row 2 …).
    pub fn counts(&self) -> &[u8] {
        &self.board[..self.geo.hole_count()]
    }

    /// Azigo's stores (zero in the other games). Not for display to players: use [`crate::View`].
    pub fn store(&self, side: Side) -> u8 {
        self.stores[side]
    }

    pub fn turn(&self) -> u32 {
        self.turn
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Can the play from here differ between readings of the rules (`Options::rules_version`,
    /// docs/rules.md#rules-versions)? Only before Ikibuguzo's openings are over with arrays that may
    /// differ: the secret choice, and an opening of two different arrays. Everywhere else the versions
    /// agree, so a position is the same position under either.
    pub fn rules_version_matters(&self) -> bool {
        match self.phase {
            Phase::Choosing(_) => true,
            Phase::Opening(p) => p.south.array != p.north.array,
            _ => false,
        }
    }

    /// The mid-turn state when the engine stopped inside a turn for a decision.
    pub fn mid_turn(&self) -> Option<MidTurn> {
        self.mid
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Azigo: what decides the game at its end, a side's store plus the counters in its row
    /// (docs/rules.md#azigo-end); `None` in the other games, which are not decided by counting.
    pub fn azigo_score(&self, side: Side) -> Option<u32> {
        (self.variant == Variant::Azigo).then(|| games::azigo::score(self, side))
    }

    /// Counters on a side's holes.
    pub fn counters_of(&self, side: Side) -> u32 {
        crate::sowing::side_total(self.geo, &self.board, side)
    }

    /// Every counter on the board plus the stores.
    pub fn total_counters(&self) -> u32 {
        self.counts().iter().map(|&c| c as u32).sum::<u32>() + self.stores.south as u32 + self.stores.north as u32
    }

    /// Whose decision it is now.
    pub fn to_move(&self) -> ToMove {
        if let Some(outcome) = self.outcome {
            return ToMove::Nobody(outcome);
        }
        match self.phase {
            Phase::Choosing(choices) => ToMove::Both { waiting: choices.map(|_, c| c.is_none()) },
            _ => ToMove::Side(self.side),
        }
    }

    /// The legal decisions of `side` now (empty when it is not `side`'s decision).
    ///
    /// ```
    /// use mancala_engine::{NotationList, Options, Position, Side, Variant};
    ///
    /// let v = Variant::Ikibuguzo;
    /// let pos = Position::start(v, Options::defaults(v)).unwrap();
    /// // Both sides choose their array at once, unseen by each other.
    /// for side in [Side::South, Side::North] {
    ///     let legal = pos.legal_decisions(side);
    ///     assert_eq!(NotationList(&legal, pos.geometry()).to_string(), "opening:1 opening:2");
    /// }
    /// ```
    pub fn legal_decisions(&self, side: Side) -> MoveList {
        let mut out = MoveList::new();
        if self.outcome.is_some() {
            return out;
        }
        match self.phase {
            Phase::Choosing(choices) if choices[side].is_none() => {
                out.push(Decision::Opening(OpeningArray::One));
                out.push(Decision::Opening(OpeningArray::Two));
            }
            Phase::Choosing(_) => {}
            _ if side == self.side => games::legal(self, side, &mut out),
            _ => {}
        }
        out
    }

    /// The legal decisions of the side to move (both sides' while choosing: South's first).
    ///
    /// ```
    /// use mancala_engine::{NotationList, Options, Position, Variant};
    ///
    /// let v = Variant::Azigo;
    /// let pos = Position::start(v, Options::defaults(v)).unwrap();
    /// // South's eight occupied holes, then its store of nine.
    /// assert_eq!(NotationList(&pos.legal_moves(), pos.geometry()).to_string(), "a1 b1 c1 d1 e1 f1 g1 h1 store");
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        match self.to_move() {
            ToMove::Side(s) => self.legal_decisions(s),
            ToMove::Both { .. } => {
                let mut all = self.legal_decisions(Side::South);
                all.extend(self.legal_decisions(Side::North));
                all
            }
            ToMove::Nobody(_) => MoveList::new(),
        }
    }

    /// Applies `side`'s decision, reporting what it caused to `sink`. An illegal decision is an error and
    /// leaves the position unchanged.
    ///
    /// ```
    /// use mancala_engine::{Decision, Event, Options, PlayError, Position, Side, Variant};
    ///
    /// let v = Variant::Kubuguza;
    /// let mut pos = Position::start(v, Options::defaults(v)).unwrap();
    /// let geo = pos.geometry();
    /// let mut events = Vec::new();
    /// pos.apply(Side::South, Decision::parse("h2", geo).unwrap(), &mut events).unwrap();
    /// assert!(matches!(events[0], Event::Lift { count: 4, .. }));
    /// assert_eq!(events.last(), Some(&Event::TurnEnd { next: Side::North }));
    /// // South again: not its turn, and nothing changes.
    /// let before = pos.clone();
    /// let err = pos.apply(Side::South, Decision::parse("a2", geo).unwrap(), &mut events).unwrap_err();
    /// assert!(matches!(err, PlayError::NotYourTurn { side: Side::South, .. }));
    /// assert_eq!(pos, before);
    /// ```
    pub fn apply(&mut self, side: Side, decision: Decision, sink: &mut impl EventSink) -> Result<(), PlayError> {
        match self.to_move() {
            ToMove::Nobody(outcome) => return Err(PlayError::GameOver(outcome)),
            ToMove::Side(s) if s != side => {
                return Err(PlayError::NotYourTurn { side, waiting: s.to_string() });
            }
            ToMove::Both { waiting } if !waiting[side] => return Err(PlayError::AlreadyChosen { side }),
            _ => {}
        }
        let legal = self.legal_decisions(side);
        if !legal.contains(&decision) {
            return Err(PlayError::Illegal { decision, legal: legal.to_vec(), geometry: self.geo });
        }
        self.apply_unchecked(side, decision, sink);
        Ok(())
    }

    /// Applies the decision of the side to move (South first while choosing if South still may choose),
    /// discarding events. Convenient for tests and tools.
    ///
    /// ```
    /// use mancala_engine::{Decision, Options, PlayError, Position, Variant};
    ///
    /// let v = Variant::Kubuguza;
    /// let mut pos = Position::start(v, Options::defaults(v)).unwrap();
    /// let d1 = Decision::parse("d1", pos.geometry()).unwrap();
    /// let err = pos.play(d1).unwrap_err();
    /// let PlayError::Illegal { decision, ref legal, .. } = err else { panic!("{err}") };
    /// assert_eq!((decision, legal.len()), (d1, 8));
    /// assert_eq!(err.to_string(), "`d1` is not legal here; legal: a2 b2 c2 d2 e2 f2 g2 h2");
    /// ```
    pub fn play(&mut self, decision: Decision) -> Result<(), PlayError> {
        let side = match self.to_move() {
            ToMove::Side(s) => s,
            ToMove::Both { waiting } => {
                if waiting.south && self.legal_decisions(Side::South).contains(&decision) {
                    Side::South
                } else {
                    Side::North
                }
            }
            ToMove::Nobody(o) => return Err(PlayError::GameOver(o)),
        };
        self.apply(side, decision, &mut NoEvents)
    }

    /// Applies a decision known to be legal (taken from [`Position::legal_decisions`]). Faster than
    /// [`Position::apply`]; an illegal decision here is a caller bug with unspecified (but memory-safe)
    /// results.
    pub fn apply_unchecked(&mut self, side: Side, decision: Decision, sink: &mut impl EventSink) {
        if let Phase::Choosing(ref mut choices) = self.phase {
            let Decision::Opening(array) = decision else {
                unreachable!("only array choices are legal while choosing")
            };
            choices[side] = Some(array);
            sink.push(Event::Chose { side, array: Some(array) });
            if let (Some(south), Some(north)) = (choices.south, choices.north) {
                games::ikibuguzo::reveal(self, south, north, sink);
            }
            return;
        }
        games::apply(self, side, decision, sink);
    }

    /// Ends the current turn: the other side decides next, unless the turn limit is reached or that side
    /// has no legal decision (which ends the game by the variant's rule).
    pub(crate) fn end_turn(&mut self, sink: &mut impl EventSink) {
        self.mid = None;
        self.laps.clear();
        if let Some(limit) = self.options.turn_limit
            && self.turn >= limit.saturating_mul(2)
        {
            let outcome = games::turn_limit_outcome(self);
            self.finish(outcome, sink);
            return;
        }
        self.turn += 1;
        self.side = self.side.other();
        games::on_turn_start(self);
        if !games::surely_has_move(self) && self.legal_decisions(self.side).is_empty() {
            let outcome = games::no_move_outcome(self, self.side);
            self.finish(outcome, sink);
            return;
        }
        sink.push(Event::TurnEnd { next: self.side });
    }

    /// Ends the game at once (docs/rules.md#d8-decided-mid-turn).
    pub(crate) fn finish(&mut self, outcome: Outcome, sink: &mut impl EventSink) {
        self.mid = None;
        self.laps.clear();
        self.outcome = Some(outcome);
        sink.push(Event::GameEnd(outcome));
    }

    /// Ends the game at once as a draw by endless sowing (docs/rules.md#d7-endless-turns).
    pub(crate) fn endless(&mut self, sink: &mut impl EventSink) {
        self.finish(Outcome::draw(EndReason::EndlessSowing), sink);
    }

    /// Ends the game with `outcome` (a position text's stated result, or no legal decision at a parsed
    /// position's turn).
    pub(crate) fn end_by(&mut self, outcome: Outcome) {
        self.finish(outcome, &mut NoEvents);
    }
}
