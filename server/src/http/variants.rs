//! `GET /api/variants`: every rule set with its default options, which options apply, and a summary of the
//! rules (docs/rules.md#d2-rule-sets-and-options), and the computer's levels with their strength.

use crate::edge::extract::{NoParams, Query};
use axum::Json;
use mancala_bot::Level;
use mancala_engine::{Options, Variant};
use mancala_protocol::PROTOCOL_VERSION;
use mancala_protocol::http::{ComputerLevel, VariantInfo, VariantList};

/// The rule sets, with default options, option notes and a rules summary.
#[utoipa::path(get, path = "/api/variants", operation_id = "list_variants", tag = "games", responses((status = 200, body = VariantList, description = "every variant")))]
pub async fn list(_: Query<NoParams>) -> Json<VariantList> {
    Json(VariantList { protocol: PROTOCOL_VERSION, variants: Variant::ALL.into_iter().map(info).collect() })
}

pub fn info(v: Variant) -> VariantInfo {
    let (name, summary, notes): (&str, &str, &[&str]) = match v {
        Variant::Ikibuguzo => (
            "Ikibuguzo",
            "Four rows of eight (Burundi). Before play each player secretly chooses opening array 1 or 2; both \
             are revealed together, then each side plays its array's forced opening turns (with different \
             arrays a placement can capture, as Murray allows). Sowing is anticlockwise, clockwise only \
             from the two reverse holes when that captures; a lap ending in an occupied own inner hole \
             facing two occupied enemy holes captures both into the lap's origin, which is sown on; \
             otherwise a lap ending in an occupied hole is relayed. Captures from both of the opponent's \
             inner end holes in one turn win at once; a player with no move loses.",
            &["turn_limit: turns per player (0 or absent: none)"],
        ),
        Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => (
            if v == Variant::IkibuguzoOpening1 { "Ikibuguzo (opening 1)" } else { "Ikibuguzo (opening 2)" },
            "Ikibuguzo with the opening array fixed for both players (no secret choice); otherwise the same \
             rules: relay sowing, captures into the lap's origin, clockwise laps from the reverse holes only \
             when they capture, the special win, and a player with no move loses.",
            &["turn_limit: turns per player (0 or absent: none)"],
        ),
        Variant::Kubuguza => (
            "Kubuguza",
            "Four rows of eight (north-east Rwanda), 4 counters in each inner hole. Relay sowing anticlockwise, \
             clockwise from four holes per side only when that captures; captured counters go to the lap's \
             origin and are sown on. No captures in each player's first turn. A player who cannot move loses.",
            &["turn_limit: turns per player (0 or absent: none)"],
        ),
        Variant::Njombwa => (
            "Njombwa",
            "Four rows (Malawi), 8 columns by default (9 or 10 allowed). A two-stage opening (walking the pairs, \
             then one sowing of the big hole), then relay sowing; a lap ending in an empty own inner hole \
             facing enemy counters captures them off the board. A player without a move passes; two passes \
             in a row draw; a turn limit draws.",
            &["width: 8, 9 or 10 columns", "turn_limit: turns per player (default 1000; 0: none)"],
        ),
        Variant::Azigo => (
            "Azigo",
            "Two rows of twenty (Nigeria). Setup is automatic: each player's last four occupied holes go into a \
             concealed store, whose count only its owner sees until the game ends. A sowing whose last counter \
             makes an enemy hole hold 1 or 3 captures it and the unbroken run of 1-or-3 holes before it. A \
             store may be sown (looping in the own row or crossing when it holds 21 or more). The player to \
             move with an empty row and store loses; at the turn limit the higher score (store plus own row) wins.",
            &[
                "turn_limit: turns per player (default 500; 0: none)",
                "handicap: {south, north}: that player starts with 8 in store and 1 left in its l hole",
            ],
        ),
    };
    VariantInfo {
        id: v,
        name: name.to_string(),
        summary: summary.split_whitespace().collect::<Vec<_>>().join(" "),
        default_options: Options::defaults(v),
        option_notes: notes.iter().map(|s| s.to_string()).collect(),
        simultaneous_choice: v == Variant::Ikibuguzo,
        concealed_store: v == Variant::Azigo,
        computer: computer(v),
    }
}

/// The computer's levels in `v` with their arena Elo ([`mancala_bot::ladder`]), so that a level picker
/// can say how strong each is; a level the arena could not tell apart from a weaker one names that level
/// instead of repeating its figure.
fn computer(v: Variant) -> Vec<ComputerLevel> {
    Level::ALL
        .into_iter()
        .map(|level| {
            let same_as = mancala_bot::ladder::same_as(v, level);
            ComputerLevel {
                level: level.number(),
                opponent: format!("bot:{}", level.alias().unwrap_or(level.id())),
                elo: mancala_bot::ladder::elo(v, level).filter(|_| same_as.is_none()),
                same_as: same_as.map(Level::number),
            }
        })
        .collect()
}
