//! The commands a room carries out, one unit each: client messages ([`decide`], [`resign`], [`abort`],
//! [`claim`], [`berserk`], [`draw`], [`takeback`], [`rematch`], [`chat`], and [`sync`] to catch up), a second player's [`join`], and the timers' [`timeout`]
//! (the clock's flag) and [`no_start`] (a game never played). Each computes a [`Change`](crate::game::Change)
//! (or a refusal) from the game without mutating it; the room's one `commit` stores, applies and publishes
//! it.

pub mod abort;
pub mod berserk;
pub mod chat;
pub mod claim;
pub mod decide;
pub mod draw;
pub mod join;
pub mod no_start;
pub mod offer;
pub mod rematch;
pub mod resign;
pub mod sync;
pub mod takeback;
pub mod timeout;

#[cfg(test)]
mod tests;
