//! Azigo (RULES.md §3.3, decision D5). Placeholder until the Azigo issue: the start position only.

use crate::decision::Decision;
use crate::event::EventSink;
use crate::outcome::{EndReason, Outcome};
use crate::position::{MoveList, Position};
use crate::side::Side;

pub(crate) fn set_up(_pos: &mut Position) {}

pub(crate) fn legal(_pos: &Position, _side: Side, _out: &mut MoveList) {}

pub(crate) fn apply(_pos: &mut Position, _side: Side, _decision: Decision, _sink: &mut impl EventSink) {}

pub(crate) fn score_outcome(_pos: &Position, reason: EndReason) -> Outcome {
    Outcome::draw(reason)
}
