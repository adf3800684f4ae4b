//! Move preview: what one decision does from a position the asker knows whole (a lesson's board, a
//! position typed into an analysis board). The engine plays it; the answer is the engine's own steps (the
//! protocol's [`StepEvent`]s, the same the game socket sends, capture reasons included), the board after,
//! the counters captured, and whether the turn waits for another decision (with the decisions it accepts
//! then). Nothing here is hidden from the asker: the position came from them.

use crate::referee::{self, Progress, Setup};
use mancala_engine::Variant;
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
    /// The position after the decision, as text (RULES.md D11): what the next preview or analysis starts
    /// from.
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

/// Plays `decision` at `position` (position text, RULES.md D11; the rule set's start when `None`).
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
        board: referee::board_view(&attempt.after, Some(side), continues),
        position: attempt.after.to_text(),
        captured: attempt.facts.captured,
        laps: attempt.facts.laps,
        last_hole: attempt.facts.last_drop.clone(),
        continues,
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
}
