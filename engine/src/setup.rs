//! A position as plain data ([`Setup`]), which anyone may build or change field by field, and its
//! validation into a playable [`Position`] ([`Position::from_setup`]), whose errors say what is
//! inconsistent with the values involved ([`PositionError`]). Position text reads into a `Setup` and is
//! written from one; this module owns what makes a `Setup` a position the rules can play from.

use crate::decision::OpeningArray;
use crate::games;
use crate::geometry::Hole;
use crate::outcome::{EndReason, Outcome};
use crate::position::{CwBudget, MidTurn, Phase, Position};
use crate::side::{BySide, Side};
use crate::sowing::LapHistory;
use crate::variant::{Options, OptionsError, Variant};

/// Every field of a position, unchecked. [`Position::from_setup`] checks it; [`Position::to_setup`] gives
/// it back.
///
/// ```
/// use mancala_engine::{Options, Position, PositionError, Setup, Side, Variant};
///
/// let v = Variant::Kubuguza;
/// let mut setup = Position::start(v, Options::defaults(v)).unwrap().to_setup();
/// assert_eq!(setup.counts.len(), 32);
/// // Move two counters of South's c2 into its a1.
/// setup.counts[10] -= 2;
/// setup.counts[0] += 2;
/// let pos = Position::from_setup(setup.clone()).unwrap();
/// assert!(pos.to_text().starts_with("south a1=2 a2=4 b2=4 c2=2 "));
/// assert_eq!(pos.to_setup(), setup);
/// setup.counts[0] = 60;
/// assert_eq!(
///     Position::from_setup(setup),
///     Err(PositionError::TooManyCounters { variant: v, found: 122, max: 64 })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    pub options: Options,
    /// Counters per hole, in reading order (a1, b1, … then row 2 …): one per hole of the board.
    pub counts: Vec<u8>,
    /// Azigo's stores (zero in the other games).
    pub stores: BySide<u8>,
    /// The game turn, 1-based, counting both players' turns (South's first turn is 1).
    pub turn: u32,
    /// The side whose turn it is (South while both choose their arrays).
    pub side: Side,
    pub phase: Phase,
    /// Inside a turn: where it goes on (the player decides how).
    pub mid: Option<MidTurn>,
    /// Njombwa: 1 when the previous turn was a pass.
    pub passes: u8,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Setup {
    /// An empty board of `variant`, South to move at turn 1 in the main phase.
    pub fn empty(variant: Variant, options: Options) -> Setup {
        Setup {
            variant,
            options,
            counts: vec![0; options.geometry(variant).hole_count()],
            stores: BySide::default(),
            turn: 1,
            side: Side::South,
            phase: Phase::Main,
            mid: None,
            passes: 0,
            outcome: None,
        }
    }

    /// Every counter on the board plus the stores.
    pub fn total_counters(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum::<u32>() + u32::from(self.stores.south + self.stores.north)
    }
}

