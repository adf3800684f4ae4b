//! The checker: plays the learner's decisions from a step's position through the engine, judges the
//! attempt against the step's goal, and picks the hint for a wrong attempt from the step's data.

use crate::format::{Did, Step};
use crate::goal::{Goal, Judgement, judge};
use crate::referee::{self, Attempt, Progress, Refusal};
use mancala_engine::Position;
use serde::Serialize;

/// The state of an attempt after a check.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The goal is met.
    Met,
    /// The turn is played and the goal is not met (or can no longer be).
    Missed,
    /// The engine refused a decision; nothing was played.
    Illegal,
    /// The turn waits for another decision of the learner: send the same decisions plus one of the
    /// board's legal decisions.
    Continue,
}

/// An attempt judged, before any text is looked up.
#[derive(Clone, Debug)]
pub struct Checked<'a> {
    pub status: Status,
    pub attempt: Attempt,
    /// The hint's text id (a wrong attempt) or the success text's (a met goal, when the step has one).
    pub text: Option<&'a str>,
}

/// Checks `decisions` (notation) against `step`'s goal from `start`, the step's position. An error says
/// what cannot be checked: a step without a goal, a decision that cannot be read, too many decisions.
pub fn check<'a>(step: &'a Step, start: &Position, decisions: &[&str]) -> Result<Checked<'a>, String> {
    let goal = step.goal.as_ref().ok_or("this step has nothing to play: read it and go on")?;
    let attempt = referee::attempt(start, decisions)?;
    let exposure_matters = matches!(goal, Goal::Safe) || step.hints.iter().any(|h| h.did == Some(Did::Exposed));
    let exposed = if exposure_matters && attempt.progress == Progress::TurnOver && !attempt.after.is_over() {
        referee::opponent_can_capture(&attempt.after)?
    } else {
        false
    };
    let (status, text) = match judge(goal, &attempt, exposed) {
        Judgement::Met => (Status::Met, step.success.as_deref()),
        Judgement::Undecided => (Status::Continue, None),
        Judgement::Missed => {
            let status =
                if matches!(attempt.progress, Progress::Refused(_)) { Status::Illegal } else { Status::Missed };
            (status, Some(hint(step, &attempt, exposed)))
        }
    };
    Ok(Checked { status, attempt, text })
}

/// The first of the step's hints that applies to the attempt, else its general hint.
fn hint<'a>(step: &'a Step, attempt: &Attempt, exposed: bool) -> &'a str {
    let made = attempt.decisions.join(" ");
    step.hints
        .iter()
        .find(|h| match (&h.decision, h.did) {
            (Some(seq), _) => made == *seq || made.starts_with(&format!("{seq} ")),
            (None, Some(did)) => did_holds(did, attempt, exposed),
            (None, None) => false,
        })
        .map(|h| h.text.as_str())
        .or(step.hint.as_deref())
        .unwrap_or_default()
}

