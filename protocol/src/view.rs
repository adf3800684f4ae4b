//! What a viewer sees of a game at one moment: the board ([`BoardView`], built from the engine's
//! per-viewer [`View`]), the result, and the clock.

use mancala_engine::{ChoiceView, HoleName, Outcome, Side, ToMove, Variant, View};
use serde::{Deserialize, Serialize};

/// How a game ended: `winner` is `null` for a draw; `reason` an end-reason id (`no-legal-move`,
/// `all-captured`, `special-win`, `endless-sowing`, `turn-limit`, `both-passed`, `resignation`,
/// `timeout`, `abandonment`, `aborted`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OutcomeInfo {
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub winner: Option<Side>,
    pub reason: String,
    /// How a rated game changed both players' ratings (present once a rated game finished, aborted games
    /// excepted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingChanges>,
    /// An `aborted` game the server ended because this side did not make its first decision in time
    /// (absent when a player aborted it, or where the room that ruled it is gone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub late: Option<Side>,
}

impl From<Outcome> for OutcomeInfo {
    fn from(o: Outcome) -> Self {
        OutcomeInfo { winner: o.winner, reason: o.reason.as_str().to_string(), ratings: None, late: None }
    }
}

/// One player's rating before and after a rated game (rounded); `provisional` is the rating after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingChange {
    pub before: i32,
    pub after: i32,
    /// The rating after the game is still provisional (deviation above 110).
    pub provisional: bool,
}

/// The rating changes of both seats of a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RatingChanges {
    pub south: RatingChange,
    pub north: RatingChange,
}

/// One side's Ikibuguzo array choice as this viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ChoiceState {
    /// Not chosen yet (also every non-Ikibuguzo game).
    Pending,
    /// Chosen, but hidden from this viewer until both are in.
    Hidden,
    #[serde(rename = "opening:1")]
    One,
    #[serde(rename = "opening:2")]
    Two,
}

impl From<ChoiceView> for ChoiceState {
    fn from(c: ChoiceView) -> Self {
        match c {
            ChoiceView::Pending => ChoiceState::Pending,
            ChoiceView::Hidden => ChoiceState::Hidden,
            ChoiceView::Made(a) if a.number() == 1 => ChoiceState::One,
            ChoiceView::Made(_) => ChoiceState::Two,
        }
    }
}

/// The board as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BoardView {
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub variant: Variant,
    /// 4 (Ikibuguzo, Kubuguza, Njombwa) or 2 (Azigo).
    pub rows: u8,
    pub columns: u8,
    /// Every hole's count in reading order: row 1 from column `a` on, then row 2, and so on (`rows` ×
    /// `columns` values). Hole `i` is named by the column letter `a + i % columns` and the row digit
    /// `1 + i / columns` ([`BoardView::hole_name`]).
    pub holes: Vec<u8>,
    /// Azigo's concealed stores: a count only for the store's owner, or for everyone once the game is
    /// over; `null` otherwise (and in every other variant).
    pub stores: BySideOpt,
    /// `south`, `north`, `both` (Ikibuguzo's simultaneous choice) or `null` once the game is over.
    pub to_move: Option<String>,
    /// While both choose: the sides that have not chosen yet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub waiting: Vec<Side>,
    /// Game turn, counting both players' turns (South's first turn is 1).
    pub turn: u32,
    /// Ikibuguzo's array choices (`pending` in other variants).
    pub choices: BySideChoice,
    /// The decisions this viewer may send now, in notation (always empty for spectators and while the
    /// game waits for its second player).
    pub legal: Vec<String>,
    pub outcome: Option<OutcomeInfo>,
}

/// A value per side, as a JSON object `{"south": …, "north": …}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BySideOpt {
    pub south: Option<u8>,
    pub north: Option<u8>,
}

/// Both sides' choice states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct BySideChoice {
    pub south: ChoiceState,
    pub north: ChoiceState,
}

