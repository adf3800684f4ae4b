//! The reference every search's tests compare with: plain minimax, with the searches' depth rules (a
//! forced decision or a turn that goes on keeps the depth, `root::keeps_depth`) and the ply cap, valuing
//! the leaves with the evaluation it is given. Slow and obviously right.

use crate::root::keeps_depth;
use crate::search::{MAX_PLY, terminal};
use mancala_engine::{NoEvents, Position, Side, ToMove};

/// The minimax value for `me` of `pos`, `ply` decisions below the root, searched `depth` deep, each leaf
/// valued by `leaf`.
pub(crate) fn minimax(pos: &Position, me: Side, depth: i32, ply: u32, leaf: &dyn Fn(&Position, Side) -> i32) -> i32 {
    let side = match pos.to_move() {
        ToMove::Nobody(o) => return terminal(o, me, ply),
        ToMove::Side(s) => s,
        ToMove::Both { .. } => unreachable!("the tests compare positions after the openings' secret choice"),
    };
    if depth <= 0 || ply >= MAX_PLY {
        return leaf(pos, me);
    }
    let moves = pos.legal_decisions(side);
    let values = moves.iter().map(|&d| {
        let mut child = pos.clone();
        child.apply_unchecked(side, d, &mut NoEvents);
        let cd = if keeps_depth(moves.len() == 1, side, &child) { depth } else { depth - 1 };
        minimax(&child, me, cd, ply + 1, leaf)
    });
    if side == me { values.max().unwrap() } else { values.min().unwrap() }
}
