//! The 64-bit key of a position for the transposition table, computed from the position's public state
//! alone: every hole's count, the stores, whose decision it is, the turn number, the phase and the state
//! inside a turn. Everything that can change the value of a position is in the key, so two positions
//! with the same key are the same game state (up to a 64-bit collision); the within-turn lap history
//! (only relevant to the endless-sowing draw, docs/rules.md#d7-endless-turns) is the one exception.
//!
//! [`key`] is the only entry point, so the engine's own incremental hash can replace it without touching
//! the search.

use mancala_engine::{CwBudget, MAX_HOLES, Phase, Position, Side, ToMove};

/// Counts a hole can hold in the table (every game has at most 90 counters).
const COUNTS: usize = 128;

/// SplitMix64: a bijective mixer with good avalanche, used both for the tables and for the small state.
const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One random key per (hole, count); a count of zero has key zero, so empty holes cost nothing. Two
/// extra rows hold the stores' keys.
const fn build() -> [[u64; COUNTS]; MAX_HOLES + 2] {
    let mut t = [[0u64; COUNTS]; MAX_HOLES + 2];
    let mut h = 0;
    while h < MAX_HOLES + 2 {
        let mut c = 1;
        while c < COUNTS {
            t[h][c] = mix(((h as u64) << 8 | c as u64) ^ 0x05EE_D0FB_0A2D);
            c += 1;
        }
        h += 1;
    }
    t
}

static KEYS: [[u64; COUNTS]; MAX_HOLES + 2] = build();

/// The key of `pos`. `after_pass` says the previous turn was a pass (Njombwa: a second pass in a row
/// draws the game), which the position does not expose; a search knows it from the decision it applied.
pub fn key(pos: &Position, after_pass: bool) -> u64 {
    let mut h = 0u64;
    for (i, &c) in pos.counts().iter().enumerate() {
        h ^= KEYS[i][c as usize & (COUNTS - 1)];
    }
    h ^= KEYS[MAX_HOLES][pos.store(Side::South) as usize & (COUNTS - 1)];
    h ^= KEYS[MAX_HOLES + 1][pos.store(Side::North) as usize & (COUNTS - 1)];
    h ^ mix(small_state(pos, after_pass))
}

/// Everything but the counts, packed into one word: the turn (bits 0..31), who decides (32..33), the
/// pass flag (34), the phase (35..47) and the state inside a turn (48..63).
fn small_state(pos: &Position, after_pass: bool) -> u64 {
    let mover = match pos.to_move() {
        ToMove::Side(Side::South) => 0,
        ToMove::Side(Side::North) => 1,
        ToMove::Both { .. } => 2,
        ToMove::Nobody(_) => 3,
    };
    let phase: u64 = match pos.phase() {
        Phase::Main => 0,
        Phase::Choosing(c) => 1 | choice_bits(c.south) << 3 | choice_bits(c.north) << 5,
        Phase::Opening(p) => {
            2 | (p.south.array.number() as u64) << 3
                | (p.south.played as u64) << 5
                | (p.north.array.number() as u64) << 9
                | (p.north.played as u64) << 11
        }
        Phase::NjombwaPairs => 3,
        Phase::NjombwaBigSow(sown) => 4 | (sown.south as u64) << 3 | (sown.north as u64) << 4,
    };
    let mid: u64 = match pos.mid_turn() {
        None => 0,
        Some(m) => {
            let cw = match m.cw {
                CwBudget::Unused => 0,
                CwBudget::Chain { switched: false } => 1,
                CwBudget::Chain { switched: true } => 2,
                CwBudget::Spent => 3,
            };
            1 | (m.at.index() as u64) << 1 | (m.captured as u64) << 7 | cw << 8 | (m.end_columns as u64 & 3) << 10
        }
    };
    pos.turn() as u64 | mover << 32 | (after_pass as u64) << 34 | phase << 35 | mid << 48
}

fn choice_bits(choice: Option<mancala_engine::OpeningArray>) -> u64 {
    choice.map_or(0, |a| a.number() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{NoEvents, Options, Variant};
    use rand::rngs::ChaCha8Rng;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashMap;

    /// Random positions of every variant: equal positions have equal keys, and different positions of a
    /// variant (compared by the engine's own equality) never share one. (A table serves one game, so
    /// the variant is not in the key.)
    #[test]
    fn keys_tell_positions_apart() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut seen: HashMap<(Variant, u64), Position> = HashMap::new();
        let mut positions = 0;
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
                for _ in 0..60 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let k = key(&pos, false);
                    assert_eq!(k, key(&pos.clone(), false));
                    assert_ne!(k, key(&pos, true), "the pass flag is part of the key");
                    if let Some(other) = seen.insert((variant, k), pos.clone()) {
                        assert_eq!(other, pos, "{variant}: two positions share a key");
                    }
                    positions += 1;
                    pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
                }
            }
        }
        assert!(positions > 3000, "{positions}");
        assert!(seen.len() > 3000);
    }

    /// Each part of the state changes the key on its own.
    #[test]
    fn every_part_of_the_state_is_in_the_key() {
        let v = Variant::Kubuguza;
        let o = Options::defaults(v);
        let base = Position::from_text(v, o, "south c2=3 a1=2 d3=2 turn=9").unwrap();
        let variants = [
            "north c2=3 a1=2 d3=2 turn=9",
            "south c2=3 a1=2 d3=2 turn=11",
            "south c2=2 a1=3 d3=2 turn=9",
            "south c2=3 a1=2 d3=2 turn=9 at=c2 after=relay",
        ];
        for text in variants {
            let other = Position::from_text(v, o, text).unwrap();
            assert_ne!(key(&base, false), key(&other, false), "{text}");
        }
        // Azigo's stores.
        let a = Variant::Azigo;
        let p = Position::start(a, Options::defaults(a)).unwrap();
        let text = p.to_text().replace("store.south=9", "store.south=8").replace(" a1=5", " a1=6");
        let q = Position::from_text(a, Options::defaults(a), &text).unwrap();
        assert_ne!(key(&p, false), key(&q, false));
        // A decision changes the key.
        let mut r = base.clone();
        let d = r.legal_decisions(Side::South)[0];
        r.apply(Side::South, d, &mut NoEvents).unwrap();
        assert_ne!(key(&base, false), key(&r, false));
    }
}
