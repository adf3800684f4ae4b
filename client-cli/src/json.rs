//! The JSON shapes this binary prints: a position as `analyze --json` shows it, a game result, and game
//! options. Built by hand from the engine's public API so the shape is this command's contract, not a
//! side effect of the engine types' serialisation.

use mancala_engine::{Decision, Geometry, Options, Outcome, Phase, Position, Side, ToMove};
use serde_json::{Map, Value, json};

/// `null` while the game goes on, else `{"winner": "south" | "north" | null (draw), "reason": ID}`.
pub fn outcome(outcome: Option<Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(o) => json!({ "winner": o.winner.map(Side::name), "reason": o.reason.as_str() }),
    }
}

/// The options in effect, every field present (`turn_limit` null when there is none).
pub fn options(options: &Options) -> Value {
    json!({
        "width": options.width,
        "turn_limit": options.turn_limit,
        "handicap": { "south": options.handicap.south, "north": options.handicap.north },
    })
}

/// The phase's id: `main`, `choosing`, `opening` (Ikibuguzo), `pairs`, `big-sow` (Njombwa's opening stages).
pub fn phase(phase: Phase) -> &'static str {
    match phase {
        Phase::Main => "main",
        Phase::Choosing(_) => "choosing",
        Phase::Opening(_) => "opening",
        Phase::NjombwaPairs => "pairs",
        Phase::NjombwaBigSow(_) => "big-sow",
    }
}

pub fn notations(decisions: &[Decision], geo: Geometry) -> Vec<String> {
    decisions.iter().map(|d| d.notation(geo)).collect()
}

/// The legal decisions of whoever decides now, without repeats: while both sides choose (Ikibuguzo) each
/// offers `opening:1 opening:2`, and a flat list should say that once. `legal_by_side` keeps them apart.
pub fn legal_moves(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for n in notations(&pos.legal_moves(), pos.geometry()) {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// Everything analysis may show of `pos` (hidden information included). `moves` are the decisions that
/// were applied to reach it.
pub fn analysis(pos: &Position, moves: &[String]) -> Value {
    let geo = pos.geometry();
    // Every hole, empty ones included, so a reader never has to know the board to find a count.
    let holes: Map<String, Value> = geo.holes().map(|h| (geo.name(h).to_string(), pos.count(h).into())).collect();
    let waiting = match pos.to_move() {
        ToMove::Both { waiting } => {
            Value::from(Side::BOTH.into_iter().filter(|&s| waiting[s]).map(Side::name).collect::<Vec<_>>())
        }
        _ => Value::Null,
    };
    let by_side: Map<String, Value> = Side::BOTH
        .into_iter()
        .map(|s| (s.name().to_string(), notations(&pos.legal_decisions(s), geo).into()))
        .collect();
    let mid_turn = match pos.mid_turn() {
        None => Value::Null,
        Some(mid) => json!({
            "at": geo.name(mid.at).to_string(),
            "after": if mid.captured { "capture" } else { "relay" },
        }),
    };
    json!({
        "variant": pos.variant().id(),
        "options": options(pos.options()),
        "moves": moves,
        "position": pos.to_text(),
        "turn": pos.turn(),
        "phase": phase(pos.phase()),
        "to_move": pos.to_move().id(),
        "waiting": waiting,
        "mid_turn": mid_turn,
        "holes": holes,
        "stores": { "south": pos.store(Side::South), "north": pos.store(Side::North) },
        "legal_moves": legal_moves(pos),
        "legal_by_side": by_side,
        "result": outcome(pos.outcome()),
    })
}
