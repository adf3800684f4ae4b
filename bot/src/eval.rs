//! The evaluation of a game in progress: a weighted sum of [`FEATURES`] features of the position, each
//! the difference between the evaluating side and its opponent, with one table of weights per variant
//! ([`crate::weights`], tuned by self-play with `mancala-tune`). The unit is 1/32 of a counter: material
//! weighs 32 in every variant and the other weights are relative to it.
//!
//! The features (index: four-row games / Azigo):
//!
//! 0. material: counters on the side's holes (plus, in Azigo, its store: the score is store plus row);
//! 1. mobility: holes a turn may start from (two or more counters; in Azigo any occupied hole);
//! 2. four rows: counters in the inner row (they capture, and they are what the opponent captures) /
//!    Azigo: *overflow*, the counters a hole would sow into the opponent's row when moved (a hole of
//!    `n` counters `i` holes from its owner's left sends `i + n − 20` across);
//! 3. exposure: counters in columns the opponent could capture now if a lap of his ended there (four
//!    rows: both own holes occupied facing an occupied opponent inner hole, or in Njombwa an own inner
//!    hole facing an empty one) / Azigo: own holes holding 2 (a counter dropped there makes 3: taken);
//! 4. threat: the most counters one lap of the side could capture now (the first lap of a turn only);
//! 5. the threat of the side to move alone (it can carry it out at once), with the sign of its owner;
//! 6. tempo: 1 for the side to move, −1 for the other;
//! 7. four rows: holes with one counter (they cannot be moved) / Azigo: the store (counters a store
//!    move can place anywhere).
//!
//! A finished game is valued by the search, not here.

use mancala_engine::{Direction, Geometry, Hole, MAX_HOLES, Position, Side, ToMove, Variant};

/// Number of features.
pub const FEATURES: usize = 8;

/// Feature values of a position, each the evaluating side's less the opponent's.
pub type Features = [i32; FEATURES];

/// Weights of the features, in 1/32 counter.
pub type Weights = [i32; FEATURES];

/// The weight of one counter of material, in evaluation units.
pub const MATERIAL: i32 = 32;

/// Which evaluation a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Material alone (Azigo: with overflow at half a counter), the legacy levels' evaluation.
    Material,
    /// The tuned weights of [`crate::weights`].
    Tuned,
    /// These weights (experiments).
    Weights(Weights),
}

/// Weights equivalent to the legacy material evaluation.
pub fn material_weights(variant: Variant) -> Weights {
    match variant {
        Variant::Azigo => [MATERIAL, 0, -MATERIAL / 2, 0, 0, 0, 0, 0],
        _ => [MATERIAL, 0, 0, 0, 0, 0, 0, 0],
    }
}

/// The static value of a game in progress for `me`, in 1/32 counter.
pub fn evaluate(pos: &Position, me: Side, weights: &Weights) -> i32 {
    if weights[1..].iter().enumerate().all(|(i, &w)| w == 0 || (i == 1 && pos.variant() == Variant::Azigo)) {
        // Material (and Azigo's overflow) alone: no need for the other features, which cost most.
        return material(pos, me, weights);
    }
    let f = features(pos, me);
    f.iter().zip(weights).map(|(x, w)| x * w).sum()
}

/// Features 0 and 2 weighted: material and, in Azigo, overflow.
fn material(pos: &Position, me: Side, weights: &Weights) -> i32 {
    let of = |s: Side| pos.counters_of(s) as i32 + pos.store(s) as i32;
    let mut value = weights[0] * (of(me) - of(me.other()));
    if pos.variant() == Variant::Azigo && weights[2] != 0 {
        let geo = pos.geometry();
        let cols = geo.cols() as i32;
        let mut overflow = 0;
        for hole in geo.holes() {
            let n = pos.count(hole) as i32;
            if n == 0 {
                continue;
            }
            let owner = geo.owner(hole);
            let col = geo.col(hole) as i32;
            // South's left is column a, North's is the last column (docs/rules.md#d1-sides-and-hole-names).
            let from_left = if owner == Side::South { col } else { cols - 1 - col };
            let o = (from_left + n - cols).max(0);
            overflow += if owner == me { o } else { -o };
        }
        value += weights[2] * overflow;
    }
    value
}

/// The features of `pos` for `me`.
pub fn features(pos: &Position, me: Side) -> Features {
    let geo = pos.geometry();
    let mut board = [0u8; MAX_HOLES];
    board[..geo.hole_count()].copy_from_slice(pos.counts());
    let mover = match pos.to_move() {
        ToMove::Side(s) => Some(s),
        _ => None,
    };
    let per_side = |s: Side| side_features(pos, geo, &board, s);
    let (mine, theirs) = (per_side(me), per_side(me.other()));
    let mut f = [0; FEATURES];
    for i in 0..FEATURES {
        f[i] = mine[i] - theirs[i];
    }
    // The mover's threat and the tempo are not symmetric sums: only the side to move has them.
    f[5] = match mover {
        Some(s) if s == me => mine[4],
        Some(_) => -theirs[4],
        None => 0,
    };
    f[6] = match mover {
        Some(s) if s == me => 1,
        Some(_) => -1,
        None => 0,
    };
    f
}

