//! The rating a seek shows and pairs by: the account's stored rating in the variant (no row: the
//! default 1500, provisional); a guest has none.

use super::person::Person;
use super::seek::Shown;
use crate::error::ApiError;
use crate::state::AppState;
use mancala_engine::Variant;

/// `person`'s rating in `variant` (accounts only).
pub async fn of(state: &AppState, person: &Person, variant: Variant) -> Result<Option<Shown>, ApiError> {
    if !person.registered {
        return Ok(None);
    }
    let r = state.store.rating(&person.name, variant).await?.unwrap_or_default();
    Ok(Some(Shown { rating: r.shown(), provisional: r.provisional() }))
}
