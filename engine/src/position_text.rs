//! Position text (docs/rules.md#d11-position-text): the side to move, then `hole=count` for every non-empty
//! hole, then `key=value` state tokens. Printing a position and parsing the text gives the same position
//! back.
//!
//! | key | meaning |
//! |---|---|
//! | `turn=N` | the game turn, 1-based, counting both players' turns (default: 3 with South to move, 4 with North: late enough that every rule applies) |
//! | `store.south=N`, `store.north=N` | Azigo's stores (default 0) |
//! | `choice.south=1\|2` | Ikibuguzo, side token `both`: the array a side has chosen (the position is in the secret choice) |
//! | `opening.south=A/P` | Ikibuguzo: the side's array `A` and the forced opening turns `P` it has played (present while either side is in its opening) |
//! | `stage=1\|2` | Njombwa's opening stages (absent: main phase); `sown=south\|north` with `stage=2`: that side has sown its big hole |
//! | `passes=1` | Njombwa: the previous turn was a pass |
//! | `at=HOLE` `after=relay\|capture` | inside a turn: the next lap starts at HOLE, after a relay or with captured counters |
//! | `cw=unused\|chain\|switched\|spent` `ends=a\|h\|ah` | Ikibuguzo inside a turn: the clockwise budget and the end columns captured so far |
//! | `result=south\|north\|draw` `reason=ID` | the game is over |
//!
//! A position without state keys is in the main phase. Positions need not be reachable from a start.
//!
//! Text reads into a [`Setup`] ([`parse_setup`]), which [`Position::from_setup`] checks; a position is
//! written through its setup ([`Setup::to_text`]).
//!
//! ```
//! use mancala_engine::{Options, Position, Variant, position_text};
//!
//! let v = Variant::Njombwa;
//! let text = "south a1=3 g2=2 e3=2 a4=1 e4=3 turn=40";
//! let pos = position_text::parse(v, Options::defaults(v), text).unwrap();
//! assert_eq!(pos.to_text(), text);
//! let setup = position_text::parse_setup(v, Options::defaults(v), text).unwrap();
//! assert_eq!(setup, pos.to_setup());
//! let e = position_text::parse(v, Options::defaults(v), "south a1=3 a9=1").unwrap_err();
//! assert_eq!(e.to_string(), "bad position token `a9=1`: a9 is not a hole of the 4x8 board");
//! ```

use crate::decision::OpeningArray;
use crate::geometry::{Geometry, Hole};
use crate::outcome::{EndReason, Outcome};
use crate::position::{CwBudget, MidTurn, OpeningProgress, Phase, Position};
use crate::setup::{PositionError, Setup};
use crate::side::{BySide, Side};
use crate::variant::{Options, Variant};
use std::fmt::Write;

/// Position text that cannot be read, naming the offending token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position token `{token}`: {reason}")]
pub struct ParsePositionError {
    pub token: String,
    pub reason: String,
}

fn err<T>(token: &str, reason: impl Into<String>) -> Result<T, ParsePositionError> {
    Err(ParsePositionError { token: token.to_string(), reason: reason.into() })
}

fn parse_array(token: &str, value: &str) -> Result<OpeningArray, ParsePositionError> {
    value
        .parse::<u8>()
        .ok()
        .and_then(OpeningArray::from_number)
        .map_or_else(|| err(token, "the array must be 1 or 2"), Ok)
}

/// Parses position text for `variant` with `options` into a position: [`parse_setup`], then
/// [`Position::from_setup`], whose errors name the token they concern here.
pub fn parse(variant: Variant, options: Options, text: &str) -> Result<Position, ParsePositionError> {
    let setup = parse_setup(variant, options, text)?;
    let geo = options.geometry(variant);
    Position::from_setup(setup).map_err(|e| {
        let token = match &e {
            PositionError::TooManyCounters { .. } => text.trim().to_string(),
            PositionError::MidTurnHole { at, .. } | PositionError::ResultDuringTurn { at } => {
                format!("at={}", geo.name(*at))
            }
            PositionError::MidTurnWhileChoosing => "both".to_string(),
            PositionError::Result { .. } => "result".to_string(),
            _ => String::new(),
        };
        ParsePositionError { token, reason: e.to_string() }
    })
}

