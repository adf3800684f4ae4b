//! Position text (RULES.md D11): the side to move, then `hole=count` for every non-empty hole, then
//! `key=value` state tokens. Printing a position and parsing the text gives the same position back.
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

use crate::decision::OpeningArray;
use crate::games;
use crate::outcome::{EndReason, Outcome};
use crate::position::{CwBudget, MidTurn, OpeningProgress, Phase, Position};
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

/// Parses position text for `variant` with `options`.
pub fn parse(variant: Variant, options: Options, text: &str) -> Result<Position, ParsePositionError> {
    options.validate(variant).or_else(|e| err("", e.to_string()))?;
    let mut pos = Position::blank(variant, options);
    let geo = pos.geo;
    let mut tokens = text.split_whitespace();
    let Some(first) = tokens.next() else {
        return err("", "empty position: expected `south`, `north` (or `both`) first");
    };
    let mut choosing = false;
    match first {
        "both" if variant == Variant::Ikibuguzo => choosing = true,
        "both" => return err(first, "`both` (the secret array choice) exists only in ikibuguzo"),
        _ => {
            pos.side =
                first.parse().or_else(|_| err(first, "the first token must be the side to move: `south` or `north`"))?
        }
    }
    let mut seen = [false; crate::geometry::MAX_HOLES];
    let mut turn = None;
    let mut choices: BySide<Option<OpeningArray>> = BySide::default();
    let mut openings: BySide<Option<OpeningProgress>> = BySide::default();
    let mut stage = None;
    let mut sown = BySide::<bool>::default();
    let (mut at, mut after, mut cw, mut ends) = (None, None, None, 0u8);
    let (mut result, mut reason) = (None, None);
    for token in tokens {
        let Some((key, value)) = token.split_once('=') else {
            return err(token, "expected `hole=count` or `key=value`");
        };
        if let Some(hole) = geo.parse_hole(key) {
            if std::mem::replace(&mut seen[hole.index()], true) {
                return err(token, format!("hole {key} is given twice"));
            }
            pos.board[hole.index()] =
                value.parse().or_else(|_| err(token, "a hole's count must be a whole number from 0 to 255"))?;
            continue;
        }
        let side_key = |name: &str| match name {
            "south" => Ok(Side::South),
            "north" => Ok(Side::North),
            _ => err(token, format!("unknown side `{name}`")),
        };
        match key {
            "turn" => match value.parse::<u32>() {
                Ok(n) if n >= 1 => turn = Some(n),
                _ => return err(token, "turn must be a whole number from 1"),
            },
            "store.south" | "store.north" if variant == Variant::Azigo => {
                let side = side_key(&key[6..])?;
                pos.stores[side] =
                    value.parse().or_else(|_| err(token, "a store must be a whole number from 0 to 255"))?;
            }
            "choice.south" | "choice.north" if variant == Variant::Ikibuguzo => {
                choices[side_key(&key[7..])?] = Some(parse_array(token, value)?);
            }
            "opening.south" | "opening.north" if variant.is_ikibuguzo() => {
                let side = side_key(&key[8..])?;
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
                if fixed.is_some_and(|f| f != array) {
                    return err(token, format!("{variant} plays array {} only", fixed.unwrap().number()));
                }
                openings[side] = Some(progress);
            }
            "stage" if variant == Variant::Njombwa => match value {
                "1" | "2" => stage = Some(value == "1"),
                _ => return err(token, "stage must be 1 or 2 (absent: main phase)"),
            },
            "sown" if variant == Variant::Njombwa => sown[side_key(value)?] = true,
            "passes" if variant == Variant::Njombwa => match value {
                "0" | "1" | "2" => pos.passes = value.parse().expect("digit"),
                _ => return err(token, "passes must be 0, 1 or 2"),
            },
            "at" => {
                at = Some(geo.parse_hole(value).map_or_else(|| err(token, format!("`{value}` is not a hole")), Ok)?)
            }
            "after" => match value {
                "relay" => after = Some(false),
                "capture" => after = Some(true),
                _ => return err(token, "after must be `relay` or `capture`"),
            },
            "cw" if variant.is_ikibuguzo() => {
                cw = Some(match value {
                    "unused" => CwBudget::Unused,
                    "chain" => CwBudget::Chain { switched: false },
                    "switched" => CwBudget::Chain { switched: true },
                    "spent" => CwBudget::Spent,
                    _ => return err(token, "cw must be unused, chain, switched or spent"),
                })
            }
            "ends" if variant.is_ikibuguzo() => {
                ends = match value {
                    "a" => 1,
                    "h" => 2,
                    "ah" => 3,
                    _ => return err(token, "ends must be a, h or ah"),
                }
            }
            "result" => {
                result = Some(match value {
                    "south" => Some(Side::South),
                    "north" => Some(Side::North),
                    "draw" => None,
                    _ => return err(token, "result must be south, north or draw"),
                })
            }
            "reason" => reason = Some(EndReason::parse(value).map_or_else(|| err(token, "unknown end reason"), Ok)?),
            _ if key.len() <= 3
                && key.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && key[1..].chars().all(|c| c.is_ascii_digit()) =>
            {
                return err(token, format!("{key} is not a hole of the {} board", geo.describe()));
            }
            _ => return err(token, format!("unknown key `{key}` for {variant}")),
        }
    }
    // More counters than the game has could overflow a hole while sowing; positions need not be
    // reachable, but they must fit the game's counters (64 on four rows, 90 in Azigo).
    let game_total = if variant == Variant::Azigo { 90 } else { 64 };
    if pos.total_counters() > game_total {
        return err(
            text.trim(),
            format!("the position holds {} counters; {variant} has only {game_total}", pos.total_counters()),
        );
    }
    pos.turn = turn.unwrap_or(match (choosing, pos.side) {
        (true, _) => 1,
        (false, Side::South) => 3,
        (false, Side::North) => 4,
    });
    if choosing {
        if openings.south.is_some() || openings.north.is_some() {
            return err("both", "a position in the secret choice cannot have opening progress");
        }
        pos.phase = Phase::Choosing(choices);
    } else if choices.south.is_some() || choices.north.is_some() {
        return err(first, "choice.SIDE keys need the side token `both`");
    } else if let (Some(s), Some(n)) = (openings.south, openings.north) {
        pos.phase = Phase::Opening(BySide::new(s, n));
    } else if openings.south.is_some() || openings.north.is_some() {
        return err("opening", "give the opening progress of both sides (opening.south and opening.north)");
    } else if let Some(pairs) = stage {
        pos.phase = if pairs { Phase::NjombwaPairs } else { Phase::NjombwaBigSow(sown) };
    }
    if let Some(at) = at {
        if geo.owner(at) != pos.side || pos.board[at.index()] == 0 {
            return err(
                &format!("at={}", geo.name(at)),
                "the hole a turn goes on from must be the mover's and hold counters",
            );
        }
        pos.mid = Some(MidTurn {
            at,
            captured: after.unwrap_or(false),
            cw: cw.unwrap_or(CwBudget::Unused),
            end_columns: ends,
        });
    } else if after.is_some() || cw.is_some() || ends != 0 {
        return err("at", "after=, cw= and ends= describe a turn in progress and need at=HOLE");
    }
    match (result, reason) {
        (Some(winner), Some(reason)) => pos.outcome = Some(Outcome { winner, reason }),
        (None, None) => {
            if pos.mid.is_none() && !choosing {
                games::on_turn_start(&mut pos);
            }
            if !choosing && pos.legal_decisions(pos.side).is_empty() {
                let outcome = games::no_move_outcome(&pos, pos.side);
                pos.end_by(outcome);
            }
        }
        _ => return err("result", "result= and reason= go together"),
    }
    Ok(pos)
}

impl Position {
    /// The position as text (D11); [`parse`] reads it back to an equal position.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        out.push_str(match self.phase {
            Phase::Choosing(_) => "both",
            _ => self.side.name(),
        });
        for h in self.geo.holes() {
            let n = self.board[h.index()];
            if n > 0 {
                let _ = write!(out, " {}={n}", self.geo.name(h));
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
            let _ =
                write!(out, " at={} after={}", self.geo.name(mid.at), if mid.captured { "capture" } else { "relay" });
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

    /// Parses position text (see [`parse`]).
    pub fn from_text(variant: Variant, options: Options, text: &str) -> Result<Position, ParsePositionError> {
        parse(variant, options, text)
    }
}
