//! One puzzle as data, its identity (a hash of the position it starts from) and its check against the
//! rules engine.

use mancala_engine::{Decision, Options, Position, Side, ToMove, Variant, position_text};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// One puzzle: where it starts, what the solver must achieve, and the line that achieves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// [`puzzle_id`] of its variant, options and position: the same position is the same puzzle.
    pub id: String,
    pub variant: Variant,
    #[serde(default)]
    pub options: Options,
    /// Position text (docs/rules.md, "Position text"), the solver to move.
    pub position: String,
    /// Every decision of the solution in play order, in notation: the solver's first, then whatever the
    /// position asks next (the solver may make several decisions in a row inside one turn; the
    /// opponent's replies are the engine's best).
    pub solution: Vec<String>,
    /// Other decisions as good as the solution's at one of the solver's plies (two wins, or within the
    /// verdict's margin at a deeper search): an attempt that plays one is right. Empty for most puzzles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
    pub goal: Goal,
    #[serde(default)]
    pub themes: Vec<Theme>,
    /// The puzzle's rating (Glicko-2, as a player's): its first estimate when made, then as attempts
    /// move it.
    pub rating: f64,
    pub source: Source,
}

/// A decision as good as the solution's at one of the solver's plies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    /// The index in the solution line of the solver's decision this one may replace.
    pub at: usize,
    /// The decision, in notation.
    pub decision: String,
}

/// What the solver must achieve, said in words from the value the search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// Win the game (a proven win at the end of the line, or a decisive lead the search is sure of).
    Win,
    /// Capture at least this many counters more than the opponent over the line (the four-row games).
    Capture { counters: u32 },
    /// Azigo: end the line with at least this many more counters of one's own (store and row, the score
    /// that decides the game) than at its start. A sowing's counters dropped in the opponent's row become
    /// his, so in Azigo the score, not the captures, says what a line won.
    Score { counters: u32 },
    /// Lose nothing over the line (win fewer counters than a gain's least, but none fewer than at the
    /// start) where every other decision loses counters or the game: a defence. Judged after the
    /// opponent's best reply, which the line ends with.
    Hold,
    /// The decision that loses least where every decision loses counters: it keeps this many counters
    /// more than the next best decision (the verdict's margin, in whole counters). A defence too; the
    /// line ends with the opponent's best reply.
    Save { counters: u32 },
}

impl Goal {
    /// A defence: the goal is to lose nothing, or as little as can be.
    pub fn is_defence(self) -> bool {
        matches!(self, Goal::Hold | Goal::Save { .. })
    }
}

/// What a puzzle is about, tagged from its solution by what the engine reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// A capture made by a relay sowing (the lap started from a hole the sowing ended in).
    RelayCapture,
    /// Captured counters sown on, and capturing again.
    SownOnCapture,
    /// A capture by sowing clockwise (Kubuguza's and Ikibuguzo's reverse holes).
    ReverseCapture,
    /// Ikibuguzo's second way to win.
    SpecialWin,
    /// Azigo: sowing into or from the store.
    StoreMove,
    /// Azigo: a sowing that crosses to the opponent's row.
    CrossSowing,
    /// A win by leaving the opponent no decision.
    NoMoves,
    /// Few counters left on the board.
    Endgame,
    /// Early in the game.
    Opening,
    /// The one decision that loses nothing where every other loses counters (a [`Goal::Hold`]).
    Defence,
}

/// Where a puzzle was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Source {
    /// A game between bots, reproducible from the generator's seed; its first `random_plies` decisions
    /// were drawn at random from the legal ones (none in the first sets, where the field is absent).
    Selfplay {
        seed: u64,
        south_level: u8,
        north_level: u8,
        ply: u32,
        #[serde(default, skip_serializing_if = "is_zero")]
        random_plies: u32,
    },
    /// A finished game of the server (`ply`: decisions before the puzzle's position).
    Game { game: String, ply: u32 },
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The four games, by which puzzles are chosen (Ikibuguzo's three rule sets are one game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PuzzleGame {
    Kubuguza,
    Ikibuguzo,
    Njombwa,
    Azigo,
}

impl PuzzleGame {
    pub const ALL: [PuzzleGame; 4] =
        [PuzzleGame::Kubuguza, PuzzleGame::Ikibuguzo, PuzzleGame::Njombwa, PuzzleGame::Azigo];

    pub const fn of(variant: Variant) -> PuzzleGame {
        match variant {
            Variant::Ikibuguzo | Variant::IkibuguzoOpening1 | Variant::IkibuguzoOpening2 => PuzzleGame::Ikibuguzo,
            Variant::Kubuguza => PuzzleGame::Kubuguza,
            Variant::Njombwa => PuzzleGame::Njombwa,
            Variant::Azigo => PuzzleGame::Azigo,
        }
    }

    pub const fn id(self) -> &'static str {
        match self {
            PuzzleGame::Kubuguza => "kubuguza",
            PuzzleGame::Ikibuguzo => "ikibuguzo",
            PuzzleGame::Njombwa => "njombwa",
            PuzzleGame::Azigo => "azigo",
        }
    }
}

