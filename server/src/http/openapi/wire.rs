//! What the wire carries, where the Rust types are looser than the values sent: the end reasons of an
//! `OutcomeInfo` (the engine's and the server's rulings), a game's options field by field, the words of a
//! move's steps, the names a client may take (no `bot-` prefix, as [`PlayerName::for_guest`] refuses it),
//! and the media type of this document itself. Written from the definitions the server uses, so the
//! document cannot name a reason or a word the server never sends.
//!
//! [`PlayerName::for_guest`]: crate::ids::PlayerName::for_guest

use crate::game::Ruling;
use mancala_engine::{EndReason, Side};
use serde_json::{Value, json};

/// The media type `GET /api/openapi.json` answers with.
pub const MEDIA_TYPE: &str = "application/json";

/// Every `OutcomeInfo.reason`: the ends the rules reach, then the server's rulings.
pub fn reasons() -> Vec<&'static str> {
    let rulings = [
        Ruling::Resignation { loser: Side::South },
        Ruling::Timeout { loser: Side::South },
        Ruling::Abandonment { loser: Side::South },
        Ruling::Agreement,
        Ruling::Abort,
    ];
    EndReason::ALL.iter().map(|r| r.as_str()).chain(rulings.iter().map(|r| r.reason())).collect()
}

fn reference(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// Replaces the value at `pointer` (which must exist: a renamed field fails the test of this document).
fn set(doc: &mut Value, pointer: &str, value: Value) {
    *doc.pointer_mut(pointer).unwrap_or_else(|| panic!("OpenAPI document: no `{pointer}`")) = value;
}

pub fn apply(doc: &mut Value) {
    let s = "/components/schemas";
    let schemas = doc["components"]["schemas"].as_object_mut().expect("schemas");
    schemas.insert(
        "EndReason".into(),
        json!({ "type": "string", "enum": reasons(),
                "description": "why a game ended: by the rules (`no-legal-move` … `both-passed`), or by a ruling \
                 of the server (`resignation`, `timeout`, `abandonment`, `aborted`)" }),
    );
    schemas.insert("GameOptions".into(), game_options());
    schemas.insert("Step".into(), step());
    schemas.insert(
        "NewPlayerName".into(),
        json!({
            "description": "a name to register or play under: a `PlayerName` with a letter or a digit, not \
                starting with `bot-` (in any case: the server's computer players), and not reserved",
            "allOf": [reference("PlayerName"), { "pattern": "[A-Za-z0-9]" }, { "not": { "pattern": "^[Bb][Oo][Tt]-" } }],
        }),
    );
    set(doc, &format!("{s}/OutcomeInfo/properties/reason"), reference("EndReason"));
    for options in ["GameSummary", "Seek", "Challenge"] {
        set(doc, &format!("{s}/{options}/properties/options"), reference("GameOptions"));
    }
    set(doc, &format!("{s}/MoveEvent/properties/steps"), json!({ "type": "array", "items": reference("Step") }));
    for name in ["CreateGame", "JoinGame"] {
        set(
            doc,
            &format!("{s}/{name}/properties/name"),
            json!({ "oneOf": [reference("NewPlayerName"), { "type": "null" }] }),
        );
    }
    for name in ["CreatePlayer/properties/name", "Signup/properties/name"] {
        set(doc, &format!("{s}/{name}"), reference("NewPlayerName"));
    }
    set(
        doc,
        "/paths/~1api~1openapi.json/get/responses/200",
        json!({
            "description": "this document (OpenAPI 3.1)",
            "content": { MEDIA_TYPE: { "schema": {
                "type": "object",
                "required": ["openapi", "info", "paths", "components"],
                "properties": { "openapi": { "type": "string", "pattern": "^3\\.1\\." } },
            } } },
        }),
    );
}

/// A game's options as sent: every field, whatever the variant (the ones a variant does not take hold their
/// defaults).
fn game_options() -> Value {
    let side = json!({ "type": "boolean" });
    json!({
        "type": "object",
        "description": "a game's options: all of them, whatever the variant",
        "required": ["width", "turn_limit", "handicap"],
        "additionalProperties": false,
        "properties": {
            "width": { "type": "integer", "enum": [8, 9, 10], "description": "Njombwa: columns (8 elsewhere)" },
            "turn_limit": { "oneOf": [{ "type": "integer", "minimum": 1, "maximum": u32::MAX }, { "type": "null" }],
                            "description": "turns per player before the game ends; `null`: no limit" },
            "handicap": {
                "type": "object",
                "description": "Azigo: Murray's handicap per side",
                "required": ["south", "north"],
                "additionalProperties": false,
                "properties": { "south": side, "north": side },
            },
            "rules_version": {
                "type": "integer", "minimum": 1, "maximum": mancala_engine::RULES_VERSION,
                "description": "the reading of the rules the game is played under (docs/rules.md, \"Rules versions\"): \
                    the current one for every new game; absent: 1, the reading of the games stored before versions \
                    existed",
            },
        },
    })
}

/// One step of a move: its kind, then its words (docs/protocol.md, "StepEvent").
fn step() -> Value {
    const HOLE: &str = "[a-t][1-4]";
    const SIDE: &str = "(south|north)";
    let to = format!("({HOLE}|store:{SIDE}|off)");
    let rule = format!(
        "(opposition {HOLE} {HOLE} {HOLE}|empty-inner {HOLE} {HOLE} {HOLE}|pair-walk {HOLE} {HOLE}|one-or-three \
         {HOLE}|store-cross {HOLE})"
    );
    let reasons = reasons().join("|");
    let kinds = [
        ("chose", format!("^chose {SIDE} ([12]|\\?)$"), "Ikibuguzo: a side made its secret choice (`?`: hidden)"),
        ("revealed", "^revealed [12] [12]$".to_string(), "Ikibuguzo: both choices, South's then North's"),
        ("lift", format!("^lift {HOLE} [0-9]+ (acw|cw)$"), "counters lifted from a hole and the direction"),
        ("drop", format!("^drop {HOLE}$"), "one counter dropped"),
        ("capture", format!("^capture {HOLE} [0-9]+ {to}( {rule})?$"), "counters taken, where to, and why"),
        ("store_lift", format!("^store_lift {SIDE} ([0-9]+|\\?)$"), "Azigo: a side sows its store"),
        ("pass", format!("^pass {SIDE}$"), "Njombwa: a side passed"),
        ("turn_end", format!("^turn_end {SIDE}$"), "the turn is over; this side decides now"),
        ("game_end", format!("^game_end (south|north|draw) ({reasons})$"), "the game is over: winner and reason"),
        ("skipped", "^skipped [0-9]+$".to_string(), "steps of a very long turn left out here"),
    ];
    let one_of: Vec<Value> = kinds
        .iter()
        .map(|(kind, pattern, description)| json!({ "title": kind, "pattern": pattern, "description": description }))
        .collect();
    json!({
        "type": "string",
        "description": "a step of a move: space-separated words, its kind first",
        "oneOf": one_of,
    })
}