/// Did the attempt do `did`?
pub fn did_holds(did: Did, attempt: &Attempt, exposed: bool) -> bool {
    let refused = match attempt.progress {
        Progress::Refused(r) => Some(r),
        Progress::Waiting | Progress::TurnOver => None,
    };
    let f = &attempt.facts;
    match did {
        Did::Illegal => refused.is_some(),
        Did::IllegalSingle => refused == Some(Refusal::Single),
        Did::IllegalEmpty => refused == Some(Refusal::Empty),
        Did::IllegalOpponent => refused == Some(Refusal::Opponent),
        Did::IllegalClockwise => refused == Some(Refusal::Clockwise),
        Did::Captured => refused.is_none() && f.captured > 0,
        Did::NoCapture => refused.is_none() && f.captured == 0,
        Did::Relayed => refused.is_none() && f.relays > 0,
        Did::NoRelay => refused.is_none() && f.relays == 0,
        Did::Clockwise => refused.is_none() && f.clockwise,
        Did::Lost => f.lost,
        Did::Exposed => refused.is_none() && exposed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Setup;
    use mancala_engine::Variant;

    fn step(json: &str) -> Step {
        serde_json::from_str(json).unwrap()
    }

    fn start(variant: Variant, position: &str) -> Position {
        Setup::new(variant, &Default::default(), Some(position.into())).position().unwrap()
    }

    /// Kubuguza: e2 relays at b2 (a clockwise hole), where the engine asks for the direction.
    const TURN_BACK: &str = "south e2=3 b2=1 d2=1 d3=1 d4=1 a4=2";

    #[test]
    fn a_play_goal_is_judged_as_soon_as_it_is_decided() {
        let s = step(
            r#"{ "id": "x", "text": "t", "goal": { "kind": "play", "any_of": ["e2 b2:cw"] }, "solution": "e2 b2:cw",
                 "hints": [{ "decision": "e2 b2", "text": "turn-back" }], "hint": "general" }"#,
        );
        let pos = start(Variant::Kubuguza, TURN_BACK);
        assert_eq!(check(&s, &pos, &["e2"]).unwrap().status, Status::Continue);
        let wrong = check(&s, &pos, &["e2", "b2"]).unwrap();
        assert_eq!((wrong.status, wrong.text), (Status::Missed, Some("turn-back")));
        assert_eq!(check(&s, &pos, &["e2", "b2:cw"]).unwrap().status, Status::Met);
        let refused = check(&s, &pos, &["d2"]).unwrap();
        assert_eq!((refused.status, refused.text), (Status::Illegal, Some("general")));
    }

    #[test]
    fn the_first_hint_that_applies_is_chosen() {
        let s = step(
            r#"{ "id": "x", "text": "t", "goal": { "kind": "capture", "at_least": 1 }, "solution": "e2 b2:cw",
                 "hints": [
                   { "did": "illegal-single", "text": "single" },
                   { "did": "illegal-clockwise", "text": "clockwise" },
                   { "decision": "e2", "text": "e2" },
                   { "did": "no-capture", "text": "none" }
                 ],
                 "hint": "general" }"#,
        );
        let pos = start(Variant::Kubuguza, TURN_BACK);
        let text = |d: &[&str]| check(&s, &pos, d).unwrap().text;
        assert_eq!(text(&["b2"]), Some("single"));
        assert_eq!(text(&["e2:cw"]), Some("clockwise"), "refused clockwise, accepted anticlockwise");
        assert_eq!(text(&["b2:cw"]), Some("single"), "refused both ways: the hole holds one counter");
        assert_eq!(text(&["e2", "b2"]), Some("e2"), "the hint keyed by the first decision comes before `no-capture`");
        assert_eq!(text(&["a1"]), Some("general"));
        assert_eq!(check(&s, &pos, &["e2", "b2:cw"]).unwrap().status, Status::Met);
    }

    #[test]
    fn a_safe_goal_looks_at_every_reply() {
        // After c1 (d1, e1) North's b3 reaches d3, facing d2 and d1; after f2 the relay empties d2.
        let s = step(
            r#"{ "id": "x", "text": "t", "goal": { "kind": "safe" }, "solution": "f2",
                 "hints": [{ "did": "exposed", "text": "exposed" }], "hint": "general" }"#,
        );
        let pos = start(Variant::Kubuguza, "south a1=2 c1=2 d2=1 f2=2 b3=2 d3=1 a4=2");
        let c1 = check(&s, &pos, &["c1"]).unwrap();
        assert_eq!((c1.status, c1.text), (Status::Missed, Some("exposed")));
        assert_eq!(check(&s, &pos, &["f2"]).unwrap().status, Status::Met);
    }

    #[test]
    fn a_step_without_a_goal_cannot_be_checked() {
        let s = step(r#"{ "id": "x", "text": "t" }"#);
        let pos = start(Variant::Kubuguza, TURN_BACK);
        assert!(check(&s, &pos, &["e2"]).is_err());
    }
}
