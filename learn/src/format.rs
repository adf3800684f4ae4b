//! The data format of the course files (`learn/courses/*.json`) and the rules pages
//! (`learn/rules/*.json`), exactly as written there. These types hold no prose: every text is a text id,
//! looked up in the language files (`learn/text/{lang}/*.json`) by [`crate::text`].
//!
//! `docs/learn.md` describes the format with examples; [`crate::Library::load`] checks what serde cannot
//! (unique ids, known text ids, one kind of condition per hint).

use crate::goal::Goal;
use mancala_bot::Level;
use mancala_engine::Variant;
use mancala_protocol::http::OptionsPatch;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A text id: a key of the language files, e.g. `kubuguza.relay.two-laps`.
pub type TextId = String;

/// The four games this site teaches, one course and one rules page each. Ikibuguzo's course and page use
/// its three rule sets (the secret choice and the two fixed arrays) as they need.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    Kubuguza,
    Ikibuguzo,
    Njombwa,
    Azigo,
}

impl Game {
    /// The order in which the courses are offered: Kubuguza first, the simplest of the four-row games.
    pub const ALL: [Game; 4] = [Game::Kubuguza, Game::Ikibuguzo, Game::Njombwa, Game::Azigo];

    pub const fn id(self) -> &'static str {
        match self {
            Game::Kubuguza => "kubuguza",
            Game::Ikibuguzo => "ikibuguzo",
            Game::Njombwa => "njombwa",
            Game::Azigo => "azigo",
        }
    }

    /// The game a rule set belongs to.
    pub const fn of(variant: Variant) -> Game {
        match variant {
            Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => Game::Ikibuguzo,
            Variant::Kubuguza => Game::Kubuguza,
            Variant::Njombwa => Game::Njombwa,
            Variant::Azigo => Game::Azigo,
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One game's course: its lessons in order.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    pub game: Game,
    /// The rule set of every step that names none.
    pub variant: Variant,
    pub title: TextId,
    pub intro: TextId,
    /// The first lesson that ends by inviting the learner to play the computer: the lessons before it
    /// teach what a whole game needs (Njombwa's opening gambit), so they do not invite yet. Absent: the
    /// first lesson.
    pub invites_from: Option<String>,
    pub lessons: Vec<Lesson>,
}

/// A short lesson: one subject, 3 to 8 steps.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Unique in its course; the lesson's id is `game/lesson`.
    pub id: String,
    pub title: TextId,
    /// One line under the title in the list of lessons.
    pub summary: TextId,
    pub steps: Vec<Step>,
}

/// One step: a board and a text, and either a goal (the learner decides) or nothing to do but read (and
/// perhaps watch a sowing the page plays: `demo`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Unique in its lesson; the step's id is `game/lesson/step`.
    pub id: String,
    /// The rule set; the course's when absent.
    pub variant: Option<Variant>,
    /// Options on top of the rule set's defaults.
    #[serde(default)]
    pub options: OptionsPatch,
    /// Position text (docs/rules.md#d11-position-text); the rule set's start when absent.
    pub position: Option<String>,
    #[serde(default)]
    pub marks: Marks,
    /// The explanation.
    pub text: TextId,
    /// Where the step shows something the sources leave open or this site reads its own way: that reading,
    /// shown apart as "How this site reads it", as the rules pages do.
    pub reading: Option<TextId>,
    /// What the learner must do. Absent: read (and watch) and continue.
    pub goal: Option<Goal>,
    /// The goal's line, when the generic one (`goal.capture`, …) does not say it well.
    pub goal_text: Option<TextId>,
    /// A sequence of decisions that meets the goal (in notation, separated by spaces). Required with a goal.
    pub solution: Option<String>,
    /// Hints for wrong decisions, the first that applies is shown.
    #[serde(default)]
    pub hints: Vec<Hint>,
    /// The hint when no specific one applies. Required with a goal.
    pub hint: Option<TextId>,
    /// Shown once the goal is met: what just happened.
    pub success: Option<TextId>,
    /// Read steps: decisions the page plays for the learner to watch (the engine gives the sowing).
    pub demo: Option<String>,
    /// The invitation to play the computer, on the last step of every lesson.
    pub invite: Option<Invite>,
}

/// A hint tied to a wrong attempt: either to a decision (or a sequence of decisions inside one turn) or
/// to what the attempt did. Exactly one of `decision` and `did` is given.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hint {
    /// Applies when the attempt starts with these decisions (notation, separated by spaces).
    pub decision: Option<String>,
    /// Applies when the attempt did this.
    pub did: Option<Did>,
    pub text: TextId,
}