/// Why a [`Setup`] is not a position the rules can play from, with the values involved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("{variant} has {expected} holes with these options; the setup gives {found} counts")]
    HoleCount { variant: Variant, expected: usize, found: usize },
    /// More counters than the game has could overflow a hole while sowing.
    #[error("the position holds {found} counters; {variant} has only {max}")]
    TooManyCounters { variant: Variant, found: u32, max: u32 },
    #[error("only azigo has stores; {variant} has stores of {} and {}", stores.south, stores.north)]
    Stores { variant: Variant, stores: BySide<u8> },
    #[error("turn must be a whole number from 1 (got 0)")]
    TurnZero,
    #[error("{variant} has no phase {phase:?}")]
    Phase { variant: Variant, phase: Phase },
    #[error("{variant} plays array {} only, not {}", fixed.number(), array.number())]
    OpeningArray { variant: Variant, fixed: OpeningArray, array: OpeningArray },
    #[error("array {} has only {total} opening turns; {side} has played {played}", array.number())]
    OpeningTurns { side: Side, array: OpeningArray, played: u8, total: u8 },
    #[error("only njombwa counts passes, and at most 2 (got {passes} in {variant})")]
    Passes { variant: Variant, passes: u8 },
    /// A turn in progress must go on from a hole of the mover's holding counters.
    #[error("the hole a turn goes on from must be the mover's ({side}) and hold counters: hole #{} holds {count}", at.index())]
    MidTurnHole { at: Hole, side: Side, count: u8 },
    #[error("no turn is in progress while both players choose their arrays")]
    MidTurnWhileChoosing,
    /// The clockwise budget and the end columns exist only in Ikibuguzo, and the end columns are two bits.
    #[error("{variant} has no clockwise budget {cw:?} or end columns {end_columns} inside a turn")]
    MidTurnFlags { variant: Variant, cw: CwBudget, end_columns: u8 },
    /// The rules never end this variant's game with this outcome (a winner by a drawing reason, a
    /// variant's own ending in another variant).
    #[error("{variant} never ends as `{outcome}`")]
    Result { variant: Variant, outcome: Outcome },
    /// A game ends at once, so no turn is in progress once it is over.
    #[error("a finished game has no turn in progress (hole #{} given)", at.index())]
    ResultDuringTurn { at: Hole },
}

/// Can the rules of `variant` end a game with `outcome`?
fn outcome_possible(variant: Variant, outcome: Outcome) -> bool {
    let win = outcome.winner.is_some();
    let azigo = variant == Variant::Azigo;
    match outcome.reason {
        // Azigo ends by score, a draw when the scores are equal.
        EndReason::NoLegalMove => win || azigo,
        EndReason::AllCaptured => win && !azigo,
        EndReason::SpecialWin => win && variant.is_ikibuguzo(),
        EndReason::EndlessSowing => !win && !azigo,
        EndReason::TurnLimit => !win || azigo,
        EndReason::BothPassed => !win && variant == Variant::Njombwa,
    }
}

/// Checks everything but the mid-turn state and the result.
fn check_board_and_phase(s: &Setup) -> Result<(), PositionError> {
    let variant = s.variant;
    s.options.validate(variant)?;
    let expected = s.options.geometry(variant).hole_count();
    if s.counts.len() != expected {
        return Err(PositionError::HoleCount { variant, expected, found: s.counts.len() });
    }
    let max = if variant == Variant::Azigo { 90 } else { 64 };
    if s.total_counters() > max {
        return Err(PositionError::TooManyCounters { variant, found: s.total_counters(), max });
    }
    if variant != Variant::Azigo && s.stores != BySide::default() {
        return Err(PositionError::Stores { variant, stores: s.stores });
    }
    if s.turn == 0 {
        return Err(PositionError::TurnZero);
    }
    let phase_fits = match s.phase {
        Phase::Main => true,
        Phase::Choosing(_) => variant == Variant::Ikibuguzo,
        Phase::Opening(_) => variant.is_ikibuguzo(),
        Phase::NjombwaPairs | Phase::NjombwaBigSow(_) => variant == Variant::Njombwa,
    };
    if !phase_fits {
        return Err(PositionError::Phase { variant, phase: s.phase });
    }
    if let Phase::Opening(progress) = s.phase {
        let fixed = match variant {
            Variant::IkibuguzoOpening1 => Some(OpeningArray::One),
            Variant::IkibuguzoOpening2 => Some(OpeningArray::Two),
            _ => None,
        };
        for side in Side::BOTH {
            let p = progress[side];
            if let Some(fixed) = fixed.filter(|&f| f != p.array) {
                return Err(PositionError::OpeningArray { variant, fixed, array: p.array });
            }
            if p.played > p.total() {
                return Err(PositionError::OpeningTurns { side, array: p.array, played: p.played, total: p.total() });
            }
        }
    }
    if s.passes > 2 || (s.passes > 0 && variant != Variant::Njombwa) {
        return Err(PositionError::Passes { variant, passes: s.passes });
    }
    Ok(())
}