/// Why a puzzle does not stand against the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error("puzzle {id}: its options: {reason}")]
    Options { id: String, reason: String },
    #[error("puzzle {id}: its position: {reason}")]
    Position { id: String, reason: String },
    #[error("puzzle {id}: its id should be {expected}")]
    Id { id: String, expected: String },
    #[error("puzzle {id}: the position is not a decision of one side (it is {to_move})")]
    NotADecision { id: String, to_move: String },
    #[error("puzzle {id}: an empty solution")]
    EmptySolution { id: String },
    #[error("puzzle {id}: decision {index} `{decision}` of the solution: {reason}")]
    Decision { id: String, index: usize, decision: String, reason: String },
    #[error("puzzle {id}: alternative `{decision}` at {at}: {reason}")]
    Alternative { id: String, at: usize, decision: String, reason: String },
}

/// One step of a replayed solution: who decided what, and the position before it.
#[derive(Clone, Debug)]
pub struct Line {
    /// The solver (the side to move at the puzzle's position).
    pub solver: Side,
    /// Each decision of the solution with its side and the position it was made in.
    pub steps: Vec<(Side, Decision, Position)>,
    /// The position after the whole solution.
    pub end: Position,
}

/// A puzzle's id: the first 8 bytes (16 hex digits) of the SHA-256 of its variant, options (as JSON) and
/// position text. Two puzzles from the same position are one puzzle.
pub fn puzzle_id(variant: Variant, options: &Options, position: &str) -> String {
    let mut h = Sha256::new();
    h.update(variant.to_string().as_bytes());
    h.update([0]);
    h.update(
        serde_json::to_string(&identity_options(variant, options, position)).expect("options serialise").as_bytes(),
    );
    h.update([0]);
    h.update(position.trim().as_bytes());
    hex::encode(&h.finalize()[..8])
}

/// The options as a puzzle's identity sees them: the rules version only where the play from the position
/// can depend on it (`Position::rules_version_matters`), else the first version, which options written
/// before versions existed read as. So a position found in a game of today and the same position in a set
/// made before are one puzzle.
fn identity_options(variant: Variant, options: &Options, position: &str) -> Options {
    let matters = position_text::parse(variant, *options, position).map_or(true, |p| p.rules_version_matters());
    if matters { *options } else { Options { rules_version: 1, ..*options } }
}

impl Puzzle {
    /// The game it belongs to.
    pub fn game(&self) -> PuzzleGame {
        PuzzleGame::of(self.variant)
    }

    /// The position it starts from, read by the engine.
    pub fn start(&self) -> Result<Position, PuzzleError> {
        self.options
            .validate(self.variant)
            .map_err(|e| PuzzleError::Options { id: self.id.clone(), reason: e.to_string() })?;
        position_text::parse(self.variant, self.options, &self.position)
            .map_err(|e| PuzzleError::Position { id: self.id.clone(), reason: e.to_string() })
    }