/// What a wrong attempt did, as the engine saw it. The checker finds these in the engine's answer (the
/// decision it refused, the events of the turn, the position after); none is a rule of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Did {
    /// The engine refused a decision, for any reason.
    Illegal,
    /// Refused: the hole holds a single counter.
    IllegalSingle,
    /// Refused: the hole is empty.
    IllegalEmpty,
    /// Refused: the hole is the opponent's.
    IllegalOpponent,
    /// Refused: clockwise from a hole that may be sown anticlockwise.
    IllegalClockwise,
    /// The turn captured something.
    Captured,
    /// The turn captured nothing.
    NoCapture,
    /// The sowing relayed at least once.
    Relayed,
    /// The turn was one lap (with its captures sown on, if any) and no relay.
    NoRelay,
    /// At least one lap of the turn went clockwise.
    Clockwise,
    /// The game ended and the learner lost.
    Lost,
    /// After the turn, the opponent has a reply that captures.
    Exposed,
}

impl Did {
    pub const fn id(self) -> &'static str {
        match self {
            Did::Illegal => "illegal",
            Did::IllegalSingle => "illegal-single",
            Did::IllegalEmpty => "illegal-empty",
            Did::IllegalOpponent => "illegal-opponent",
            Did::IllegalClockwise => "illegal-clockwise",
            Did::Captured => "captured",
            Did::NoCapture => "no-capture",
            Did::Relayed => "relayed",
            Did::NoRelay => "no-relay",
            Did::Clockwise => "clockwise",
            Did::Lost => "lost",
            Did::Exposed => "exposed",
        }
    }
}

/// What to draw on a board besides the counters.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marks {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<HoleMark>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<Arrow>,
}

impl Marks {
    /// Every hole named by a mark or an arrow.
    pub fn hole_names(&self) -> impl Iterator<Item = &str> {
        self.holes.iter().map(|m| m.hole.as_str()).chain(self.arrows.iter().flat_map(|a| [&*a.from, &*a.to]))
    }
}

/// A highlighted hole.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoleMark {
    pub hole: String,
    pub kind: MarkKind,
}

/// How a hole is highlighted.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkKind {
    /// Look here (a rule's subject).
    Focus,
    /// The target of the goal (where to land, what to take).
    Goal,
    /// A hole at risk.
    Danger,
}

/// An arrow from one hole to another (a direction of sowing, a capture's way).
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrow {
    pub from: String,
    pub to: String,
}

/// The invitation to play a game against the computer, at a bot level (`"easy"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invite {
    pub variant: Variant,
    #[serde(deserialize_with = "level")]
    pub level: Level,
}

/// A bot level by its id (`random`, `easy`, `medium`, `hard`).
fn level<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
    let id = String::deserialize(d)?;
    id.parse().map_err(serde::de::Error::custom)
}

/// One game's rules for players: short sections, each with its diagrams and the sources' own words.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesPage {
    pub game: Game,
    /// The rule set of every diagram that names none.
    pub variant: Variant,
    pub title: TextId,
    pub intro: TextId,
    pub sections: Vec<Section>,
}

/// One rule (or a few that belong together).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Unique in the page (an anchor for links).
    pub id: String,
    pub title: TextId,
    /// Paragraphs.
    pub body: Vec<TextId>,
    #[serde(default)]
    pub diagrams: Vec<Diagram>,
    /// The sources' own words for this rule: the page numbers them as notes, listed at its end.
    #[serde(default)]
    pub quotes: Vec<Quote>,
    /// Where the sources are silent or this site reads them its own way: the reading it plays, in plain
    /// words.
    pub reading: Option<TextId>,
}

/// A board diagram: a position, marks, and optionally decisions whose sowing the page draws.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Diagram {
    pub variant: Option<Variant>,
    #[serde(default)]
    pub options: OptionsPatch,
    /// Position text; the rule set's start when absent.
    pub position: Option<String>,
    #[serde(default)]
    pub marks: Marks,
    /// Decisions the engine plays from the position (notation, separated by spaces).
    pub play: Option<String>,
    pub caption: TextId,
}

/// A source's own words: `words` is an id of `learn/text/sources.json` (the verbatim English text, the
/// same in every language); each other language translates it under `quote.<words>`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quote {
    /// An id of `sources` in `learn/text/sources.json`.
    pub source: String,
    pub words: String,
    /// What the source's own notation in these words means (Murray's hole letters and section numbers,
    /// Sanderson's rows and men), in the reader's language.
    pub explain: Option<TextId>,
}

/// The language-neutral texts: the sources (with their references) and the verbatim quotations.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceTexts {
    pub sources: std::collections::BTreeMap<String, Source>,
    pub quotes: std::collections::BTreeMap<String, String>,
}

/// A source: the short reference shown beside a quotation and the full citation.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Source {
    /// `Murray 1951: 217`.
    pub short: String,
    pub citation: String,
    /// Where the words were read: the ids of the Ludii portal's evidence pages (the seed pages).
    pub via: Option<String>,
}
