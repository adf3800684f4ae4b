//! The rating a seek shows and pairs by: the person's Glicko-2 rating in the variant (`Store::rating`),
//! rounded, with its provisional flag. Guests have none: they count as 1500 for ranges and nearness, as
//! does an account that has played no rated game of the variant (its rating is the default 1500,
//! provisional).

use super::person::Person;
use super::seek::Shown;
use crate::store::{Store, StoreError};
use mancala_engine::Variant;

/// `person`'s rating in `variant` (accounts only).
pub async fn of(store: &Store, person: &Person, variant: Variant) -> Result<Option<Shown>, StoreError> {
    if !person.who.is_account() {
        return Ok(None);
    }
    let rating = store.rating(person.name(), variant).await?.unwrap_or_default();
    Ok(Some(Shown { rating: rating.shown(), provisional: rating.provisional() }))
}