    /// Replays the solution with the engine: the id matches the position, the solver is to move, and
    /// every decision is legal in turn.
    pub fn replay(&self) -> Result<Line, PuzzleError> {
        let expected = puzzle_id(self.variant, &self.options, &self.position);
        if expected != self.id {
            return Err(PuzzleError::Id { id: self.id.clone(), expected });
        }
        let mut pos = self.start()?;
        let solver = match pos.to_move() {
            ToMove::Side(side) => side,
            other => return Err(PuzzleError::NotADecision { id: self.id.clone(), to_move: format!("{other:?}") }),
        };
        if self.solution.is_empty() {
            return Err(PuzzleError::EmptySolution { id: self.id.clone() });
        }
        let mut steps = Vec::with_capacity(self.solution.len());
        for (index, text) in self.solution.iter().enumerate() {
            let wrong =
                |reason: String| PuzzleError::Decision { id: self.id.clone(), index, decision: text.clone(), reason };
            let ToMove::Side(side) = pos.to_move() else {
                return Err(wrong(format!("nobody decides here ({:?})", pos.to_move())));
            };
            let decision = Decision::parse(text, pos.geometry()).map_err(|e| wrong(e.to_string()))?;
            let before = pos.clone();
            pos.play(decision).map_err(|e| wrong(e.to_string()))?;
            steps.push((side, decision, before));
        }
        for alt in &self.alternatives {
            let wrong = |reason: &str| PuzzleError::Alternative {
                id: self.id.clone(),
                at: alt.at,
                decision: alt.decision.clone(),
                reason: reason.to_string(),
            };
            let Some((side, played, before)) = steps.get(alt.at) else {
                return Err(wrong("past the end of the solution"));
            };
            if *side != solver {
                return Err(wrong("not a decision of the solver"));
            }
            let d = Decision::parse(&alt.decision, before.geometry()).map_err(|e| wrong(&e.to_string()))?;
            if d == *played {
                return Err(wrong("the solution's own decision"));
            }
            if !before.legal_decisions(solver).contains(&d) {
                return Err(wrong("not a legal decision there"));
            }
        }
        Ok(Line { solver, steps, end: pos })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{read_ndjson, write_ndjson};

    fn kubuguza_start() -> (Variant, Options, String) {
        let v = Variant::Kubuguza;
        let o = Options::defaults(v);
        (v, o, Position::start(v, o).unwrap().to_text())
    }

    fn puzzle(solution: &[&str]) -> Puzzle {
        let (variant, options, position) = kubuguza_start();
        Puzzle {
            id: puzzle_id(variant, &options, &position),
            variant,
            options,
            position,
            solution: solution.iter().map(|s| s.to_string()).collect(),
            alternatives: vec![],
            goal: Goal::Capture { counters: 4 },
            themes: vec![Theme::Opening],
            rating: 1500.0,
            source: Source::Selfplay { seed: 7, south_level: 3, north_level: 4, ply: 0, random_plies: 0 },
        }
    }

    #[test]
    fn a_legal_solution_replays_and_round_trips_through_ndjson() {
        let p = puzzle(&["h2"]);
        let line = p.replay().unwrap();
        assert_eq!(line.solver, Side::South);
        assert_eq!(line.steps.len(), 1);
        let text = write_ndjson(std::slice::from_ref(&p));
        assert!(text.contains(r#""goal":{"kind":"capture","counters":4}"#), "{text}");
        assert_eq!(read_ndjson(&text).unwrap(), vec![p.clone()]);
        // A game without a random opening says nothing of it, as the first sets were written.
        assert!(text.contains(r#""ply":0}"#) && !text.contains("random_plies"), "{text}");
        let mut q = p;
        q.source = Source::Selfplay { seed: 7, south_level: 3, north_level: 4, ply: 9, random_plies: 5 };
        let text = write_ndjson(std::slice::from_ref(&q));
        assert!(text.contains(r#""ply":9,"random_plies":5}"#), "{text}");
        assert_eq!(read_ndjson(&text).unwrap(), vec![q]);
    }

    #[test]
    fn the_engine_refuses_what_does_not_stand() {
        let mut p = puzzle(&["h2", "z9"]);
        assert!(matches!(p.replay(), Err(PuzzleError::Decision { index: 1, .. })), "{:?}", p.replay());
        p.solution.clear();
        assert!(matches!(p.replay(), Err(PuzzleError::EmptySolution { .. })));
        p.id = "0000000000000000".into();
        assert!(matches!(p.replay(), Err(PuzzleError::Id { .. })));
        let e = read_ndjson("\n{\"id\":1}\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn alternatives_follow_the_solution_and_must_be_the_solver_s_legal_decisions() {
        let mut p = puzzle(&["h2"]);
        assert!(!write_ndjson(std::slice::from_ref(&p)).contains("alternatives"), "none: the field is left out");
        let other = p.start().unwrap().legal_decisions(Side::South)[0];
        let other = other.notation(p.start().unwrap().geometry());
        assert_ne!(other, "h2");
        p.alternatives = vec![Alternative { at: 0, decision: other.clone() }];
        p.goal = Goal::Save { counters: 5 };
        let text = write_ndjson(std::slice::from_ref(&p));
        assert!(
            text.contains(&format!(r#""solution":["h2"],"alternatives":[{{"at":0,"decision":"{other}"}}],"goal":{{"kind":"save","counters":5}}"#)),
            "{text}"
        );
        assert_eq!(read_ndjson(&text).unwrap(), vec![p.clone()]);
        p.replay().unwrap();
        for (at, decision, why) in [(1, other.as_str(), "past the end"), (0, "h2", "own decision"), (0, "z9", "")] {
            p.alternatives = vec![Alternative { at, decision: decision.into() }];
            let e = p.replay().unwrap_err().to_string();
            assert!(matches!(p.replay(), Err(PuzzleError::Alternative { .. })) && e.contains(why), "{e}");
        }
    }

    #[test]
    fn the_id_is_the_position_s() {
        let (v, o, pos) = kubuguza_start();
        assert_eq!(puzzle_id(v, &o, &pos), puzzle_id(v, &o, &format!(" {pos} ")));
        assert_ne!(puzzle_id(v, &o, &pos), puzzle_id(Variant::Ikibuguzo, &o, &pos));
        assert_eq!(puzzle_id(v, &o, &pos).len(), 16);
    }

    #[test]
    fn the_rules_version_is_part_of_the_id_only_where_the_play_can_depend_on_it() {
        let (v, o, pos) = kubuguza_start();
        let first = Options { rules_version: 1, ..o };
        assert_eq!(puzzle_id(v, &o, &pos), puzzle_id(v, &first, &pos), "Kubuguza: the readings agree");
        let io = Options::defaults(Variant::Ikibuguzo);
        let secret = Position::start(Variant::Ikibuguzo, io).unwrap().to_text();
        assert_ne!(
            puzzle_id(Variant::Ikibuguzo, &io, &secret),
            puzzle_id(Variant::Ikibuguzo, &Options { rules_version: 1, ..io }, &secret),
            "the secret choice: a mixed opening captures under one reading only"
        );
    }
}