/// Reads position text into a [`Setup`], unchecked but for what the text itself says (each token's
/// form, keys the variant has, keys that need one another); [`Position::from_setup`] checks the rest.
pub fn parse_setup(variant: Variant, options: Options, text: &str) -> Result<Setup, ParsePositionError> {
    options.validate(variant).or_else(|e| err("", e.to_string()))?;
    let mut setup = Setup::empty(variant, options);
    let mut tokens = text.split_whitespace();
    let Some(first) = tokens.next() else {
        return err("", "empty position: expected `south`, `north` (or `both`) first");
    };
    let mut choosing = false;
    match first {
        "both" if variant == Variant::Ikibuguzo => choosing = true,
        "both" => return err(first, "`both` (the secret array choice) exists only in ikibuguzo"),
        _ => {
            setup.side =
                first.parse().or_else(|_| err(first, "the first token must be the side to move: `south` or `north`"))?
        }
    }
    let mut state = State::default();
    for token in tokens {
        read_token(&mut setup, &mut state, token)?;
    }
    let State { seen: _, turn, choices, openings, stage, sown, at, after, cw, ends, result, reason } = state;
    setup.turn = turn.unwrap_or(match (choosing, setup.side) {
        (true, _) => 1,
        (false, Side::South) => 3,
        (false, Side::North) => 4,
    });
    if choosing {
        if openings.south.is_some() || openings.north.is_some() {
            return err("both", "a position in the secret choice cannot have opening progress");
        }
        setup.phase = Phase::Choosing(choices);
    } else if choices.south.is_some() || choices.north.is_some() {
        return err(first, "choice.SIDE keys need the side token `both`");
    } else if let (Some(s), Some(n)) = (openings.south, openings.north) {
        setup.phase = Phase::Opening(BySide::new(s, n));
    } else if openings.south.is_some() || openings.north.is_some() {
        return err("opening", "give the opening progress of both sides (opening.south and opening.north)");
    } else if let Some(pairs) = stage {
        setup.phase = if pairs { Phase::NjombwaPairs } else { Phase::NjombwaBigSow(sown) };
    }
    if let Some(at) = at {
        setup.mid = Some(MidTurn {
            at,
            captured: after.unwrap_or(false),
            cw: cw.unwrap_or(CwBudget::Unused),
            end_columns: ends,
        });
    } else if after.is_some() || cw.is_some() || ends != 0 {
        return err("at", "after=, cw= and ends= describe a turn in progress and need at=HOLE");
    }
    setup.outcome = match (result, reason) {
        (Some(winner), Some(reason)) => Some(Outcome { winner, reason }),
        (None, None) => None,
        _ => return err("result", "result= and reason= go together"),
    };
    Ok(setup)
}

/// What the state tokens said so far; turned into the setup's phase and turn state at the end.
#[derive(Default)]
struct State {
    seen: Vec<Hole>,
    turn: Option<u32>,
    choices: BySide<Option<OpeningArray>>,
    openings: BySide<Option<OpeningProgress>>,
    /// Njombwa's stage: `Some(true)` stage 1, `Some(false)` stage 2.
    stage: Option<bool>,
    sown: BySide<bool>,
    at: Option<Hole>,
    after: Option<bool>,
    cw: Option<CwBudget>,
    ends: u8,
    result: Option<Option<Side>>,
    reason: Option<EndReason>,
}

