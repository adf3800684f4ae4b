//! What one viewer may see of a position (a player its own secrets only, a spectator none until the game
//! is over), so that no layer above the engine ever filters by hand.

use crate::decision::{Decision, OpeningArray};
use crate::event::Viewer;
use crate::outcome::Outcome;
use crate::position::{Phase, Position, ToMove};
use crate::side::BySide;
use crate::variant::{Options, Variant};

/// An Ikibuguzo array choice as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChoiceView {
    /// Not chosen yet (or not an Ikibuguzo game).
    Pending,
    /// Chosen, but this viewer may not see which array.
    Hidden,
    /// Chosen (and visible to this viewer), or revealed.
    Made(OpeningArray),
}

/// A projection of a [`Position`] for one viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub viewer: Viewer,
    pub variant: Variant,
    pub options: Options,
    /// Every hole's count in reading order (a1, b1, …). During Ikibuguzo's secret choice this is the
    /// board before the arrays are laid out.
    pub holes: Vec<u8>,
    /// Azigo's stores; `None` when hidden from this viewer (or the variant has none).
    pub stores: BySide<Option<u8>>,
    pub to_move: ToMove,
    pub turn: u32,
    /// Ikibuguzo's array choices.
    pub choices: BySide<ChoiceView>,
    /// The decisions this viewer may make now (empty for spectators).
    pub legal: Vec<Decision>,
    pub outcome: Option<Outcome>,
}

impl Position {
    /// The position as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> View {
        let over = self.is_over();
        let stores = if self.variant == Variant::Azigo {
            BySide::new(self.stores.south, self.stores.north)
                .map(|side, n| viewer.sees_secrets_of(side, over).then_some(n))
        } else {
            BySide::default()
        };
        let choices = match self.phase {
            Phase::Choosing(c) => c.map(|side, choice| match choice {
                None => ChoiceView::Pending,
                Some(a) if viewer.sees_secrets_of(side, over) => ChoiceView::Made(a),
                Some(_) => ChoiceView::Hidden,
            }),
            Phase::Opening(p) if self.variant == Variant::Ikibuguzo => p.map(|_, p| ChoiceView::Made(p.array)),
            _ => BySide::both(ChoiceView::Pending),
        };
        let legal = match viewer {
            Viewer::Player(side) => self.legal_decisions(side).to_vec(),
            Viewer::Analysis => self.legal_moves().to_vec(),
            Viewer::Spectator => Vec::new(),
        };
        View {
            viewer,
            variant: self.variant,
            options: self.options,
            holes: self.counts().to_vec(),
            stores,
            to_move: self.to_move(),
            turn: self.turn,
            choices,
            legal,
            outcome: self.outcome,
        }
    }
}
