//! The evaluation weights of each variant, in 1/32 counter per unit of each feature of [`crate::eval`]
//! (material is fixed at 32).
//!
//! Fitted by `mancala-tune` (tools/src/bin/tune.rs): a logistic regression of the games' results on the
//! features of positions from self-play games (Texel's method). Every fit predicted the results better
//! than material alone, but only Kubuguza's played better in the arena; the other variants keep the
//! material evaluation of the legacy levels (Azigo: with overflow at half a counter), which won more
//! there. BENCHMARKS.md has the fits, the commands and the arena results.

use crate::eval::{Weights, material_weights};
use mancala_engine::Variant;

/// The weights of `variant`.
pub fn of(variant: Variant) -> Weights {
    match variant {
        Variant::Kubuguza => KUBUGUZA,
        Variant::Ikibuguzo
        | Variant::IkibuguzoOpening1
        | Variant::IkibuguzoOpening2
        | Variant::Njombwa
        | Variant::Azigo => material_weights(variant),
    }
}

/// Material, mobility, inner row, exposure, threat, mover's threat, tempo, singletons.
const KUBUGUZA: Weights = [32, 20, -26, -2, -2, 14, 70, 15];