/// One side's share of each feature (indices 5 and 6 are filled by [`features`]).
fn side_features(pos: &Position, geo: Geometry, board: &[u8; MAX_HOLES], s: Side) -> Features {
    let mut f = [0; FEATURES];
    let own = geo.own_holes(s);
    let holes = geo.holes().skip(own.start as usize).take(own.len());
    let variant = pos.variant();
    f[0] = pos.counters_of(s) as i32 + pos.store(s) as i32;
    if variant == Variant::Azigo {
        let cols = geo.cols() as i32;
        for h in holes {
            let n = board[h.index()] as i32;
            f[1] += (n > 0) as i32;
            let col = geo.col(h) as i32;
            // South's left is column a, North's is the last column (docs/rules.md#d1-sides-and-hole-names).
            let from_left = if s == Side::South { col } else { cols - 1 - col };
            f[2] += (from_left + n - cols).max(0);
            f[3] += (n == 2) as i32;
            if n > 0 {
                f[4] = f[4].max(azigo_lap_capture(geo, board, s, h));
            }
        }
        f[7] = pos.store(s) as i32;
        return f;
    }
    let njombwa = variant == Variant::Njombwa;
    for h in holes {
        let n = board[h.index()];
        f[1] += (n >= 2) as i32;
        f[7] += (n == 1) as i32;
        if geo.is_inner(h) {
            f[2] += n as i32;
            let inner = geo.opposite(h).0;
            // The own outer hole of the column is the one facing the opponent's inner hole.
            let (opp_inner, mine_outer) = (board[inner.index()], board[geo.opposite(inner).1.index()]);
            // The opponent captures this column by ending a lap in its inner hole facing it: occupied
            // (relay capture) or, in Njombwa, empty.
            let exposed = if njombwa { n > 0 && opp_inner == 0 } else { n > 0 && mine_outer > 0 && opp_inner > 0 };
            if exposed {
                f[3] += n as i32 + mine_outer as i32;
            }
        }
        if n >= 2 {
            f[4] = f[4].max(four_row_lap_capture(geo, board, s, h, njombwa));
        }
    }
    f
}

/// Counters captured by the first lap of a four-row turn from `from` (0: none).
fn four_row_lap_capture(geo: Geometry, board: &[u8; MAX_HOLES], s: Side, from: Hole, njombwa: bool) -> i32 {
    let n = board[from.index()] as u32;
    let len = 2 * geo.cols() as u32;
    let last = geo.advance(from, Direction::Anticlockwise, n);
    if !geo.is_inner(last) || geo.owner(last) != s {
        return 0;
    }
    // The origin starts the lap empty; each full round drops one counter in every hole.
    let base = if last == from { 0 } else { board[last.index()] as u32 };
    let before_last = base + n.div_ceil(len) - 1;
    let (inner, outer) = geo.opposite(last);
    let (i, o) = (board[inner.index()] as i32, board[outer.index()] as i32);
    if njombwa {
        // Njombwa captures on landing in an empty inner hole: the inner hole, and the outer with it.
        if before_last == 0 && i > 0 { i + o } else { 0 }
    } else if before_last > 0 && i > 0 && o > 0 {
        i + o
    } else {
        0
    }
}

