//! The rating a seek shows and pairs by. Until the ratings store (`Store::rating`) is merged there is no
//! rating: everyone counts as 1500 for ranges and nearness, and seeks show none.

use super::person::Person;
use super::seek::Shown;
use crate::error::ApiError;
use crate::state::AppState;
use mancala_engine::Variant;

/// `person`'s rating in `variant` (accounts only).
pub async fn of(_state: &AppState, person: &Person, _variant: Variant) -> Result<Option<Shown>, ApiError> {
    if !person.registered {
        return Ok(None);
    }
    Ok(None)
}