/// Reads one `hole=count` or `key=value` token.
fn read_token(setup: &mut Setup, state: &mut State, token: &str) -> Result<(), ParsePositionError> {
    let variant = setup.variant;
    let geo = setup.options.geometry(variant);
    let Some((key, value)) = token.split_once('=') else {
        return err(token, "expected `hole=count` or `key=value`");
    };
    if let Some(hole) = geo.parse_hole(key) {
        if state.seen.contains(&hole) {
            return err(token, format!("hole {key} is given twice"));
        }
        state.seen.push(hole);
        setup.counts[hole.index()] =
            value.parse().or_else(|_| err(token, "a hole's count must be a whole number from 0 to 255"))?;
        return Ok(());
    }
    let side_key = |name: &str| match name {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        _ => err(token, format!("unknown side `{name}`")),
    };
    match key {
        "turn" => match value.parse::<u32>() {
            Ok(n) if n >= 1 => state.turn = Some(n),
            _ => return err(token, "turn must be a whole number from 1"),
        },
        "store.south" | "store.north" if variant == Variant::Azigo => {
            let side = side_key(&key[6..])?;
            setup.stores[side] =
                value.parse().or_else(|_| err(token, "a store must be a whole number from 0 to 255"))?;
        }
        "choice.south" | "choice.north" if variant == Variant::Ikibuguzo => {
            state.choices[side_key(&key[7..])?] = Some(parse_array(token, value)?);
        }
        "opening.south" | "opening.north" if variant.is_ikibuguzo() => {
            let side = side_key(&key[8..])?;
            state.openings[side] = Some(parse_opening(variant, token, value)?);
        }
        "stage" if variant == Variant::Njombwa => match value {
            "1" | "2" => state.stage = Some(value == "1"),
            _ => return err(token, "stage must be 1 or 2 (absent: main phase)"),
        },
        "sown" if variant == Variant::Njombwa => state.sown[side_key(value)?] = true,
        "passes" if variant == Variant::Njombwa => match value {
            "0" | "1" | "2" => setup.passes = value.parse().expect("digit"),
            _ => return err(token, "passes must be 0, 1 or 2"),
        },
        _ if read_turn_key(state, geo, variant, token, key, value)? => {}
        _ if key.len() <= 3
            && key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && key[1..].chars().all(|c| c.is_ascii_digit()) =>
        {
            return err(token, format!("{key} is not a hole of the {} board", geo.describe()));
        }
        _ => return err(token, format!("unknown key `{key}` for {variant}")),
    }
    Ok(())
}

/// Reads a key of the turn in progress or of the result (`at`, `after`, `cw`, `ends`, `result`,
/// `reason`); false when `key` is none of them.
fn read_turn_key(
    state: &mut State,
    geo: Geometry,
    variant: Variant,
    token: &str,
    key: &str,
    value: &str,
) -> Result<bool, ParsePositionError> {
    match key {
        "at" => {
            state.at = Some(geo.parse_hole(value).map_or_else(|| err(token, format!("`{value}` is not a hole")), Ok)?)
        }
        "after" => match value {
            "relay" => state.after = Some(false),
            "capture" => state.after = Some(true),
            _ => return err(token, "after must be `relay` or `capture`"),
        },
        "cw" if variant.is_ikibuguzo() => {
            state.cw = Some(match value {
                "unused" => CwBudget::Unused,
                "chain" => CwBudget::Chain { switched: false },
                "switched" => CwBudget::Chain { switched: true },
                "spent" => CwBudget::Spent,
                _ => return err(token, "cw must be unused, chain, switched or spent"),
            })
        }
        "ends" if variant.is_ikibuguzo() => {
            state.ends = match value {
                "a" => 1,
                "h" => 2,
                "ah" => 3,
                _ => return err(token, "ends must be a, h or ah"),
            }
        }
        "result" => {
            state.result = Some(match value {
                "south" => Some(Side::South),
                "north" => Some(Side::North),
                "draw" => None,
                _ => return err(token, "result must be south, north or draw"),
            })
        }
        "reason" => state.reason = Some(EndReason::parse(value).map_or_else(|| err(token, "unknown end reason"), Ok)?),
        _ => return Ok(false),
    }
    Ok(true)
}