/// Counters an Azigo normal move of `from` captures (docs/rules.md#azigo-capture): the last hole in the
/// opponent's row holding 1 or 3 after the drop, and the unbroken run of such holes before it.
fn azigo_lap_capture(geo: Geometry, board: &[u8; MAX_HOLES], s: Side, from: Hole) -> i32 {
    const LEN: u32 = 40;
    let n = board[from.index()] as u32;
    // n ≥ 2: the first counter goes back into the origin and the others onwards; n = 1: the next hole.
    let (sown, origin_drop) = if n >= 2 { (n - 1, 1) } else { (1, 0) };
    // Counters dropped at distance d (1..LEN) from the origin, and in the origin itself (d = 0).
    let drops = |d: u32| -> u32 {
        if d == 0 {
            origin_drop + sown / LEN
        } else if sown >= d {
            (sown - d) / LEN + 1
        } else {
            0
        }
    };
    let last_d = sown % LEN;
    let mut taken = 0;
    let mut d = last_d;
    loop {
        let h = geo.advance(from, Direction::Anticlockwise, d);
        if geo.owner(h) == s {
            break;
        }
        let before = if d == 0 { 0 } else { board[h.index()] as u32 };
        let after = before + drops(d);
        if after != 1 && after != 3 {
            break;
        }
        taken += after as i32;
        if d == 0 {
            break;
        }
        d -= 1;
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{NoEvents, Options};

    fn at(variant: Variant, text: &str) -> Position {
        Position::from_text(variant, Options::defaults(variant), text).unwrap()
    }

    /// One side's share of the threat feature.
    fn threat(p: &Position, side: Side) -> i32 {
        let geo = p.geometry();
        let mut board = [0u8; MAX_HOLES];
        board[..geo.hole_count()].copy_from_slice(p.counts());
        side_features(p, geo, &board, side)[4]
    }

    /// The threat feature is exactly what the engine captures with that lap, for one-lap turns.
    #[test]
    fn threats_match_the_engine() {
        // Scenarios I-6 / K-6 (docs/rules.md#worked-scenarios) turned into a capture: f1 ends in h2
        // (occupied) facing h3 and h4.
        let p = at(Variant::Kubuguza, "south f1=3 h2=1 h3=2 h4=1 a4=5 turn=9");
        assert_eq!((threat(&p, Side::South), threat(&p, Side::North)), (3, 0));
        assert_eq!(features(&p, Side::South)[4], 3);
        assert_eq!(features(&p, Side::South)[5], 3, "South moves: its threat counts");
        assert_eq!(features(&p, Side::North)[5], -3);
        // N-6: g2 lands in the empty e2 facing e3=2, e4=3; North's e3 would land in the empty g3 facing
        // g2 (2).
        let p = at(Variant::Njombwa, "south g2=2 a1=3 e3=2 e4=3 a4=1 turn=31");
        assert_eq!((threat(&p, Side::South), threat(&p, Side::North)), (5, 2));
        assert_eq!(features(&p, Side::South)[4], 3);
        // s1 (3) ends in t2 holding 1: one counter taken.
        let p = at(Variant::Azigo, "south s1=3 a1=2 k2=4 turn=31 store.south=40 store.north=40");
        let mut after = p.clone();
        let hole = p.geometry().parse_hole("s1").unwrap();
        after.apply(Side::South, mancala_engine::Decision::acw(hole), &mut NoEvents).unwrap();
        assert_eq!(threat(&p, Side::South), (after.store(Side::South) - p.store(Side::South)) as i32);
        assert_eq!(threat(&p, Side::South), 1);
    }

    /// Over random Azigo positions, the threat of each hole is what the engine's move of it captures.
    #[test]
    fn azigo_captures_match_the_engine_everywhere() {
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let v = Variant::Azigo;
        let mut checked = 0;
        for _ in 0..10 {
            let mut pos = Position::start(v, Options::defaults(v)).unwrap();
            while let ToMove::Side(side) = pos.to_move() {
                let geo = pos.geometry();
                let mut board = [0u8; MAX_HOLES];
                board[..geo.hole_count()].copy_from_slice(pos.counts());
                for d in pos.legal_decisions(side) {
                    let mancala_engine::Decision::Sow { hole, .. } = d else { continue };
                    let mut after = pos.clone();
                    after.apply(side, d, &mut NoEvents).unwrap();
                    let taken = after.store(side) as i32 - pos.store(side) as i32;
                    assert_eq!(
                        azigo_lap_capture(geo, &board, side, hole),
                        taken,
                        "{} {}",
                        pos.to_text(),
                        d.notation(geo)
                    );
                    checked += 1;
                }
                let moves = pos.legal_decisions(side);
                pos.apply(side, moves[rng.random_range(0..moves.len())], &mut NoEvents).unwrap();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn features_are_antisymmetric() {
        for variant in Variant::ALL {
            let p = Position::start(variant, Options::defaults(variant)).unwrap();
            let (s, n) = (features(&p, Side::South), features(&p, Side::North));
            for i in 0..FEATURES {
                assert_eq!(s[i], -n[i], "{variant} feature {i}");
            }
        }
    }

    #[test]
    fn material_weights_are_the_legacy_evaluation() {
        let p = at(Variant::Kubuguza, "south f1=3 h2=1 h3=2 h4=1 a4=5 turn=9");
        assert_eq!(evaluate(&p, Side::South, &material_weights(Variant::Kubuguza)), MATERIAL * (4 - 8));
    }

    /// The shortcut for material weights gives the weighted sum of the features.
    #[test]
    fn the_material_shortcut_is_the_weighted_sum() {
        use rand::rngs::ChaCha8Rng;
        use rand::{RngExt, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for variant in Variant::ALL {
            let w = material_weights(variant);
            let mut pos = Position::start(variant, Options::defaults(variant)).unwrap();
            for _ in 0..200 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for me in Side::BOTH {
                    let full: i32 = features(&pos, me).iter().zip(&w).map(|(x, w)| x * w).sum();
                    assert_eq!(evaluate(&pos, me, &w), full, "{variant} {}", pos.to_text());
                }
                pos.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
    }
}