/// Checks the turn in progress and the result.
fn check_turn_and_result(s: &Setup) -> Result<(), PositionError> {
    let variant = s.variant;
    if let Some(mid) = s.mid {
        if matches!(s.phase, Phase::Choosing(_)) {
            return Err(PositionError::MidTurnWhileChoosing);
        }
        let geo = s.options.geometry(variant);
        let count = s.counts.get(mid.at.index()).copied().unwrap_or(0);
        if mid.at.index() >= geo.hole_count() || geo.owner(mid.at) != s.side || count == 0 {
            return Err(PositionError::MidTurnHole { at: mid.at, side: s.side, count });
        }
        let flags = mid.cw != CwBudget::Unused || mid.end_columns != 0;
        if mid.end_columns > 3 || (flags && !variant.is_ikibuguzo()) {
            return Err(PositionError::MidTurnFlags { variant, cw: mid.cw, end_columns: mid.end_columns });
        }
    }
    if let Some(outcome) = s.outcome {
        if !outcome_possible(variant, outcome) {
            return Err(PositionError::Result { variant, outcome });
        }
        if let Some(mid) = s.mid {
            return Err(PositionError::ResultDuringTurn { at: mid.at });
        }
    }
    Ok(())
}

impl Position {
    /// The position `setup` describes, once it is checked. An unfinished position is brought to the
    /// start of its turn as play would: phase changes due at a turn start are made (not inside a turn),
    /// and a side to move without a legal decision ends the game by its variant's rule.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        check_board_and_phase(&setup)?;
        check_turn_and_result(&setup)?;
        let Setup { variant, options, counts, stores, turn, side, phase, mid, passes, outcome } = setup;
        let mut board = [0; crate::geometry::MAX_HOLES];
        board[..counts.len()].copy_from_slice(&counts);
        let mut pos = Position {
            variant,
            options,
            geo: options.geometry(variant),
            board,
            stores,
            turn,
            side,
            phase,
            mid,
            outcome,
            passes,
            laps: LapHistory::default(),
        };
        let choosing = matches!(phase, Phase::Choosing(_));
        if outcome.is_none() && !choosing {
            if pos.mid.is_none() {
                games::on_turn_start(&mut pos);
            }
            if pos.legal_decisions(pos.side).is_empty() {
                let outcome = games::no_move_outcome(&pos, pos.side);
                pos.end_by(outcome);
            }
        }
        Ok(pos)
    }

    /// The position as plain data: [`Position::from_setup`] gives an equal position back.
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            options: self.options,
            counts: self.counts().to_vec(),
            stores: self.stores,
            turn: self.turn,
            side: self.side,
            phase: self.phase,
            mid: self.mid,
            passes: self.passes,
            outcome: self.outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::OpeningProgress;

    fn setup(variant: Variant) -> Setup {
        Position::start(variant, Options::defaults(variant)).unwrap().to_setup()
    }

    #[test]
    fn every_start_round_trips() {
        for v in Variant::ALL {
            let pos = Position::start(v, Options::defaults(v)).unwrap();
            assert_eq!(Position::from_setup(pos.to_setup()).unwrap(), pos, "{v}");
        }
    }

    #[test]
    fn each_inconsistency_is_its_own_error_with_its_values() {
        let k = Variant::Kubuguza;
        let mut s = setup(k);
        s.counts.pop();
        assert_eq!(Position::from_setup(s), Err(PositionError::HoleCount { variant: k, expected: 32, found: 31 }));
        let mut s = setup(k);
        s.counts[20] -= 1;
        s.stores.north = 1;
        assert_eq!(Position::from_setup(s), Err(PositionError::Stores { variant: k, stores: BySide::new(0, 1) }));
        let mut s = setup(k);
        s.turn = 0;
        assert_eq!(Position::from_setup(s), Err(PositionError::TurnZero));
        let mut s = setup(k);
        s.phase = Phase::NjombwaPairs;
        assert_eq!(Position::from_setup(s), Err(PositionError::Phase { variant: k, phase: Phase::NjombwaPairs }));
        let mut s = setup(k);
        s.options.width = 9;
        assert_eq!(Position::from_setup(s), Err(PositionError::Options(OptionsError::WidthNotApplicable)));
        let mut s = setup(k);
        s.passes = 1;
        assert_eq!(Position::from_setup(s), Err(PositionError::Passes { variant: k, passes: 1 }));

        let one = Variant::IkibuguzoOpening1;
        let mut s = setup(one);
        let two = OpeningProgress { array: OpeningArray::Two, played: 0 };
        s.phase = Phase::Opening(BySide::new(two, two));
        assert_eq!(
            Position::from_setup(s.clone()),
            Err(PositionError::OpeningArray { variant: one, fixed: OpeningArray::One, array: OpeningArray::Two })
        );
        s.variant = Variant::Ikibuguzo;
        s.phase = Phase::Opening(BySide::new(two, OpeningProgress { played: 9, ..two }));
        assert_eq!(
            Position::from_setup(s),
            Err(PositionError::OpeningTurns { side: Side::North, array: OpeningArray::Two, played: 9, total: 8 })
        );
    }

    #[test]
    fn a_turn_in_progress_and_a_result_must_be_possible() {
        let k = Variant::Kubuguza;
        let geo = Options::defaults(k).geometry(k);
        let a1 = geo.parse_hole("a1").unwrap();
        let c2 = geo.parse_hole("c2").unwrap();
        let mid = |at| MidTurn { at, captured: false, cw: CwBudget::Unused, end_columns: 0 };
        let mut s = setup(k);
        s.mid = Some(mid(a1));
        assert_eq!(Position::from_setup(s), Err(PositionError::MidTurnHole { at: a1, side: Side::South, count: 0 }));
        let mut s = setup(k);
        s.mid = Some(MidTurn { cw: CwBudget::Spent, ..mid(c2) });
        assert_eq!(
            Position::from_setup(s),
            Err(PositionError::MidTurnFlags { variant: k, cw: CwBudget::Spent, end_columns: 0 })
        );
        let mut s = setup(k);
        s.mid = Some(mid(c2));
        assert!(Position::from_setup(s.clone()).is_ok());
        let win = Outcome::win(Side::South, EndReason::AllCaptured);
        s.outcome = Some(win);
        assert_eq!(Position::from_setup(s.clone()), Err(PositionError::ResultDuringTurn { at: c2 }));
        s.mid = None;
        assert!(Position::from_setup(s.clone()).is_ok());
        for bad in [
            Outcome::win(Side::South, EndReason::EndlessSowing),
            Outcome::draw(EndReason::AllCaptured),
            Outcome::win(Side::North, EndReason::SpecialWin),
            Outcome::draw(EndReason::BothPassed),
        ] {
            s.outcome = Some(bad);
            assert_eq!(Position::from_setup(s.clone()), Err(PositionError::Result { variant: k, outcome: bad }));
        }
        let mut s = setup(Variant::Ikibuguzo);
        s.mid = Some(mid(c2));
        assert_eq!(Position::from_setup(s), Err(PositionError::MidTurnWhileChoosing));
    }

    #[test]
    fn a_side_without_a_decision_ends_the_game() {
        let k = Variant::Kubuguza;
        let mut s = Setup::empty(k, Options::defaults(k));
        s.counts[20] = 3;
        s.turn = 3;
        let pos = Position::from_setup(s).unwrap();
        assert_eq!(pos.outcome(), Some(Outcome::win(Side::North, EndReason::NoLegalMove)));
    }
}
