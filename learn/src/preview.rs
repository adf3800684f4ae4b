//! Move preview: what one decision does from a position the asker knows whole (a lesson's board, a
//! position typed into an analysis board). The engine plays it; the answer is the engine's own steps (the
//! protocol's [`StepEvent`]s, the same the game socket sends, capture reasons included), the board after,
//! the counters captured, and whether the turn waits for another decision (with the decisions it accepts
//! then). Nothing here is hidden from the asker: the position came from them.
//!
//! [`game_preview`] is the same for a game in progress, whose position the asker does not hold: the
//! server plays the decision on its own position and answers only what the side to move may see (its
//! events projected for that side as if the game went on, no board, no position text).

use crate::referee::{self, Progress, Setup};
use mancala_engine::{Position, Variant};
use mancala_protocol::http::OptionsPatch;
use mancala_protocol::{BoardView, StepEvent};
use serde::Serialize;

/// Why a preview cannot be made; each names the request's field at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PreviewError {
    /// The options do not fit the rule set.
    #[error("`options`: {0}")]
    Options(String),
    /// The position text cannot be read, or the game is over at it.
    #[error("`position`: {0}")]
    Position(String),
    /// The decision cannot be read.
    #[error("`decision`: {0}")]
    Decision(String),
    /// The engine refuses the decision at this position.
    #[error("`decision`: `{decision}` is not legal here; legal: {}", legal.join(", "))]
    Illegal { decision: String, legal: Vec<String> },
}

/// What a decision does.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Preview {
    /// The decision in canonical notation.
    pub decision: String,
    /// The side that made it (`south` / `north`).
    pub side: &'static str,
    /// The steps, lap by lap, as the game socket sends them.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub events: Vec<StepEvent>,
    /// The board after the decision; while the turn goes on, `legal` lists the decisions it waits for.
    pub board: BoardView,
    /// The position after the decision, as text (docs/rules.md#d11-position-text): what the next preview or
    /// analysis starts from.
    pub position: String,
    /// Counters captured by this decision.
    pub captured: u32,
    /// Laps sown.
    pub laps: u32,
    /// The hole the last counter fell into.
    pub last_hole: Option<String>,
    /// The turn waits for another decision of the same side (a direction, a choice inside the turn).
    #[serde(rename = "continue")]
    pub continues: bool,
}

/// Plays `decision` at `position` (position text, docs/rules.md#d11-position-text; the rule set's start when
/// `None`).
pub fn preview(
    variant: Variant,
    options: &OptionsPatch,
    position: Option<&str>,
    decision: &str,
) -> Result<Preview, PreviewError> {
    let setup = Setup::new(variant, options, position.map(str::to_string));
    setup.options.validate(variant).map_err(|e| PreviewError::Options(e.to_string()))?;
    let start = setup.position().map_err(PreviewError::Position)?;
    let side = referee::decider(&start).ok_or_else(|| PreviewError::Position("the game is over".into()))?;
    let attempt = referee::attempt(&start, &[decision])
        .map_err(|e| PreviewError::Decision(e.strip_prefix("decision 1: ").unwrap_or(&e).to_string()))?;
    let geo = start.geometry();
    if let Progress::Refused(_) = attempt.progress {
        return Err(PreviewError::Illegal {
            decision: attempt.decisions.last().cloned().unwrap_or_default(),
            legal: start.legal_decisions(side).into_iter().map(|d| d.notation(geo)).collect(),
        });
    }
    let continues = attempt.progress == Progress::Waiting;
    Ok(Preview {
        decision: attempt.decisions.last().cloned().unwrap_or_default(),
        side: side.name(),
        events: referee::wire_events(&attempt.after, &attempt.events, None),
        // The whole board, Azigo's two stores included: the asker gave the whole position.
        board: referee::board_view(&attempt.after, None, continues),
        position: attempt.after.to_text(),
        captured: attempt.facts.captured,
        laps: attempt.facts.laps,
        last_hole: attempt.facts.last_drop.clone(),
        continues,
    })
}

/// What a decision of a game in progress does, as the player who would make it sees it: no board and
/// no position text, which could carry what that player may not see (the opponent's concealed store).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GamePreview {
    /// The decision in canonical notation.
    pub decision: String,
    /// The side that would make it (`south` / `north`).
    pub side: &'static str,
    /// The steps, lap by lap, as the game socket would send them to that side.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub events: Vec<StepEvent>,
    /// Counters captured by this decision.
    pub captured: u32,
    /// Laps sown.
    pub laps: u32,
    /// The hole the last counter fell into.
    pub last_hole: Option<String>,
    /// The turn would wait for another decision of the same side.
    #[serde(rename = "continue")]
    pub continues: bool,
}

