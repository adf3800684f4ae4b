//! The rules that differ per game, one file each, beside [`relay`], the turn driver shared by the
//! four-row games. [`crate::Position`] calls the functions here and owns everything the games share.

pub(crate) mod azigo;
pub(crate) mod ikibuguzo;
pub(crate) mod kubuguza;
pub(crate) mod njombwa;
pub(crate) mod relay;

use crate::decision::{Decision, OpeningArray};
use crate::event::EventSink;
use crate::outcome::{EndReason, Outcome};
use crate::position::{MoveList, Position};
use crate::side::Side;
use crate::variant::Variant;

/// Lays out the start of a new game (board, stores, phase).
pub(crate) fn set_up(pos: &mut Position) {
    match pos.variant {
        Variant::Kubuguza => kubuguza::set_up(pos),
        Variant::Njombwa => njombwa::set_up(pos),
        Variant::Azigo => azigo::set_up(pos),
        Variant::Ikibuguzo => ikibuguzo::set_up(pos, None),
        Variant::IkibuguzoOpening1 => ikibuguzo::set_up(pos, Some(OpeningArray::One)),
        Variant::IkibuguzoOpening2 => ikibuguzo::set_up(pos, Some(OpeningArray::Two)),
    }
}

/// The legal decisions of `side`, whose turn it is (not called while choosing).
pub(crate) fn legal(pos: &Position, side: Side, out: &mut MoveList) {
    match pos.variant {
        Variant::Kubuguza => kubuguza::legal(pos, side, out),
        Variant::Njombwa => njombwa::legal(pos, side, out),
        Variant::Azigo => azigo::legal(pos, side, out),
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => {
            ikibuguzo::legal(pos, side, out)
        }
    }
}

/// Applies a legal decision of the side whose turn it is.
pub(crate) fn apply(pos: &mut Position, side: Side, decision: Decision, sink: &mut impl EventSink) {
    match pos.variant {
        Variant::Kubuguza => kubuguza::apply(pos, side, decision, sink),
        Variant::Njombwa => njombwa::apply(pos, side, decision, sink),
        Variant::Azigo => azigo::apply(pos, side, decision, sink),
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => {
            ikibuguzo::apply(pos, side, decision, sink)
        }
    }
}

/// Phase changes due at the start of a turn (also applied to parsed positions).
#[inline]
pub(crate) fn on_turn_start(pos: &mut Position) {
    match pos.variant {
        Variant::Njombwa => njombwa::on_turn_start(pos),
        Variant::Kubuguza | Variant::Azigo => {}
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => ikibuguzo::on_turn_start(pos),
    }
}

/// A cheap sufficient test that the side to move has a legal decision (so the full list need not be
/// built at every turn end): a four-row player with a hole of two or more always has one (an
/// anticlockwise start, or the forced opening turn), Njombwa always has at least `pass`, and an Azigo
/// player with a counter in its row or store can move.
#[inline]
pub(crate) fn surely_has_move(pos: &Position) -> bool {
    match pos.variant {
        Variant::Azigo => pos.stores[pos.side] > 0 || pos.geo.own_holes(pos.side).any(|h| pos.board[h as usize] > 0),
        Variant::Njombwa => true,
        Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 | Variant::Kubuguza => {
            if pos.geo == crate::Geometry::FourRows(8) {
                // A 4x8 side is two words (holes 0-15 South's, 16-31 North's): a byte of two or more has a
                // bit above bit 0.
                let low = 16 * pos.side.index();
                (crate::sowing::word_at(&pos.board, low) | crate::sowing::word_at(&pos.board, low + 8))
                    & 0xFEFE_FEFE_FEFE_FEFE
                    != 0
            } else {
                pos.geo.own_holes(pos.side).any(|h| pos.board[h as usize] >= 2)
            }
        }
    }
}

/// The result when `side` is to move and has no legal decision.
pub(crate) fn no_move_outcome(pos: &Position, side: Side) -> Outcome {
    match pos.variant {
        Variant::Azigo => azigo::score_outcome(pos, EndReason::NoLegalMove),
        // docs/rules.md#ikibuguzo-end, docs/rules.md#kubuguza-end: the player who cannot play loses. (Njombwa
        // always has at least `pass`, so it never gets here; were it to, the same rule would apply.)
        Variant::Ikibuguzo
        | Variant::IkibuguzoOpening1
        | Variant::IkibuguzoOpening2
        | Variant::Kubuguza
        | Variant::Njombwa => Outcome::win(side.other(), EndReason::NoLegalMove),
    }
}

/// The result when the turn limit is reached: Azigo by score, the others a draw
/// (docs/rules.md#turns-and-turn-limits).
pub(crate) fn turn_limit_outcome(pos: &Position) -> Outcome {
    match pos.variant {
        Variant::Azigo => azigo::score_outcome(pos, EndReason::TurnLimit),
        Variant::Ikibuguzo
        | Variant::IkibuguzoOpening1
        | Variant::IkibuguzoOpening2
        | Variant::Kubuguza
        | Variant::Njombwa => Outcome::draw(EndReason::TurnLimit),
    }
}