impl BoardView {
    /// Builds the wire view from the engine's projection. `can_play` is false while the game waits for a
    /// player or is over, which empties `legal`.
    pub fn from_view(view: &View, can_play: bool) -> BoardView {
        let geo = view.options.geometry(view.variant);
        let holes = geo.holes().map(|h| view.holes[h.index()]).collect();
        let waiting = match view.to_move {
            ToMove::Both { waiting } => Side::BOTH.into_iter().filter(|&s| waiting[s]).collect(),
            _ => Vec::new(),
        };
        BoardView {
            variant: view.variant,
            rows: geo.rows(),
            columns: geo.cols(),
            holes,
            stores: BySideOpt { south: view.stores.south, north: view.stores.north },
            to_move: view.to_move.id().map(str::to_string),
            waiting,
            turn: view.turn,
            choices: BySideChoice { south: view.choices.south.into(), north: view.choices.north.into() },
            legal: if can_play { view.legal.iter().map(|d| d.notation(geo)).collect() } else { Vec::new() },
            outcome: view.outcome.map(OutcomeInfo::from),
        }
    }
}

impl BoardView {
    /// The name of hole `i` (its index in `holes`).
    pub fn hole_name(&self, i: usize) -> HoleName {
        let cols = self.columns.max(1) as usize;
        HoleName::new((i % cols) as u8, (1 + i / cols) as u8).expect("a hole of this board")
    }

    /// The count of the hole named `name`, if the board has it.
    pub fn count(&self, name: &str) -> Option<u8> {
        let b = name.as_bytes();
        let (col, row) = match b {
            [c @ b'a'..=b'z', r @ b'1'..=b'9'] => ((c - b'a') as usize, (r - b'1') as usize),
            _ => return None,
        };
        (col < self.columns as usize).then(|| self.holes.get(row * self.columns as usize + col).copied()).flatten()
    }

    /// Every hole's name and count.
    pub fn hole_counts(&self) -> impl Iterator<Item = (HoleName, u8)> + '_ {
        self.holes.iter().enumerate().map(|(i, &n)| (self.hole_name(i), n))
    }

    /// The board of a game that ended with `outcome` (which may be a ruling of the server, such as a
    /// resignation, that the rules engine knows nothing of): nobody is to move, nothing may be decided.
    pub fn ended(mut self, outcome: OutcomeInfo) -> BoardView {
        self.outcome = Some(outcome);
        self.to_move = None;
        self.waiting.clear();
        self.legal.clear();
        self
    }
}

/// A time control. Real time: `base_secs` per player plus `increment_secs` added after each of the
/// player's decisions (Fischer). Correspondence: `days` per move (one of [`ClockSpec::DAYS`]), sent
/// without `base_secs` and `increment_secs`; the server fills `base_secs` with the days' length, and
/// each decision of a player resets that player's time to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    #[serde(default)]
    pub base_secs: u32,
    #[serde(default)]
    pub increment_secs: u32,
    /// Correspondence: days per move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
}

impl ClockSpec {
    /// The days per move a correspondence clock may have.
    pub const DAYS: [u32; 7] = [1, 2, 3, 5, 7, 10, 14];

    /// A real-time clock: `base_secs` plus `increment_secs` a decision.
    pub fn fischer(base_secs: u32, increment_secs: u32) -> ClockSpec {
        ClockSpec { base_secs, increment_secs, days: None }
    }

    /// A correspondence clock of `days` per move, before the server sets its length.
    pub fn correspondence(days: u32) -> ClockSpec {
        ClockSpec { base_secs: 0, increment_secs: 0, days: Some(days) }
    }
}

/// The clocks at the moment a message was sent: each side's remaining milliseconds, and whose clock runs
/// (`null` before both players have made their first decision, and after the end).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClockState {
    pub base_secs: u32,
    pub increment_secs: u32,
    /// Correspondence: days per move (`base_secs` is their length).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    pub south_ms: u64,
    pub north_ms: u64,
    /// The side whose time is running (empty while the clock is stopped). Clocks start only after both
    /// players' first decisions, so this is never both sides.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub running: Vec<Side>,
    /// The running clock holds still this many milliseconds from this message: the boards are showing the
    /// sowing just made (docs/protocol.md, "Clocks"). Absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub held_ms: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}
