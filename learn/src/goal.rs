//! A step's goal and how an attempt is judged against it. The judgement reads only what the engine
//! reported about the attempt ([`Attempt`]): the decisions it accepted or refused, the events of the turn
//! and the position after. No rule is written here.

use crate::referee::{Attempt, Progress};
use serde::{Deserialize, Serialize};

/// What the learner must do in one turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Goal {
    /// Make one of these decisions, or sequences of decisions inside one turn (notation separated by
    /// spaces: `"e2 b2:cw"`). Judged as soon as the decisions made so far match one (what follows in the
    /// turn does not matter) or none can.
    Play { any_of: Vec<String> },
    /// End the turn with the last counter in one of these holes.
    EndIn { holes: Vec<String> },
    /// Capture at least this many counters in the turn.
    Capture { at_least: u32 },
    /// Relay at least this many times in the turn (a relay lifts the hole where the last lap ended).
    Relays { at_least: u32 },
    /// Win the game in this turn, for the given reason (an end-reason id such as `special-win`) or any.
    Win {
        #[serde(default)]
        reason: Option<String>,
    },
    /// End the turn so that no reply of the opponent captures anything.
    Safe,
}

impl Goal {
    /// The id of the goal's kind (`play`, `end-in`, …), also the suffix of its generic line `goal.<kind>`.
    pub fn kind(&self) -> &'static str {
        match self {
            Goal::Play { .. } => "play",
            Goal::EndIn { .. } => "end-in",
            Goal::Capture { .. } => "capture",
            Goal::Relays { .. } => "relays",
            Goal::Win { .. } => "win",
            Goal::Safe => "safe",
        }
    }

    /// The id of the goal's generic line: `goal.<kind>`, or `goal.<kind>.one` when the goal counts one
    /// (English and French say "capture a counter", not "capture at least 1 counters").
    pub fn line_id(&self) -> String {
        match self {
            Goal::Capture { at_least: 1 } | Goal::Relays { at_least: 1 } => format!("goal.{}.one", self.kind()),
            _ => format!("goal.{}", self.kind()),
        }
    }

    /// The values the generic line `goal.<kind>` may name: `{count}`, `{holes}`, `{decisions}`.
    pub fn placeholders(&self) -> Vec<(&'static str, String)> {
        match self {
            Goal::Play { any_of } => vec![("decisions", any_of.join(" / "))],
            Goal::EndIn { holes } => vec![("holes", holes.join(", "))],
            Goal::Capture { at_least } | Goal::Relays { at_least } => vec![("count", at_least.to_string())],
            Goal::Win { .. } | Goal::Safe => Vec::new(),
        }
    }
}

/// The judgement of an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    Met,
    Missed,
    /// The turn waits for another decision of the learner and the goal is not decided yet.
    Undecided,
}

/// Judges `attempt` against `goal`. `exposed` says whether the opponent can capture after the turn (the
/// caller asks the engine only for [`Goal::Safe`] and only once the turn is over).
pub fn judge(goal: &Goal, attempt: &Attempt, exposed: bool) -> Judgement {
    let turn_over = match attempt.progress {
        Progress::Refused(_) => return Judgement::Missed,
        Progress::Waiting => false,
        Progress::TurnOver => true,
    };
    if let Goal::Play { any_of } = goal {
        let made = attempt.decisions.join(" ");
        // Decisions made after the listed ones (the rest of the turn) do not undo the goal.
        if any_of.iter().any(|seq| made == *seq || made.starts_with(&format!("{seq} "))) {
            return Judgement::Met;
        }
        let may_still = any_of.iter().any(|seq| seq.starts_with(&format!("{made} ")));
        return if may_still && !turn_over { Judgement::Undecided } else { Judgement::Missed };
    }
    if !turn_over {
        return Judgement::Undecided;
    }
    let met = match goal {
        Goal::Play { .. } => unreachable!("judged above"),
        Goal::EndIn { holes } => attempt.facts.last_drop.as_ref().is_some_and(|h| holes.contains(h)),
        Goal::Capture { at_least } => attempt.facts.captured >= *at_least,
        Goal::Relays { at_least } => attempt.facts.relays >= *at_least,
        Goal::Win { reason } => {
            attempt.facts.won && reason.as_ref().is_none_or(|r| attempt.facts.end_reason.as_deref() == Some(r))
        }
        Goal::Safe => !attempt.facts.lost && (attempt.facts.won || !exposed),
    };
    if met { Judgement::Met } else { Judgement::Missed }
}
