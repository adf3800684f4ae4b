//! Lessons and players' rules for the mancala games of this site (Kubuguza, Ikibuguzo, Njombwa, Azigo),
//! as data checked by the rules engine.
//!
//! A **course** per game is a list of short **lessons**, each a list of **steps** (`learn/courses/*.json`):
//! a position, a text, and either a [`Goal`] for the learner's decision or nothing but reading (and
//! watching a sowing). A **rules page** per game (`learn/rules/*.json`) explains the rules in plain words,
//! each with board diagrams and the sources' own words. Texts live apart, per language
//! (`learn/text/{en,fr}/*.json`), English being the fallback. Everything is embedded at build time; no
//! I/O happens at run time.
//!
//! The engine decides everything: [`Library::check`] plays the learner's decisions with the engine and
//! judges the goal on what the engine reported (refused or accepted, the events, the position after);
//! the hint for a wrong attempt is chosen by the step's data, keyed by the decision or by what it did.
//! A page renders the views of this crate (boards, events, texts) without knowing any rule.
//!
//! ```
//! use mancala_learn::{Library, Status};
//!
//! let library = Library::load().unwrap();
//! let courses = library.courses("fr");
//! assert_eq!(courses[0].game.id(), "kubuguza");
//! let first = &courses[0].lessons[0].steps[0];
//! let step = library.step(first, "fr").unwrap();
//! assert_eq!(step.number, 1);
//!
//! // A step with a goal: try its solution, then a decision on an empty hole.
//! let data = library.step_data("kubuguza/capture/first").unwrap();
//! let solution: Vec<&str> = data.solution.as_deref().unwrap().split(' ').collect();
//! let verdict = library.check("kubuguza/capture/first", &solution, "en").unwrap();
//! assert_eq!(verdict.status, Status::Met);
//! let verdict = library.check("kubuguza/capture/first", &["h1"], "en").unwrap();
//! assert_eq!(verdict.status, Status::Illegal);
//! assert!(verdict.hint.is_some());
//! ```
//!
//! The rules of a game, in a language:
//!
//! ```
//! use mancala_engine::Variant;
//!
//! let library = mancala_learn::Library::load().unwrap();
//! let rules = library.rules(Variant::IkibuguzoOpening2, "en").unwrap();
//! assert_eq!(rules.game.id(), "ikibuguzo");
//! // The sources' words are numbered notes at the end, each called from its rule.
//! assert!(rules.sections.iter().any(|s| !s.notes.is_empty()));
//! assert_eq!(rules.notes[0].number, 1);
//! ```
//!
//! `docs/learn.md` describes the format, how to add a lesson or a language, and the readings this site
//! plays where the sources are silent.

mod check;
mod format;
mod goal;
mod library;
mod lines;
mod preview;
mod referee;
pub mod text;
mod view;

pub use check::Status;
pub use format::{
    Arrow, Course, Diagram, Did, Game, Hint, HoleMark, Invite, Lesson, MarkKind, Marks, Quote, RulesPage, Section,
    Source, SourceTexts, Step, TextId,
};
pub use goal::Goal;
pub use library::{Library, LoadError, STEPS_PER_LESSON};
pub use lines::{LINE_NODES, LINE_TURNS, Line, LineDecision, LineTurn, Lines, MAX_LINE_TURNS, lines};
pub use preview::{GamePreview, Preview, PreviewError, game_preview, preview};
pub use referee::{MAX_DECISIONS, board_view};
pub use view::{
    CourseView, DiagramView, GoalView, InviteView, LearnError, LessonSummary, LessonView, NoteView, RulesView,
    SectionView, Sowing, StepView, TextView, Verdict,
};
