//! The rules engine of the four-row mancala games of East and Central Africa (Ikibuguzo, Kubuguza,
//! Njombwa) and the Nigerian two-row game Azigo, exactly as `docs/rules.md` states them.
//!
//! Pure Rust: no I/O, no async, deterministic. A [`Position`] says whose decision it is
//! ([`ToMove`]), lists the legal [`Decision`]s of each side, and applies one, reporting the [`Event`]s it
//! caused. [`Position::view`] gives each viewer only what it may see. Decisions and positions have a
//! text notation ([`Decision::parse`], [`position_text`]); a [`GameRecord`] replays deterministically.
//!
//! ```
//! use mancala_engine::{Decision, Position, Variant, Options, ToMove, Side};
//!
//! let mut pos = Position::start(Variant::Kubuguza, Options::defaults(Variant::Kubuguza)).unwrap();
//! assert_eq!(pos.to_move(), ToMove::Side(Side::South));
//! assert_eq!(pos.legal_moves().len(), 8);
//! let h2 = Decision::parse("h2", pos.geometry()).unwrap();
//! pos.play(h2).unwrap();
//! assert_eq!(pos.to_move(), ToMove::Side(Side::North));
//! ```

mod decision;
mod event;
mod games;
mod geometry;
mod outcome;
mod position;
pub mod position_text;
mod record;
mod setup;
mod side;
mod sowing;
mod variant;
mod view;

pub use decision::{Decision, NotationList, OpeningArray, ParseDecisionError, StoreMove};
pub use event::{CaptureReason, CaptureTo, Event, EventSink, NoEvents, Viewer};
pub use geometry::{Direction, Geometry, Hole, HoleName, MAX_HOLES, ParseHoleNameError};
pub use outcome::{EndReason, Outcome};
pub use position::{CwBudget, MidTurn, MoveList, OpeningProgress, Phase, PlayError, Position, ToMove};
pub use position_text::ParsePositionError;
pub use record::{GameRecord, ReplayError};
pub use setup::{PositionError, Setup};
pub use side::{BySide, ParseSideError, Side};
pub use sowing::MAX_LAPS_PER_TURN;
pub use variant::{Options, OptionsError, ParseVariantError, RULES_VERSION, Variant};
pub use view::{ChoiceView, View};