/// `opening.SIDE=ARRAY/PLAYED`: an array the variant plays and no more turns than it has.
fn parse_opening(variant: Variant, token: &str, value: &str) -> Result<OpeningProgress, ParsePositionError> {
    let Some((a, p)) = value.split_once('/') else {
        return err(token, "expected opening.SIDE=ARRAY/PLAYED, e.g. opening.south=1/2");
    };
    let array = parse_array(token, a)?;
    let played: u8 = p.parse().or_else(|_| err(token, "the turns played must be a whole number"))?;
    let progress = OpeningProgress { array, played };
    if played > progress.total() {
        return err(token, format!("array {a} has only {} opening turns", progress.total()));
    }
    let fixed = match variant {
        Variant::IkibuguzoOpening1 => Some(OpeningArray::One),
        Variant::IkibuguzoOpening2 => Some(OpeningArray::Two),
        Variant::Ikibuguzo | Variant::Kubuguza | Variant::Azigo | Variant::Njombwa => None,
    };
    if let Some(fixed) = fixed.filter(|&f| f != array) {
        return err(token, format!("{variant} plays array {} only", fixed.number()));
    }
    Ok(progress)
}

impl Position {
    /// The position as text (docs/rules.md#d11-position-text): its [`Setup`]'s text; [`parse`] reads it back
    /// to an equal position.
    pub fn to_text(&self) -> String {
        self.to_setup().to_text()
    }

    /// Parses position text (see [`parse`]).
    pub fn from_text(variant: Variant, options: Options, text: &str) -> Result<Position, ParsePositionError> {
        parse(variant, options, text)
    }
}

impl Setup {
    /// The setup as position text (docs/rules.md#d11-position-text); [`parse_setup`] reads it back to an equal
    /// setup.
    pub fn to_text(&self) -> String {
        let geo = self.options.geometry(self.variant);
        let mut out = String::new();
        out.push_str(match self.phase {
            Phase::Choosing(_) => "both",
            _ => self.side.name(),
        });
        for (h, &n) in geo.holes().zip(&self.counts) {
            if n > 0 {
                let _ = write!(out, " {}={n}", geo.name(h));
            }
        }
        let _ = write!(out, " turn={}", self.turn);
        if self.variant == Variant::Azigo {
            let _ = write!(out, " store.south={} store.north={}", self.stores.south, self.stores.north);
        }
        match self.phase {
            Phase::Main => {}
            Phase::Choosing(choices) => {
                for side in Side::BOTH {
                    if let Some(a) = choices[side] {
                        let _ = write!(out, " choice.{side}={}", a.number());
                    }
                }
            }
            Phase::Opening(progress) => {
                for side in Side::BOTH {
                    let p = progress[side];
                    let _ = write!(out, " opening.{side}={}/{}", p.array.number(), p.played);
                }
            }
            Phase::NjombwaPairs => out.push_str(" stage=1"),
            Phase::NjombwaBigSow(sown) => {
                out.push_str(" stage=2");
                for side in Side::BOTH {
                    if sown[side] {
                        let _ = write!(out, " sown={side}");
                    }
                }
            }
        }
        if self.passes > 0 {
            let _ = write!(out, " passes={}", self.passes);
        }
        if let Some(mid) = self.mid {
            let _ = write!(out, " at={} after={}", geo.name(mid.at), if mid.captured { "capture" } else { "relay" });
            if self.variant.is_ikibuguzo() {
                out.push_str(match mid.cw {
                    CwBudget::Unused => " cw=unused",
                    CwBudget::Chain { switched: false } => " cw=chain",
                    CwBudget::Chain { switched: true } => " cw=switched",
                    CwBudget::Spent => " cw=spent",
                });
                out.push_str(match mid.end_columns {
                    1 => " ends=a",
                    2 => " ends=h",
                    3 => " ends=ah",
                    _ => "",
                });
            }
        }
        if let Some(o) = self.outcome {
            let winner = o.winner.map_or("draw", Side::name);
            let _ = write!(out, " result={winner} reason={}", o.reason);
        }
        out
    }
}