/// Plays `decision` on a copy of a game's position `pos` for the side that decides there. The caller
/// checks that this side is the asker's and that nothing of the turn depends on a secret (an Ikibuguzo
/// choice not yet revealed); the events are projected for that side with the game still going on, so
/// an end reached by the decision reveals nothing either.
pub fn game_preview(pos: &Position, decision: &str) -> Result<GamePreview, PreviewError> {
    let side = referee::decider(pos).ok_or_else(|| PreviewError::Position("the game is over".into()))?;
    let attempt = referee::attempt(pos, &[decision])
        .map_err(|e| PreviewError::Decision(e.strip_prefix("decision 1: ").unwrap_or(&e).to_string()))?;
    let geo = pos.geometry();
    if let Progress::Refused(_) = attempt.progress {
        return Err(PreviewError::Illegal {
            decision: attempt.decisions.last().cloned().unwrap_or_default(),
            legal: pos.legal_decisions(side).into_iter().map(|d| d.notation(geo)).collect(),
        });
    }
    Ok(GamePreview {
        decision: attempt.decisions.last().cloned().unwrap_or_default(),
        side: side.name(),
        events: referee::player_events(&attempt.after, &attempt.events, side),
        captured: attempt.facts.captured,
        laps: attempt.facts.laps,
        last_hole: attempt.facts.last_drop.clone(),
        continues: attempt.progress == Progress::Waiting,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sowing_from_the_start() {
        let p = preview(Variant::Kubuguza, &OptionsPatch::default(), None, "e2").unwrap();
        assert_eq!(p.decision, "e2");
        assert_eq!(p.side, "south");
        assert!(p.laps >= 1);
        assert!(!p.events.is_empty());
        assert!(p.last_hole.is_some());
        let mut after = mancala_engine::Position::start(Variant::Kubuguza, Default::default()).unwrap();
        after.play(mancala_engine::Decision::parse("e2", after.geometry()).unwrap()).unwrap();
        assert_eq!(p.position, after.to_text(), "the position after, as the engine writes it");
    }

    #[test]
    fn each_bad_field_is_named() {
        let none = OptionsPatch::default();
        let e = preview(Variant::Kubuguza, &none, Some("south a1=zz"), "a1").unwrap_err();
        assert!(matches!(e, PreviewError::Position(_)), "{e}");
        let e = preview(Variant::Kubuguza, &none, None, "z9").unwrap_err();
        assert!(matches!(e, PreviewError::Decision(_)), "{e}");
        let e = preview(Variant::Kubuguza, &none, None, "a1").unwrap_err();
        match e {
            PreviewError::Illegal { decision, legal } => {
                assert_eq!(decision, "a1");
                assert!(legal.contains(&"e2".to_string()), "{legal:?}");
            }
            other => panic!("{other}"),
        }
        let wide = OptionsPatch { width: Some(11), ..OptionsPatch::default() };
        let e = preview(Variant::Njombwa, &wide, None, "a1").unwrap_err();
        assert!(matches!(e, PreviewError::Options(_)), "{e}");
    }

    #[test]
    fn a_preview_shows_the_whole_board_it_was_given() {
        // The asker sent both of Azigo's stores in the position: the board after shows both.
        let none = OptionsPatch::default();
        let text = "north q1=1 r1=4 t1=1 a2=2 c2=3 t2=2 store.south=1 store.north=55";
        let p = preview(Variant::Azigo, &none, Some(text), "t2").unwrap();
        assert_eq!((p.board.stores.south, p.board.stores.north), (Some(1), Some(55)));
        assert_eq!(p.board.to_move.as_deref(), Some("south"));
    }

    #[test]
    fn a_game_preview_shows_the_player_nothing_of_the_opponents_store() {
        // North's store move would lift a count South may not see; South's own lift is hers to see.
        let v = Variant::Azigo;
        let text = "south a1=2 c1=5 t2=3 store.south=4 store.north=37";
        let pos = mancala_engine::Position::from_text(v, mancala_engine::Options::defaults(v), text).unwrap();
        let p = game_preview(&pos, "store").unwrap();
        assert_eq!(p.side, "south");
        let json = serde_json::to_string(&p).unwrap();
        assert!(!json.contains("\"position\""), "no position text: {json}");
        assert!(!json.contains("\"board\""), "no board: {json}");
        assert!(!json.contains("37"), "North's store count appears nowhere: {json}");
        let e = game_preview(&pos, "t2").unwrap_err();
        assert!(matches!(e, PreviewError::Illegal { .. }), "{e}");
    }
}
